import Foundation
import RichText

extension MarkdownSyntax {
    /// A backslash before what would make the line's start more markup
    /// than `prefix` says: a heading, a quote, a list marker, and for a
    /// line without a list marker or heading, a fence, an HTML block or a
    /// thematic break (front matter's `---` too); for an item's text, a
    /// quote, a list marker, a fence or a thematic break of its own (`- >
    /// tip` is a quote in the item for CommonMark). White space at the start
    /// of a heading's or an item's text (a reader takes it as part of the
    /// marker), or four columns of it at a plain line's start (code after a
    /// blank line), cannot be escaped: its first character is written as a
    /// character reference (`&#32;`, `&#9;`), which CommonMark reads as that
    /// character in the text, and so does Roux's reader at a text's start.
    static func escapeLineStart(_ body: inout [UInt8], prefix: [UInt8], hangs: Bool, isItem: Bool) {
        let leading = body.prefix { $0 == 0x20 || $0 == 0x09 }.count
        // A plain line of white space is a blank line, read as it is; after
        // a heading's or an item's marker it would be no text at all.
        guard leading < body.count || (hangs && leading > 0) else { return }
        let columns = body.withUnsafeBufferPointer { indentation($0, from: 0).columns }
        if leading > 0, hangs || (prefix.isEmpty && columns >= 4) {
            body = whiteSpaceReference(body[0]) + body[1...]
            return
        }
        // Text that starts with what is written for white space is text.
        if leading == 0, body.withUnsafeBufferPointer({ MarkdownInlineReader.whiteSpaceReference($0, at: 0, limit: $0.count) }) != nil {
            body.insert(0x5C, at: 0)
            return
        }
        guard columns <= 3 else { return }
        let prefixLength = prefix.count
        let line = prefix + body
        let needs = line.withUnsafeBufferPointer { line -> Bool in
            if MarkdownSyntax.prefix(line, from: 0, deepListMarkers: true).length != prefixLength { return true }
            let (lineColumns, lineIndentation) = indentation(line, from: 0)
            if lineColumns <= 3, isThematicBreak(line, from: lineIndentation) { return true }
            // Front matter's opening "---" with the "\r" a mixed-ending file keeps, which is no thematic break.
            if prefix.isEmpty, line.count > 3, line[0] == 0x2D, line[1] == 0x2D, line[2] == 0x2D,
               line[3...].allSatisfy({ $0 == 0x0D || $0 == 0x20 || $0 == 0x09 }) { return true }
            let start = prefixLength + leading
            // An item's text that starts a block would be that block inside the item.
            if isItem, startsBlockInItem(line, from: start) { return true }
            return prefix.isEmpty && (openingFence(line, from: start) != nil || htmlBlockStart(line, from: start, afterBlank: true) != nil)
        }
        guard needs else { return }
        // A list marker's number: escape its delimiter ("2023\. A year").
        var digits = leading
        while digits < body.count, MarkdownInlineReader.isASCIIDigit(body[digits]) { digits += 1 }
        if digits > leading, digits < body.count, body[digits] == 0x2E || body[digits] == 0x29 {
            body.insert(0x5C, at: digits)
        } else {
            body.insert(0x5C, at: leading)
        }
    }

    /// `&#32;` for a space, `&#9;` for a tab.
    private static func whiteSpaceReference(_ byte: UInt8) -> [UInt8] {
        Array("&#\(byte);".utf8)
    }

    /// A heading's text that ends in " #" (or is only "#"s) would lose them
    /// to the closing sequence: escape the first of them.
    static func escapeClosingSequence(_ body: inout [UInt8], style: WriteStyle) {
        var end = body.count
        while end > 0, body[end - 1] == 0x20 || body[end - 1] == 0x09 { end -= 1 }
        var hashes = end
        while hashes > 0, body[hashes - 1] == 0x23 { hashes -= 1 }
        guard hashes < end, hashes == 0 || body[hashes - 1] == 0x20 || body[hashes - 1] == 0x09 else { return }
        body.insert(0x5C, at: hashes)
    }

    /// Whether an item's text from `start` would open a block in the item:
    /// a quote, a list item, a code fence or a thematic break.
    private static func startsBlockInItem(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        let inner = prefix(line, from: start)
        return inner.quoteDepth > 0 || inner.listMarker != nil || isThematicBreak(line, from: start) || openingFence(line, from: start) != nil
    }
}
