import Foundation
import Recipes
import RichText
import RouxTestSupport
import Testing

@Suite("Markdown round trips")
struct MarkdownRoundTripTests {
    @Test(arguments: ["croissants.md", "sufganiyot.md", "dorayaki.md", "kimchi-jeon.md", "hummus.md"])
    func theSamplesAreByteIdenticalAfterOpenAndSave(name: String) throws {
        let original = try contents(of: "Resources/Recipes/\(name)")
        let recipe = try MarkdownRecipeFormat.parse(original, path: name)
        #expect(MarkdownRecipeFormat.serialize(recipe) == original)
    }

    @Test func theCroissantRecipeHasItsIngredientsMarked() throws {
        let recipe = try MarkdownRecipeFormat.parse(try contents(of: "Resources/Recipes/croissants.md"))
        #expect(recipe.title == "Croissants au beurre")
        #expect(recipe.ingredients.map(\.id.rawValue) == ["farine", "beurre", "sucre", "sel", "levure"])
        #expect(recipe.ingredients[1].quantity == Quantity(amount: "250", unit: "g"))
        #expect(recipe.ingredients[1].note == "doux, bien froid")
        #expect(recipe.metadata.value(of: "servings") == "12")
        let beurres = RunsDescription.of(recipe.document.text).filter { $0.hasPrefix("beurre{") }
        #expect(beurres == Array(repeating: "beurre{foregroundColor=green ingredient=beurre}", count: 2))
        #expect(RunsDescription.of(recipe.document.text).first == "Croissants au beurre\n{heading=1}")
    }
}
