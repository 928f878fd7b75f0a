import Foundation
import RichText

extension MarkdownSyntax {
    /// The line a CommonMark reader needs between two paragraphs Roux shows
    /// apart, or nil when the second starts a block of its own there. A line
    /// of text after an open paragraph continues it (two body paragraphs, a
    /// paragraph after a list item or a quote line, two lines of one quote);
    /// so does a list item that may not interrupt a paragraph (an empty
    /// one, or a numbered one not starting at 1). The separator is a blank
    /// line inside the quotes both lines share: `""`, `">"`, `"> >"`. Two
    /// rows of a table are kept together: that is what makes the table.
    func separator(between previous: ParagraphContent, and next: ParagraphContent) -> [UInt8]? {
        if Self.areTableRows(previous, next) { return nil }
        let before = previous.paragraph
        let after = next.paragraph
        // Only a paragraph of text stays open for the next line to continue.
        guard !previous.text.isEmpty, before.headingLevel == nil, before.verbatimLine == nil,
              after.headingLevel == nil, after.verbatimLine == nil else { return nil }
        let marker = after.listItem
        // An empty line (a blank line, ">") ends the paragraph by itself.
        if next.text.isEmpty, marker == nil { return nil }
        let previousDepth = before.blockQuote ?? 0
        let depth = after.blockQuote ?? 0
        // More quotes: a quote starts, which may interrupt a paragraph.
        if depth > previousDepth { return nil }
        let blank = Array(Array(repeating: ">", count: depth).joined(separator: " ").utf8)
        guard let marker else { return blank }
        // Fewer quotes: the list item starts a block outside the paragraph's quote.
        if depth < previousDepth { return marker.indentation <= 3 ? nil : blank }
        // As many quotes: a list item outside the previous item closes it;
        // one inside it (or after a plain paragraph) must interrupt the paragraph.
        let contentColumn = before.listItem.map { $0.indentation + $0.width } ?? 0
        if before.listItem != nil, marker.indentation < contentColumn { return nil }
        let interrupts: Bool = switch marker.kind {
        case .bullet: true
        case .ordered(let number, _): number == 1
        }
        return interrupts && !next.text.isEmpty && marker.indentation - contentColumn <= 3 ? nil : blank
    }
}
