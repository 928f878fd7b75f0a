public import Foundation

/// One cell of a laid-out line.
public struct LayoutCell: Equatable, Sendable {
    /// What to draw: one grapheme, one character of a placeholder such as
    /// `^[`, a space of a tab, or "" for the second cell of a wide grapheme.
    public var text: String
    public var isContinuation: Bool
    /// The attributes of the run the grapheme belongs to. (Where the text
    /// is, is the graphemes' business: a cell holds no offsets, so a
    /// paragraph moved by an edit before it keeps its cells as they are.)
    public var attributes: AttributeContainer
}

/// A grapheme as placed on a visual line.
public struct PlacedGrapheme: Equatable, Sendable {
    /// UTF-8 range in the document.
    public var range: Range<Int>
    /// First cell, counted from the pane's left edge.
    public var column: Int
    /// Cells; 0 for a grapheme drawn inside another (U+FEFF after lam-alef) or a hanging space.
    public var width: Int
    public var isRightToLeft: Bool
    /// Its bidi embedding level: above 0 in a left-to-right paragraph, its
    /// place depends on text around it, even for a digit at an even level
    /// (European numbers after a right-to-left word are at level 2).
    public var level: UInt8
}

/// One visual line of a paragraph, in visual (left-to-right screen) order.
public struct LineFragment: Equatable, Sendable {
    public var paragraph: Int
    public var lineInParagraph: Int
    public var isLastInParagraph: Bool
    /// The logical text of the line, as document UTF-8 offsets (no newline).
    public var range: Range<Int>
    public var isRightToLeftParagraph: Bool
    /// Blank columns before the first cell (alignment, right-to-left text).
    public var leadingColumns: Int
    /// The cells from `leadingColumns` on.
    public var cells: [LayoutCell]
    /// The graphemes, left to right on screen.
    public var graphemes: [PlacedGrapheme]
    /// Drawn beside the text, not part of it: a list marker, quote bars
    /// (`ParagraphDecoration`); "" for none.
    public var decoration = ""
    public var decorationColumn = 0
    /// On a row a view draws under the paragraph for an image of its text
    /// (`TextAttachment`): which, and this row's number in it. Such a row
    /// holds no text: the caret passes over it.
    public var attachment: TextAttachment?
    public var attachmentRow = 0

    /// Columns taken, leading blanks included.
    public var width: Int { leadingColumns + cells.count }

    /// The column where a caret at the end of the line is drawn: after the
    /// text for a left-to-right paragraph, before it for a right-to-left one.
    public var endColumn: Int {
        isRightToLeftParagraph ? max(0, leadingColumns - 1) : width
    }

    /// The column of the cell showing a caret at `offset`: the caret is drawn
    /// on the grapheme after it, or at `endColumn` at the end of the line.
    /// Nil when the offset is not in this line.
    public func column(ofCaretAt offset: Int) -> Int? {
        guard range.contains(offset) || offset == range.upperBound else { return nil }
        return grapheme(drawingCaretAt: offset)?.column ?? endColumn
    }

    /// The grapheme whose cell shows a caret at `offset`: the first after it
    /// that has cells (a grapheme with none shows its caret on the next one
    /// that has some); nil at the end of the line.
    private func grapheme(drawingCaretAt offset: Int) -> PlacedGrapheme? {
        guard offset < range.upperBound else { return nil }
        var best: PlacedGrapheme?
        for grapheme in graphemes where grapheme.width > 0 && grapheme.range.lowerBound >= offset {
            if best.map({ grapheme.range.lowerBound < $0.range.lowerBound }) ?? true { best = grapheme }
        }
        return best
    }

    /// The cell boundary a caret at `offset` stands on, as a selection's end
    /// (`TextLayoutManager.logicalRanges`): the leading edge, in the
    /// paragraph's direction, of the cell the caret is drawn on — its left
    /// edge in a left-to-right paragraph, its right edge in a right-to-left
    /// one — whatever the direction of the letter there. So each caret stop
    /// is a boundary of its own and a Shift-arrow selects the cell the caret
    /// passes over on screen, as a block cursor does. (The letter's own
    /// direction would put a caret before the first letter of a Hebrew word
    /// and one after it on the same boundary, and a press would select
    /// nothing.) Nil when the offset is not in this line.
    public func boundaryColumn(ofCaretAt offset: Int) -> Int? {
        guard range.contains(offset) || offset == range.upperBound else { return nil }
        guard let drawn = grapheme(drawingCaretAt: offset) else { return isRightToLeftParagraph ? leadingColumns : width }
        return isRightToLeftParagraph ? drawn.column + drawn.width : drawn.column
    }

    /// The graphemes a reader meets after cell boundary `start` and before
    /// cell boundary `end`, reading in the paragraph's direction (leftwards
    /// in a right-to-left paragraph); nil is the line's start or end.
    func graphemes(readAfter start: Int?, before end: Int?) -> [PlacedGrapheme] {
        graphemes.filter { grapheme in
            if isRightToLeftParagraph {
                let right = grapheme.column + grapheme.width
                return (start.map { right <= $0 } ?? true) && (end.map { right > $0 } ?? true)
            }
            return (start.map { grapheme.column >= $0 } ?? true) && (end.map { grapheme.column < $0 } ?? true)
        }
    }

    /// Whether boundary `first` comes before boundary `second` when the line
    /// is read in its paragraph's direction.
    func reads(_ first: Int, before second: Int) -> Bool {
        isRightToLeftParagraph ? first > second : first < second
    }

    /// The caret offset for a click or a vertical move to `column`: before the
    /// grapheme drawn there; beside the text, the line end on the side the
    /// paragraph ends on and the line start on the other.
    public func caretOffset(atColumn column: Int) -> Int {
        if let hit = graphemes.first(where: { $0.width > 0 && column >= $0.column && column < $0.column + $0.width }) {
            return hit.range.lowerBound
        }
        let beforeText = column < leadingColumns
        return beforeText == isRightToLeftParagraph ? range.upperBound : range.lowerBound
    }
}
