import Foundation
import RichText
import Recipes
import RecipeFormats

/// The recipes a recipe references (`@./sauce{}`), in the exports: after the
/// reference in the ingredient list, the referenced recipe's ingredients,
/// scaled as the reference says (`ReferenceExpansion`), nested.
extension RecipeExport {
    /// What each reference of the list reads, by ingredient (a reference
    /// written twice reads its recipe twice).
    static func referenced(_ expansion: ReferenceExpansion?) -> [IngredientID: [ReferenceExpansion.ReferencedRecipe]] {
        var result: [IngredientID: [ReferenceExpansion.ReferencedRecipe]] = [:]
        for entry in expansion?.entries ?? [] {
            if let recipe = entry.recipe { result[entry.ingredient.id, default: []].append(recipe) }
        }
        return result
    }

    /// Plain text: "  - 4 tomatoes", two more spaces a level.
    static func referencedLines(_ recipes: [ReferenceExpansion.ReferencedRecipe], indent: String = "  ") -> [String] {
        recipes.flatMap { recipe in
            recipe.entries.flatMap { entry in
                let quantity = entry.shownQuantity.map { "\($0) " } ?? ""
                return [visible("\(indent)- \(quantity)\(entry.ingredient.name)" + (entry.ingredient.note.map { " (\($0))" } ?? ""))]
                    + referencedLines(entry.recipe.map { [$0] } ?? [], indent: indent + "  ")
            }
        }
    }

    /// HTML: a list inside the reference's item, the same classes as the recipe's own.
    static func referencedHTML(_ recipes: [ReferenceExpansion.ReferencedRecipe]) -> String {
        recipes.map { recipe in
            "\n<ul class=\"ingredients referenced\">\n" + recipe.entries.map { entry in
                let quantity = entry.shownQuantity.map { "<span class=\"quantity\">\(escape($0.description))</span> " } ?? ""
                let note = entry.ingredient.note.map { " <span class=\"note\">(\(escape($0)))</span>" } ?? ""
                return "<li data-ingredient=\"\(escape(entry.ingredient.id.rawValue))\" dir=\"auto\">\(quantity)\(escape(entry.ingredient.name))\(note)"
                    + referencedHTML(entry.recipe.map { [$0] } ?? []) + "</li>\n"
            }.joined() + "</ul>\n"
        }.joined()
    }

    /// JSON: `"recipes": [{"file", "factor", "ingredients": […]}]` on the reference.
    struct JSONReferencedRecipe: Encodable {
        var file: String
        var factor: Double
        var ingredients: [JSONIngredient]
    }

    static func referencedJSON(_ recipes: [ReferenceExpansion.ReferencedRecipe]?, from folder: String) -> [JSONReferencedRecipe]? {
        recipes.map { recipes in
            recipes.map { recipe in
                let file = folder.isEmpty || !recipe.path.hasPrefix(folder + "/") ? recipe.path : String(recipe.path.dropFirst(folder.count + 1))
                return JSONReferencedRecipe(file: file, factor: recipe.factor, ingredients: recipe.entries.map { entry in
                    JSONIngredient(id: entry.ingredient.id.rawValue, name: entry.ingredient.name, quantity: entry.shownQuantity?.description,
                                   amount: entry.shownQuantity?.amount, unit: entry.shownQuantity?.unit, note: entry.ingredient.note,
                                   recipes: referencedJSON(entry.recipe.map { [$0] }, from: folder))
                })
            }
        }
    }
}
