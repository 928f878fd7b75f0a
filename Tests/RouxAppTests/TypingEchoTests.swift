import RouxTestSupport
import Foundation
import PropertyBased
import RichText
@testable import RouxApp
import TerminalUI
import TextLayout
import Testing

/// The typed character's echo (`typingEcho`) is shown before the edit: it
/// must be exactly the row the edit's own frame draws, or not be made.
@Suite("Typing echo")
struct TypingEchoTests {
    /// Random recipes (words short and long, bold, lists, quotes, headings,
    /// tabs, Hebrew, wide characters, line numbers or not, centred or not), a
    /// caret put at a random character, a letter, digit or space typed:
    /// wherever an echo is made, the frame after the edit has the same row
    /// and cursor.
    @Test func anEchoIsTheRowTheEditDraws() async throws {
        var echoes = 0
        var declined = 0
        let recipes = Gen.int(in: 0 ..< Self.tokens.count).array(of: 0 ... 200)
        let choices = Gen.int(in: 0 ... 1_000_000).array(of: 8 ... 8)
        await propertyCheck(count: PropertyCases.scaled(400), input: recipes, choices) { tokens, choices in
            let markdown = Self.recipe(tokens)
            let app = editor(markdown, width: [60, 100, 140][choices[0] % 3], height: 20)
            if choices[1] % 2 == 0 { app.handle(.key(Key(.function(4)))) }  // line numbers
            if choices[1] / 2 % 2 == 0 { app.cycleTextWidth() }  // a narrower text, centred
            for choice in choices.dropFirst(2) {
                let text = app.session.document.text
                let index = text.characters.index(text.startIndex, offsetBy: choice % (text.characters.count + 1))
                app.session.edit { try? $0.document.select(TextSelection(caret: index)) }
                app.scrollToCaret()
                let before = app.render()
                let typed = String(Self.typed[Self.typed.index(Self.typed.startIndex, offsetBy: choice / 7 % Self.typed.count)])
                guard let echo = app.typingEcho(for: [.text(typed)], on: before.grid, cursor: before.cursor) else {
                    declined += 1
                    app.handle(.text(typed))
                    continue
                }
                app.handle(.text(typed))
                let after = app.render()
                // The text pane's part of the row (the inspector beside it follows the edit).
                let pane = app.editorFrame
                let row = echo.cursor.y
                let shown = { (grid: CellGrid) in Array(grid.row(row)[pane.x ..< pane.x + pane.width]) }
                #expect(shown(echo.grid) == shown(after.grid),
                        "row \(row) after typing \"\(typed)\": echo \(echo.grid.lines[row]) frame \(after.grid.lines[row]) before \(before.grid.lines[row])")
                #expect(after.cursor.map { [$0.x, $0.y] } == [echo.cursor.x, echo.cursor.y])
                echoes += 1
            }
        }
        // Most carets are in plain text: the echo is made for them.
        #expect(echoes > 800, "echoes \(echoes), declined \(declined)")
        #expect(declined > 800, "the cases an echo cannot know are declined: \(declined)")
    }

    /// What is typed: letters, digits, spaces.
    static let typed = "abcxyzABZ019  "

    /// Words of a recipe, mostly plain as recipes are, and paragraph breaks
    /// that start a heading, a list item, a quote or a numbered item.
    static let tokens: [String] = {
        let plain = ["salt", "pepper", "flour", "butter", "a", "to", "the", "mix", "bake", "2", "tsp", "eggs,", "well-known"]
        return plain + plain + plain + ["supercalifragilisticexpialidocious", "**bold**", "*soft*", "שלום", "味噌", "\t", "(note)"]
            + ["\n\n", "\n\n", "\n\n# ", "\n\n- ", "\n\n> ", "\n\n1. "]
    }()

    static func recipe(_ tokens: [Int]) -> String {
        var markdown = ""
        for token in tokens.map({ Self.tokens[$0] }) {
            if token.hasPrefix("\n") {
                markdown += token
            } else {
                if let last = markdown.last, last != " ", last != "\n" { markdown += " " }
                markdown += token
            }
        }
        return markdown + "\n"
    }

    /// A case a random seed found: digits on a wrapped line after a Hebrew
    /// word on the line before are at bidi level 2; "1" typed after "2 "
    /// is drawn "1 2", so no echo is made.
    @Test func noEchoBesideDigitsThatFollowRightToLeftText() throws {
        let app = editor("- pepper pepper salt pepper שלום 2 pepper the the butter eggs,\n", width: 60, height: 20)
        app.handle(.key(Key(.function(4))))  // line numbers
        app.cycleTextWidth()
        let text = app.session.document.text
        let digit = try #require(text.range(of: "2 pepper"))
        let caret = text.utf8Offset(of: digit.lowerBound) + 2
        app.session.edit { try? $0.document.select(TextSelection(caret: text.characterIndex(atUTF8Offset: caret))) }
        app.scrollToCaret()
        let before = app.render()
        #expect(app.typingEcho(for: [.text("1")], on: before.grid, cursor: before.cursor) == nil)
        app.handle(.text("1"))
        #expect(app.render().grid.lines.contains { $0.contains("1 2pepper") }, "the digits are drawn as one right-to-left run")
    }

    @Test func noEchoWhereTheFrameCannotBeKnown() throws {
        // Right-to-left text, a selection, an ingredient's mark, a prompt.
        for (markup, typed) in [("שלום עולם|", "a"), ("abc d[ef|]", "x")] {
            let app = try editor(markup: markup)
            let frame = app.render()
            #expect(app.typingEcho(for: [.text(typed)], on: frame.grid, cursor: frame.cursor) == nil, "\(markup)")
        }
        let marked = editor("Melt the ^[butter](ingredient: \"butter\") now\n")
        let inMark = try #require(marked.session.document.text.range(of: "utter"))
        marked.session.edit { try? $0.document.select(TextSelection(caret: inMark.lowerBound)) }
        let markedFrame = marked.render()
        #expect(marked.typingEcho(for: [.text("a")], on: markedFrame.grid, cursor: markedFrame.cursor) == nil, "in a mark")
        let app = try editor(markup: "plain text|")
        var frame = app.render()
        #expect(app.typingEcho(for: [.text("a")], on: frame.grid, cursor: frame.cursor) != nil)
        #expect(app.typingEcho(for: [.text("é")], on: frame.grid, cursor: frame.cursor) == nil, "only ASCII letters, digits, space")
        #expect(app.typingEcho(for: [.text("a"), .text("b")], on: frame.grid, cursor: frame.cursor) == nil, "one key at a time")
        app.handle(.key(.control("f")))
        frame = app.render()
        #expect(app.typingEcho(for: [.text("a")], on: frame.grid, cursor: frame.cursor) == nil, "the find prompt takes the key")
    }

    /// peers.py's case: keys typed at the start of a wrapped paragraph. Every
    /// few keys the first line is full and ends with a space hung at its end
    /// (no cell); the next key moves the line's last word down. That key is
    /// echoed too, and its row is the edit's.
    @Test func aKeyThatMovesAWordDownIsEchoed() throws {
        let app = editor("the ones that worked best. Scrape down the sides of the bowl, fold in the mirin, and stir it all\n",
                         width: 100, height: 20)
        var echoed = 0
        var wordsMoved = 0
        for typed in "zqxjpeerbenchprobetypingthequickbrownfoxju" {
            let first = app.session.layout.fragment(at: LinePosition(paragraph: 0, line: 0))
            let hangs = first.graphemes.last.map { $0.width == 0 } ?? false
            let before = app.render()
            let echo = app.typingEcho(for: [.text(String(typed))], on: before.grid, cursor: before.cursor)
            app.handle(.text(String(typed)))
            let after = app.render()
            guard hangs else { continue }
            wordsMoved += 1
            let row = try #require(before.cursor).y
            let shown = try #require(echo, "the key after a full line: \(before.grid.lines[row])")
            let pane = app.editorFrame
            let cells = { (grid: CellGrid) in Array(grid.row(shown.cursor.y)[pane.x ..< pane.x + pane.width]) }
            #expect(cells(shown.grid) == cells(after.grid), "echo \(shown.grid.lines[shown.cursor.y]) frame \(after.grid.lines[shown.cursor.y])")
            #expect(after.cursor.map { [$0.x, $0.y] } == [shown.cursor.x, shown.cursor.y])
            echoed += 1
        }
        #expect(wordsMoved >= 5, "the first line filled \(wordsMoved) times")
        #expect(echoed == wordsMoved)
    }

    /// Typed in bold text (after a bold word, inside it, at the start of a
    /// paragraph that starts bold): the character is drawn bold at once, as
    /// the edit draws it.
    @Test func aKeyTypedInBoldTextIsEchoedBold() throws {
        for (markdown, after) in [("**bold** text\n", "bold"), ("some **bold words** here\n", "bo"), ("**Bold** start\n", "")] {
            let app = editor(markdown)
            let text = app.session.document.text
            let caret = try #require(after.isEmpty ? text.startIndex : text.range(of: after)?.upperBound)
            app.session.edit { try? $0.document.select(TextSelection(caret: caret)) }
            let before = app.render()
            let echo = try #require(app.typingEcho(for: [.text("x")], on: before.grid, cursor: before.cursor), "\(markdown)")
            app.handle(.text("x"))
            let after = app.render()
            let pane = app.editorFrame
            let cells = { (grid: CellGrid) in Array(grid.row(echo.cursor.y)[pane.x ..< pane.x + pane.width]) }
            #expect(cells(echo.grid) == cells(after.grid), "\(markdown): echo \(echo.grid.lines[echo.cursor.y])")
            #expect(echo.grid[echo.cursor.x - 1, echo.cursor.y].style.bold, "\(markdown)")
            #expect(after.cursor.map { [$0.x, $0.y] } == [echo.cursor.x, echo.cursor.y])
        }
    }

    @Test func theRunLoopShowsTheEchoBeforeTheFrame() throws {
        let fixture = try RunLoopFixture()
        fixture.terminal.queue(Array("S".utf8))
        fixture.terminal.hangUpAfterInput()
        fixture.run()
        let frames = fixture.terminal.presented
        // The first frame, then the echo (the edit not made yet), then the edit's frame.
        #expect(frames.count >= 3)
        let echo = frames[1]
        #expect(echo.grid.lines[1].hasPrefix("SDu pain."))
        #expect(echo.grid.lines[0] == frames[0].grid.lines[0], "the title's [modified] waits for the edit's frame")
        #expect(frames[2].grid.lines[1] == echo.grid.lines[1])
        #expect(frames[2].grid.lines[0].contains("[modified]"))
    }

    /// The echo is handed over to the terminal (the processor yielded) before
    /// the key is handled: the terminal does not wait for the edit's frame.
    /// A key with no echo (Ctrl-B over nothing selected) hands nothing over.
    @Test func theEchoIsHandedOverBeforeTheEdit() throws {
        let fixture = try RunLoopFixture()
        fixture.terminal.queue(Array("S".utf8))
        fixture.terminal.queue(Keys.control("b"))
        fixture.terminal.hangUpAfterInput()
        fixture.run()
        let frames = fixture.terminal.presented
        try #require(frames.count >= 4)
        #expect(frames[1].grid.lines[1].hasPrefix("SDu pain."), "the second frame presented is the echo")
        #expect(fixture.terminal.handOvers == [2], "handed over once, right after the echo: \(fixture.terminal.handOvers)")
    }
}
