import Foundation
import RichText
public import TextLayout

/// The caret and selections as the layout sees them: affinity at a wrap
/// point, the goal column, the visual anchor of a Shift selection.
extension EditorSession {
    /// The primary caret (the head of the primary range) as the layout sees it.
    public var caret: CaretPosition {
        let text = recipe.document.text
        return CaretPosition(offset: text.utf8Offset(of: recipe.document.selection.primary.head), isUpstream: pane.caretIsUpstream)
    }

    /// Moves the caret; with `extending`, the selection grows from its anchor
    /// to the new place, visually (in bidi text that may be several ranges).
    func moveCaret(to target: CaretPosition, extending: Bool, keepGoalColumn: Bool = false) {
        if !keepGoalColumn { pane.goalColumn = nil }
        componentEnd = nil
        let text = recipe.document.text
        if extending {
            let anchor = pane.visualAnchor ?? caret
            pane.visualAnchor = anchor
            pane.caretIsUpstream = target.isUpstream
            select(from: anchor, to: target)
        } else {
            pane.visualAnchor = nil
            pane.caretIsUpstream = target.isUpstream
            try? recipe.document.select(TextSelection(caret: text.characterIndex(atUTF8Offset: target.offset)))
        }
        layout.setFinalParagraphAttributes(recipe.document.finalParagraphAttributes)
    }

    /// Selects what looks contiguous between two carets on screen.
    func select(from anchor: CaretPosition, to head: CaretPosition) {
        let text = recipe.document.text
        let start = (line: layout.linePosition(of: anchor), column: layout.boundaryColumn(of: anchor))
        let end = (line: layout.linePosition(of: head), column: layout.boundaryColumn(of: head))
        // No cell between the two places is no selection, even where the
        // offsets differ (the caret going on to the next line may skip text
        // drawn further along it).
        let ranges = layout.logicalRanges(from: start, to: end)
        // The primary range is the one the head is in (or touches).
        let primary = ranges.firstIndex { $0.lowerBound <= head.offset && head.offset <= $0.upperBound } ?? ranges.count - 1
        // Each range's head is on its logical side of the anchor (going right
        // in Hebrew goes back in the text); the primary's is the head's own
        // place, which the status line's column reads.
        let backward = head.offset < anchor.offset
        var selectionRanges = ranges.enumerated().map { index, range in
            let headAtLower = index == primary && range.lowerBound == head.offset ? true
                : index == primary && range.upperBound == head.offset ? false : backward
            return TextSelection.Range(anchor: text.characterIndex(atUTF8Offset: headAtLower ? range.upperBound : range.lowerBound),
                                       head: text.characterIndex(atUTF8Offset: headAtLower ? range.lowerBound : range.upperBound))
        }
        if selectionRanges.isEmpty { selectionRanges = [.caret(text.characterIndex(atUTF8Offset: head.offset))] }
        try? recipe.document.select(TextSelection(ranges: selectionRanges, primary: max(0, primary)))
        // Keep the drawn caret where the head is.
        caretHead = head
    }

    /// The caret to draw: the visual head during a Shift selection.
    public var drawnCaret: CaretPosition {
        if pane.visualAnchor != nil, let caretHead { return caretHead }
        return caret
    }
}
