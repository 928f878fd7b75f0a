import Foundation
import RouxApp
import TerminalUI
import Testing

/// A Cooklang component whose whole name is replaced (typed over when
/// selected, or by Ctrl-R) stays the component with its quantity: the
/// file never loses `{500%g}` to an edit of the name.
@Suite("Replacing a component's name")
struct ReplacedComponentTests {
    @Test func replaceKeepsTheComponentAndItsQuantity() throws {
        let cook = ">> servings: 2\n\nMix @flour{500%g} and @water{300%ml}, knead ~{10%minutes}.\n"
        let (app, path, folder) = try RecipeDataTests.open(cook, name: "bread.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(ReplaceTests.replace + Array("flour\rspelt flour\ra".utf8))
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == ">> servings: 2\n\nMix @spelt flour{500%g} and @water{300%ml}, knead ~{10%minutes}.\n")
        #expect(app.session.recipe.ingredients.map(\.name) == ["spelt flour", "water"])
        app.type(Keys.control("z"))
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == cook)
        #expect(app.session.recipe.ingredients.map(\.name) == ["flour", "water"])
    }

    @Test func typingOverASelectedOneWordNameRenamesIt() throws {
        let cook = "Mix @flour{500%g} and @olive oil{2%tbsp} well.\n"
        let (app, path, folder) = try RecipeDataTests.open(cook, name: "mix.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("flour\r".utf8))
        let text = app.session.document.text
        #expect(app.session.document.selection.ranges.map { String(text.characters[$0.bounds]) } == ["flour"])
        for letter in "rye" { app.type(String(letter)) }
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == "Mix @rye{500%g} and @olive oil{2%tbsp} well.\n")
        #expect(app.session.recipe.ingredients.map(\.name) == ["rye", "olive oil"])
    }

    /// Deleting the selected name still deletes the component: nothing is
    /// left to carry it.
    @Test func deletingASelectedNameDeletesTheComponent() throws {
        let (app, path, folder) = try RecipeDataTests.open("Mix @flour{500%g} well.\n", name: "mix.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("flour\r".utf8))
        app.type([0x7F])
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == "Mix  well.\n")
    }
}
