public import TextLayout

/// The text pane's own state, one per open recipe (and one for the preview
/// of a far part of a large file), as `ScrollingList` is the lists': where
/// the view starts, the column vertical moves aim for, the anchor a visual
/// selection grows from, the caret's side at a line break, and the rows it
/// drew last time. Its scrolling is here; what is shown comes from the
/// layout (whose folds hide sections).
public struct TextPane {
    /// The first line on screen.
    public var top = LinePosition(paragraph: 0, line: 0)
    /// The column Up and Down aim for, kept across short lines.
    var goalColumn: Int?
    /// Where a Shift selection started, as a caret, so it can be re-found on screen.
    var visualAnchor: CaretPosition?
    /// The caret is drawn at the end of the line above a soft break.
    var caretIsUpstream = false
    /// The rows drawn last time, to copy those whose line did not change.
    var rows = EditorRowCache()

    /// Scrolls as little as needed for `line` to be one of `height` rows.
    mutating func reveal(_ line: LinePosition, height: Int, in layout: TextLayoutManager) {
        top = layout.clamped(top)
        if line < top {
            top = line
            return
        }
        if line > layout.position(top, movedBy: height - 1) { top = layout.position(line, movedBy: -(height - 1)) }
    }

    /// Moves the view by `lines` (the wheel, or the lines a page moved the
    /// caret); the caret stays where it is.
    mutating func scroll(by lines: Int, in layout: TextLayoutManager) {
        top = layout.position(top, movedBy: lines)
    }

    /// `line` on row `row` of the pane (a third of the way down after going
    /// to a line, so its section shows; the last row at the end).
    mutating func show(_ line: LinePosition, onRow row: Int, in layout: TextLayoutManager) {
        top = layout.position(line, movedBy: -row)
    }

    /// The line on row `row` of the pane.
    func line(onRow row: Int, in layout: TextLayoutManager) -> LinePosition {
        layout.position(top, movedBy: row)
    }
}
