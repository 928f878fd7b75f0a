import Foundation
import Recipes
import RecipeFormats

/// A recipe reference in the inspector (`@./sauces/Hollandaise{}`): shown as
/// a recipe, and opened from there.
extension EditorController {
    /// The path a row's ingredient names when it is a recipe reference.
    static func recipePath(of ingredient: Ingredient) -> String? {
        ingredient.recipePath ?? (RecipeReference.isPath(ingredient.name) ? ingredient.name : nil)
    }

    /// `o` on an inspector row: opens the recipe it references, beside
    /// this one or in a folder above it, as the command line finds it
    /// (asking first when this one has unsaved changes).
    func openReferencedRecipe(row: Int) {
        let ingredients = session.recipe.ingredients
        guard ingredients.indices.contains(row) else { return }
        guard let reference = Self.recipePath(of: ingredients[row]) else {
            say("\(ingredients[row].name) is an ingredient, not a recipe: o opens a reference such as @./sauce{}")
            return
        }
        let folder = session.path.map { ($0 as NSString).deletingLastPathComponent } ?? FileManager.default.currentDirectoryPath
        guard let file = RecipeReference.file(for: reference, from: folder) else {
            say("no recipe \(reference) here or above (looked for \(RecipeReference.lookedFor(reference)))")
            return
        }
        open(path: file)
    }

    /// Alt-O in the text: the same for the reference at the caret.
    func openReferencedRecipeAtCaret() {
        guard let id = session.document.typingAttributesAtCaretParagraph.ingredient,
              let row = session.recipe.ingredients.firstIndex(where: { $0.id == id }) else {
            say("the caret is not on a recipe reference (@./sauce{} in Cooklang)")
            return
        }
        openReferencedRecipe(row: row)
    }
}
