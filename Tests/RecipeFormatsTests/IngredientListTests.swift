import Foundation
import RecipeFormats
import RichText
import Testing

/// Ingredient lists written without marks: which lists are read, and what
/// marking them does.
@Suite("Unmarked ingredient lists")
struct IngredientListTests {
    static let crepes = """
        # Crêpes

        Light crêpes for four.

        ## Ingrédients

        - 250 g de farine
        - 3 œufs
        - 50 cl de lait, tiède
        - une pincée de sel

        ## Préparation

        1. Mélanger la farine et les œufs.
        2. Ajouter le lait.

        """

    @Test func aListUnderAHeadingThatNamesIngredientsIsRead() throws {
        let recipe = MarkdownRecipeFormat.parse(Self.crepes)
        let lists = recipe.ingredientLists()
        #expect(lists.count == 1, "the steps are no ingredient list")
        #expect(lists.first?.map(\.line.name) == ["farine", "œufs", "lait", "sel"])
        #expect(lists.first?.map { $0.line.quantity?.description } == ["250 g", "3", "50 cl", "1 pincée"])
    }

    @Test(arguments: ["## Ingredients", "### Zutaten für 4 Personen", "## Ingredientes", "## Ingredienti", "## מצרכים",
                      "## المكونات", "## 材料（2人分）", "## 재료", "**Ingredients:**", "Ingredients:"])
    func headingsInManyLanguagesNameTheList(heading: String) {
        let recipe = MarkdownRecipeFormat.parse("# Soup\n\n\(heading)\n\n- salt\n- pepper\n")
        #expect(recipe.ingredientLists().map { $0.map(\.line.name) } == [["salt", "pepper"]])
    }

    @Test func aListOfQuantitiesIsReadAnywhereAndAListOfWordsIsNot() {
        let recipe = MarkdownRecipeFormat.parse("# Soup\n\n- 2 leeks\n- 1 l stock\n- salt\n\nServe with:\n\n- bread\n- butter\n")
        #expect(recipe.ingredientLists().map { $0.map(\.line.name) } == [["leeks", "stock", "salt"]])
    }

    @Test func aSubsectionOfTheIngredientsSectionIsRead() {
        let recipe = MarkdownRecipeFormat.parse("# Pie\n\n## Ingredients\n\n### For the dough\n\n- flour\n- butter\n\n## Method\n\n- bake\n")
        #expect(recipe.ingredientLists().map { $0.map(\.line.name) } == [["flour", "butter"]])
    }

    @Test func readingAnUnmarkedRecipeMarksEachNameWithItsQuantityAndNote() {
        let recipe = MarkdownRecipeFormat.parse(Self.crepes).readingIngredientLists()
        #expect(recipe.ingredients.map(\.name) == ["farine", "œufs", "lait", "sel"])
        #expect(recipe.ingredients.map { $0.quantity?.description } == ["250 g", "3", "50 cl", "1 pincée"])
        #expect(recipe.ingredients.map(\.note) == [nil, nil, "tiède", nil])
        let text = recipe.document.text
        let marked = text.runs[\.ingredient].compactMap { id, range in id == nil ? nil : String(text.characters[range]) }
        #expect(marked == ["farine", "œufs", "lait", "sel", "farine", "œufs", "lait"])
    }

    @Test func aRecipeWithMarksIsReadAsItIs() {
        let recipe = MarkdownRecipeFormat.parse("# Pie\n\n## Ingredients\n\n- 200 g ^[flour](ingredient: \"flour\")\n- 2 eggs\n")
        let read = recipe.readingIngredientLists()
        #expect(read.ingredients.map(\.name) == ["flour"])
        #expect(read == recipe)
    }

    @Test func asComponentsEachItemIsItsNameAlone() {
        let recipe = MarkdownRecipeFormat.parse(Self.crepes).readingIngredientLists(asComponents: true)
        let (cooklang, _) = CooklangFormat.serialize(recipe)
        #expect(cooklang.contains("@farine{250%g}\n@œufs{3}\n@lait{50%cl}(tiède)\n@sel{1%pincée}\n"))
        #expect(cooklang.contains("Mélanger la @farine et les @œufs."))
    }

    @Test func markingAListMarksLongerNamesFirstInOneUndoStep() throws {
        var recipe = MarkdownRecipeFormat.parse("# Cake\n\n- 100 g sugar\n- 50 g brown sugar\n- 2 eggs\n")
        let items = try #require(recipe.ingredientList(at: recipe.document.text.utf8.count - 2))
        #expect(recipe.markIngredientItems(items) == ["sugar", "brown sugar", "eggs"])
        #expect(recipe.ingredients.map(\.name) == ["sugar", "brown sugar", "eggs"], "in the list's order")
        let text = recipe.document.text
        let marked = text.runs[\.ingredient].compactMap { id, range in id.map { "\($0.rawValue):\(String(text.characters[range]))" } }
        #expect(marked == ["sugar:sugar", "brown-sugar:brown sugar", "eggs:eggs"])
        let undone = recipe.document.undo()
        #expect(undone)
        #expect(recipe.document.text.runs[\.ingredient].allSatisfy { $0.0 == nil })
    }

    @Test func theCaretOnTheHeadingChoosesTheListBelow() throws {
        let recipe = MarkdownRecipeFormat.parse(Self.crepes)
        let heading = try #require(String(recipe.document.text.characters).range(of: "Ingrédients"))
        let offset = String(recipe.document.text.characters)[..<heading.lowerBound].utf8.count
        #expect(recipe.ingredientList(at: offset)?.count == 4)
        #expect(recipe.ingredientList(at: 3) == nil, "the title heads no list")
    }
}
