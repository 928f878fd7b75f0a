import Foundation
import RouxApp
import TerminalUI
import Testing

/// A recipe reference without an amount (`@./salad{}`) asks for the recipe
/// once, as the shopping list follows it: the inspector counts it so
/// (`@./salad{}` and `@./salad{2}`: 3 salads, not 2) and applying a scale
/// writes its new amount (`@./salad{2}` at ×2; it stayed `{}` while the
/// message said the quantities were written).
@Suite("A reference without an amount counts once")
struct MenuReferenceCountTests {
    /// A meal plan and the recipes it names, in a folder of their own.
    static func menu(_ plan: String) throws -> (EditorController, path: String, folder: URL) {
        let (app, path, folder) = try RecipeDataTests.open(plan, name: "week.menu")
        try ">> servings: 2\n\nToss @lettuce{1} with @basil{1%bunch}.\n"
            .write(to: folder.appendingPathComponent("salad.cook"), atomically: true, encoding: .utf8)
        try ">> servings: 2\n\nCook @spaghetti{200%g}.\n".write(to: folder.appendingPathComponent("pasta.cook"), atomically: true, encoding: .utf8)
        try "Bake @dough{500%g}.\n".write(to: folder.appendingPathComponent("pizza.cook"), atomically: true, encoding: .utf8)
        return (app, path, folder)
    }

    @Test func applyingAScaleWritesAnAmountForAReferenceWithoutOne() throws {
        let plan = "== Day 1 ==\n@./pasta{4%servings}\n@./salad{}\n\n== Day 2 ==\n@./pizza{2}\n"
        let (app, path, folder) = try Self.menu(plan)
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(RecipeDataTests.altX + Array("×2\r".utf8))
        app.type(Keys.control("p") + Array("apply the scale\r".utf8))
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == "== Day 1 ==\n@./pasta{8%servings}\n@./salad{2}\n\n== Day 2 ==\n@./pizza{4}\n")
        #expect(app.inspectorLines.contains("[ ] → salad 2 | 1"))
        app.type(Keys.control("z"))
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == plan)
    }

    @Test func theInspectorCountsAReferenceWithoutAnAmountOnce() throws {
        let (app, _, folder) = try Self.menu("== Day 1 ==\n@./salad{}\n\n== Day 2 ==\n@./salad{2}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(app.inspectorLines.contains("[ ] → salad 3 | 2"))
        app.type(RecipeDataTests.altX + Array("×2\r".utf8))
        #expect(app.inspectorLines.contains("[ ] → salad 6 | 2"))
    }

    /// Alone, a reference without an amount shows none, as written; scaled, its count.
    @Test func aLoneReferenceWithoutAnAmountShowsItsCountWhenScaled() throws {
        let (app, _, folder) = try Self.menu("== Day 1 ==\n@./salad{}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(app.inspectorLines.contains("[ ] → salad | 1"))
        app.type(RecipeDataTests.altX + Array("×2\r".utf8))
        #expect(app.inspectorLines.contains("[ ] → salad 2 | 1"))
    }

    /// A reference typed in the plan counts the same.
    @Test func aTypedReferenceWithoutAnAmountCountsOnce() throws {
        let (app, _, folder) = try Self.menu("== Day 1 ==\n@./salad{2}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Array("\u{1B}[1;5F\r@./salad{} ".utf8))
        #expect(app.inspectorLines.contains("[ ] → salad 3 | 2"))
    }
}
