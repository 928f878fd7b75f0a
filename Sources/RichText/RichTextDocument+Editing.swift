public import Foundation

extension RichTextDocument {
    /// Types `string`: it replaces every selected range (or goes in at every
    /// caret), and each caret ends after its insertion. Inserted characters take
    /// the attributes Foundation gives added text (those of the character before,
    /// without the ingredient) unless typing attributes were chosen at the caret.
    public mutating func insert(_ string: String) {
        guard !string.isEmpty else { return }
        let typingAttributes = pendingTypingAttributes
        let definition = definition
        replaceSelectedRanges(kind: .typing, insertedText: string) { text, range in
            // At a paragraph's start, typed text belongs to that paragraph:
            // it takes the attributes of what follows (Foundation would give
            // it those of the newline before, the paragraph above's).
            let attributes = typingAttributes ?? Self.attributesAtParagraphStart(range, in: text).map(definition.inheritable)
                ?? Self.attributesAfterARunsEnd(range, in: text, definition: definition)
            guard let attributes else {
                text.characters.replaceSubrange(range, with: string)
                return
            }
            // Inserted with its own attributes: inserted as characters, it
            // would first take the newline's before, and a paragraph key of
            // those (the heading above) would spread to this paragraph's
            // newline before it could be set right.
            text.replaceSubrange(range, with: AttributedString(string, attributes: attributes))
        }
    }

    /// For a range at the start of a paragraph, the attributes of the first
    /// character after it (an empty paragraph's are its newline's); nil
    /// elsewhere. At the text's end, after a newline, none at all.
    static func attributesAtParagraphStart(_ range: Range<Index>, in text: AttributedString) -> AttributeContainer? {
        let start = range.lowerBound
        guard start == text.startIndex || text.characters[text.characters.index(before: start)] == "\n" else { return nil }
        guard range.upperBound < text.endIndex else { return start == text.startIndex ? nil : AttributeContainer() }
        return text.runs[range.upperBound].attributes
    }

    /// For a caret right after a link's text, what typing there takes: the
    /// attributes before it without the link; nil elsewhere (inside the
    /// link, typing is more of its text).
    static func attributesAfterARunsEnd(_ range: Range<Index>, in text: AttributedString,
                                        definition: FormattingDefinition) -> AttributeContainer? {
        guard range.isEmpty, range.lowerBound > text.startIndex else { return nil }
        // One character's runs on each side, not the whole text's.
        let previous = text.characters.index(before: range.lowerBound)
        guard let before = text[previous ..< range.lowerBound].runs.first?.attributes else { return nil }
        let after = range.upperBound < text.endIndex
            ? text[range.upperBound ..< text.characters.index(after: range.upperBound)].runs.first?.attributes ?? AttributeContainer()
            : AttributeContainer()
        return definition.typedAfterTheEnd(of: before, before: after)
    }

    /// Pastes rich text: the definition filters it first (attributes outside
    /// its scope go, constraints apply), so an ingredient copied in the editor
    /// stays an ingredient and nothing pasted breaks a constraint. One undo step.
    public mutating func paste(_ content: AttributedString) {
        var filtered = content
        definition.enforce(on: &filtered, in: [filtered.startIndex ..< filtered.endIndex])
        replaceSelectedRanges(kind: .other, insertedText: nil) { text, range in
            text.replaceSubrange(range, with: filtered)
        }
    }

    /// Pastes plain text: no attributes at all, not even inherited ones, so a
    /// paste never takes stale styles from where it lands.
    public mutating func paste(plainText: String) {
        paste(AttributedString(plainText))
    }

    /// After `paste(plainText: literal)`: the literal text before each
    /// caret becomes `content` (the same lines as a file format reads
    /// them), in an undo step of its own, so one undo gives the literal
    /// paste back. The carets end after the content.
    public mutating func replacePasted(_ literal: String, with content: AttributedString) {
        let length = literal.utf8.count
        let carets = selection.ranges.map { text.utf8Offset(of: $0.head) }
        guard selection.ranges.allSatisfy(\.isCaret), carets.allSatisfy({ $0 >= length }),
              carets.allSatisfy({ String(text[text.characterRange(atUTF8Offsets: $0 - length ..< $0)].characters) == literal })
        else { return }
        var filtered = content
        definition.enforce(on: &filtered, in: [filtered.startIndex ..< filtered.endIndex])
        let primary = selection.primaryIndex
        performEdit(.other, tracking: carets.map { text.characterRange(atUTF8Offsets: $0 - length ..< $0) }, selectionAfter: { replaced in
            TextSelection(ranges: replaced.map { .caret($0.upperBound) }, primary: primary)
        }) { text, offsets in
            for range in offsets.reversed() {
                text.replaceSubrange(text.characterRange(atUTF8Offsets: range), with: filtered)
            }
        }
    }

    /// Replaces one range (e.g. a find-and-replace match) and keeps the
    /// selection on the same text.
    public mutating func replace(_ range: Range<Index>, with replacement: String) throws(SelectionError) {
        guard range.isValid(within: text) else { throw .staleIndex }
        performEdit(.other, tracking: [range]) { text, offsets in
            text.characters.replaceSubrange(text.characterRange(atUTF8Offsets: offsets[0]), with: replacement)
        }
    }

    /// Appends text read from a file (a large file arrives in slices so the
    /// first screen shows at once). Not an edit: no undo step; the selection
    /// stays where it is.
    public mutating func appendLoaded(_ content: AttributedString) {
        append(loaded: content, constrain: .trackedRanges)
    }

    /// Appends a slice read from a file as plain text and attribute spans
    /// (UTF-8 ranges per set of attributes), after a line break when
    /// `asNewParagraph` (with `newlineAttributes`: the paragraph attributes
    /// of the text's last paragraph, which hold over its newline). The slice
    /// is built under the definition by `init(text:attributeSpans:definition:)`
    /// (in pieces on all cores when large), so only its seam is checked: the
    /// constraints look at one run at a time.
    public mutating func appendLoaded(text plain: String, attributeSpans: [AttributeContainer: [Range<Int>]], asNewParagraph: Bool,
                                      newlineAttributes: AttributeContainer = AttributeContainer()) {
        var content = RichTextDocument(text: plain, attributeSpans: attributeSpans, definition: definition).text
        if asNewParagraph { content = AttributedString("\n", attributes: newlineAttributes) + content }
        append(loaded: content, constrain: .none)
    }

    private mutating func append(loaded content: AttributedString, constrain scope: ConstraintScope) {
        guard !content.characters.isEmpty else { return }
        let end = text.endIndex
        let oldLength = text.utf8.count
        let selectionBefore = SelectionOffsets(selection, in: text)
        performEdit(.loading, tracking: [end ..< end], constrain: scope) { text, _ in text.append(content) }
        // What the text gained, as it stands after the definition saw the seam.
        history.appendToEveryState(AttributedString(text[text.utf8.index(text.startIndex, offsetBy: oldLength)...]))
        // A caret at the old end would otherwise ride along with the new text.
        selection = selectionBefore.selection(in: text)
    }

    /// Deletes the selected text, or the grapheme before each caret.
    public mutating func deleteBackward() {
        deleteRanges(kind: .deleteBackward) { document, caret in
            caret > document.text.startIndex ? document.text.characters.index(before: caret) ..< caret : nil
        }
    }

    /// Deletes the selected text, or the grapheme after each caret.
    public mutating func deleteForward() {
        deleteRanges(kind: .deleteForward) { document, caret in
            caret < document.text.endIndex ? caret ..< document.text.characters.index(after: caret) : nil
        }
    }

    /// Deletes the selected text, or from each caret back to the start of the word.
    public mutating func deleteWordBackward() {
        deleteRanges(kind: .other) { document, caret in
            let start = document.text.characters.wordBoundary(before: caret)
            return start < caret ? start ..< caret : nil
        }
    }

    /// Deletes the selected text, or from each caret to the end of the next word.
    public mutating func deleteWordForward() {
        deleteRanges(kind: .other) { document, caret in
            let end = document.text.characters.wordBoundary(after: caret)
            return caret < end ? caret ..< end : nil
        }
    }

    // MARK: Shared paths

    /// Replaces each selected range through `replace`, last to first so the
    /// earlier offsets stay right, and leaves a caret after each replacement.
    private mutating func replaceSelectedRanges(
        kind: UndoHistory.EditKind,
        insertedText: String?,
        _ replace: (inout AttributedString, Range<Index>) -> Void
    ) {
        let targets = selection.ranges.map(\.bounds)
        let primary = selection.primaryIndex
        performEdit(kind, insertedText: insertedText, tracking: targets, selectionAfter: { replaced in
            TextSelection(ranges: replaced.map { .caret($0.upperBound) }, primary: primary)
        }) { text, offsets in
            for range in offsets.reversed() {
                replace(&text, text.characterRange(atUTF8Offsets: range))
            }
        }
    }

    /// Deletes every selected range; for a caret, the range `extent` gives
    /// (nil: nothing to delete there). Does nothing, and records no undo step,
    /// when there is nothing to delete anywhere.
    private mutating func deleteRanges(
        kind: UndoHistory.EditKind,
        extent: (RichTextDocument, Index) -> Range<Index>?
    ) {
        let targets = selection.ranges.map { range in
            range.isCaret ? (extent(self, range.head) ?? range.bounds) : range.bounds
        }
        guard targets.contains(where: { !$0.isEmpty }) else { return }
        let primary = selection.primaryIndex
        performEdit(kind, tracking: targets, selectionAfter: { deleted in
            TextSelection(ranges: deleted.map { .caret($0.lowerBound) }, primary: primary)
        }) { text, offsets in
            for range in Self.union(of: offsets).reversed() {
                text.removeSubrange(text.characterRange(atUTF8Offsets: range))
            }
        }
    }

    /// Sorted, merged ranges: two carets deleting the same grapheme delete it once.
    static func union(of ranges: [Range<Int>]) -> [Range<Int>] {
        ranges.mergedRanges()
    }
}

extension Array where Element == Range<Int> {
    /// The ranges sorted and merged where they overlap or touch; empty ones dropped.
    public func mergedRanges() -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for range in sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound ..< Swift.max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
