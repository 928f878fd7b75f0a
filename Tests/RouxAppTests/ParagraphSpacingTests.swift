import Foundation
import RecipeFormats
import RichText
@testable import RouxApp
import Testing

/// Enter at the end of a body paragraph shows the blank line a Markdown or
/// Cooklang file needs between two paragraphs (one undo step); Backspace at
/// the start of the next paragraph takes it away first. Lists, headings and
/// plain text break as before.
@Suite("Paragraph spacing made visible")
struct ParagraphSpacingTests {
    static let enter: [UInt8] = [0x0D]
    static let backspace: [UInt8] = [0x7F]

    @Test func enterAtTheEndOfABodyParagraphLeavesABlankLineInOneUndoStep() throws {
        let app = editor("Mix the flour.\n")
        Self.caretAtEnd(app)
        app.type(Self.enter)
        #expect(app.markup == "Mix the flour.\n\n|")
        app.type("Bake.")
        #expect(app.markup == "Mix the flour.\n\nBake.|")
        #expect(MarkdownRecipeFormat.serialize(app.session.recipe) == "Mix the flour.\n\nBake.\n")
        app.type(Keys.control("z"))
        app.type(Keys.control("z"))
        #expect(app.markup == "Mix the flour.|")
    }

    static func caretAtEnd(_ app: EditorController) {
        app.session.edit { try? $0.document.select(TextSelection(caret: $0.document.text.endIndex)) }
    }

    @Test func backspaceAtTheStartOfTheNextParagraphTakesTheBlankLineFirst() throws {
        let app = try editor(markup: "Mix the flour.|")
        app.type(Self.enter)
        app.type("Bake.")
        app.type(Keys.home)
        #expect(app.markup == "Mix the flour.\n\n|Bake.")
        app.type(Self.backspace)
        #expect(app.markup == "Mix the flour.\n|Bake.")
        // The file still keeps the two apart (the writer's blank line).
        #expect(MarkdownRecipeFormat.serialize(app.session.recipe) == "Mix the flour.\n\nBake.")
        app.type(Self.backspace)
        #expect(app.markup == "Mix the flour.|Bake.")
    }

    @Test func aQuoteGetsAnEmptyQuoteLineAndEnterThereEndsTheQuote() throws {
        let app = editor("> A tip.\n")
        Self.caretAtEnd(app)
        app.type(Self.enter)
        app.type("Another.")
        #expect(app.text == "A tip.\n\nAnother.")
        #expect(MarkdownRecipeFormat.serialize(app.session.recipe) == "> A tip.\n> \n> Another.\n")
        // Enter at the end, then Enter on the empty quote line: the quote
        // ends at its text, and the blank line Enter left leaves it too.
        app.type(Self.enter)
        app.type(Self.enter)
        app.type("Serve.")
        #expect(MarkdownRecipeFormat.serialize(app.session.recipe) == "> A tip.\n> \n> Another.\n\nServe.\n")
    }

    /// (The file, and where the caret goes in its text.)
    @Test(arguments: [("- 200 g flour\n", 11), ("# Croissants\n", 10), ("Mix the flour.\n", 7)])
    func itemsHeadingsAndABreakInsideTheTextGetNoBlankLine(markdown: String, caret: Int) throws {
        let app = editor(markdown)
        app.session.edit { recipe in
            let text = recipe.document.text
            try? recipe.document.select(TextSelection(caret: text.utf8.index(text.startIndex, offsetBy: caret)))
        }
        let before = app.text.filter { $0 == "\n" }.count
        app.type(Self.enter)
        #expect(app.text.filter { $0 == "\n" }.count == before + 1, "\(app.markup)")
    }

    @Test func plainTextBreaksTheLineOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-spacing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("note.txt").path
        try "Flour".write(toFile: path, atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 100, height: 24)
        app.session.edit { try? $0.document.select(TextSelection(caret: $0.document.text.endIndex)) }
        app.type(Self.enter)
        #expect(app.markup == "Flour\n|")
    }
}
