import Foundation
import Recipes
import RichText
import TerminalUI
import TextLayout

/// The ingredient inspector at the window's right: the ingredients with
/// their check boxes, quantities (scaled for cooking) and counts, the
/// servings line, cookware and timers, and the suggestion Ctrl-E would
/// take. Its keys (F6 gives them) choose, edit, select the marks of, tick
/// and remove an ingredient; a click focuses a row or ticks its box.
final class InspectorPane: EditorPane {
    let focus = EditorController.Pane.inspector
    var focusHint: String? { "ingredients: Up/Down choose, Enter edits, s selects its marks, Space ticks, Delete removes, Esc back" }

    /// The highlighted ingredient and the scroll.
    var rows = ScrollingList()
    /// Which picture it shows atop the ingredients.
    var pictureMemo = PictureMemo()

    /// The rows follow the recipe and the pane's height.
    func syncRows(_ controller: EditorController) {
        rows.setCount(controller.session.recipe.ingredients.count)
        rows.setVisibleRows(ingredientAreaRows(controller))
    }

    /// The picture's rows, the title row, and the servings row when there is one.
    func headerRows(_ controller: EditorController) -> Int {
        (pictureLayout(controller)?.rows ?? 0) + (controller.servingsLine == nil ? 1 : 2)
    }

    /// Rows the inspector gives the ingredients: what the header, the
    /// suggestion and (up to a third of the pane) cookware and timers leave.
    private func ingredientAreaRows(_ controller: EditorController) -> Int {
        let available = max(1, controller.inspectorFrame.height - headerRows(controller) - 3)
        let equipment = controller.session.equipment
        let equipmentLines = (equipment.cookware.isEmpty ? 0 : equipment.cookware.count + 2)
            + (equipment.timers.isEmpty ? 0 : equipment.timers.count + 2)
        return max(1, available - min(equipmentLines, available / 3))
    }

    func willHandleKey(_ controller: EditorController) {
        // Its keys act on the rows as the recipe has them now.
        syncRows(controller)
    }

    func recipeReplaced() {
        rows = ScrollingList()
        pictureMemo = PictureMemo()
    }

    // MARK: Drawing

    func draw(into grid: inout CellGrid, frame: EditorController.Frame, controller: EditorController) {
        let session = controller.session
        let useColor = controller.useColor
        let viewScale = controller.viewScale
        let dim = EditorController.dimStyle
        let right = frame.x + frame.width
        for y in frame.y ..< frame.y + frame.height { grid[frame.x, y] = Cell("│", style: dim) }
        let x = frame.x + 2
        let picture = pictureLayout(controller)
        if let picture { drawPicture(picture, into: &grid, frame: frame, controller: controller) }
        let top = frame.y + (picture?.rows ?? 0)
        let ingredients = session.recipe.ingredients
        let titleEnd = grid.write(ingredients.isEmpty ? "Ingredients" : "Ingredients (\(ingredients.count))", x: x, y: top,
                                  style: CellStyle(bold: true, underline: controller.focus == .inspector), limit: right)
        // The marks' column: its heading says what the number at each row's end counts.
        if !ingredients.isEmpty, titleEnd + 1 + Self.marksHeading.count <= right - 1 {
            grid.write(Self.marksHeading, x: right - 1 - Self.marksHeading.count, y: top, style: dim)
        }
        if let servings = controller.servingsLine {
            grid.write(servings, x: x, y: top + 1, style: viewScale == 1 && session.units.system == nil ? CellStyle() : CellStyle(bold: true), limit: right)
        }
        let counts = session.occurrenceCounts
        let underCaret = session.document.typingAttributesAtCaretParagraph.ingredient
        syncRows(controller)
        let headerRows = headerRows(controller)
        var y = frame.y + headerRows
        for row in rows.visibleRange {
            let ingredient = ingredients[row]
            let highlighted = controller.focus == .inspector ? row == rows.selected : ingredient.id == underCaret
            // A reference to another recipe: "→ sauce", in the links' blue.
            let isRecipe = EditorController.recipePath(of: ingredient) != nil
            var style = highlighted ? CellStyle(reverse: true)
                : CellStyle(foreground: useColor ? (isRecipe ? .ansi(.blue) : controller.theme.ingredient) : .default, bold: !useColor, underline: !useColor)
            if session.checked.contains(ingredient.id) { style.dim = true }
            if highlighted { grid.fill(x: x, y: y, width: right - 1 - x, height: 1, style: style) }
            // The count in its own cells at the row's end, under "marks": never
            // read as a factor of the quantity, never moved by a right-to-left name.
            let count = "\(counts[ingredient.id] ?? 0)"
            let countX = right - 1 - count.count
            grid.write(count, x: countX, y: y, style: highlighted ? style : dim)
            let label = Self.rowLabel(ingredient, quantity: session.viewedQuantity(of: ingredient)?.description,
                                      checked: session.checked.contains(ingredient.id), isRecipe: isRecipe, columns: countX - 2 - x)
            // Two blanks at least before the count: `500 g 1` read as one quantity.
            grid.write(EditorController.label(label), x: x, y: y, style: style, limit: countX - 2)
            y += 1
        }
        EditorController.drawScrollMarks(rows, x: right - 1, top: frame.y + headerRows, into: &grid)
        if ingredients.isEmpty {
            grid.write("none yet: select words, \(controller.keyHint("Mark as an ingredient"))", x: x, y: y, style: dim, limit: right)
        }
        if ingredients.isEmpty { y += 1 }
        let suggestionRows = 3
        // Cookware and timers (Cooklang's #pot{} and ~{10%minutes}), in their colours.
        let equipment = session.equipment
        // Then what the text writes in other units, as the unit view shows it (Alt-M).
        for (title, names, color) in [("Cookware", equipment.cookware, controller.theme.cookware), ("Timers", equipment.timers, controller.theme.timer),
                                      ("In the text", session.textConversionLabels, .ansi(.yellow))]
        where !names.isEmpty {
            y += 1
            guard y < frame.y + frame.height - suggestionRows else { break }
            grid.write(title, x: x, y: y, style: CellStyle(bold: true), limit: right)
            y += 1
            for name in names where y < frame.y + frame.height - suggestionRows {
                grid.write(EditorController.label(name), x: x, y: y, style: useColor ? CellStyle(foreground: color) : CellStyle(italic: true), limit: right)
                y += 1
            }
        }
        let bottom = frame.y + frame.height - 2
        grid.write("Suggestion", x: x, y: bottom, style: CellStyle(bold: true), limit: right)
        if let (suggestion, existing) = session.shownSuggestion {
            if let index = existing {
                // Already an ingredient: nothing to add, say which.
                let existing = session.recipe.ingredients[index]
                let marks = counts[existing.id] ?? 0
                grid.write(EditorController.label("✓ \(VisualLabel.isolated(existing.name)) · \(marks) mark\(marks == 1 ? "" : "s")"), x: x, y: bottom + 1,
                           style: dim, limit: right)
            } else {
                let quantity = suggestion.quantity.map { "\($0) " } ?? ""
                grid.write(EditorController.label("[+] \(quantity)\(VisualLabel.isolated(suggestion.name))  ^E"), x: x, y: bottom + 1, limit: right)
            }
        } else {
            grid.write("select words to suggest", x: x, y: bottom + 1, style: dim, limit: right)
        }
    }

    /// The heading of the column of counts: how many times each ingredient is marked in the text.
    static let marksHeading = "marks"

    /// An ingredient's row before its count, in `columns`: its box, its
    /// name and its quantity, the name and the quantity each isolated
    /// (FSI … PDI) so that each reads in its own direction and neither
    /// draws the other into its run (`[ ] קמח 200 גרם` keeps `200 גרם`
    /// whole). A long name gives way, with "…", to its quantity.
    static func rowLabel(_ ingredient: Ingredient, quantity: String?, checked: Bool, isRecipe: Bool, columns: Int) -> String {
        let box = checked ? "[x]" : "[ ]"
        let tail = quantity.map { " " + VisualLabel.isolated($0) } ?? ""
        let shownName = (isRecipe ? "→ " : "") + ingredient.name
        let room = columns - CellGrid.columns(of: box + " " + (quantity.map { " " + $0 } ?? ""))
        let name = room >= 4 ? EditorController.fitted(shownName, columns: room) : shownName
        return "\(box) \(VisualLabel.isolated(name))\(tail)"
    }

    // MARK: The mouse

    /// Everything right of its edge, from the title bar to the key bar.
    func claims(_ mouse: MouseEvent, frame: EditorController.Frame) -> Bool {
        mouse.x >= frame.x
    }

    func handleMouse(_ mouse: MouseEvent, frame: EditorController.Frame, controller: EditorController) {
        syncRows(controller)
        switch mouse.action {
        case .press: click(row: mouse.y - frame.y, x: mouse.x, frame: frame, controller: controller)
        case .scrollUp: rows.scroll(by: -3)
        case .scrollDown: rows.scroll(by: 3)
        default: break
        }
    }

    /// A press on a row focuses it, on its box ticks it; on the suggestion's row, [+] adds it.
    private func click(row: Int, x: Int, frame: EditorController.Frame, controller: EditorController) {
        if row == frame.height - 1 {
            controller.markIngredient()
            return
        }
        guard let index = rows.row(atVisibleRow: row - headerRows(controller)) else { return }
        controller.focus = .inspector
        rows.select(index)
        let boxX = frame.x + 2
        if (boxX ..< boxX + 3).contains(x) { controller.toggleChecked(row: index) }
    }
}

extension EditorCommand {
    private static let listMoves: [Key.Code] = [.up, .down, .home, .end, .pageUp, .pageDown]

    /// The inspector's keys (its scope), in the one key table.
    static let inspectorPane: [EditorCommand] = [
        EditorCommand(name: "Choose an ingredient", summary: "choose (the list scrolls)", scope: .ingredients,
                      keys: listMoves.map { Key($0) },
                      keyLabel: "Up, Down, PgUp, PgDn, Home, End", inPalette: false) { controller, key in
            controller.panes.inspector.rows.handle(key)
        },
        EditorCommand(name: "Edit the ingredient", summary: "its quantity, unit, note and name, a field at a time (Tab next field, Enter keeps, Esc drops); the text is not renamed",
                      scope: .ingredients, keys: [Key(.enter)], inPalette: false) { controller, _ in
            controller.editIngredient(row: controller.inspectorRow)
        },
        EditorCommand(name: "Select its marks", summary: "select every mark of the ingredient in the text", scope: .ingredients,
                      keys: [Key(.character("s"))], inPalette: false) { controller, _ in controller.selectOccurrences(row: controller.inspectorRow) },
        EditorCommand(name: "Open the referenced recipe", summary: "open the recipe a reference names (→ in the list: @./sauce{} in Cooklang)",
                      scope: .ingredients, keys: [Key(.character("o"))], inPalette: false) { controller, _ in
            controller.openReferencedRecipe(row: controller.inspectorRow)
        },
        EditorCommand(name: "Tick", summary: "tick it off (or click its box)", scope: .ingredients,
                      keys: [Key(.character(" ")), Key(.character(" "), .control)], keyLabel: "Space", inPalette: false) { controller, _ in
            controller.toggleChecked(row: controller.inspectorRow)
        },
        EditorCommand(name: "Remove the ingredient", summary: "remove it and its marks (asks; Ctrl-Z brings them back)",
                      scope: .ingredients, keys: [Key(.delete), Key(.backspace)], keyLabel: "Delete", inPalette: false) { controller, _ in
            controller.askRemoveIngredient()
        },
        EditorCommand(name: "Back to the text", summary: "back to the text", scope: .ingredients,
                      keys: [Key(.escape), Key(.tab)], keyLabel: "Esc, Tab", inPalette: false) { controller, _ in controller.focus = .editor },
    ]
}
