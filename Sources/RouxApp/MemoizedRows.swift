import TerminalUI

/// Rows drawn from a few values (the title bar, the key bar) are drawn
/// again only when those values change; otherwise their cells are copied
/// from the frame that drew them. Writing a label cell by cell costs more
/// than the rest of a keystroke's drawing.
struct MemoizedRows {
    private var drawn: [String: (key: AnyHashable, row: Int, frame: CellGrid)] = [:]

    /// Draws row `row` of `grid` with `draw`, or copies it when `key` is
    /// the one it was drawn for last.
    mutating func row(_ name: String, _ row: Int, key: AnyHashable, in grid: inout CellGrid, draw: (inout CellGrid) -> Void) {
        if let memo = drawn[name], memo.key == key, memo.row == row,
           memo.frame.width == grid.width, memo.frame.height == grid.height {
            grid.copyCells(from: memo.frame, row: row, x: 0, count: grid.width)
            return
        }
        draw(&grid)
        drawn[name] = (key, row, grid)
    }
}
