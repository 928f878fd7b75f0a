public import Foundation
import RichText
import Recipes

/// A link or an image from the keyboard, as Typora and Obsidian take them:
/// `[text](https://example.com)` becomes a link on "text" once its `)` is
/// typed, `![A stack](crepes.png)` a picture, `<https://example.com>` a
/// link once its `>` is typed. As for styles, the file's own reader
/// decides, so what becomes a link is what a Markdown renderer reads as
/// one, and the writer writes it back as typed (the destination is kept as
/// its source).
extension MarkdownRecipeFormat {
    /// The link or image just closed when `typed` (the text of a paragraph
    /// up to the caret) ends with the `)` of `[text](destination)` or
    /// `![text](source)`: the UTF-8 range of the markup, the length of what
    /// comes before its text (`[` or `![`) and after it (`](…)`), and the
    /// text with the attributes the reader gives it (the link and its
    /// source, or the image). Nil when the text reads otherwise than as
    /// typed (an escape or a style inside it), when the bracket makes an
    /// attribute list (`^[`), or when part of it is no typed text (code, a
    /// link, a mark).
    public static func typedLinkSpan(endingWith typed: AttributedString)
        -> (span: Range<Int>, openerLength: Int, closerLength: Int, inner: AttributedString)? {
        let bytes = Array(String(typed.characters).utf8)
        guard bytes.count >= 4, bytes.last == 0x29 else { return nil }
        // The nearest "[" that makes a link reaching the ")" just typed.
        for opener in stride(from: bytes.count - 4, through: 0, by: -1) where bytes[opener] == 0x5B {
            if let found = link(openedAt: opener, in: bytes, typed: typed) { return found }
        }
        return nil
    }

    private static func link(openedAt opener: Int, in bytes: [UInt8], typed: AttributedString)
        -> (span: Range<Int>, openerLength: Int, closerLength: Int, inner: AttributedString)? {
        // `![` opens an image; `^[` or a backslash before the bracket make no link.
        let isImage = opener > 0 && bytes[opener - 1] == 0x21
        let markupStart = isImage ? opener - 1 : opener
        // One character before the markup, read with it.
        var contextStart = markupStart
        if contextStart > 0 {
            contextStart -= 1
            while contextStart > 0, bytes[contextStart] & 0xC0 == 0x80 { contextStart -= 1 }
        }
        guard let read = readLine(String(decoding: bytes[contextStart...], as: UTF8.self)) else { return nil }
        let context = markupStart - contextStart
        let textStart = read.characterIndex(atUTF8Offset: context)
        let before = read[read.startIndex ..< textStart]
        let inner = AttributedString(read[textStart...])
        let innerLength = inner.utf8.count
        // The reader's text is the typed text between the brackets, then "](".
        let closerStart = opener + 1 + innerLength
        guard innerLength > 0, closerStart + 1 < bytes.count, bytes[closerStart] == 0x5D, bytes[closerStart + 1] == 0x28,
              Array(inner.utf8) == Array(bytes[opener + 1 ..< closerStart]),
              String(before.characters) == String(decoding: bytes[contextStart ..< markupStart], as: UTF8.self),
              before.runs.allSatisfy({ $0.attributes == AttributeContainer() }),
              isImage ? Self.isOneImage(inner) : Self.isOneLink(inner) else { return nil }
        guard typed[typed.characterRange(atUTF8Offsets: markupStart ..< bytes.count)].runs.allSatisfy({ $0.attributes.isTypedText })
        else { return nil }
        return (markupStart ..< bytes.count, opener + 1 - markupStart, bytes.count - closerStart, inner)
    }

    /// The autolink just closed when `typed` ends with the `>` of
    /// `<https://example.com>` or `<name@example.com>`: the UTF-8 range of
    /// the markup and the address with the link the reader gives it. Nil
    /// when the reader reads anything else there (raw HTML such as `<b>`,
    /// an escaped `\<`, a space in the address).
    public static func typedAutolinkSpan(endingWith typed: AttributedString) -> (span: Range<Int>, inner: AttributedString)? {
        let bytes = Array(String(typed.characters).utf8)
        guard bytes.count >= 4, bytes.last == 0x3E, let opener = bytes.dropLast().lastIndex(of: 0x3C), opener + 2 < bytes.count
        else { return nil }
        var contextStart = opener
        if contextStart > 0 {
            contextStart -= 1
            while contextStart > 0, bytes[contextStart] & 0xC0 == 0x80 { contextStart -= 1 }
        }
        guard let read = readLine(String(decoding: bytes[contextStart...], as: UTF8.self)) else { return nil }
        let textStart = read.characterIndex(atUTF8Offset: opener - contextStart)
        let before = read[read.startIndex ..< textStart]
        let inner = AttributedString(read[textStart...])
        guard Array(inner.utf8) == Array(bytes[opener + 1 ..< bytes.count - 1]),
              String(before.characters) == String(decoding: bytes[contextStart ..< opener], as: UTF8.self),
              before.runs.allSatisfy({ $0.attributes == AttributeContainer() }),
              Self.isOneLink(inner), inner.runs.first?[LinkSourceAttribute.self] == "<>",
              typed[typed.characterRange(atUTF8Offsets: opener ..< bytes.count)].runs.allSatisfy({ $0.attributes.isTypedText })
        else { return nil }
        return (opener ..< bytes.count, inner)
    }

    /// Whether `inner` is one link throughout, with no style read inside it.
    private static func isOneLink(_ inner: AttributedString) -> Bool {
        guard let link = inner.runs.first?.link else { return false }
        return inner.runs.allSatisfy { $0.link == link && Self.linkOnly($0.attributes) }
    }

    /// Whether `inner` is one image throughout, with nothing else read on it.
    private static func isOneImage(_ inner: AttributedString) -> Bool {
        guard let image = inner.runs.first?.image else { return false }
        return inner.runs.allSatisfy { run in
            var rest = run.attributes
            rest.image = nil
            return run.image == image && rest == AttributeContainer()
        }
    }

    /// Whether `attributes` hold a link and nothing else (no style read inside it).
    private static func linkOnly(_ attributes: AttributeContainer) -> Bool {
        var rest = attributes
        rest.link = nil
        rest[LinkSourceAttribute.self] = nil
        return rest == AttributeContainer()
    }
}
