import Foundation
@testable import Recipes
@testable import RecipeFormats
@testable import RecipeExport
import RouxTestSupport
import Testing

/// The recipe's method as steps (`RecipeExport.placedSteps`), which cook
/// mode (F9) shows one at a time and `export -f schema` writes as
/// `HowToStep`s: what is a step is decided by the text's structure (a
/// heading, a list and the label just above it, a picture alone on its
/// line), never by a word a step happens to say.
@Suite("Recipe steps")
struct RecipeStepsTests {
    /// Steps that say "ingredients" in a language (a word, or a part of a
    /// word in a script written without spaces), each between two others.
    @Test(arguments: [
        "Mix all the ingredients with @milk{1%cup}.",
        "Ingredients are mixed with @milk{1%cup}.",
        "Mélanger les ingrédients avec @eau{1%l}.",
        "Laisser reposer. 材料は@抹茶{10%g}と卵です。",
        "Laisser reposer ~repos{1%heure}. 食材は@抹茶{10%g}と卵です。",
        "Alle Zutaten verrühren.",
    ])
    func aCooklangStepThatSaysIngredientsIsAStep(step: String) {
        let recipe = CooklangFormat.parse("Crack @eggs{2}.\n\n\(step)\n\nBake @bread.\n")
        let texts = RecipeExport.steps(of: recipe).map(\.text)
        #expect(texts.count == 3, "\(texts)")
        #expect(texts.first == "Crack eggs.")
        #expect(texts.last == "Bake bread.")
    }

    @Test func aMarkdownParagraphThatSaysIngredientsIsAStep() {
        let recipe = MarkdownRecipeFormat.parse("# Pancakes\n\nWhisk 2 eggs.\n\nMix all the ingredients with 1 cup milk.\n\nFry in a pan.\n")
        #expect(RecipeExport.steps(of: recipe).map(\.text)
            == ["Whisk 2 eggs.", "Mix all the ingredients with 1 cup milk.", "Fry in a pan."])
    }

    /// The label just above an ingredient list is the list's, left out with
    /// it; the same words with no list under them are a step.
    @Test(arguments: ["Ingredients:", "**Zutaten für 4 Personen**", "材料（2人分）", "Ingredients for the dough"])
    func theLabelAboveAnIngredientListIsNoStep(label: String) {
        let recipe = MarkdownRecipeFormat.parse("# Bread\n\n\(label)\n\n- 500 g flour\n- 10 g salt\n\nKnead.\n\nBake.\n")
        #expect(RecipeExport.steps(of: recipe).map(\.text) == ["Knead.", "Bake."])
    }

    @Test func aLabelWithNoListUnderItIsAStep() {
        let recipe = MarkdownRecipeFormat.parse("# Bread\n\n- 500 g flour\n- 10 g salt\n\nKnead.\n\nAdd the ingredients.\n\nBake.\n")
        #expect(RecipeExport.steps(of: recipe).map(\.text) == ["Knead.", "Add the ingredients.", "Bake."])
    }

    @Test func aPictureAloneOnItsLineIsNoStep() throws {
        let recipe = MarkdownRecipeFormat.parse(try contents(of: "Resources/Recipes/dorayaki.md")).readingIngredientLists()
        #expect(RecipeExport.steps(of: recipe).map(\.text)
            == ["卵と砂糖をよく泡立てます。", "小麦粉をふるい入れ、さっくり混ぜます。", "フライパンで丸く焼き、あんこをはさみます。"])
        let json = RecipeExport.schemaOrg(recipe, images: [RecipeImage(address: "dorayaki.png", isBeside: true)])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let instructions = try #require(object["recipeInstructions"] as? [[String: Any]])
        #expect(instructions.map { $0["text"] as? String } == ["卵と砂糖をよく泡立てます。", "小麦粉をふるい入れ、さっくり混ぜます。", "フライパンで丸く焼き、あんこをはさみます。"])
    }

    @Test func aPictureAboveTheIntroductionIsNotInIt() {
        let recipe = MarkdownRecipeFormat.parse("# Tart\n\n![A tart](tart.png)\n\nA summer tart.\n\n## Steps\n\n1. Bake.\n")
        #expect(RecipeExport.introduction(of: recipe) == "A summer tart.")
        #expect(RecipeExport.steps(of: recipe).map(\.text) == ["Bake."])
    }

    @Test func aPictureInAStepsLineStaysInTheStep() {
        let recipe = MarkdownRecipeFormat.parse("# Tart\n\nBake until golden ![done](tart.png).\n\nServe.\n")
        #expect(RecipeExport.steps(of: recipe).map(\.text) == ["Bake until golden done.", "Serve."])
    }
}
