import Foundation
import Recipes
import Testing

/// Scaling is the recipe's domain: it computes the new servings and
/// quantities with no format in sight. Where the servings entry is written
/// is the origin's to say (a format's; the format tests check the bytes).
@Suite("Scaling in the domain")
struct ScalingTests {
    /// An origin that, as a format might, writes each key somewhere of its
    /// own besides the metadata: here, a note of the last key it wrote.
    struct NotingOrigin: RecipeOrigin {
        func setMetadata(_ key: String, toText value: String, in recipe: inout Recipe) {
            recipe.metadata.otherEntries[key] = "\(key): \(value)\n"
            if !recipe.metadata.keyOrder.contains(key) { recipe.metadata.keyOrder.append(key) }
            recipe.metadata.otherEntries["noted"] = "noted: \(key)\n"
        }
    }

    static func tart() -> Recipe {
        Recipe(title: "Tarte", ingredients: [
            Ingredient(id: IngredientID("farine"), name: "farine", quantity: Quantity(amount: "200", unit: "g")),
            Ingredient(id: IngredientID("sel"), name: "sel"),
        ])
    }

    @Test func aRecipeMadeHereScalesItsServingsAndItsQuantities() {
        var recipe = Self.tart()
        recipe.setServings(4)
        #expect(recipe.metadata.otherEntries["servings"] == "servings: 4\n")
        let doubled = recipe.scaled(by: 1.5)
        #expect(doubled.servings == 6)
        #expect(doubled.ingredients.map(\.quantity) == [Quantity(amount: "300", unit: "g"), nil])
        #expect(recipe.scaled(by: 1) == recipe)
    }

    @Test func theNumberInTheServingsEntryIsReplacedAndTheWordsKept() {
        var recipe = Self.tart()
        recipe.setServings(4)
        recipe.metadata.otherEntries["servings"] = "servings: 4 people\n"
        #expect(recipe.scaled(by: 2).servingsText == "8 people")
    }

    @Test func theOriginWritesTheServingsWhereItsFileKeepsThem() {
        var recipe = Self.tart()
        recipe.origin = NotingOrigin()
        recipe.setServings(3)
        #expect(recipe.metadata.value(of: "noted") == "servings")
        #expect(recipe.scaled(by: 2).servingsText == "6")
    }
}
