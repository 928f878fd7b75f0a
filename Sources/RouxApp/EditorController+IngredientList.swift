import Recipes
import RichText

extension EditorController {
    /// "Mark the ingredient list": every item of the list under the caret
    /// (or under the "Ingredients" heading it is on) becomes an ingredient
    /// with its quantity and note, its name marked, in one undo step.
    func markIngredientList() {
        // Every occurrence of each name is marked: the whole file first.
        whenLoaded("marking the ingredient list") { [unowned self] in
            guard let items = session.recipe.ingredientList(at: session.caret.offset), !items.isEmpty else {
                say("put the caret in a list (or on the heading just above it) to mark its items as ingredients")
                return
            }
            var marked: [String] = []
            session.edit { marked = $0.markIngredientItems(items) }
            let left = items.count - marked.count
            say(marked.isEmpty ? "nothing to mark: each item is marked already, or its name is in another mark"
                : "marked \(marked.count) ingredient\(marked.count == 1 ? "" : "s"): \(marked.joined(separator: ", "))"
                    + (left > 0 ? " (\(left) left as they were)" : ""))
        }
    }
}
