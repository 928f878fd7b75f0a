public import Foundation
import RichText
import Recipes

/// A GFM table typed row by row (`| Pan | Time |`, `|---|---|`, …), as
/// Typora and Obsidian users type one: each Enter begins the next row
/// with no blank line before it, and the file keeps the rows together, or
/// no reader (cmark-gfm, GitHub, Obsidian) would see a table. Roux shows
/// the rows as the text they are.
extension MarkdownRecipeFormat {
    /// Whether a paragraph with `text` and the paragraph keys of
    /// `attributes` is a table's row as typed: body text (no item, heading
    /// or verbatim line) that starts with `|` and holds another one.
    public static func isTableRow(_ text: some Collection<UInt8>, attributes: AttributeContainer) -> Bool {
        guard attributes.listItem == nil, attributes.headingLevel == nil, attributes.verbatimLine == nil else { return false }
        let row = text.drop { $0 == 0x20 }
        return text.count - row.count <= 3 && row.first == 0x7C && row.dropFirst().contains(0x7C)
    }
}

extension MarkdownSyntax {
    /// Two table rows in the same quote: nothing between them (a blank
    /// line would end the table).
    static func areTableRows(_ previous: ParagraphContent, _ next: ParagraphContent) -> Bool {
        previous.paragraph.blockQuote == next.paragraph.blockQuote
            && MarkdownRecipeFormat.isTableRow(previous.text, attributes: previous.paragraph)
            && MarkdownRecipeFormat.isTableRow(next.text, attributes: next.paragraph)
    }
}
