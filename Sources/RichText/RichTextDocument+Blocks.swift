public import Foundation

/// Blocks as a word processor edits them. Enter continues a list item with
/// the next marker (later numbers of the list move up when they would
/// repeat), a quote with a quote, a code or HTML block with a line of it;
/// Enter on an empty item or quote line ends it instead; a heading ends at
/// Enter, and Enter at a heading's start opens a body line above it. Tab and
/// Shift-Tab move list items a level in and out. Each is one undo step.
extension RichTextDocument {
    /// A paragraph: its text (UTF-8, without the newline) and its
    /// attributes; nil attributes for the empty last paragraph, which has no
    /// character to hold any.
    struct Paragraph {
        var text: Range<Int>
        var attributes: AttributeContainer?

        var listItem: ListMarker? { attributes?[ListItemAttribute.self] }
    }

    func paragraph(containing offset: Int) -> Paragraph {
        let bounds = text.paragraphRange(around: text.characterIndex(atUTF8Offset: offset))
        let range = text.utf8Offsets(of: bounds)
        let endsWithNewline = !bounds.isEmpty && text.characters[text.characters.index(before: bounds.upperBound)] == "\n"
        let textRange = range.lowerBound ..< (endsWithNewline ? range.upperBound - 1 : range.upperBound)
        let attributes = bounds.isEmpty ? nil : text.runs[bounds.lowerBound].attributes
        return Paragraph(text: textRange, attributes: attributes)
    }

    /// What the empty last paragraph is to show (it has no character to
    /// hold attributes): the block keys typing there would give, such as
    /// the list item Enter began. Empty when the last paragraph has text.
    public var finalParagraphAttributes: AttributeContainer {
        guard let pendingTypingAttributes, text.characters.isEmpty || text.characters.last == "\n" else { return AttributeContainer() }
        return AttributeContainer().withBlockKeys(of: pendingTypingAttributes)
    }

    /// The paragraph before the one starting at `start`, if any.
    func paragraph(before start: Int) -> Paragraph? {
        start > 0 ? paragraph(containing: start - 1) : nil
    }

    /// The paragraph after one whose text ends at `end`, if any.
    func paragraph(after end: Int) -> Paragraph? {
        end < text.utf8.count ? paragraph(containing: end + 1) : nil
    }

    /// The attributes of the paragraph a caret is in; for the empty last
    /// paragraph, the block attributes typed text would take there.
    func blockAttributes(of paragraph: Paragraph) -> AttributeContainer {
        paragraph.attributes ?? pendingTypingAttributes ?? AttributeContainer()
    }

    // MARK: Enter

    /// Enter: a paragraph break at every caret (replacing what is selected),
    /// with the block rules above. With `spacing` (formats whose readers
    /// join consecutive lines of text into one paragraph), a break at the
    /// end of a body or quote paragraph leaves an empty paragraph between
    /// the two, the blank line the file needs (`spacesParagraphs(at:)`).
    public mutating func insertParagraphBreak(spacing: Bool = false) {
        if endEmptyBlocks() { return }
        struct Plan {
            var attributes: AttributeContainer
            /// The break is at the start of a paragraph with text: the new empty paragraph is above it.
            var atStart: Bool
            var atEnd: Bool
            var isOpeningFence: Bool

            /// The block keys of a new paragraph on the side of the break away from the text.
            var continued: AttributeContainer {
                var result = attributes
                switch attributes[VerbatimLineAttribute.self] {
                // Before an opening fence is outside the block; after it, inside.
                case .codeFence?: result[VerbatimLineAttribute.self] = isOpeningFence != atStart ? .code : nil
                case .thematicBreak?, .metadata?, .markupOnly?: result[VerbatimLineAttribute.self] = nil
                case .code?, .html?, .comment?, nil: break
                }
                if atStart || atEnd { result[HeadingLevelAttribute.self] = nil }
                return result
            }
        }
        let plans = selection.ranges.map { range -> Plan in
            let lower = text.utf8Offset(of: range.lowerBound)
            let upper = text.utf8Offset(of: range.upperBound)
            let paragraph = paragraph(containing: lower)
            let end = self.paragraph(containing: upper).text.upperBound
            let attributes = blockAttributes(of: paragraph)
            return Plan(attributes: attributes, atStart: lower == paragraph.text.lowerBound && upper < end,
                        atEnd: upper == end,
                        isOpeningFence: attributes[VerbatimLineAttribute.self] == .codeFence && isOpeningFence(paragraph))
        }
        let mark = undoGroupMark
        let spaced = spacing && selection.ranges.allSatisfy { spacesParagraphs(text.utf8Offsets(of: $0.bounds)) }
        insert(spaced ? "\n\n" : "\n")
        var changes: [(paragraph: Int, attributes: AttributeContainer)] = []
        var pendingBelow: AttributeContainer?
        let carets = selection.ranges.map { text.utf8Offset(of: $0.head) }
        for (plan, caret) in zip(plans, carets) {
            let below = paragraph(containing: caret)
            // Enter at a paragraph's start opens an empty line above it; elsewhere the new paragraph is below.
            var kept = plan.atStart ? plan.attributes : plan.continued
            // The paragraph Enter makes (and the empty one it leaves above) are the user's own.
            var made = plan.continued
            made[MadeParagraphAttribute.self] = true
            if plan.atStart { changes.append((caret - 1, made)) }
            if spaced { changes.append((caret - 1, made)) }
            if !plan.atStart { kept[MadeParagraphAttribute.self] = true }
            if let marker = kept[ListItemAttribute.self] { kept[ListItemAttribute.self] = marker.next }
            if below.attributes == nil {
                pendingBelow = kept
            } else {
                changes.append((caret, kept))
            }
            if let marker = kept[ListItemAttribute.self] {
                changes += renumbering(after: below.text.upperBound, from: marker)
            }
        }
        setBlockAttributes(changes)
        groupUndo(since: mark)
        if let pendingBelow { pendingTypingAttributes = definition.inheritable(typingAttributes).withBlockKeys(of: pendingBelow) }
    }

    /// Enter on carets that all sit in empty list items or quote lines
    /// takes the item (or one level of quote) away instead of breaking.
    private mutating func endEmptyBlocks() -> Bool {
        guard selection.ranges.allSatisfy(\.isCaret) else { return false }
        var changes: [(paragraph: Int, attributes: AttributeContainer)] = []
        var pending: AttributeContainer?
        for range in selection.ranges {
            let paragraph = paragraph(containing: text.utf8Offset(of: range.head))
            guard paragraph.text.isEmpty else { return false }
            var attributes = blockAttributes(of: paragraph)
            if attributes[ListItemAttribute.self] != nil {
                attributes[ListItemAttribute.self] = nil
            } else if let depth = attributes[BlockQuoteAttribute.self] {
                attributes[BlockQuoteAttribute.self] = depth > 1 ? depth - 1 : nil
                // The empty quote line Enter left above (paragraph spacing)
                // leaves the quote too: the quote ends at its text, followed
                // by a plain blank line, not by an empty quote line.
                if let spacer = spacingParagraph(before: paragraph.text.lowerBound, quoteDepth: depth),
                   var unquoted = spacer.attributes {
                    unquoted[BlockQuoteAttribute.self] = depth > 1 ? depth - 1 : nil
                    changes.append((spacer.text.lowerBound, unquoted))
                }
            } else {
                return false
            }
            if paragraph.attributes == nil { pending = attributes } else { changes.append((paragraph.text.lowerBound, attributes)) }
        }
        setBlockAttributes(changes)
        if let pending { pendingTypingAttributes = pending }
        return true
    }

    /// Backspace at the start of list items or quote lines (carets only)
    /// takes the marker (or one level of quote) away and keeps the text, as
    /// word processors do; returns false when it does not apply (the
    /// paragraphs are then joined as usual).
    public mutating func removeBlockMarkersAtCarets() -> Bool {
        guard selection.ranges.allSatisfy(\.isCaret) else { return false }
        var changes: [(paragraph: Int, attributes: AttributeContainer)] = []
        var pending: AttributeContainer?
        for range in selection.ranges {
            let offset = text.utf8Offset(of: range.head)
            let paragraph = paragraph(containing: offset)
            guard offset == paragraph.text.lowerBound else { return false }
            var attributes = blockAttributes(of: paragraph)
            if attributes.listItem != nil {
                attributes.listItem = nil
            } else if let depth = attributes.blockQuote {
                attributes.blockQuote = depth > 1 ? depth - 1 : nil
            } else {
                return false
            }
            if paragraph.attributes == nil { pending = attributes } else { changes.append((offset, attributes)) }
        }
        setBlockAttributes(changes)
        if let pending { pendingTypingAttributes = pending }
        return true
    }

    /// A fence opens a code block when the fences and code lines just
    /// above it (its block) hold an even number of fences.
    private func isOpeningFence(_ fence: Paragraph) -> Bool {
        var fences = 0
        var start = fence.text.lowerBound
        var looked = 0
        while let previous = paragraph(before: start), looked < 10_000 {
            let kind = previous.attributes?[VerbatimLineAttribute.self]
            guard kind == .code || kind == .codeFence else { break }
            if kind == .codeFence { fences += 1 }
            start = previous.text.lowerBound
            looked += 1
        }
        return fences % 2 == 0
    }

    /// Numbers of the items after an item given `marker`, at its level,
    /// that would now repeat a number: each takes the next one.
    func renumbering(after end: Int, from marker: ListMarker) -> [(paragraph: Int, attributes: AttributeContainer)] {
        guard case .ordered(var last, _) = marker.kind else { return [] }
        var changes: [(paragraph: Int, attributes: AttributeContainer)] = []
        var position = end
        while let next = paragraph(after: position), let item = next.listItem, item.indentation >= marker.indentation {
            position = next.text.upperBound
            guard item.indentation == marker.indentation else { continue }
            guard case .ordered(let number, let delimiter) = item.kind, number <= last else { break }
            last += 1
            var attributes = next.attributes ?? AttributeContainer()
            attributes[ListItemAttribute.self] = ListMarker(kind: .ordered(number: last, delimiter: delimiter), indentation: item.indentation)
            changes.append((next.text.lowerBound, attributes))
        }
        return changes
    }

    /// Sets the paragraph keys of each paragraph (named by an offset in it)
    /// to those of `attributes`, in one edit.
    mutating func setBlockAttributes(_ changes: [(paragraph: Int, attributes: AttributeContainer)]) {
        let targets = changes.map { change -> (range: Range<Int>, attributes: AttributeContainer)? in
            let paragraph = paragraph(containing: change.paragraph)
            // An empty paragraph's attributes are its newline's.
            let range = paragraph.text.isEmpty ? paragraph.text.lowerBound ..< paragraph.text.lowerBound + 1 : paragraph.text
            return paragraph.attributes == nil ? nil : (range, change.attributes)
        }.compactMap { $0 }.sorted { $0.range.lowerBound < $1.range.lowerBound }
        guard let first = targets.first, let last = targets.last else { return }
        let span = first.range.lowerBound ..< max(first.range.upperBound, last.range.upperBound)
        performEdit(.other, tracking: [text.characterRange(atUTF8Offsets: span)]) { text, _ in
            for target in targets {
                let range = text.characterRange(atUTF8Offsets: target.range)
                text[range].listItem = target.attributes.listItem
                text[range].blockQuote = target.attributes.blockQuote
                text[range].headingLevel = target.attributes.headingLevel
                text[range].verbatimLine = target.attributes.verbatimLine
                text[range][MadeParagraphAttribute.self] = target.attributes[MadeParagraphAttribute.self]
            }
        }
    }

    // MARK: List levels

    public enum ListLevelChange: Equatable, Sendable {
        /// No paragraph the selection touches is a list item (Tab types a tab there).
        case notInList
        case changed
        /// Why an item could not move (the first item cannot go deeper, …).
        case refused(String)
    }

    /// Tab (`deeper`) or Shift-Tab on the list items the selection touches:
    /// an item goes under the item before it (its marker where that item's
    /// text starts), or back to its parent's level.
    public mutating func changeListLevel(deeper: Bool) -> ListLevelChange {
        var items: [Paragraph] = []
        for range in selection.ranges {
            var paragraph = paragraph(containing: text.utf8Offset(of: range.lowerBound))
            let end = text.utf8Offset(of: range.upperBound)
            while true {
                if paragraph.listItem != nil || (paragraph.attributes == nil && pendingTypingAttributes?[ListItemAttribute.self] != nil) {
                    items.append(paragraph)
                }
                guard paragraph.text.upperBound + 1 < end, let next = self.paragraph(after: paragraph.text.upperBound) else { break }
                paragraph = next
            }
        }
        guard !items.isEmpty else { return .notInList }
        var changes: [(paragraph: Int, attributes: AttributeContainer)] = []
        var pending: AttributeContainer?
        var refusal: String?
        for item in items {
            var attributes = blockAttributes(of: item)
            guard let marker = attributes[ListItemAttribute.self] else { continue }
            guard let moved = deeper ? nested(marker, before: item.text.lowerBound) : outdented(marker, before: item.text.lowerBound) else {
                refusal = deeper ? "the first item of a list cannot go a level deeper" : "the item is already at the list's outer level"
                continue
            }
            attributes[ListItemAttribute.self] = moved
            if item.attributes == nil { pending = attributes } else { changes.append((item.text.lowerBound, attributes)) }
        }
        setBlockAttributes(changes)
        if let pending { pendingTypingAttributes = pending }
        if changes.isEmpty, pending == nil, let refusal { return .refused(refusal) }
        return .changed
    }

    /// The items before `start` in the same list, nearest first (they stop
    /// at a paragraph that is not an item).
    func itemsBefore(_ start: Int) -> [ListMarker] {
        var result: [ListMarker] = []
        var position = start
        while let previous = paragraph(before: position), let item = previous.listItem, result.count < 10_000 {
            result.append(item)
            position = previous.text.lowerBound
        }
        return result
    }

    /// `marker` one level deeper, under the item before it: indented to
    /// where that item's text starts, numbered after its new siblings.
    private func nested(_ marker: ListMarker, before start: Int) -> ListMarker? {
        let before = itemsBefore(start)
        guard let parent = before.first(where: { $0.indentation <= marker.indentation }) else { return nil }
        let indentation = parent.indentation + parent.width
        guard indentation > marker.indentation else { return nil }
        return ListMarker(kind: renumbered(marker.kind, afterSiblingAt: indentation, in: before), indentation: indentation)
    }

    /// `marker` one level out, at its parent's indentation, numbered after it.
    private func outdented(_ marker: ListMarker, before start: Int) -> ListMarker? {
        let before = itemsBefore(start)
        guard marker.indentation > 0 else { return nil }
        let parent = before.first { $0.indentation < marker.indentation }
        let indentation = parent?.indentation ?? 0
        return ListMarker(kind: renumbered(marker.kind, afterSiblingAt: indentation, in: before), indentation: indentation)
    }

    /// An ordered marker's number after the nearest earlier item at
    /// `indentation` (1 when there is none); a bullet as it is.
    func renumbered(_ kind: ListMarker.Kind, afterSiblingAt indentation: Int, in before: [ListMarker]) -> ListMarker.Kind {
        guard case .ordered(_, let delimiter) = kind else { return kind }
        for item in before {
            if item.indentation < indentation { break }
            if item.indentation == indentation, case .ordered(let number, _) = item.kind {
                return .ordered(number: number + 1, delimiter: delimiter)
            }
        }
        return .ordered(number: 1, delimiter: delimiter)
    }
}

extension AttributeContainer {
    /// These attributes with the block keys (list item, quote, heading,
    /// verbatim line) of `other`, set or removed as it has them.
    func withBlockKeys(of other: AttributeContainer) -> AttributeContainer {
        var result = self
        result.listItem = other.listItem
        result.blockQuote = other.blockQuote
        result.headingLevel = other.headingLevel
        result.verbatimLine = other.verbatimLine
        result[MadeParagraphAttribute.self] = other[MadeParagraphAttribute.self]
        return result
    }
}

extension ListMarker {
    /// Columns from the marker's start to its text's: the marker and a space.
    public var width: Int {
        switch kind {
        case .bullet(let bullet): bullet.count + 1
        case .ordered(let number, let delimiter): String(number).count + delimiter.count + 1
        }
    }
}
