import Foundation
import Recipes
import RecipeFormats
import TerminalUI
import TextLayout

/// The recipe's details (its front matter or Cooklang `>>` lines: title,
/// servings, times, tags, source, any key) at the top of the text column,
/// as Obsidian shows a note's properties: a row per key in the file's
/// order, a list's items joined with commas. Enter edits a value in a
/// prompt, `a` adds a key, Delete removes one; each change is one undo
/// step, saved where and as the file writes the key. A front matter that
/// does not parse shows as its lines with the parser's message: Enter edits
/// a line, and once it parses the keys show again.
final class DetailsPane: EditorPane {
    let focus = EditorController.Pane.details
    var focusHint: String? {
        "details: Up/Down choose, Enter edits, a adds, Delete removes, Esc back (F8 too)"
    }

    /// The highlighted row and the scroll: the details (or the lines of a
    /// front matter that does not parse), then "Add a detail…".
    var rows = ScrollingList()
    /// Hidden: one summary row (F8's palette twin "Details: all or one line").
    var showsAll = true

    func recipeReplaced() {
        rows = ScrollingList()
    }

    /// What the rows show, worked out again only when the metadata or the
    /// head changes (a list's value takes a YAML parse).
    private var cache: (metadata: RecipeMetadata, unread: String?, content: Content)?

    enum Content: Equatable {
        case details([Recipe.Detail])
        case unread(Recipe.UnreadFrontMatter)
    }

    func content(of recipe: Recipe) -> Content {
        let unread = recipe.unreadFrontMatterText
        if let cache, cache.unread == unread, cache.metadata == recipe.metadata { return cache.content }
        let content: Content = unread.flatMap(Recipe.unreadFrontMatter).map { .unread($0) } ?? .details(recipe.details)
        cache = (recipe.metadata, unread, content)
        return content
    }

    /// Rows the pane has to show (without its title row), counted without
    /// reading values: the layout asks on every frame.
    private func entryCount(of recipe: Recipe) -> Int {
        if let block = recipe.unreadFrontMatterText {
            // The message row, and the lines between the delimiters.
            return 1 + max(0, block.utf8.count { $0 == 0x0A } - 2)
        }
        let keys = Set(recipe.metadata.keyOrder).subtracting(["ingredients"])
        return keys.count + (recipe.metadata.title != nil && !keys.contains("title") ? 1 : 0)
    }

    /// The rows the layout gives the pane at the top of a text column
    /// `columnHeight` rows high: none for a recipe without details (unless
    /// focused), its title row and a row each, and "Add a detail…", up to
    /// a third of the column (the rest scrolls), one summary row when hidden
    /// or the column is short. Shown in full, it is as high focused or not,
    /// as Obsidian's properties always end with "Add property": the text
    /// does not move down under the pointer when a click gives the details
    /// the keys (the next click meant for the text hit the add row).
    func height(for recipe: Recipe, columnHeight: Int, focused: Bool) -> Int {
        let details = entryCount(of: recipe)
        let entries = details + ((focused || details > 0) && recipe.unreadFrontMatterText == nil ? 1 : 0)
        guard entries > 0 else { return 0 }
        if !focused, !showsAll || columnHeight < 12 { return 1 }
        // Lines that do not parse need their message row and one line at least.
        return min(1 + entries, max(recipe.unreadFrontMatterText == nil ? 2 : 3, columnHeight / 3))
    }

    /// The rows it wants at the top of the text column.
    func wantedSize(of columnHeight: Int, controller: EditorController) -> Int {
        height(for: controller.session.recipe, columnHeight: columnHeight, focused: controller.focus == .details)
    }

    /// The rows as the recipe and the layout have them now (keys act on them between frames).
    func syncRows(_ controller: EditorController) {
        syncRows(content(of: controller.session.recipe), frame: controller.detailsFrame, focused: controller.focus == .details)
    }

    /// The selectable rows: details and the add row, or lines.
    func syncRows(_ content: Content, frame: EditorController.Frame, focused: Bool) {
        switch content {
        case .details(let details):
            rows.setCount(details.count + 1)
            rows.setVisibleRows(frame.height - 1)
        case .unread(let unread):
            rows.setCount(unread.lines.count)
            rows.setVisibleRows(frame.height - 2)
        }
    }

    // MARK: Drawing

    func draw(into grid: inout CellGrid, frame: EditorController.Frame, controller: EditorController) {
        let recipe = controller.session.recipe
        let focused = controller.focus == .details
        let content = content(of: recipe)
        let right = frame.x + frame.width
        grid.fill(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        syncRows(content, frame: frame, focused: focused)
        let titleStyle = CellStyle(bold: true, underline: focused)
        var x = grid.write("Details", x: frame.x, y: frame.y, style: titleStyle, limit: right)
        switch content {
        case .details(let details):
            if frame.height == 1 {
                // One row: the details, as a summary.
                let summary = details.map { "\($0.key): \($0.text)" }.joined(separator: " · ")
                grid.write(EditorController.label("  " + EditorController.fitted(summary, columns: max(2, right - x - 2))), x: x, y: frame.y,
                           style: EditorController.dimStyle, limit: right)
                return
            }
            x = grid.write(" ", x: x, y: frame.y)
            grid.write(String(repeating: "─", count: max(0, right - x)), x: x, y: frame.y, style: EditorController.dimStyle, limit: right)
            drawDetails(details, into: &grid, frame: frame, focused: focused, useColor: controller.useColor)
        case .unread(let unread):
            grid.write(" · the front matter does not parse, and is kept as written", x: x, y: frame.y,
                       style: EditorController.dimStyle, limit: right)
            guard frame.height > 2 else { return }
            drawUnread(unread, into: &grid, frame: frame, focused: focused, useColor: controller.useColor)
        }
    }

    private func drawDetails(_ details: [Recipe.Detail], into grid: inout CellGrid, frame: EditorController.Frame,
                             focused: Bool, useColor: Bool) {
        let right = frame.x + frame.width
        // The keys' column, as wide as the longest key up to a third of the pane.
        let keyColumns = min(max(8, details.map { CellGrid.columns(of: $0.key) }.max() ?? 0), max(4, frame.width / 3))
        for (screenRow, row) in rows.visibleRange.enumerated() {
            let y = frame.y + 1 + screenRow
            let highlighted = focused && row == rows.selected
            let reverse = CellStyle(reverse: true)
            if highlighted { grid.fill(x: frame.x, y: y, width: frame.width - 1, height: 1, style: reverse) }
            guard details.indices.contains(row) else {
                grid.write("+ Add a detail…", x: frame.x + 1, y: y, style: highlighted ? reverse : EditorController.dimStyle, limit: right - 1)
                continue
            }
            let detail = details[row]
            let key = EditorController.fitted(detail.key, columns: keyColumns)
            var keyStyle = highlighted ? reverse : EditorController.dimStyle
            keyStyle.bold = true
            grid.write(EditorController.label(key), x: frame.x + 1, y: y, style: keyStyle, limit: right - 1)
            var valueStyle = highlighted ? reverse : CellStyle()
            valueStyle.italic = detail.isNested
            let valueX = frame.x + 1 + keyColumns + 2
            let value = EditorController.fitted(detail.text, columns: max(2, right - 1 - valueX))
            grid.write(EditorController.label(value), x: valueX, y: y, style: valueStyle, limit: right - 1)
        }
        drawScrollMarks(x: right - 1, top: frame.y + 1, into: &grid)
    }

    private func drawUnread(_ unread: Recipe.UnreadFrontMatter, into grid: inout CellGrid, frame: EditorController.Frame,
                            focused: Bool, useColor: Bool) {
        let right = frame.x + frame.width
        let problem = unread.problem
        let where_ = "line \(problem.line)" + (problem.column > 1 ? ", column \(problem.column)" : "")
        let message = problem.message.hasPrefix("front matter: ") ? String(problem.message.dropFirst(14)) : problem.message
        let problemStyle = useColor ? CellStyle(foreground: .ansi(.red), bold: true) : CellStyle(bold: true)
        grid.write(EditorController.label("\(where_): \(message)  (Enter edits a line)"), x: frame.x + 1, y: frame.y + 1,
                   style: problemStyle, limit: right)
        let numberColumns = String(unread.firstLine + unread.lines.count).count
        for (screenRow, row) in rows.visibleRange.enumerated() {
            let y = frame.y + 2 + screenRow
            let highlighted = focused && row == rows.selected
            let fileLine = unread.firstLine + row
            let number = String(fileLine)
            let isProblem = fileLine == problem.line
            let numberText = String(repeating: " ", count: numberColumns - number.count) + number + (isProblem ? "▸" : "│")
            grid.write(numberText, x: frame.x + 1, y: y, style: isProblem ? problemStyle : EditorController.dimStyle, limit: right)
            let lineX = frame.x + 2 + numberColumns + 1
            if highlighted { grid.fill(x: lineX, y: y, width: max(0, right - 1 - lineX), height: 1, style: CellStyle(reverse: true)) }
            grid.write(EditorController.label(unread.lines[row]), x: lineX, y: y, style: CellStyle(reverse: highlighted), limit: right - 1)
        }
        drawScrollMarks(x: right - 1, top: frame.y + 2, into: &grid)
    }

    /// ▲ and ▼ at the right edge when rows are hidden above or below.
    private func drawScrollMarks(x: Int, top: Int, into grid: inout CellGrid) {
        if rows.top > 0 { grid[x, top] = Cell("▲", style: EditorController.dimStyle) }
        if rows.top + rows.visibleRows < rows.count { grid[x, top + rows.visibleRows - 1] = Cell("▼", style: EditorController.dimStyle) }
    }

    // MARK: The mouse

    func handleMouse(_ mouse: MouseEvent, frame: EditorController.Frame, controller: EditorController) {
        switch mouse.action {
        case .scrollUp: rows.scroll(by: -3)
        case .scrollDown: rows.scroll(by: 3)
        case .press:
            // A press gives the pane the keys and highlights the row under
            // it, as a click in any editor's pane; a press on the one
            // summary row only opens the pane (its rows are not drawn yet).
            controller.focus = .details
            guard frame.height > 1 else { return }
            syncRows(controller)
            let firstRow = frame.y + (content(of: controller.session.recipe).isUnread ? 2 : 1)
            guard let row = rows.row(atVisibleRow: mouse.y - firstRow) else { return }
            rows.select(row)
        default: break
        }
    }
}

extension DetailsPane.Content {
    var isUnread: Bool {
        if case .unread = self { return true }
        return false
    }
}
