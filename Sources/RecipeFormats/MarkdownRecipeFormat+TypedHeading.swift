public import Foundation
import RichText
import Recipes

/// A heading typed with its closing sequence (`# Crêpes #`), as the file's
/// reader reads it: the heading is "Crêpes" and the ` #` is markup, kept
/// to be written back as typed. Left in the text it was saved `# Crêpes \#`
/// and every other reader showed a heading the cook did not type.
extension MarkdownRecipeFormat {
    /// `heading` (a heading paragraph's whole text, typed) without the
    /// closing sequence the reader takes off its end, which its line markup
    /// now holds; nil when the reader would read no closing sequence there,
    /// when nothing would be left of the heading, or when the paragraph
    /// already has a closing sequence of the file's (the typed `#` is then
    /// text before it, as any reader reads it).
    public static func closedHeading(_ heading: AttributedString) -> AttributedString? {
        guard let first = heading.runs.first, first.headingLevel != nil, first.verbatimLine == nil,
              (first[LineMarkupAttribute.self]?.suffix ?? "").isEmpty else { return nil }
        let prefix = MarkdownSyntax.markup(for: first.attributes).prefix
        let text = Array(String(heading.characters).utf8)
        let line = Array(prefix.utf8) + text
        let contentEnd = line.withUnsafeBufferPointer { MarkdownSyntax.headingContentEnd($0, from: prefix.utf8.count) }
        let kept = contentEnd - prefix.utf8.count
        guard kept > 0, kept < text.count else { return nil }
        // The closing sequence is typed text, not a code span's or a link's.
        guard heading[heading.characterRange(atUTF8Offsets: kept ..< text.count)].runs.allSatisfy({ $0.attributes.isTypedText })
        else { return nil }
        var closed = AttributedString(heading[heading.characterRange(atUTF8Offsets: 0 ..< kept)])
        closed[LineMarkupAttribute.self] = LineMarkup(prefix: prefix, suffix: String(decoding: text[kept...], as: UTF8.self))
        return closed
    }
}
