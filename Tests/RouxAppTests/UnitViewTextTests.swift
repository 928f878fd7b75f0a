import Foundation
import RecipeFormats
import RecipeStorage
@testable import RouxApp
import Testing

/// The units view (Alt-M) applies to the text pane too, as a rendering: the
/// text shows the view's quantities and temperatures, the document and the
/// file keep their own until "Apply the units" writes them.
@Suite("Units in the text pane")
struct UnitViewTextTests {
    static let cook = """
        >> servings: 4

        Mix @flour{1%cup} and @milk{250%ml}. Bake at 350°F, then pour in 2 cups of water.

        """

    /// The recipe in a 72×9 editor, with a configuration folder of its own.
    static func open() throws -> (EditorController, path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-unit-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("pancakes.cook").path
        try cook.write(toFile: path, atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 72, height: 9,
                                   recovery: BackgroundRecovery(store: RecoveryStore(directory: folder.appendingPathComponent("state"))))
        app.session.units.environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        return (app, path, folder)
    }

    /// Every row of the screen, trailing blanks removed.
    static func screen(_ app: EditorController) -> [String] {
        app.screen.lines.map { row in
            var row = row
            while row.hasSuffix(" ") { row.removeLast() }
            return row
        }
    }

    @Test func theTextShowsTheViewsUnitsAndTheFileKeepsItsOwn() throws {
        let (app, path, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        let asWritten = [
            " Roux  pancakes.cook",
            "Details  servings: 4                            │ Ingredients (2) marks",
            "Mix flour and milk. Bake at 350°F, then pour in │ Serves 4",
            "2 cups of water.                                │ [ ] flour 1 cup     1▼",
            "                                                │",
            "                                                │ Suggestion",
            "                                                │ [+] Mix  ^E",
            "3:1  LTR  Body",
            "^S Save  ^Q Quit  ^Z Undo  ^F Find  ^L Line  ^P Commands  F1 Help",
        ]
        #expect(Self.screen(app) == asWritten)
        app.type(UnitViewTests.altM)
        #expect(Self.screen(app) == [
            " Roux  pancakes.cook",
            "Details  servings: 4                            │ Ingredients (2) marks",
            "Mix flour and milk. Bake at 180°C, then pour in │ Serves 4 · metric",
            "470 ml of water.                                │ [ ] flour 120 g     1▼",
            "                                                │",
            "                                                │ Suggestion",
            "                                                │ [+] Mix  ^E",
            "3:1  LTR  Body  quantities and temperatures shown in metric units; the",
            "file keeps its own (Ctrl-P \"Apply the units\" writes them)",
        ])
        #expect(app.text.contains("Bake at 350°F, then pour in 2 cups of water."), "the document keeps its own text")
        app.type(UnitViewTests.altM)
        // The recipe writes its temperature in US units already; its flour in cups.
        #expect(Array(Self.screen(app).prefix(4)) == [
            " Roux  pancakes.cook",
            "Details  servings: 4                            │ Ingredients (2) marks",
            "Mix flour and milk. Bake at 350°F, then pour in │ Serves 4 · US",
            "2 cups of water.                                │ [ ] flour 1 cup     1▼",
        ])
        app.type(UnitViewTests.altM)
        #expect(Array(Self.screen(app).prefix(7)) == Array(asWritten.prefix(7)))
        #expect(!app.session.isModified)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.cook)
    }

    /// The caret steps over a converted temperature whole and is drawn after
    /// what is shown; what is typed there goes into the document's own text,
    /// and the file saved is that text, converted nowhere.
    @Test func theCaretAndTypingStayOnTheDocumentsText() throws {
        let (app, path, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(UnitViewTests.altM)
        app.type(Keys.control("l") + Array("3:29\r".utf8))
        #expect(try #require(app.render().cursor) == (x: 28, y: 2))
        app.type(Keys.right)
        #expect(try #require(app.render().cursor) == (x: 33, y: 2), "after the five cells of 180°C")
        app.type(" (fan)")
        #expect(Self.screen(app)[2] == "Mix flour and milk. Bake at 180°C (fan), then   │ Serves 4 · metric")
        #expect(Self.screen(app)[3] == "pour in 470 ml of water.                        │ [ ] flour 120 g     1▼")
        #expect(try #require(app.render().cursor) == (x: 39, y: 2))
        app.type(Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == """
            >> servings: 4

            Mix @flour{1%cup} and @milk{250%ml}. Bake at 350°F (fan), then pour in 2 cups of water.

            """)
        // Applied, the units are the file's, and the text shows them as written.
        app.type(Keys.control("p") + Array("apply the units\r".utf8))
        #expect(app.text.contains("Bake at 180°C (fan), then pour in 470 ml of water."))
        #expect(Self.screen(app)[2] == "Mix flour and milk. Bake at 180°C (fan), then   │ Serves 4")
    }

    /// A letter typed after `350°F` ends its match: the echo, which puts the
    /// letter into the frame shown, would show `180°CX` for `350°FX`. So no
    /// echo while the text is shown in other units.
    @Test func noTypingEchoWhileTheTextIsShownInOtherUnits() throws {
        let (app, _, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        // At the paragraph's end, where an echo is made as written.
        app.type(Keys.control("l") + Array("3:65\r".utf8))
        var frame = app.render()
        #expect(app.typingEcho(for: [.text("X")], on: frame.grid, cursor: frame.cursor) != nil)
        app.type(UnitViewTests.altM)
        frame = app.render()
        #expect(app.typingEcho(for: [.text("X")], on: frame.grid, cursor: frame.cursor) == nil)
        app.type(Keys.control("l") + Array("3:34\r".utf8) + Array("X".utf8))
        #expect(Array(Self.screen(app)[2 ... 3]) == [
            "Mix flour and milk. Bake at 350°FX, then pour   │ Serves 4 · metric",
            "in 470 ml of water.                             │ [ ] flour 120 g     1▼",
        ])
    }
}
