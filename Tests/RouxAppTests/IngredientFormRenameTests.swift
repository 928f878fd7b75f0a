import Foundation
import RouxApp
import TerminalUI
import Testing

/// In Cooklang an ingredient's name is the text of its marks: a name changed
/// in the ingredient form (Enter on a row, Shift-Tab to Name) is written in
/// every mark, one undo step (the form showed it, and the save wrote the
/// file unchanged).
@Suite("Renaming a Cooklang ingredient in the form")
struct IngredientFormRenameTests {
    static let cook = "Mix @flour{200%g} with @water{100%ml}.\nAdd more @flour{50%g}.\n"

    /// Enter on the first ingredient, Shift-Tab to its name, a new name, Enter.
    static func rename(_ app: EditorController, to name: String) {
        app.type(RecipeDataTests.f6 + [0x0D] + RecipeDataTests.shiftTab + RecipeDataTests.backspaces + Array(name.utf8) + [0x0D])
    }

    @Test func aNewNameIsWrittenInEveryMarkAndOneUndoTakesItBack() throws {
        let (app, path, folder) = try RecipeDataTests.open(Self.cook, name: "f.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        Self.rename(app, to: "bread flour")
        #expect(app.prompt == nil)
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == "Mix @bread flour{200%g} with @water{100%ml}.\nAdd more @bread flour{50%g}.\n")
        #expect(app.text.contains("Mix bread flour with water."))
        #expect(app.inspectorLines.contains { $0.hasPrefix("[ ] bread flour 250 g") })
        #expect(app.session.recipe.ingredients.map(\.name) == ["bread flour", "water"])
        app.type(Keys.control("z"))
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == Self.cook)
        #expect(app.session.recipe.ingredients.map(\.name) == ["flour", "water"])
    }

    /// A mark shown under an alias keeps showing it, now for the new name.
    @Test func aMarkShownUnderAnAliasKeepsIt() throws {
        let (app, path, folder) = try RecipeDataTests.open("Pour @white wine|wine{150%ml} in.\n", name: "w.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        Self.rename(app, to: "dry white wine")
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == "Pour @dry white wine|wine{150%ml} in.\n")
    }

    /// A name Cooklang would read as more than a name is refused, saying why.
    @Test func aNameWithCooklangMarkupIsRefused() throws {
        let (app, path, folder) = try RecipeDataTests.open(Self.cook, name: "f.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        Self.rename(app, to: "flour{2}")
        if case .line(let line)? = app.prompt {
            #expect(line.problem == "a Cooklang name cannot hold {, } or |")
        } else {
            Issue.record("the form closed")
        }
        app.type(RecipeDataTests.escape)
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == Self.cook)
    }
}
