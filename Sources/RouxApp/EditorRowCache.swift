import Recipes
import RichText
import TerminalUI

/// What the text pane drew on each row last time, so a row whose line has
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
        /// Columns of misspelt words (underlined).
        var misspelt: [Range<Int>] = []
    }

    /// What the whole pane's look depends on; when it changes, nothing is reused.
    struct Context: Equatable {
        var layout: ObjectIdentifier
        var frame: EditorController.Frame
        var gutterWidth: Int
        var useColor: Bool
        var theme: Theme
        var knownIngredients: Set<IngredientID>
        var gridSize: Int
    }

    private var context: Context?
    private var keys: [RowKey?] = []
    /// The pane's rows as drawn, in a grid of the screen's size that only
    /// this cache holds: a row is drawn here and copied to the frame, so the
    /// frame is never shared with a grid kept for later (which made every
    /// later write of the frame copy all of it).
    var drawn = CellGrid(width: 0, height: 0)

    /// Ready for a frame in `context` on a screen of `width`×`height`: the
    /// rows drawn last time are kept when the context is the same.
    mutating func begin(_ context: Context, width: Int, height: Int) {
        guard context != self.context || drawn.width != width || drawn.height != height else { return }
        self.context = context
        keys = []
        drawn = CellGrid(width: width, height: height)
    }

    /// Whether `row` of the pane already shows what `key` says.
    func isDrawn(row: Int, key: RowKey) -> Bool {
        row < keys.count && keys[row] == key
    }

    /// What each row shows now.
    mutating func finish(keys: [RowKey?]) {
        self.keys = keys
    }
}
