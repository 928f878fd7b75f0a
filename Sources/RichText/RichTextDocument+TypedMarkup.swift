public import Foundation

/// Markdown shortcuts as Typora, Obsidian, Notion and Bear have them:
/// markup typed at the start of a paragraph (`- `, `1. `, `> `, `## `)
/// becomes the paragraph's block and leaves the text. Which markup makes
/// which block is the file format's to say (it must be able to save it);
/// here is where typing may just have finished some, and the change, made
/// as an undo step after the typing's own so that undo gives the
/// characters back.
extension RichTextDocument {
    /// The longest markup looked for, in UTF-8 bytes (`> > 123456789. ###### `).
    static let longestTypedMarkup = 32

    /// Where markup may just have been typed: for a single caret, the text
    /// from its paragraph's start to each space typed since `typedFrom`
    /// (the UTF-8 offset where the typing began) up to the caret, longest
    /// first, each at most `longestTypedMarkup` bytes; with the block
    /// attributes of the paragraph. No candidates elsewhere.
    public func typedMarkupCandidates(typedFrom start: Int) -> (candidates: [String], paragraph: AttributeContainer) {
        guard selection.ranges.count == 1, selection.primary.isCaret, let paragraph = paragraphStarting(near: start)
        else { return ([], AttributeContainer()) }
        let caret = text.utf8Offset(of: selection.primary.head)
        let lower = paragraph.start
        // The caret must still be in that paragraph (no line break typed since).
        guard start < caret, AttributedString.lastSeparatorEnd(in: Array(String(text.characters[text.characterRange(atUTF8Offsets: start ..< caret)]).utf8)) == nil
        else { return ([], AttributeContainer()) }
        let end = text.characterIndex(atUTF8Offset: min(caret, lower + Self.longestTypedMarkup))
        let bytes = Array(String(text.characters[text.characterIndex(atUTF8Offset: lower) ..< end]).utf8)
        var candidates: [String] = []
        for position in bytes.indices.reversed() where position >= start - lower && bytes[position] == 0x20 {
            candidates.append(String(decoding: bytes[...position], as: UTF8.self))
        }
        return (candidates, paragraph.attributes)
    }

    /// The text from the start of the caret's paragraph to the caret, when
    /// there is a single caret at most `longestTypedMarkup` bytes in, with
    /// the paragraph's block attributes: what a space typed now would
    /// end as markup.
    public var textBeforeCaretInParagraph: (text: String, paragraph: AttributeContainer)? {
        guard selection.ranges.count == 1, selection.primary.isCaret else { return nil }
        let caret = selection.primary.head
        let offset = text.utf8Offset(of: caret)
        guard let paragraph = paragraphStarting(near: offset), offset - paragraph.start < Self.longestTypedMarkup else { return nil }
        return (String(text.characters[text.characterIndex(atUTF8Offset: paragraph.start) ..< caret]), paragraph.attributes)
    }

    /// The start and block attributes of the paragraph holding `offset`
    /// when it starts at most `longestTypedMarkup` bytes before it (only
    /// there can markup end), else nil. Reads those bytes only: finding
    /// the whole paragraph costs its length, and a space typed at the
    /// start of a 5 MB paragraph must not.
    private func paragraphStarting(near offset: Int) -> (start: Int, attributes: AttributeContainer)? {
        let window = text.characterRange(atUTF8Offsets: max(0, offset - Self.longestTypedMarkup) ..< offset)
        let base = text.utf8Offset(of: window.lowerBound)
        let start: Int
        if let end = AttributedString.lastSeparatorEnd(in: Array(String(text.characters[window]).utf8)) {
            start = base + end
        } else if base == 0 {
            start = 0
        } else {
            return nil
        }
        let index = text.characterIndex(atUTF8Offset: start)
        let attributes = index < text.endIndex ? text.runs[index].attributes : nil
        return (start, blockAttributes(of: Paragraph(text: start ..< start, attributes: attributes)))
    }

    /// The first `length` bytes of the caret's paragraph, markup just
    /// typed, leave the text and the paragraph takes `block`'s list item,
    /// quote and heading, and any other key it holds: one undo step. When the paragraph is then the
    /// empty last one (it has no character to hold a block), typing there
    /// takes the block, as after Enter in a list.
    public mutating func convertTypedMarkup(length: Int, to block: AttributeContainer) {
        let paragraph = paragraph(containing: text.utf8Offset(of: selection.primary.head))
        let start = paragraph.text.lowerBound
        guard length > 0, start + length <= paragraph.text.upperBound else { return }
        let typed = text.runs[text.characterIndex(atUTF8Offset: start)].attributes
        // The rest of the paragraph, its newline included (that holds an empty paragraph's keys).
        let end = paragraph.text.upperBound < text.utf8.count ? paragraph.text.upperBound + 1 : paragraph.text.upperBound
        let keepsNothing = start + length == end
        // Keys the format adds beside the block's (how a file writes the markup typed).
        var extra = block
        extra.listItem = nil
        extra.blockQuote = nil
        extra.headingLevel = nil
        performEdit(.other, tracking: [text.characterRange(atUTF8Offsets: start ..< end)]) { text, _ in
            text.removeSubrange(text.characterRange(atUTF8Offsets: start ..< start + length))
            guard !keepsNothing else { return }
            let rest = text.characterRange(atUTF8Offsets: start ..< end - length)
            text[rest].listItem = block.listItem
            text[rest].blockQuote = block.blockQuote
            text[rest].headingLevel = block.headingLevel
            text[rest].mergeAttributes(extra)
        }
        if keepsNothing { pendingTypingAttributes = definition.inheritable(typed).withBlockKeys(of: block).merging(extra) }
    }

    /// The paragraphs on each side of the caret's paragraph.
    public var neighboursOfCaretParagraph: ParagraphNeighbours {
        let paragraph = paragraph(containing: text.utf8Offset(of: selection.primary.head))
        return neighbours(of: paragraph, paragraph)
    }

    /// The paragraphs before `first` and after `last`.
    func neighbours(of first: Paragraph, _ last: Paragraph) -> ParagraphNeighbours {
        func neighbour(_ paragraph: Paragraph?) -> ParagraphNeighbours.Neighbour? {
            paragraph.map { ParagraphNeighbours.Neighbour(attributes: blockAttributes(of: $0), isEmpty: $0.text.isEmpty) }
        }
        return ParagraphNeighbours(before: neighbour(paragraph(before: first.text.lowerBound)),
                                   after: neighbour(paragraph(after: last.text.upperBound)))
    }
}

/// The paragraphs on each side of a block (nil where the text ends there):
/// a format whose blocks depend on the lines around them looks at them (a
/// Cooklang note needs a blank line, a section or another note on each side).
public struct ParagraphNeighbours: Sendable {
    public struct Neighbour: Sendable {
        public var attributes: AttributeContainer
        public var isEmpty: Bool

        public init(attributes: AttributeContainer, isEmpty: Bool) {
            self.attributes = attributes
            self.isEmpty = isEmpty
        }
    }

    public var before: Neighbour?
    public var after: Neighbour?

    public init(before: Neighbour? = nil, after: Neighbour? = nil) {
        self.before = before
        self.after = after
    }
}
