public import Foundation

extension RichTextDocument {
    /// The selected text with every in-scope attribute, ingredients included.
    /// Several ranges are joined as they stand, as SwiftUI does with
    /// `text[selection]`: a bidi selection that looks like one stretch copies
    /// as one piece.
    public func copy() -> AttributedString {
        AttributedString(text[selection.rangeSet])
    }

    /// Copies, then deletes the selection (one undo step).
    public mutating func cut() -> AttributedString {
        let copied = copy()
        if selection.hasSelectedText { deleteBackward() }
        return copied
    }
}
