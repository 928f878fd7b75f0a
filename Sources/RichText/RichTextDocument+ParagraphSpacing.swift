public import Foundation

/// Paragraph spacing made visible. A Markdown or Cooklang reader joins
/// consecutive lines of text into one paragraph, so two paragraphs the user
/// makes need a blank line between them in the file; the editor shows that
/// line as the empty paragraph it reads back as. Enter at the end of a body
/// or quote paragraph makes it (`insertParagraphBreak(spacing:)`), and
/// Backspace at the start of the paragraph after it takes it away first.
extension RichTextDocument {
    /// Whether a break replacing `range` gets an empty paragraph before the
    /// new one: at the end of a paragraph with text that is no list item
    /// (Enter continues the list), heading or verbatim line. A break inside
    /// the text splits the line as it did; the file still gets its blank
    /// line there (the writer's separator), shown once the file is opened again.
    func spacesParagraphs(_ range: Range<Int>) -> Bool {
        let paragraph = paragraph(containing: range.lowerBound)
        guard range.lowerBound > paragraph.text.lowerBound, range.upperBound == paragraph.text.upperBound else { return false }
        let attributes = blockAttributes(of: paragraph)
        return attributes.listItem == nil && attributes.headingLevel == nil && attributes.verbatimLine == nil
    }

    /// The empty paragraph right before `start` that spaces it from text
    /// above, as Enter leaves it: no item, heading or verbatim line, and in
    /// a quote `quoteDepth` deep (nil: none).
    func spacingParagraph(before start: Int, quoteDepth: Int?) -> Paragraph? {
        guard let spacer = paragraph(before: start), spacer.text.isEmpty,
              let above = paragraph(before: spacer.text.lowerBound), !above.text.isEmpty,
              let attributes = spacer.attributes, attributes.listItem == nil, attributes.headingLevel == nil,
              attributes.verbatimLine == nil, attributes.blockQuote == quoteDepth else { return nil }
        return spacer
    }

    /// Backspace at the start of paragraphs (carets only) each right after
    /// an empty paragraph that spaces it from text before (as Enter left
    /// it): the empty paragraph goes, and the paragraph keeps its place in
    /// its quote (at a list item's start Backspace takes the marker, as
    /// before). Returns false when it does not apply at every caret.
    public mutating func removeParagraphSpacingAtCarets() -> Bool {
        guard selection.ranges.allSatisfy(\.isCaret) else { return false }
        var spacers: [Range<Index>] = []
        for range in selection.ranges {
            let offset = text.utf8Offset(of: range.head)
            let current = paragraph(containing: offset)
            let attributes = blockAttributes(of: current)
            guard offset == current.text.lowerBound, attributes.listItem == nil,
                  let spacer = spacingParagraph(before: offset, quoteDepth: attributes.blockQuote) else { return false }
            // The empty paragraph is its newline.
            spacers.append(text.characterRange(atUTF8Offsets: spacer.text.lowerBound ..< spacer.text.lowerBound + 1))
        }
        performEdit(.other, tracking: spacers) { text, offsets in
            for range in offsets.reversed() { text.removeSubrange(text.characterRange(atUTF8Offsets: range)) }
        }
        return true
    }
}
