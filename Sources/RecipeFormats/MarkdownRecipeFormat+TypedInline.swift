public import Foundation
import RichText
import Recipes

/// Inline markup from the keyboard, as Typora and Obsidian's live preview
/// take it: `*word*`, `**word**`, `_word_`, `~~word~~` or `` `word` ``
/// typed and followed by one more character becomes italic, bold,
/// strikethrough or code. The file's own reader decides, on the line a
/// save would write, so what turns into a style is exactly what a Markdown
/// renderer reads as one.
extension MarkdownRecipeFormat {
    /// The span just closed, when the last character of `typed` (the text
    /// of a paragraph up to the caret; the character just typed) follows a
    /// closing delimiter run whose opening run is in `typed`: the UTF-8
    /// range of the span, delimiters included, and its inner text with the
    /// attributes the reader gives it. The character before the opening run
    /// and the one typed after the closing run are read with it, since
    /// CommonMark's flanking rules look at them (`snake_case_` stays text).
    /// Nil when the reader reads anything else in those lines differently
    /// from their plain text (an escape, a link, a second span), or reads
    /// no style: then nothing changes.
    /// With `atLineEnd` (Enter pressed), the closing run ends `typed` and the
    /// end of the line follows it.
    public static func typedInlineSpan(endingBefore typed: AttributedString, atLineEnd: Bool = false)
        -> (span: Range<Int>, delimiterLength: Int, inner: AttributedString)? {
        let bytes = Array(String(typed.characters).utf8)
        guard bytes.count >= (atLineEnd ? 3 : 4), let last = bytes.last, atLineEnd || !delimiters.contains(last) else { return nil }
        // The trigger may be several bytes (a letter with an accent, an emoji).
        var closerEnd = bytes.count - (atLineEnd ? 0 : 1)
        while !atLineEnd, closerEnd > 0, bytes[closerEnd] & 0xC0 == 0x80 { closerEnd -= 1 }
        guard closerEnd > 0, let delimiter = Optional(bytes[closerEnd - 1]), delimiters.contains(delimiter) else { return nil }
        var closerStart = closerEnd - 1
        while closerStart > 0, bytes[closerStart - 1] == delimiter { closerStart -= 1 }
        let runLength = closerEnd - closerStart
        guard runLength <= (delimiter == 0x7E ? 2 : delimiter == 0x60 ? 8 : 3) else { return nil }
        guard let openerStart = openingRun(of: delimiter, length: runLength, before: closerStart, in: bytes) else { return nil }
        let innerRange = openerStart + runLength ..< closerStart
        guard !innerRange.isEmpty else { return nil }
        // Delimiters inside code, a link, a mark or a line kept as written are no markup.
        for delimiters in [openerStart ..< innerRange.lowerBound, closerStart ..< closerEnd] {
            guard typed[typed.characterRange(atUTF8Offsets: delimiters)].runs.allSatisfy({ $0.attributes.isTypedText })
            else { return nil }
        }
        // One character of context each side, as the reader's rules need.
        var contextStart = openerStart
        if contextStart > 0 {
            contextStart -= 1
            while contextStart > 0, bytes[contextStart] & 0xC0 == 0x80 { contextStart -= 1 }
        }
        let line = String(decoding: bytes[contextStart...], as: UTF8.self)
        let expected = String(decoding: bytes[contextStart ..< openerStart] + bytes[innerRange] + bytes[closerEnd...], as: UTF8.self)
        guard let read = readLine(line), String(read.characters) == expected else { return nil }
        let innerStart = read.characterIndex(atUTF8Offset: openerStart - contextStart)
        let innerEnd = read.characterIndex(atUTF8Offset: openerStart - contextStart + innerRange.count)
        var inner = AttributedString(read[innerStart ..< innerEnd])
        // Written back with the `_` typed (`_fresh_`, not `*fresh*`).
        if delimiter == 0x5F {
            var typedWith = AttributeContainer()
            typedWith[EmphasisMarkupAttribute.self] = "_"
            inner.mergeAttributes(typedWith)
        }
        let before = AttributedString(read[read.startIndex ..< innerStart])
        let after = AttributedString(read[innerEnd...])
        // The span is styled throughout, and nothing outside it is.
        guard inner.runs.allSatisfy({ $0.attributes != AttributeContainer() }),
              (before.runs.allSatisfy { $0.attributes == AttributeContainer() }),
              (after.runs.allSatisfy { $0.attributes == AttributeContainer() }) else { return nil }
        return (openerStart ..< closerEnd, runLength, inner)
    }

    /// `*`, `_`, `~`, and the backtick.
    private static let delimiters: Set<UInt8> = [0x2A, 0x5F, 0x7E, 0x60]

    /// The start of the nearest run of exactly `length` `delimiter`s before
    /// `end`, with something between them (whether it opens a span is the
    /// reader's to say).
    private static func openingRun(of delimiter: UInt8, length: Int, before end: Int, in bytes: [UInt8]) -> Int? {
        var position = end - 1
        while position >= 0 {
            guard bytes[position] == delimiter else {
                position -= 1
                continue
            }
            var start = position
            while start > 0, bytes[start - 1] == delimiter { start -= 1 }
            if position - start + 1 == length, position + 1 < end { return start }
            position = start - 1
        }
        return nil
    }

    /// One line read as the body of a Markdown file reads it.
    static func readLine(_ line: String) -> AttributedString? {
        let read = BodyReader.readWhole(Substring(line), syntax: MarkdownSyntax(), path: "", crlf: false, firstLine: 1, sourceStart: 0,
                                        definition: .recipeFile)
        guard read.warnings.isEmpty else { return nil }
        // Block keys of the line (a heading read from `# `) are no inline style.
        var text = read.document.text
        text.listItem = nil
        text.blockQuote = nil
        text.headingLevel = nil
        return text
    }
}

extension AttributeContainer {
    /// Whether text with these attributes is as typed, written as its own
    /// characters, so a delimiter or a sigil in it can be markup: styles and
    /// paragraph keys only, no code, link, image, mark, component, comment,
    /// line kept as written or source kept for writing back.
    var isTypedText: Bool {
        self.inlineCode == nil && self.link == nil && self.image == nil && self.ingredient == nil && self.cookware == nil
            && self.timer == nil && self.comment == nil && self.verbatimLine == nil && self[LinkSourceAttribute.self] == nil && self[CooklangSourceAttribute.self] == nil
            && self[RetainedMarkdownAttributes.self] == nil
    }
}
