public import Foundation

/// Inline markup typed in the text (`**pepper**`, `` `code` ``) turned into
/// its style once closed, as Typora and Obsidian's live preview do. Which
/// markup makes which style is the file format's to say; here is what may
/// hold it (the text just before a single caret) and the change, an undo
/// step of its own after the typing's, so undo gives the characters back.
extension RichTextDocument {
    /// The longest text looked back over for an opening delimiter, in UTF-8
    /// bytes: a span typed longer than this stays as typed. Bounded so that
    /// a keystroke in a long paragraph costs the same as in a short one.
    static let longestTypedSpan = 256

    /// The caret's paragraph from at most `longestTypedSpan` bytes back up
    /// to the caret, with its attributes, and the UTF-8 offset where it
    /// starts; nil unless there is a single caret.
    public var textBeforeCaretForInlineMarkup: (text: AttributedString, start: Int)? {
        textBeforeCaret(lookingBack: Self.longestTypedSpan)
    }

    /// The caret's paragraph from at most `limit` bytes back up to the
    /// caret (with `toParagraphEnd`, up to the paragraph's end), with its
    /// attributes and the UTF-8 offset where it starts; nil unless there is
    /// a single caret.
    public func textBeforeCaret(lookingBack limit: Int, toParagraphEnd: Bool = false) -> (text: AttributedString, start: Int)? {
        guard selection.ranges.count == 1, selection.primary.isCaret else { return nil }
        var caret = text.utf8Offset(of: selection.primary.head)
        if toParagraphEnd { caret = paragraph(containing: caret).text.upperBound }
        var lower = text.utf8Offset(of: text.characterIndex(atUTF8Offset: caret - limit))
        let window = String(text.characters[text.characterRange(atUTF8Offsets: lower ..< caret)])
        if let separatorEnd = AttributedString.lastSeparatorEnd(in: Array(window.utf8)) { lower += separatorEnd }
        guard lower < caret else { return nil }
        return (AttributedString(text[text.characterRange(atUTF8Offsets: lower ..< caret)]), lower)
    }

    /// The span at UTF-8 `span` loses its opening and closing delimiters
    /// (`openerLength` bytes at its start, `closerLength` at its end) and
    /// its inner text takes `inner`'s attributes over its own (a mark on a
    /// word made bold stays a mark): one undo step.
    public mutating func convertTypedInline(span: Range<Int>, openerLength: Int, closerLength: Int, inner: AttributedString) {
        guard span.upperBound <= text.utf8.count, span.count > openerLength + closerLength,
              span.count - openerLength - closerLength == inner.utf8.count else { return }
        // What the closing delimiter had is what typing goes on with when
        // nothing follows the span (Enter closed it): not the span's style.
        let typing = typingAttributes
        let endsAtCaret = text.utf8Offset(of: selection.primary.head) == span.upperBound
        performEdit(.other, tracking: [text.characterRange(atUTF8Offsets: span)]) { text, _ in
            text.removeSubrange(text.characterRange(atUTF8Offsets: span.upperBound - closerLength ..< span.upperBound))
            text.removeSubrange(text.characterRange(atUTF8Offsets: span.lowerBound ..< span.lowerBound + openerLength))
            var offset = span.lowerBound
            for run in inner.runs {
                let length = inner.utf8.distance(from: run.range.lowerBound, to: run.range.upperBound)
                text[text.characterRange(atUTF8Offsets: offset ..< offset + length)].mergeAttributes(run.attributes)
                offset += length
            }
        }
        if endsAtCaret { pendingTypingAttributes = typing }
    }
}

extension RichTextDocument {
    /// Typed pieces of the text (UTF-8 `ranges`, in order, not
    /// overlapping) become `replacements`, as a format's reader read them
    /// (a Cooklang `@salt{}` becomes a marked "salt"): one undo step. Each
    /// replacement keeps the paragraph keys of the text it replaces.
    public mutating func replaceTyped(_ ranges: [Range<Int>], with replacements: [AttributedString]) {
        guard ranges.count == replacements.count, let last = ranges.last, last.upperBound <= text.utf8.count, let first = ranges.first
        else { return }
        let paragraphKeys = AttributeContainer().withBlockKeys(of: text.runs[text.characterIndex(atUTF8Offset: first.lowerBound)].attributes)
        // Typing on after a piece at the caret (a `[- comment -]`) is typed text again, not more of it.
        let typing = typingAttributes
        let endsAtCaret = text.utf8Offset(of: selection.primary.head) == last.upperBound
        performEdit(.other, tracking: [text.characterRange(atUTF8Offsets: first.lowerBound ..< last.upperBound)]) { text, _ in
            for (range, replacement) in zip(ranges, replacements).reversed() {
                var piece = replacement
                piece.mergeAttributes(paragraphKeys, mergePolicy: .keepCurrent)
                text.replaceSubrange(text.characterRange(atUTF8Offsets: range), with: piece)
            }
        }
        if endsAtCaret { pendingTypingAttributes = typing }
    }
}
