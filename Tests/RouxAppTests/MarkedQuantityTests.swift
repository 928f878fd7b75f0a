import Foundation
import Recipes
import RouxApp
import TerminalUI
import Testing

/// Ctrl-E on a selected "300 ml milk" in a Cooklang step: the quantity
/// written before the name moves into the component's braces, as a
/// CookCLI user writes it (`@milk{300%ml}`), in the undo step of the marking.
@Suite("A written quantity marked with its ingredient")
struct MarkedQuantityTests {
    /// Opens `contents`, selects the first `selected` (Ctrl-F), presses Ctrl-E and saves.
    static func markAndSave(_ contents: String, selecting selected: String, name: String = "milk.cook") throws
        -> (app: EditorController, path: String, folder: URL) {
        let (app, path, folder) = try RecipeDataTests.open(contents, name: name)
        app.type(Keys.control("f") + Array("\(selected)\r".utf8))
        let text = app.session.document.text
        #expect(app.session.document.selection.ranges.map { String(text.characters[$0.bounds]) } == [selected])
        app.type(MarkingTests.mark)
        app.type(Keys.control("s"))
        return (app, path, folder)
    }

    @Test func theQuantityMovesIntoTheBracesAndOneUndoGivesTheTextBack() throws {
        let cook = "Add 300 ml milk and stir.\n"
        let (app, path, folder) = try Self.markAndSave(cook, selecting: "300 ml milk")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try RecipeDataTests.contents(path) == "Add @milk{300%ml} and stir.\n")
        #expect(app.text == "Add milk and stir.")
        let milk = try #require(app.session.recipe.ingredients.first)
        #expect(app.session.recipe.shownQuantity(of: milk)?.description == "300 ml")
        app.type(Keys.control("z"))
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == cook)
        #expect(app.session.recipe.ingredients.isEmpty)
    }

    /// A note after the name moves into the parentheses with it.
    @Test func aNoteAfterTheNameMovesIntoTheParentheses() throws {
        let cook = "Add 2 cloves garlic, minced, to the pan.\n"
        let (_, path, folder) = try Self.markAndSave(cook, selecting: "2 cloves garlic, minced")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try RecipeDataTests.contents(path) == "Add @garlic{2%cloves}(minced), to the pan.\n")
    }

    /// Every occurrence is marked; only the selected one carries the
    /// quantity it was written with, wherever it is in the text.
    @Test func onlyTheSelectedOccurrenceTakesTheQuantity() throws {
        let cook = "Warm the milk.\n\nAdd 300 ml milk and stir, then more milk.\n"
        let (_, path, folder) = try Self.markAndSave(cook, selecting: "300 ml milk")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try RecipeDataTests.contents(path) == "Warm the @milk{}.\n\nAdd @milk{300%ml} and stir, then more @milk{}.\n")
    }
}
