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
            prompt = .removeIngredient(ingredients[inspectorRow].id.rawValue)
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
        ingredientRows.setCount(session.recipe.ingredients.count)
        say("\(name) removed, with its marks (Ctrl-Z brings it back)")
    }

    /// A click in the inspector (its rows synced by the caller): a row
    /// focuses it, a click on its box ticks it; the suggestion's [+] adds it.
    func clickInspector(row: Int, x: Int) {
        let suggestionRow = inspectorFrame.height - 1
        if row == suggestionRow {
            markIngredient()
            return
        }
        guard let index = ingredientRows.row(atVisibleRow: row - inspectorHeaderRows) else { return }
        focus = .inspector
        ingredientRows.select(index)
        let boxX = inspectorFrame.x + 2
        if (boxX ..< boxX + 3).contains(x) { toggleChecked(row: index) }
    }

    /// The title row, and the servings row when there is one.
    var inspectorHeaderRows: Int { servingsLine == nil ? 1 : 2 }

    /// Rows the inspector gives the ingredients: what the header, the
    /// suggestion and (up to a third of the pane) cookware and timers leave.
    var ingredientAreaRows: Int {
        let available = max(1, inspectorFrame.height - inspectorHeaderRows - 3)
        let equipment = session.equipment
        let equipmentLines = (equipment.cookware.isEmpty ? 0 : equipment.cookware.count + 2)
            + (equipment.timers.isEmpty ? 0 : equipment.timers.count + 2)
        return max(1, available - min(equipmentLines, available / 3))
    }

    /// The ingredient list's rows follow the recipe and the pane's height.
    func syncIngredientRows() {
        ingredientRows.setCount(session.recipe.ingredients.count)
        ingredientRows.setVisibleRows(ingredientAreaRows)
    }
}
