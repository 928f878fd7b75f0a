public import Foundation
import RichText
import Recipes

/// A link from the keyboard, as Typora and Obsidian take it:
/// `[text](https://example.com)` becomes a link on "text" once its `)` is
/// typed. As for styles, the file's own reader decides, so what becomes a
/// link is what a Markdown renderer reads as one, and the writer writes it
/// back as typed (the destination is kept as its source).
extension MarkdownRecipeFormat {
    /// The link just closed when `typed` (the text of a paragraph up to the
    /// caret) ends with the `)` of `[text](destination)`: the UTF-8 range of
    /// the link's markup, the length of what follows its text (`](…)`), and
    /// the text with the attributes the reader gives it (the link and its
    /// source). Nil when the text reads otherwise than as typed (an escape
    /// or a style inside it), when the bracket makes an image (`![`) or an
    /// attribute list (`^[`), or when part of it is no typed text (code, a
    /// link, a mark).
    public static func typedLinkSpan(endingWith typed: AttributedString) -> (span: Range<Int>, closerLength: Int, inner: AttributedString)? {
        let bytes = Array(String(typed.characters).utf8)
        guard bytes.count >= 4, bytes.last == 0x29 else { return nil }
        // The nearest "[" that makes a link reaching the ")" just typed.
        for opener in stride(from: bytes.count - 4, through: 0, by: -1) where bytes[opener] == 0x5B {
            if let found = link(openedAt: opener, in: bytes, typed: typed) { return found }
        }
        return nil
    }

    private static func link(openedAt opener: Int, in bytes: [UInt8], typed: AttributedString)
        -> (span: Range<Int>, closerLength: Int, inner: AttributedString)? {
        // One character before the bracket, read with it: `!`, `^` or a backslash make it no link.
        var contextStart = opener
        if contextStart > 0 {
            contextStart -= 1
            while contextStart > 0, bytes[contextStart] & 0xC0 == 0x80 { contextStart -= 1 }
        }
        guard let read = readLine(String(decoding: bytes[contextStart...], as: UTF8.self)) else { return nil }
        let context = opener - contextStart
        let textStart = read.characterIndex(atUTF8Offset: context)
        let before = read[read.startIndex ..< textStart]
        let inner = AttributedString(read[textStart...])
        let innerLength = inner.utf8.count
        // The reader's text is the typed text between the brackets, then "](".
        let closerStart = opener + 1 + innerLength
        guard innerLength > 0, closerStart + 1 < bytes.count, bytes[closerStart] == 0x5D, bytes[closerStart + 1] == 0x28,
              Array(inner.utf8) == Array(bytes[opener + 1 ..< closerStart]),
              String(before.characters) == String(decoding: bytes[contextStart ..< opener], as: UTF8.self),
              before.runs.allSatisfy({ $0.attributes == AttributeContainer() }),
              let link = inner.runs.first?.link,
              inner.runs.allSatisfy({ $0.link == link && Self.linkOnly($0.attributes) }) else { return nil }
        guard typed[typed.characterRange(atUTF8Offsets: opener ..< bytes.count)].runs.allSatisfy({ $0.attributes.isTypedText })
        else { return nil }
        return (opener ..< bytes.count, bytes.count - closerStart, inner)
    }

    /// Whether `attributes` hold a link and nothing else (no style read inside it).
    private static func linkOnly(_ attributes: AttributeContainer) -> Bool {
        var rest = attributes
        rest.link = nil
        rest[LinkSourceAttribute.self] = nil
        return rest == AttributeContainer()
    }
}
