import TerminalUI
import TextLayout

/// A picture as a pane shows it, in rows of cells: drawn in block symbols
/// once decoded (`PictureCache`), centred in its width; its alternative
/// text while it is not; the text and the reason (at most three rows) when
/// it cannot be (a missing or damaged file, an address on the web); the
/// text only without colours (NO_COLOR) or with pictures hidden (Alt-P).
/// The inspector draws the recipe's picture with it, the text pane each
/// picture its text names, a row at a time: one look everywhere, and one
/// place that puts a picture's cells on the screen.
struct PictureBlock {
    var picture: RecipePicture
    /// What is drawn; nil for the text only.
    var drawing: PictureCache.Drawing?
    /// The width it is drawn in.
    var columns: Int

    /// `picture` in a box of `columns`×`rows` cells, as the cache has it
    /// now (asking starts the work, off the main thread).
    init(_ picture: RecipePicture, columns: Int, rows: Int, controller: EditorController) {
        self.picture = picture
        self.columns = columns
        guard controller.useColor, controller.showsPictures else { return }
        drawing = picture.path.map { controller.pictures.drawing(of: $0, columns: columns, rows: rows) }
            ?? .failed("pictures on the web are not fetched")
    }

    /// The rows it takes.
    var rows: Int {
        switch drawing {
        case .cells(let rows): rows.count
        case .failed(let reason): 1 + reasonLines(reason).count
        case .loading, nil: 1
        }
    }

    /// Draws its row `row` from `x` on row `y` of the grid, `columns` wide.
    func draw(row: Int, into grid: inout CellGrid, x: Int, y: Int) {
        let right = x + columns
        switch drawing {
        case .cells(let rows):
            guard rows.indices.contains(row) else { return }
            let left = x + max(0, (columns - rows[row].count) / 2)
            for (column, cell) in rows[row].enumerated() where left + column < right { grid[left + column, y] = cell }
        case .failed(let reason) where row > 0:
            let lines = reasonLines(reason)
            guard lines.indices.contains(row - 1) else { return }
            grid.write(lines[row - 1], x: x, y: y, style: EditorController.dimStyle, limit: right)
        case .failed, .loading, nil:
            guard row == 0 else { return }
            let altText = EditorController.label("\(ParagraphLayout.imageMarker) \(VisualLabel.isolated(picture.alt))")
            grid.write(altText, x: x, y: y, style: CellStyle(italic: true), limit: right)
        }
    }

    /// Why a picture is not drawn, wrapped to the width in at most three rows.
    private func reasonLines(_ reason: String) -> [String] {
        CellGrid.wrapped(EditorController.label(reason), width: columns, rows: 3)
    }
}
