import Foundation
import RichText
import Recipes

/// Byte-level pieces of the inline syntax: punctuation, link destinations,
/// autolinks and raw HTML.
extension MarkdownInlineReader {
    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21 ... 0x2F).contains(byte) || (0x3A ... 0x40).contains(byte) || (0x5B ... 0x60).contains(byte) || (0x7B ... 0x7E).contains(byte)
    }

    /// `&#32;` or `&#9;` at `position`: the space or tab it stands for and
    /// its length. The writer puts one at a text's start where white space
    /// would be indentation or part of a marker; CommonMark reads it as the
    /// character, and so does Roux there (other references are text).
    static func whiteSpaceReference(_ line: UnsafeBufferPointer<UInt8>, at position: Int, limit: Int) -> (byte: UInt8, length: Int)? {
        for (byte, reference) in [(UInt8(0x20), Self.spaceReference), (0x09, Self.tabReference)]
        where limit - position >= reference.count && zip(line[position ..< position + reference.count], reference).allSatisfy(==) {
            return (byte, reference.count)
        }
        return nil
    }

    static let spaceReference = Array("&#32;".utf8)
    static let tabReference = Array("&#9;".utf8)

    /// Parentheses a link destination may nest, as cmark allows: CommonMark
    /// lets a reader set a limit, and without one each "(" of a line of
    /// `[a](` repeated looked for its ")" to the line's end.
    static let destinationNestingLimit = 32

    /// `(destination "title")` from the "(" at `start`: its end (after ")")
    /// and the destination with backslash escapes removed.
    package static func linkDestination(_ line: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int,
                                        steps: Steps? = nil) -> (end: Int, url: String)? {
        var position = start + 1
        defer { steps?.count += position - start }
        func skipSpaces() { while position < limit, line[position] == 0x20 || line[position] == 0x09 { position += 1 } }
        skipSpaces()
        var destination: [UInt8] = []
        if position < limit, line[position] == 0x3C { // <…>
            position += 1
            while position < limit, line[position] != 0x3E {
                if line[position] == 0x3C { return nil }
                if line[position] == 0x5C, position + 1 < limit, isASCIIPunctuation(line[position + 1]) { position += 1 }
                destination.append(line[position])
                position += 1
            }
            guard position < limit else { return nil }
            position += 1
        } else {
            var depth = 0
            while position < limit {
                let byte = line[position]
                if byte <= 0x20 || byte == 0x7F { break }
                if byte == 0x5C, position + 1 < limit, isASCIIPunctuation(line[position + 1]) {
                    destination.append(line[position + 1])
                    position += 2
                    continue
                }
                if byte == 0x28 {
                    depth += 1
                    if depth > destinationNestingLimit { return nil }
                }
                if byte == 0x29 {
                    if depth == 0 { break }
                    depth -= 1
                }
                destination.append(byte)
                position += 1
            }
            if depth != 0 { return nil }
        }
        let beforeTitle = position
        skipSpaces()
        if position < limit, position > beforeTitle, [UInt8(0x22), 0x27, 0x28].contains(line[position]) {
            let closing: UInt8 = line[position] == 0x28 ? 0x29 : line[position]
            position += 1
            while position < limit, line[position] != closing {
                // A title in parentheses holds no unescaped "(" (CommonMark):
                // one looks no further than the next.
                if closing == 0x29, line[position] == 0x28 { return nil }
                if line[position] == 0x5C { position += 1 }
                position += 1
            }
            guard position < limit else { return nil }
            position += 1
            skipSpaces()
        }
        guard position < limit, line[position] == 0x29 else { return nil }
        return (position + 1, String(decoding: destination, as: UTF8.self))
    }

    /// The ">" of an autolink starting with "<" at `start`: a scheme of 2 to
    /// 32 letters, digits, "+", "." or "-" then ":" and no spaces or angle
    /// brackets; or an e-mail address.
    static func autolinkEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var position = start + 1
        guard position < limit, isASCIILetter(line[position]) else { return nil }
        var scheme = 0
        while position < limit, isASCIILetter(line[position]) || isASCIIDigit(line[position])
                || line[position] == 0x2B || line[position] == 0x2E || line[position] == 0x2D {
            scheme += 1
            position += 1
        }
        if position < limit, line[position] == 0x3A, (2 ... 32).contains(scheme) {
            position += 1
            while position < limit, line[position] > 0x20, line[position] != 0x3C, line[position] != 0x3E { position += 1 }
            return position < limit && line[position] == 0x3E ? position : nil
        }
        // An e-mail address: local@domain.
        position = start + 1
        let local = Set("!#$%&'*+/=?^_`{|}~-.".utf8)
        while position < limit, isASCIILetter(line[position]) || isASCIIDigit(line[position]) || local.contains(line[position]) {
            position += 1
        }
        guard position > start + 1, position < limit, line[position] == 0x40 else { return nil }
        position += 1
        let domainStart = position
        while position < limit, isASCIILetter(line[position]) || isASCIIDigit(line[position]) || line[position] == 0x2D
                || line[position] == 0x2E { position += 1 }
        return position > domainStart && position < limit && line[position] == 0x3E ? position : nil
    }

    /// The end of raw inline HTML at `start`: an open or closing tag or a comment.
    static func rawHTMLEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, steps: Steps? = nil) -> Int? {
        var position = start + 1
        defer { steps?.count += position - start }
        guard position < limit else { return nil }
        if line[position] == 0x21, position + 2 < limit, line[position + 1] == 0x2D, line[position + 2] == 0x2D { // <!--
            position += 3
            while position + 2 < limit {
                if line[position] == 0x2D, line[position + 1] == 0x2D, line[position + 2] == 0x3E { return position + 3 }
                position += 1
            }
            return nil
        }
        let closing = line[position] == 0x2F
        if closing { position += 1 }
        guard position < limit, isASCIILetter(line[position]) else { return nil }
        while position < limit, isASCIILetter(line[position]) || isASCIIDigit(line[position]) || line[position] == 0x2D { position += 1 }
        // The name ends at white space, "/" or ">": `<https://a>` is no tag (an autolink).
        guard position < limit, [0x20, 0x09, 0x2F, 0x3E].contains(line[position]) else { return nil }
        // Attributes: anything up to ">" outside quotes.
        var quote: UInt8?
        while position < limit {
            let byte = line[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == 0x22 || byte == 0x27 {
                if closing { return nil }
                quote = byte
            } else if byte == 0x3E {
                return position + 1
            } else if byte == 0x3C {
                return nil
            }
            position += 1
        }
        return nil
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool { (0x41 ... 0x5A).contains(byte) || (0x61 ... 0x7A).contains(byte) }
    static func isASCIIDigit(_ byte: UInt8) -> Bool { (0x30 ... 0x39).contains(byte) }
}
