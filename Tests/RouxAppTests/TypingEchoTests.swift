import Foundation
import RichText
@testable import RouxApp
import TerminalUI
import Testing

/// The typed character's echo (`typingEcho`) is shown before the edit: it
/// must be exactly the row the edit's own frame draws, or not be made.
@Suite("Typing echo")
struct TypingEchoTests {
    /// Random recipes (words short and long, bold, lists, quotes, headings,
    /// tabs, Hebrew, wide characters, line numbers or not, centred or not), a caret put at a
    /// random character, a letter, digit or space typed: wherever an echo is
    /// made, the frame after the edit has the same row and cursor.
    @Test func anEchoIsTheRowTheEditDraws() throws {
        var generator = SeededGenerator(seed: 20_261_123)
        var echoes = 0
        var declined = 0
        for _ in 0 ..< 400 {
            let markdown = Self.randomRecipe(using: &generator)
            let app = try editor(markdown, width: [60, 100, 140].randomElement(using: &generator)!, height: 20)
            if Bool.random(using: &generator) { app.handle(.key(Key(.function(4)))) }  // line numbers
            if Bool.random(using: &generator) { app.cycleTextWidth() }  // a narrower text, centred
            for _ in 0 ..< 6 {
                let text = app.session.document.text
                let count = text.characters.count
                let offset = Int.random(in: 0 ... count, using: &generator)
                let index = text.characters.index(text.startIndex, offsetBy: offset)
                app.session.edit { try? $0.document.select(TextSelection(caret: index)) }
                app.scrollToCaret()
                let before = app.render()
                let typed = String("abcxyzABZ019  ".randomElement(using: &generator)!)
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

    @Test func noEchoWhereTheFrameCannotBeKnown() throws {
        // Right-to-left text, a selection, a bold neighbour, a prompt.
        for (markup, typed) in [("שלום עולם|", "a"), ("abc d[ef|]", "x")] {
            let app = try editor(markup: markup)
            let frame = app.render()
            #expect(app.typingEcho(for: [.text(typed)], on: frame.grid, cursor: frame.cursor) == nil, "\(markup)")
        }
        let bold = try editor("**bold** text\n")
        let afterBold = bold.session.document.text.characters.index(bold.session.document.text.startIndex, offsetBy: 4)
        bold.session.edit { try? $0.document.select(TextSelection(caret: afterBold)) }
        let boldFrame = bold.render()
        #expect(bold.typingEcho(for: [.text("a")], on: boldFrame.grid, cursor: boldFrame.cursor) == nil, "a bold neighbour")
        let app = try editor(markup: "plain text|")
        var frame = app.render()
        #expect(app.typingEcho(for: [.text("a")], on: frame.grid, cursor: frame.cursor) != nil)
        #expect(app.typingEcho(for: [.text("é")], on: frame.grid, cursor: frame.cursor) == nil, "only ASCII letters, digits, space")
        #expect(app.typingEcho(for: [.text("a"), .text("b")], on: frame.grid, cursor: frame.cursor) == nil, "one key at a time")
        app.handle(.key(.control("f")))
        frame = app.render()
        #expect(app.typingEcho(for: [.text("a")], on: frame.grid, cursor: frame.cursor) == nil, "the find prompt takes the key")
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

    static func randomRecipe(using generator: inout SeededGenerator) -> String {
        // Mostly plain words, as recipes are; the rest one each.
        let plain = ["salt", "pepper", "flour", "butter", "a", "to", "the", "mix", "bake", "2", "tsp", "eggs,", "well-known"]
        let words = plain + plain + plain + ["supercalifragilisticexpialidocious", "**bold**", "*soft*", "שלום", "味噌", "\t", "(note)"]
        var lines: [String] = []
        for _ in 0 ..< Int.random(in: 2 ... 8, using: &generator) {
            let count = Int.random(in: 0 ... 40, using: &generator)
            var line = (0 ..< count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
            switch Int.random(in: 0 ..< 8, using: &generator) {
            case 0: line = "# " + line
            case 1: line = "- " + line
            case 2: line = "> " + line
            case 3: line = "1. " + line
            default: break
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n\n") + "\n"
    }
}

/// A small deterministic generator (SplitMix64): the same cases every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
