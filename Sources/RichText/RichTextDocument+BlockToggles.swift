public import Foundation

/// Bullet list, numbered list and quote turned on or off for the
/// paragraphs of the selection, as a word processor's list buttons do.
/// Each is one undo step.
extension RichTextDocument {
    public enum ListStyle: Sendable {
        case bullet, numbered
    }

    /// Every paragraph the selection touches becomes an item of `style`;
    /// when each is one already, each becomes a body paragraph again.
    /// Numbers go 1, 2, 3 in order at each level (after the numbered item
    /// just above, when there is one: the list goes on); a body paragraph
    /// becomes an item at the outer level, an item of the other kind keeps
    /// its level. Items after the last that would repeat a number move up.
    public mutating func toggleList(_ style: ListStyle) {
        let paragraphs = blockParagraphsUnderSelection()
        guard let first = paragraphs.first else { return }
        let isOn = paragraphs.allSatisfy { paragraph in
            blockAttributes(of: paragraph).listItem.map { $0.isOrdered == (style == .numbered) } ?? false
        }
        var numbers: [Int: Int] = [:]
        var last: ListMarker?
        let markers = paragraphs.map { paragraph -> ListMarker? in
            guard !isOn else { return nil }
            let current = blockAttributes(of: paragraph).listItem
            let indentation = current?.indentation ?? 0
            guard style == .numbered else { return ListMarker(kind: .bullet("-"), indentation: indentation) }
            // A shallower item ends the deeper levels' counts.
            numbers = numbers.filter { $0.key <= indentation }
            let delimiter: String = if case .ordered(_, let written)? = current?.kind { written } else { "." }
            let kind = numbers[indentation].map { ListMarker.Kind.ordered(number: $0, delimiter: delimiter) }
                ?? renumbered(.ordered(number: 1, delimiter: delimiter), afterSiblingAt: indentation,
                              in: paragraph.text.lowerBound == first.text.lowerBound ? itemsBefore(first.text.lowerBound) : [])
            if case .ordered(let number, _) = kind { numbers[indentation] = number + 1 }
            last = ListMarker(kind: kind, indentation: indentation)
            return last
        }
        var changes: [(paragraph: Int, attributes: AttributeContainer)] = []
        var pending: AttributeContainer?
        for (paragraph, marker) in zip(paragraphs, markers) {
            var attributes = blockAttributes(of: paragraph)
            attributes.listItem = marker
            if paragraph.attributes == nil { pending = attributes } else { changes.append((paragraph.text.lowerBound, attributes)) }
        }
        if let last, let end = paragraphs.last?.text.upperBound { changes += renumbering(after: end, from: last) }
        setBlockAttributes(changes)
        if let pending { pendingTypingAttributes = pending }
    }

    /// Every paragraph the selection touches is quoted (one level; deeper
    /// quotes stay as deep); when each is quoted already, none is.
    public mutating func toggleBlockQuote() {
        let paragraphs = blockParagraphsUnderSelection()
        let isOn = !paragraphs.isEmpty && paragraphs.allSatisfy { blockAttributes(of: $0).blockQuote != nil }
        var changes: [(paragraph: Int, attributes: AttributeContainer)] = []
        var pending: AttributeContainer?
        for paragraph in paragraphs {
            var attributes = blockAttributes(of: paragraph)
            attributes.blockQuote = isOn ? nil : attributes.blockQuote ?? 1
            if paragraph.attributes == nil { pending = attributes } else { changes.append((paragraph.text.lowerBound, attributes)) }
        }
        setBlockAttributes(changes)
        if let pending { pendingTypingAttributes = pending }
    }

    /// The paragraphs on each side of those the toggles change.
    public var neighboursOfSelectedBlocks: ParagraphNeighbours {
        let paragraphs = blockParagraphsUnderSelection()
        guard let first = paragraphs.first, let last = paragraphs.last else { return ParagraphNeighbours() }
        return neighbours(of: first, last)
    }

    /// Whether a run of the paragraphs the toggles would change has
    /// attributes `holds` looks for (a format that cannot keep them in the
    /// new block refuses the toggle rather than drop them).
    public func selectedBlocksContain(_ holds: (AttributeContainer) -> Bool) -> Bool {
        blockParagraphsUnderSelection().contains { paragraph in
            text[text.characterRange(atUTF8Offsets: paragraph.text)].runs.contains { holds($0.attributes) }
        }
    }

    /// The paragraphs the selection touches, in order (a selection that
    /// ends at a paragraph's start leaves it out), without lines kept
    /// verbatim (code) and, where there are others, without empty ones:
    /// the blank lines between blocks stay blank.
    private func blockParagraphsUnderSelection() -> [Paragraph] {
        var paragraphs: [Paragraph] = []
        var seen = Set<Int>()
        for range in selection.ranges {
            var paragraph = paragraph(containing: text.utf8Offset(of: range.lowerBound))
            let end = text.utf8Offset(of: range.upperBound)
            while true {
                if seen.insert(paragraph.text.lowerBound).inserted { paragraphs.append(paragraph) }
                guard paragraph.text.upperBound + 1 < end, let next = self.paragraph(after: paragraph.text.upperBound) else { break }
                paragraph = next
            }
        }
        paragraphs.sort { $0.text.lowerBound < $1.text.lowerBound }
        let editable = paragraphs.filter { blockAttributes(of: $0).verbatimLine == nil }
        let withText = editable.filter { !$0.text.isEmpty }
        return withText.isEmpty ? editable : withText
    }
}
