import Foundation
import Recipes
import RichText
import TerminalUI
import TextLayout

/// The ingredient inspector: the list with check boxes, the suggestion row.
extension EditorController {
    /// Keys while the inspector has the focus (F6).
    func handleInspectorKey(_ key: Key) -> Bool {
        let ingredients = session.recipe.ingredients
        switch (key.code, key.modifiers) {
        case (.up, []): inspectorRow = max(0, inspectorRow - 1)
        case (.down, []): inspectorRow = min(max(0, ingredients.count - 1), inspectorRow + 1)
        case (.character(" "), []), (.character(" "), .control):
            toggleChecked(row: inspectorRow)
        case (.enter, []):
            selectOccurrences(row: inspectorRow)
        case (.delete, []), (.backspace, []):
            if ingredients.indices.contains(inspectorRow) {
                prompt = .removeIngredient(ingredients[inspectorRow].id.rawValue)
            }
        case (.escape, []), (.tab, []):
            focus = .editor
        default:
            say("in the ingredient list: Up/Down choose, Enter select its marks, Space tick, Delete remove, Esc back")
            return false
        }
        return true
    }

    /// A space typed in the inspector arrives as text: it ticks the row.
    func handleInspectorText(_ text: String) {
        if text == " " { toggleChecked(row: inspectorRow) }
    }

    func toggleChecked(row: Int) {
        let ingredients = session.recipe.ingredients
        guard ingredients.indices.contains(row) else { return }
        let id = ingredients[row].id
        if session.checked.remove(id) == nil { session.checked.insert(id) }
    }

    /// Enter on an ingredient: all its marks as one multi-range selection.
    func selectOccurrences(row: Int) {
        let ingredients = session.recipe.ingredients
        guard ingredients.indices.contains(row) else { return }
        let ranges = session.recipe.occurrences(of: ingredients[row].id)
        guard !ranges.isEmpty else {
            say("\(ingredients[row].name) is not marked in the text")
            return
        }
        session.edit { recipe in
            try? recipe.document.select(TextSelection(ranges: ranges.map { .init(anchor: $0.lowerBound, head: $0.upperBound) },
                                                      primary: 0))
        }
        session.visualAnchor = nil
        focus = .editor
        say("\(ranges.count) mark\(ranges.count == 1 ? "" : "s") of \(ingredients[row].name) selected")
        scrollToCaret()
    }

    func removeIngredient(_ id: IngredientID) {
        let name = session.recipe.ingredient(id)?.name ?? id.rawValue
        session.edit { $0.removeIngredient(id) }
        session.checked.remove(id)
        inspectorRow = min(inspectorRow, max(0, session.recipe.ingredients.count - 1))
        say("\(name) removed, with its marks (Ctrl-Z brings the marks back)")
    }

    /// A click in the inspector: a row focuses it; the suggestion's [+] adds it.
    func clickInspector(row: Int) {
        let suggestionRow = inspectorFrame.height - 1
        if row == suggestionRow {
            markIngredient()
            return
        }
        let index = row - 1
        guard session.recipe.ingredients.indices.contains(index) else { return }
        focus = .inspector
        inspectorRow = index
    }
}
