import Foundation
import RecipeFormats
import RichText
import RouxApp
import Testing

/// Ctrl-E on an ingredient line and Alt-E ("Mark the ingredient list"):
/// the quantity goes with the ingredient, only the name is marked.
@Suite("Marking ingredient lines")
struct IngredientListMarkingTests {
    static let recipe = """
        # Pancakes

        ## Ingredients

        - 200 g flour
        - 2-3 cloves garlic, minced
        - 1 cup (240 ml) milk, warmed

        ## Method

        1. Whisk the flour and the milk.

        """

    static let markList: [UInt8] = Array("\u{1B}e".utf8)

    /// An editor on `markdown` with the caret just after `needle`.
    static func editorWithCaret(_ markdown: String, caretAfter needle: String) throws -> EditorController {
        let app = RouxAppTests.editor(markdown)
        let text = app.text
        let found = try #require(text.range(of: needle))
        var document = app.session.document
        try document.select(TextSelection(caret: document.text.characterIndex(atUTF8Offset: text[..<found.upperBound].utf8.count)))
        let selection = document.selection
        app.session.edit { try? $0.document.select(selection) }
        return app
    }

    static func quantities(_ app: EditorController) -> [String] {
        app.session.recipe.ingredients.map { "\($0.name): \($0.quantity?.description ?? "-")" + ($0.note.map { " (\($0))" } ?? "") }
    }

    @Test func ctrlEInAnIngredientItemTakesItsQuantityAndMarksOnlyTheName() throws {
        let app = try Self.editorWithCaret(Self.recipe, caretAfter: "200 g fl")
        app.type(MarkingTests.mark)
        #expect(Self.quantities(app) == ["flour: 200 g"])
        #expect(MarkingTests.marks(app) == ["flour", "flour"])
        #expect(MarkdownRecipeFormat.serialize(app.session.recipe).contains("\n- 200 g ^[flour](ingredient: \"flour\")\n"))
        app.type(Keys.control("z"))
        #expect(app.session.recipe.ingredients.isEmpty)
        #expect(MarkingTests.marks(app).isEmpty)
    }

    @Test func ctrlEOnTheNoteOfAnItemStillTakesTheItem() throws {
        let app = try Self.editorWithCaret(Self.recipe, caretAfter: "min")
        app.type(MarkingTests.mark)
        #expect(Self.quantities(app) == ["garlic: 2-3 cloves (minced)"])
        #expect(MarkingTests.marks(app) == ["garlic"])
    }

    @Test func ctrlEOnASelectionWithAQuantityMarksTheName() throws {
        let app = try RouxAppTests.editor(markup: "Add [1½ c. sugar|] to the bowl, then more sugar.")
        app.type(MarkingTests.mark)
        #expect(Self.quantities(app) == ["sugar: 1½ c"])
        #expect(MarkingTests.marks(app) == ["sugar", "sugar"])
    }

    /// The name alone selected in an item (Shift-Ctrl-Left from its end):
    /// the item's quantity and note go with it, as with the caret there.
    @Test func ctrlEOnTheNameSelectedInAnItemTakesItsQuantity() throws {
        let app = try Self.editorWithCaret(Self.recipe, caretAfter: "200 g flour")
        app.type(Array("\u{1B}[1;6D".utf8))
        #expect(app.session.document.selection.ranges.map { String(app.session.document.text.characters[$0.bounds]) } == ["flour"])
        app.type(MarkingTests.mark)
        #expect(Self.quantities(app) == ["flour: 200 g"])
        #expect(MarkingTests.marks(app) == ["flour", "flour"])
    }

    @Test func ctrlEInAStepStillMarksTheWordAtTheCaret() throws {
        let app = try Self.editorWithCaret(Self.recipe, caretAfter: "Whisk the fl")
        app.type(MarkingTests.mark)
        #expect(Self.quantities(app) == ["flour: -"])
    }

    @Test func altEMarksEveryItemOfTheListInOneUndoStep() throws {
        let app = try Self.editorWithCaret(Self.recipe, caretAfter: "2-3 clo")
        app.type(Self.markList)
        #expect(Self.quantities(app) == ["flour: 200 g", "garlic: 2-3 cloves (minced)", "milk: 1 cup (warmed)"])
        #expect(MarkingTests.marks(app) == ["flour", "garlic", "milk", "flour", "milk"])
        #expect(app.message == "marked 3 ingredients: flour, garlic, milk")
        let saved = MarkdownRecipeFormat.serialize(app.session.recipe)
        #expect(saved.contains("- 2-3 cloves ^[garlic](ingredient: \"garlic\"), minced\n"))
        app.type(Keys.control("z"))
        #expect(app.session.recipe.ingredients.isEmpty)
        #expect(MarkingTests.marks(app).isEmpty)
        #expect(MarkdownRecipeFormat.serialize(app.session.recipe) == Self.recipe)
    }

    @Test func altEOnTheHeadingMarksTheListBelowAndElsewhereSaysWhatToDo() throws {
        let app = try Self.editorWithCaret(Self.recipe, caretAfter: "Ingred")
        app.type(Self.markList)
        #expect(app.session.recipe.ingredients.count == 3)
        let elsewhere = try Self.editorWithCaret(Self.recipe, caretAfter: "Panc")
        elsewhere.type(Self.markList)
        #expect(elsewhere.session.recipe.ingredients.isEmpty)
        #expect(elsewhere.message?.hasPrefix("put the caret in a list") == true)
    }
}
