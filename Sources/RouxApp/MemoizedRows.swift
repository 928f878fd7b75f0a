import TerminalUI

/// Rows drawn from a few values (the title bar, the key bar) are drawn
/// again only when those values change; otherwise their cells are copied
/// from the frame that drew them. Writing a label cell by cell costs more
/// than the rest of a keystroke's drawing.
struct MemoizedRows {
    /// Each row's cells as drawn, not the frame: a frame kept for later
    /// would make the frame's next write copy all of it.
    private var drawn: [String: (key: AnyHashable, row: Int, cells: [Cell])] = [:]

    /// Draws row `row` of `grid` with `draw`, or copies it when `key` is
    /// the one it was drawn for last.
    mutating func row(_ name: String, _ row: Int, key: AnyHashable, in grid: inout CellGrid, draw: (inout CellGrid) -> Void) {
        if let memo = drawn[name], memo.key == key, memo.row == row, memo.cells.count == grid.width {
            grid.setRow(row, to: memo.cells)
            return
        }
        draw(&grid)
        drawn[name] = (key, row, grid.row(row))
    }
}
