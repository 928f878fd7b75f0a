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
        guard selection.ranges.count == 1, selection.primary.isCaret, paragraphStartsNear(start) else { return ([], AttributeContainer()) }
        let caret = text.utf8Offset(of: selection.primary.head)
        let paragraph = paragraph(containing: caret)
        let lower = paragraph.text.lowerBound
        guard start >= lower, start < caret else { return ([], AttributeContainer()) }
        let end = text.characterIndex(atUTF8Offset: min(caret, lower + Self.longestTypedMarkup))
        let bytes = Array(String(text.characters[text.characterIndex(atUTF8Offset: lower) ..< end]).utf8)
        var candidates: [String] = []
        for position in bytes.indices.reversed() where position >= start - lower && bytes[position] == 0x20 {
            candidates.append(String(decoding: bytes[...position], as: UTF8.self))
        }
        return (candidates, blockAttributes(of: paragraph))
    }

    /// The text from the start of the caret's paragraph to the caret, when
    /// there is a single caret at most `longestTypedMarkup` bytes in, with
    /// the paragraph's block attributes: what a space typed now would
    /// end as markup.
    public var textBeforeCaretInParagraph: (text: String, paragraph: AttributeContainer)? {
        guard selection.ranges.count == 1, selection.primary.isCaret, paragraphStartsNear(text.utf8Offset(of: selection.primary.head))
        else { return nil }
        let caret = selection.primary.head
        let paragraph = paragraph(containing: text.utf8Offset(of: caret))
        let start = text.characterIndex(atUTF8Offset: paragraph.text.lowerBound)
        guard text.utf8Offset(of: caret) - paragraph.text.lowerBound < Self.longestTypedMarkup else { return nil }
        return (String(text.characters[start ..< caret]), blockAttributes(of: paragraph))
    }

    /// Whether a paragraph starts at most `longestTypedMarkup` bytes
    /// before `offset`: only there can markup end. Looking for the
    /// paragraph's start costs the paragraph's length; a space typed in a
    /// long one costs only this.
    private func paragraphStartsNear(_ offset: Int) -> Bool {
        let lower = max(0, offset - Self.longestTypedMarkup)
        guard lower > 0 else { return true }
        let window = String(text.characters[text.characterRange(atUTF8Offsets: lower ..< offset)])
        return AttributedString.lastSeparatorEnd(in: Array(window.utf8)) != nil
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
