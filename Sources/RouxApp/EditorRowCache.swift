import RichText
import TerminalUI

/// What the editor pane drew on each row last time, so a row whose line has
/// not changed is copied, not drawn again: typing redraws the edited line and
/// the status, not forty lines of text (issue 5: "no redraw of unchanged cells").
struct EditorRowCache {
    /// Everything a row's cells depend on.
    struct RowKey: Equatable {
        var generation: Int
        var line: Int
        var lineNumber: Int?
        var isHeading: Bool
        var isCollapsedHeading: Bool
        var highlighted: [Range<Int>]
    }

    /// What the whole pane's look depends on; when it changes, nothing is reused.
    struct Context: Equatable {
        var layout: ObjectIdentifier
        var frame: EditorController.Frame
        var gutterWidth: Int
        var useColor: Bool
        var knownIngredients: Set<IngredientID>
        var gridSize: Int
    }

    private var context: Context?
    private var keys: [RowKey?] = []
    private var grid: CellGrid?

    /// The cells drawn for `row` when its key is the same as last time.
    func drawn(row: Int, key: RowKey, context: Context) -> CellGrid? {
        guard context == self.context, row < keys.count, keys[row] == key else { return nil }
        return grid
    }

    mutating func remember(_ grid: CellGrid, keys: [RowKey?], context: Context) {
        self.grid = grid
        self.keys = keys
        self.context = context
    }
}
