import Foundation
import RecipeFormats
import RichText
@testable import RouxApp
import Testing

/// The status line's LINE:COLUMN is the line of the file the caret is on:
/// the front matter before the text grows and shrinks with the details and
/// the ingredient list, and with their undo and redo; a reload keeps the
/// caret where it was.
@Suite("Status line's line number")
struct StatusLineNumberTests {
    static let bread = """
        ---
        title: Country bread
        servings: 4
        ---
        # Country bread

        ## Ingredients
        - 500 g flour
        - 350 ml water

        ## Method

        Mix the flour and water. Rest 30 minutes.

        """

    static func statusLine(_ app: EditorController) -> String { app.screen.line(app.height - 2) }

    /// The file line (from 1) of the first line of the file a save writes now that is `line`.
    static func savedLine(of line: String, in app: EditorController) throws -> Int {
        let lines = MarkdownRecipeFormat.serialize(app.session.recipe).components(separatedBy: "\n")
        return try #require(lines.firstIndex(of: line)) + 1
    }

    @Test func undoAndRedoOfAltEMoveTheLineNumberWithTheFrontMatter() throws {
        let app = try IngredientListMarkingTests.editorWithCaret(Self.bread, caretAfter: "500 g")
        #expect(Self.statusLine(app).hasPrefix("8:6  LTR  List item"))
        app.type(IngredientListMarkingTests.markList)
        // The front matter now lists the two ingredients (7 lines more).
        let marked = try Self.savedLine(of: "- 500 g ^[flour](ingredient: \"flour\")", in: app)
        #expect(marked == 15)
        #expect(Self.statusLine(app).hasPrefix("15:6  LTR  List item"))
        app.type(Keys.control("z"))
        #expect(try Self.savedLine(of: "- 500 g flour", in: app) == 8)
        #expect(Self.statusLine(app).hasPrefix("8:6  LTR  List item"))
        app.type(Keys.control("y"))
        #expect(Self.statusLine(app).hasPrefix("15:6  LTR  List item"))
        // Go to line agrees with the status line.
        app.type(Keys.control("l") + Array("16".utf8) + [0x0D])
        #expect(Self.statusLine(app).hasPrefix("16:1  LTR  List item"))
        #expect(app.text.components(separatedBy: "\n")[app.session.layout.paragraph(containing: app.session.caret.offset)] == "350 ml water")
    }

    /// The file on disk has the front matter of Alt-E, saved; the editor
    /// has it undone. A reload keeps the caret on its line of the text, now
    /// further down the file.
    @Test func reloadingFromDiskKeepsTheCaretOnItsLineAndTheStatusLineSaysWhichItIs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-reload-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/bread.md"
        try Self.bread.write(toFile: path, atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 100, height: 24)
        for _ in 0 ..< 3 { app.type(Keys.down) }
        app.type(IngredientListMarkingTests.markList)
        app.type(Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("ingredients:\n  - id: flour\n"))
        app.type(Keys.control("z"))
        for _ in 0 ..< 5 { app.type(Keys.down) }
        app.type(Keys.end)
        app.type(" Go.")
        #expect(Self.statusLine(app).hasPrefix("13:46  LTR  Body"))
        let cursorRow = try #require(app.render().cursor?.y)
        // Another program changes a line; the save finds it and the user reloads.
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        try saved.replacingOccurrences(of: "Rest 30", with: "Rest 45").write(toFile: path, atomically: true, encoding: .utf8)
        app.type(Keys.control("s"))
        #expect(app.prompt == .question(OverwriteConflictQuestion(fileIsGone: false)))
        app.type("r")
        #expect(app.text.contains("Rest 45 minutes."))
        #expect(try Self.savedLine(of: "Mix the ^[flour](ingredient: \"flour\") and ^[water](ingredient: \"water\"). Rest 45 minutes.", in: app) == 20)
        #expect(Self.statusLine(app).hasPrefix("20:42  LTR  Body  reloaded bread.md from the disk"))
        // The cursor is on the line the status line names, on the row it was on.
        let render = app.render()
        #expect(render.cursor?.y == cursorRow)
        #expect(render.grid.line(cursorRow).hasPrefix("Mix the flour and water. Rest 45 minutes."))
        #expect(render.cursor?.x == app.editorFrame.x + 41)
    }
}
