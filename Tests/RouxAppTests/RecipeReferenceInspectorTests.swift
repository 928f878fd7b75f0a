import Foundation
import Recipes
import RecipeFormats
import RouxApp
import TerminalUI
import Testing

/// A recipe reference in the inspector: shown as a recipe, opened with `o`.
@Suite("Recipe references in the inspector")
struct RecipeReferenceInspectorTests {
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-refs-app-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/sauces", withIntermediateDirectories: true)
        try "Prepare @./sauces/tomato{2} and serve with @rice{300%g}.\n".write(toFile: folder + "/main.cook", atomically: true, encoding: .utf8)
        try "Simmer @tomatoes{4}.\n".write(toFile: folder + "/sauces/tomato.cook", atomically: true, encoding: .utf8)
        try ">> servings: 2\n\n== Day 1 (2026-03-07) ==\n\n@./missing{}\n".write(toFile: folder + "/week.menu", atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aReferenceIsShownAsARecipeAndOOpensIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: folder + "/main.cook")), width: 100, height: 24)
        let frame = app.inspectorFrame
        #expect(app.inspectorLines.contains("[ ] → tomato 2 | 1"))
        #expect(app.inspectorLines.contains("[ ] rice 300 g | 1"))
        // In colour: the reference in blue, the ingredient in green.
        let arrow = try #require(app.screen.line(frame.y + 1).firstIndex(of: "→"))
        let column = app.screen.line(frame.y + 1).distance(from: app.screen.line(frame.y + 1).startIndex, to: arrow)
        #expect(app.screen[column, frame.y + 1].style.foreground == .ansi(.blue))
        // `o` on an ingredient says what it does; on the reference, opens the recipe.
        app.type(InspectorTests.f6 + InspectorTests.down + Array("o".utf8))
        #expect(app.session.path == folder + "/main.cook")
        #expect(app.screen.line(app.height - 2).contains("rice is an ingredient, not a recipe"))
        app.type(Array("\u{1B}[A".utf8) + Array("o".utf8))
        #expect(app.session.path == folder + "/sauces/tomato.cook")
        #expect(app.session.recipe.ingredients.map(\.name) == ["tomatoes"])
    }

    /// Alt-O with the caret on a reference opens it; elsewhere says what it does.
    @Test func altOOpensTheReferenceAtTheCaret() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: folder + "/main.cook")), width: 100, height: 24)
        app.type("\u{1B}o")
        #expect(app.session.path == folder + "/main.cook")
        #expect(app.screen.line(app.height - 2).contains("the caret is not on a recipe reference"))
        // "Prepare " then the reference's text: the caret inside it.
        app.type(Array(repeating: "\u{1B}[C", count: 10).joined() + "\u{1B}o")
        #expect(app.session.path == folder + "/sauces/tomato.cook")
    }

    /// A reference written from the collection's root (CookCLI's seed:
    /// `@./Shared/Red Beans{}` in `Breakfast/`) opens the root's recipe.
    @Test func oOpensAReferenceWrittenFromTheCollectionsRoot() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Breakfast", withIntermediateDirectories: true)
        try "Fill with @./sauces/tomato{}.\n".write(toFile: folder + "/Breakfast/Burrito.cook", atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: folder + "/Breakfast/Burrito.cook")),
                                   width: 100, height: 24)
        app.type(InspectorTests.f6 + Array("o".utf8))
        #expect(app.session.path == folder + "/sauces/tomato.cook")
    }

    /// A meal plan opens as a recipe; a reference to no file says what was looked for.
    @Test func aMealPlanOpensAndAMissingReferenceIsSaid() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: folder + "/week.menu")), width: 100, height: 24)
        #expect(app.inspectorLines.contains("[ ] → missing | 1"))
        app.type(InspectorTests.f6 + Array("o".utf8))
        #expect(app.session.path == folder + "/week.menu")
        #expect(app.screen.line(app.height - 2).contains("no recipe ./missing here or above (looked for missing.cook, missing.md, …)"))
    }
}
