import Foundation
@testable import Recipes
@testable import RecipeFormats
@testable import RecipeExport
import Testing

/// Every ingredient's quantities and total come from one walk over the
/// marks (`quantitiesOfEachIngredient`), for the ingredient list, the
/// exports, `open --print` and the shopping list.
@Suite("Every ingredient's total in one walk")
struct IngredientTotalsTests {
    /// Marks side by side, marks without quantities, the same ingredient
    /// twice, an ingredient only in the list: each reads as asking for it alone.
    @Test func eachIngredientReadsAsAskedAlone() {
        let cooklang = CooklangFormat.parse(
            "Add @oil{1%tbsp}@oil{2%tbsp}, @salt, @flour{200%g} and @flour{50%g}.\nThen @eggs{2} and @oil{1%tsp}.\n")
        let markdown = MarkdownRecipeFormat.parse(
            "---\ningredients:\n  - {name: beurre, quantity: 50 g}\n  - sel\n  - {name: lait, quantity: 1 l}\n---\n"
                + "Du ^[beurre](ingredient: \"beurre\") et du ^[sel](ingredient: \"sel\").\n")
        for recipe in [cooklang, markdown] {
            #expect(recipe.ingredients.count >= 3)
            #expect(recipe.quantitiesOfEachIngredient == recipe.ingredients.map { recipe.quantities(of: $0) })
            #expect(recipe.shownQuantityOfEachIngredient == recipe.ingredients.map { recipe.shownQuantity(of: $0) })
        }
    }

    /// Asked of each ingredient in turn, the totals walk every mark once per
    /// ingredient: 10,000 distinct ones made 100 million run visits, which
    /// would take hours in a debug build. One walk takes seconds.
    @Test(.timeLimit(.minutes(1))) func tenThousandDistinctIngredientsAreTotalledInOneWalk() {
        let count = 10_000
        let recipe = CooklangFormat.parse((0 ..< count).map { "Add @ingredient\($0){\($0 % 7 + 1)%g}.\n" }.joined())
        #expect(recipe.ingredients.count == count)
        let last = "\((count - 1) % 7 + 1) g ingredient\(count - 1)"
        let shown = recipe.shownQuantityOfEachIngredient
        #expect(shown.count == count && shown.last??.description == "\((count - 1) % 7 + 1) g")
        let list = ShoppingList(sources: [ShoppingList.Source(name: "r", recipe: recipe)])
        #expect(list.items.count == count && list.items.first?.quantities == ["1 g"])
        #expect(RecipeExport.plainText(recipe).contains("- \(last)\n"))
        #expect(RecipeExport.html(recipe).contains("<span class=\"quantity\">\((count - 1) % 7 + 1) g</span> ingredient\(count - 1)</li>"))
        #expect(RecipeExport.readable(recipe, styles: false).contains("- \(last)\n"))
    }
}
