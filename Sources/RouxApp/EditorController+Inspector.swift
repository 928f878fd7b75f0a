import Foundation
import Recipes
import RichText
import TerminalUI
import TextLayout

/// The ingredient inspector: the list with check boxes, the suggestion row.
extension EditorController {
    /// Delete in the ingredient list: asks before removing the ingredient and its marks.
    func askRemoveIngredient() {
        let ingredients = session.recipe.ingredients
        if ingredients.indices.contains(inspectorRow) {
            prompt = .question(RemoveIngredientQuestion(id: ingredients[inspectorRow].id))
        }
    }

    /// Enter on an ingredient: all its marks as one multi-range selection.
    func selectOccurrences(row: Int) {
        let ingredients = session.recipe.ingredients
        guard ingredients.indices.contains(row) else { return }
        // Every mark: the whole file first.
        whenLoaded("selecting \(ingredients[row].name)") { [unowned self] in selectLoadedOccurrences(of: ingredients[row]) }
    }

    private func selectLoadedOccurrences(of ingredient: Ingredient) {
        guard let row = session.recipe.ingredients.firstIndex(where: { $0.id == ingredient.id }) else { return }
        let ingredients = session.recipe.ingredients
        let ranges = session.recipe.occurrences(of: ingredients[row].id)
        guard !ranges.isEmpty else {
            say("\(ingredients[row].name) is not marked in the text")
            return
        }
        session.edit { recipe in
            try? recipe.document.select(TextSelection(ranges: ranges.map { .init(anchor: $0.lowerBound, head: $0.upperBound) },
                                                      primary: 0))
        }
        session.pane.visualAnchor = nil
        focus = .editor
        say("\(ranges.count) mark\(ranges.count == 1 ? "" : "s") of \(ingredients[row].name) selected")
        scrollToCaret()
    }

    func removeIngredient(_ id: IngredientID) {
        let name = session.recipe.ingredient(id)?.name ?? id.rawValue
        session.editData { recipe, checked in
            recipe.removeIngredient(id)
            checked.remove(id)
        }
        keepTicks()
        panes.inspector.rows.setCount(session.recipe.ingredients.count)
        say("\(name) removed, with its marks (\(keyHint("Undo")) brings it back)")
    }
}

/// Delete in the ingredient list: the ingredient and its marks go once the user says so.
struct RemoveIngredientQuestion: KeyQuestion {
    var id: IngredientID

    func text(controller: EditorController) -> String {
        "Remove the ingredient \(controller.session.recipe.ingredient(id)?.name ?? id.rawValue) and its marks? y remove · Esc keep"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        key == "y" ? { [id] controller in controller.removeIngredient(id) } : nil
    }
}
