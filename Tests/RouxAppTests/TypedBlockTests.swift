import Foundation
import RecipeStorage
import RecipeFormats
import RichText
@testable import RouxApp
import TerminalUI
import Testing

/// Blocks made from the keyboard: Markdown shortcuts at a paragraph's
/// start and their undo, the list and quote toggles, headings on the empty
/// last line, and what the file then says.
@Suite("Blocks from the keyboard")
struct TypedBlockTests {
    /// The blocks of the text's paragraphs, one line each: `• text`,
    /// `3. text`, `> text`, `## text` (a quote's bar before the rest).
    static func blocks(_ app: EditorController) -> [String] {
        let text = app.session.document.text
        return text.characters.split(separator: "\n", omittingEmptySubsequences: false).reduce(into: (lines: [String](), offset: 0)) { result, line in
            let start = text.characterIndex(atUTF8Offset: result.offset)
            var attributes = AttributeContainer()
            if start < text.endIndex { attributes = text.runs[start].attributes }
            if line.isEmpty, result.offset == text.utf8.count { attributes = app.session.document.finalParagraphAttributes }
            var prefix = String(repeating: "> ", count: attributes.blockQuote ?? 0)
            if let marker = attributes.listItem { prefix += String(repeating: " ", count: marker.indentation) + marker.label + " " }
            if let level = attributes.headingLevel { prefix += String(repeating: "#", count: level) + " " }
            result.lines.append(prefix + String(line))
            result.offset += String(line).utf8.count + 1
        }.lines
    }

    /// Types one character at a time, as a person does.
    static func typeSlowly(_ text: String, into app: EditorController) {
        for character in text { app.handle(.text(String(character))) }
    }

    /// The Markdown file's text, one line ending after each line (a new
    /// recipe is written without a final one).
    static func markdown(_ app: EditorController) -> String {
        let written = MarkdownRecipeFormat.serialize(app.session.recipe)
        return written.hasSuffix("\n") ? written : written + "\n"
    }

    // MARK: Shortcuts

    @Test(arguments: [
        ("- ", "• Flour", "- Flour\n"),
        ("* ", "• Flour", "* Flour\n"),
        ("+ ", "• Flour", "+ Flour\n"),
        ("1. ", "1. Flour", "1. Flour\n"),
        ("12) ", "12) Flour", "12) Flour\n"),
        ("> ", "> Flour", "> Flour\n"),
        ("# ", "# Flour", "# Flour\n"),
        ("### ", "### Flour", "### Flour\n"),
        ("###### ", "###### Flour", "###### Flour\n"),
    ])
    func markupTypedAtALinesStartMakesItsBlock(markup: String, shown: String, saved: String) throws {
        let app = editor("")
        Self.typeSlowly(markup + "Flour", into: app)
        #expect(app.text == "Flour")
        #expect(Self.blocks(app) == [shown])
        #expect(Self.markdown(app) == saved)
    }

    @Test func markupTypedBeforeALinesTextMakesItsBlock() throws {
        let app = editor("Intro.\nRub the butter in.\n")
        app.type(Keys.down)
        app.type(Keys.home)
        Self.typeSlowly("1. ", into: app)
        #expect(Self.blocks(app) == ["Intro.", "1. Rub the butter in."])
        #expect(app.markup == "Intro.\n|Rub the butter in.")
    }

    @Test func markupArrivingInOneReadIsTakenToo() throws {
        // A terminal delivers fast typing (and tmux send-keys) in one read.
        let app = editor("")
        app.type("## Method")
        #expect(Self.blocks(app) == ["## Method"])
        app.press(Key(.enter))
        app.type("> - Tip")
        #expect(Self.blocks(app) == ["## Method", "> • Tip"])
    }

    @Test func textThatIsNotMarkupStaysText() throws {
        let app = editor("")
        Self.typeSlowly("-x ##a 1.5 cups #hashtag 01. ", into: app)
        #expect(Self.blocks(app) == ["-x ##a 1.5 cups #hashtag 01. "])
        let later = editor("Mix well.\n")
        later.type(Keys.end)
        Self.typeSlowly(" - then > rest ", into: later)
        #expect(Self.blocks(later) == ["Mix well. - then > rest "])
    }

    @Test func oneUndoGivesTheMarkupBackAndTypingOnKeepsIt() throws {
        let app = editor("")
        Self.typeSlowly("- ", into: app)
        #expect(Self.blocks(app) == ["• "])
        app.type(Keys.control("z"))
        #expect(app.markup == "- |")
        #expect(Self.blocks(app) == ["- "])
        Self.typeSlowly("200 g flour", into: app)
        #expect(Self.blocks(app) == ["- 200 g flour"])
        // Saved as the text it is, so that it reads back as text.
        #expect(Self.markdown(app) == "\\- 200 g flour\n")
        // The words typed, then the markup typed.
        for _ in 0 ..< 3 { app.type(Keys.control("z")) }
        #expect(app.text == "- ")
        app.type(Keys.control("z"))
        #expect(app.text == "")
    }

    @Test func backspaceRightAfterGivesTheMarkupBack() throws {
        let app = editor("")
        Self.typeSlowly("## ", into: app)
        #expect(Self.blocks(app) == ["## "])
        app.press(Key(.backspace))
        #expect(app.markup == "## |")
        #expect(Self.blocks(app) == ["## "])
        // Taking the space away and typing it again does not take the markup either.
        app.press(Key(.backspace))
        Self.typeSlowly(" Notes", into: app)
        #expect(Self.blocks(app) == ["## Notes"])
        #expect(Self.markdown(app) == "\\## Notes\n")
    }

    @Test func backspaceLaterIsAnOrdinaryBackspace() throws {
        let app = editor("")
        Self.typeSlowly("- Flour", into: app)
        app.press(Key(.backspace))
        #expect(Self.blocks(app) == ["• Flou"])
        let item = editor("")
        Self.typeSlowly("- ", into: item)
        item.type(Keys.control("z"))
        item.type(Keys.control("y"))
        // After a redo the shortcut is an ordinary edit: Backspace takes the marker, as at any item's start.
        item.press(Key(.backspace))
        #expect(Self.blocks(item) == [""])
    }

    @Test func aListMarkerInAListItemStaysText() throws {
        let app = editor("- Flour\n")
        app.type(Keys.home)
        Self.typeSlowly("- > ", into: app)
        #expect(Self.blocks(app) == ["• - > Flour"])
        // A heading in a list item is Markdown (`- ## …`); a quote there is not (the quote's `>` stays).
        app.type(Keys.home)
        Self.typeSlowly("## ", into: app)
        #expect(Self.blocks(app) == ["• ## - > Flour"])
        #expect(Self.markdown(app) == "- ## - > Flour\n")
    }

    @Test func aListTypedContinuesNestsAndEnds() throws {
        let app = editor("")
        Self.typeSlowly("- Flour", into: app)
        app.press(Key(.enter))
        Self.typeSlowly("Butter", into: app)
        app.press(Key(.enter))
        Self.typeSlowly("cold", into: app)
        app.press(Key(.tab))
        #expect(Self.blocks(app) == ["• Flour", "• Butter", "  • cold"])
        // Enter on the empty item ends the list.
        app.press(Key(.enter), Key(.enter))
        Self.typeSlowly("Mix.", into: app)
        #expect(Self.blocks(app) == ["• Flour", "• Butter", "  • cold", "Mix."])
        #expect(Self.markdown(app).hasPrefix("- Flour\n- Butter\n  - cold\n"))
    }

    @Test func aSpaceThatMakesABlockIsNotEchoedAhead() throws {
        // The typing echo draws a character before the edit: a space that turns `-` into a bullet would be drawn wrong.
        let app = editor("")
        app.handle(.text("-"))
        let before = app.render()
        #expect(app.typingEcho(for: [.text(" ")], on: before.grid, cursor: before.cursor) == nil)
        app.handle(.text("x"))
        let later = app.render()
        #expect(app.typingEcho(for: [.text(" ")], on: later.grid, cursor: later.cursor) != nil)
    }

    // MARK: The empty last line

    @Test func headingMarkupOnTheEmptyLastLineMakesAHeading() throws {
        let app = editor("Intro.\n")
        app.type(Keys.end)
        app.press(Key(.enter))
        Self.typeSlowly("# ", into: app)
        #expect(app.markup == "Intro.\n\n|")
        #expect(Self.blocks(app) == ["Intro.", "", "# "])
        Self.typeSlowly("Crêpes", into: app)
        #expect(Self.blocks(app) == ["Intro.", "", "# Crêpes"])
        app.type(Keys.control("z"))
        #expect(Self.blocks(app) == ["Intro.", "", "# "])
        app.type(Keys.control("z"))
        #expect(app.markup == "Intro.\n\n# |")
        #expect(Self.blocks(app) == ["Intro.", "", "# "])
    }

    @Test func aTitleTypedOnTheLastLineIsTheRecipesTitle() throws {
        let app = editor("")
        Self.typeSlowly("# S", into: app)
        #expect(app.session.title == "S")
        Self.typeSlowly("cones", into: app)
        #expect(app.session.title == "Scones")
        app.press(Key(.enter))
        Self.typeSlowly("Tea time.", into: app)
        #expect(app.session.title == "Scones")
    }

    @Test func altHCyclesHeadingsOnTheEmptyLastLine() throws {
        let app = editor("Intro.\n")
        app.type(Keys.end)
        app.press(Key(.enter))
        app.press(.alt("h"))
        #expect(app.message == nil)
        #expect(Self.blocks(app) == ["Intro.", "", "# "])
        app.press(.alt("h"))
        #expect(Self.blocks(app) == ["Intro.", "", "## "])
        Self.typeSlowly("Method", into: app)
        #expect(Self.blocks(app) == ["Intro.", "", "## Method"])
        #expect(Self.markdown(app).hasSuffix("## Method\n"))
        let empty = editor("")
        empty.press(.alt("h"))
        Self.typeSlowly("Crêpes", into: empty)
        #expect(Self.markdown(empty) == "# Crêpes\n")
    }

    // MARK: Toggles

    @Test func altLTogglesABulletListOnTheSelectedParagraphs() throws {
        let app = editor("Flour\n\nSugar\nEggs\n")
        app.press(.control("a"))
        app.press(.alt("l"))
        // The blank line between stays blank.
        #expect(Self.blocks(app) == ["• Flour", "", "• Sugar", "• Eggs"])
        app.press(.alt("l"))
        #expect(Self.blocks(app) == ["Flour", "", "Sugar", "Eggs"])
        app.type(Keys.control("z"))
        #expect(Self.blocks(app) == ["• Flour", "", "• Sugar", "• Eggs"])
        app.type(Keys.control("z"))
        #expect(Self.blocks(app) == ["Flour", "", "Sugar", "Eggs"])
    }

    @Test func altNNumbersTheSelectedParagraphsInOrder() throws {
        let app = editor("Intro.\nRub\nShape\nBake\nEnjoy.\n")
        // The second line's start to the fourth's end.
        app.type(Keys.down)
        app.type(Keys.home)
        app.press(Key(.down, .shift), Key(.down, .shift))
        app.type(Keys.shiftEnd)
        app.press(.alt("n"))
        #expect(Self.blocks(app) == ["Intro.", "1. Rub", "2. Shape", "3. Bake", "Enjoy."])
        #expect(Self.markdown(app) == "Intro.\n1. Rub\n2. Shape\n3. Bake\nEnjoy.\n")
        // Bullets in place of numbers, then off.
        app.press(.alt("l"))
        #expect(Self.blocks(app) == ["Intro.", "• Rub", "• Shape", "• Bake", "Enjoy."])
        app.press(.alt("n"))
        app.press(.alt("n"))
        #expect(Self.blocks(app) == ["Intro.", "Rub", "Shape", "Bake", "Enjoy."])
        app.type(Keys.control("z"))
        #expect(Self.blocks(app) == ["Intro.", "1. Rub", "2. Shape", "3. Bake", "Enjoy."])
    }

    @Test func aNumberedLineAfterANumberedListGoesOnFromIt() throws {
        let app = editor("1. Rub\n2. Shape\nBake\n")
        app.press(Key(.end, .control))
        app.press(.alt("n"))
        #expect(Self.blocks(app) == ["1. Rub", "2. Shape", "3. Bake"])
    }

    @Test func altQTogglesAQuote() throws {
        let app = editor("Tip: rest the dough.\nOvernight is best.\n")
        app.press(.control("a"))
        app.press(.alt("q"))
        #expect(Self.blocks(app) == ["> Tip: rest the dough.", "> Overnight is best."])
        #expect(Self.markdown(app) == "> Tip: rest the dough.\n> Overnight is best.\n")
        app.press(.alt("q"))
        #expect(Self.blocks(app) == ["Tip: rest the dough.", "Overnight is best."])
    }

    @Test func togglesWorkOnTheEmptyLastLine() throws {
        let app = editor("Ingredients\n")
        app.type(Keys.end)
        app.press(Key(.enter))
        app.press(.alt("l"))
        Self.typeSlowly("Salt", into: app)
        app.press(Key(.enter))
        Self.typeSlowly("Pepper", into: app)
        #expect(Self.blocks(app) == ["Ingredients", "", "• Salt", "• Pepper"])
    }

    // MARK: Formats that hold fewer blocks

    static func cooklangEditor(_ text: String) -> EditorController {
        EditorController(session: EditorSession(recipe: CooklangFormat.parse(text), path: nil, format: .cooklang), width: 100, height: 24)
    }

    @Test func cooklangTakesNotesAndSectionsOnly() throws {
        let app = Self.cooklangEditor("Mix the @flour{200%g}.\n")
        app.press(Key(.end, .control))
        // Enter leaves the blank line that separates steps.
        app.press(Key(.enter))
        Self.typeSlowly("- # Fold gently.", into: app)
        #expect(Self.blocks(app).suffix(2) == ["", "- # Fold gently."])
        app.press(Key(.enter))
        Self.typeSlowly("> Rest overnight.", into: app)
        // Enter goes on with the note (after an empty note line), Enter on
        // the new empty line ends it, and the line above with it.
        app.press(Key(.enter), Key(.enter))
        Self.typeSlowly("= Baking", into: app)
        #expect(Array(Self.blocks(app).suffix(3)) == ["> Rest overnight.", "", "## Baking"])
        let saved = CooklangFormat.serialize(app.session.recipe).text
        // The section as typed (#10).
        #expect(saved.hasSuffix("\n\n> Rest overnight.\n\n= Baking\n"))
        app.press(.alt("l"))
        #expect(app.message?.hasPrefix("Cooklang has no lists") == true)
        #expect(Array(Self.blocks(app).suffix(1)) == ["## Baking"])
    }

    @Test func aCooklangNoteNeedsABlankLineOnEachSide() throws {
        // A `>` line right after a step's line is more of the step when the file is read.
        let app = Self.cooklangEditor("Mix the @flour{200%g}.\n")
        app.press(Key(.end, .control))
        // Enter leaves a blank line; Backspace takes it away.
        app.press(Key(.enter), Key(.backspace))
        Self.typeSlowly("> Rest overnight.", into: app)
        #expect(app.text.hasSuffix(".\n> Rest overnight."))
        #expect(app.session.document.text.runs.allSatisfy { $0.blockQuote == nil })
        app.press(.alt("q"))
        #expect(app.message?.hasPrefix("a Cooklang note needs a blank line") == true)
        #expect(app.session.document.text.runs.allSatisfy { $0.blockQuote == nil })
        let saved = CooklangFormat.serialize(app.session.recipe).text
        #expect(CooklangFormat.parse(saved).document.text.runs.allSatisfy { $0.blockQuote == nil })
    }

    @Test func plainTextTakesNoMarkup() throws {
        let app = EditorController(session: EditorSession(recipe: PlainTextRecipeFormat.parse("Notes\n"), path: nil, format: .plainText),
                                   width: 100, height: 24)
        app.type(Keys.end)
        app.press(Key(.enter))
        Self.typeSlowly("- > # x", into: app)
        app.press(.alt("q"))
        #expect(Self.blocks(app) == ["Notes", "- > # x"])
        #expect(app.message?.hasPrefix("plain text has no lists or quotes") == true)
    }

    // MARK: Paste

    static let pastedRecipe = "# Crêpes\n\n- 250 g **flour**\n- 3 eggs\n\n1. Whisk the *eggs* in.\n2. Rest.\n\n> Tip: a [thin](https://example.com) batter\n"

    @Test func markdownPastedGivesWhatTheFileReaderGives() throws {
        let app = editor("")
        app.handle(.paste(Self.pastedRecipe))
        let fromFile = MarkdownRecipeFormat.parse(Self.pastedRecipe).document.text
        let pasted = app.session.document.text
        #expect(String(pasted.characters) == String(fromFile.characters) + "\n")
        #expect(Self.blocks(app) == ["# Crêpes", "", "• 250 g flour", "• 3 eggs", "", "1. Whisk the eggs in.", "2. Rest.", "",
                                     "> Tip: a thin batter", ""])
        let flour = try #require(pasted.characters.ranges(of: "flour").first)
        #expect(pasted[flour].runs.allSatisfy { $0.bold == true })
        #expect(app.markup.hasSuffix("batter\n|"))
        // The pasted line break left an empty last line.
        #expect(Self.markdown(app) == Self.pastedRecipe + "\n")
        // One undo: the literal text; two: nothing.
        app.type(Keys.control("z"))
        #expect(app.text == Self.pastedRecipe)
        #expect(Self.blocks(app).first == "# Crêpes")
        #expect(app.session.document.text.runs.count == 1)
        #expect(app.markup.hasSuffix("batter\n|"))
        app.type(Keys.control("z"))
        #expect(app.text == "")
    }

    @Test func markdownPastedInsideAParagraphJoinsIt() throws {
        let app = editor("Serve with .\n")
        app.type(Keys.home)
        for _ in 0 ..< 11 { app.type(Keys.right) }
        app.handle(.paste("**whipped** cream"))
        #expect(app.markup == "Serve with whipped cream|.")
        let whipped = try #require(app.session.document.text.characters.ranges(of: "whipped").first)
        #expect(app.session.document.text[whipped].runs.allSatisfy { $0.bold == true })
    }

    @Test func plainTextPastesAsBefore() throws {
        let app = editor("")
        app.handle(.paste("Preheat the oven to 200 °C.\nButter a tin."))
        #expect(app.text == "Preheat the oven to 200 °C.\nButter a tin.")
        app.type(Keys.control("z"))
        #expect(app.text == "")
        // Cooklang reads no Markdown.
        let cook = Self.cooklangEditor("")
        cook.handle(.paste("- **flour**"))
        #expect(cook.text == "- **flour**")
    }

    // MARK: The file

    @Test func aRecipeTypedFromScratchIsSavedWithItsBlocks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-blocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("scones.md").path
        try "".write(toFile: path, atomically: true, encoding: .utf8)
        let store = RecoveryStore(directory: folder.appendingPathComponent("state"))
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 100, height: 24,
                                   recovery: BackgroundRecovery(store: store))
        for line in ["# Scones", "## Ingredients", "- 200 g flour", "", "## Method", "1. Rub the butter in", "", "> Tip: cold butter"] {
            Self.typeSlowly(line, into: app)
            app.press(Key(.enter))
        }
        app.type([0x13]) // Ctrl-S
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        let lines = saved.split(separator: "\n").map(String.init)
        for expected in ["# Scones", "## Ingredients", "- 200 g flour", "## Method", "1. Rub the butter in", "> Tip: cold butter"] {
            #expect(lines.contains(expected), "\(expected) in \(saved)")
        }
        #expect(!saved.contains("\\"), "nothing escaped: \(saved)")
    }
}
