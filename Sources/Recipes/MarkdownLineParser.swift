import Foundation
import RichText

/// One body line of a recipe file: ATX heading prefix, `**bold**`, `*italic*`,
/// `~~strikethrough~~`, backslash escapes and Foundation's inline attributes
/// `^[text](key: value)`, which may nest. Formatting never crosses lines.
/// A delimiter left unpaired is literal text, as in CommonMark.
struct MarkdownLineParser {
    struct Line {
        var text: [UInt8]
        /// Attribute spans as UTF-8 ranges of `text`; text outside them has none.
        var spans: [(range: Range<Int>, attributes: AttributeContainer)]
        var headingLevel: Int?
    }

    struct Failure: Error {
        /// 1-based column, in Unicode scalars.
        var column: Int
        var message: String
    }

    private enum Delimiter: Int { case bold, italic, strikethrough }

    private enum Token {
        case text(Range<Int>)
        case byte(UInt8)
        case delimiter(Delimiter, Range<Int>)
        case open(Range<Int>)
        case close(AttributeContainer)
    }

    /// Whether a byte can start markup; a line without any is plain text.
    private static func isMarkup(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x5C, 0x2A, 0x7E, 0x5E, 0x5D, 0x23: true
        default: false
        }
    }

    /// The attributes of each attribute list source already read: a file
    /// repeats a few lists (`ingredient: "beurre"`) many times.
    private var attributeLists: [String: AttributeContainer] = [:]

    mutating func parse(_ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> Line {
        var start = 0
        var heading: Int?
        var hashes = 0
        while hashes < line.count, line[hashes] == 0x23 { hashes += 1 }
        if (1 ... 6).contains(hashes), hashes == line.count || line[hashes] == 0x20 {
            heading = hashes
            start = min(line.count, hashes + 1)
        }
        if !line[start...].contains(where: Self.isMarkup) {
            return Line(text: Array(line[start...]), spans: [], headingLevel: heading)
        }
        var tokens = try tokenize(line, from: start)
        Self.pairDelimiters(&tokens)
        return Self.emit(tokens, line, heading: heading)
    }

    private static func column(_ offset: Int, _ line: UnsafeBufferPointer<UInt8>) -> Int {
        1 + line[..<offset].filter { $0 & 0xC0 != 0x80 }.count
    }

    private mutating func tokenize(_ line: UnsafeBufferPointer<UInt8>, from start: Int) throws(Failure) -> [Token] {
        var tokens: [Token] = []
        var textStart = start
        var position = start
        var openSpans: [Int] = []
        func flush(upTo end: Int) {
            if end > textStart { tokens.append(.text(textStart ..< end)) }
        }
        while position < line.count {
            let byte = line[position]
            switch byte {
            case 0x5C where position + 1 < line.count && Self.isASCIIPunctuation(line[position + 1]):
                flush(upTo: position)
                tokens.append(.byte(line[position + 1]))
                position += 2
                textStart = position
            case 0x2A:
                flush(upTo: position)
                var run = 0
                while position + run < line.count, line[position + run] == 0x2A { run += 1 }
                var offset = position
                var remaining = run
                while remaining >= 2 {
                    tokens.append(.delimiter(.bold, offset ..< offset + 2))
                    offset += 2
                    remaining -= 2
                }
                if remaining == 1 { tokens.append(.delimiter(.italic, offset ..< offset + 1)) }
                position += run
                textStart = position
            case 0x7E where position + 1 < line.count && line[position + 1] == 0x7E:
                flush(upTo: position)
                tokens.append(.delimiter(.strikethrough, position ..< position + 2))
                position += 2
                textStart = position
            case 0x5E where position + 1 < line.count && line[position + 1] == 0x5B:
                flush(upTo: position)
                tokens.append(.open(position ..< position + 2))
                openSpans.append(position)
                position += 2
                textStart = position
            case 0x5D where !openSpans.isEmpty:
                flush(upTo: position)
                guard position + 1 < line.count, line[position + 1] == 0x28 else {
                    throw Failure(column: Self.column(position, line), message: "expected \"(attributes)\" after \"]\" of an inline attribute")
                }
                let listStart = position + 2
                guard let listEnd = Self.closingParenthesis(line, from: listStart) else {
                    throw Failure(column: Self.column(position + 1, line), message: "attribute list not closed with \")\"")
                }
                let source = String(decoding: line[listStart ..< listEnd], as: UTF8.self)
                if let known = attributeLists[source] {
                    tokens.append(.close(known))
                } else {
                    do {
                        let attributes = try InlineAttributeList.parse(Substring(source)).attributes()
                        attributeLists[source] = attributes
                        tokens.append(.close(attributes))
                    } catch {
                        throw Failure(column: Self.column(listStart, line) + error.offset, message: error.message)
                    }
                }
                openSpans.removeLast()
                position = listEnd + 1
                textStart = position
            default:
                position += 1
            }
        }
        flush(upTo: line.count)
        if let unclosed = openSpans.last {
            throw Failure(column: Self.column(unclosed, line), message: "\"^[\" is not closed with \"](attributes)\"")
        }
        return tokens
    }

    /// The ")" ending an attribute list, skipping quoted strings.
    private static func closingParenthesis(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var position = start
        var inString = false
        while position < line.count {
            switch line[position] {
            case 0x5C where inString: position += 1
            case 0x22: inString.toggle()
            case 0x29 where !inString: return position
            default: break
            }
            position += 1
        }
        return nil
    }

    /// Pairs delimiters of each kind inside each span level; the unpaired become text.
    private static func pairDelimiters(_ tokens: inout [Token]) {
        var frames: [[Delimiter: Int]] = [[:]]
        func demote(_ frame: [Delimiter: Int]) {
            for index in frame.values {
                if case .delimiter(_, let range) = tokens[index] { tokens[index] = .text(range) }
            }
        }
        for index in tokens.indices {
            switch tokens[index] {
            case .delimiter(let kind, _):
                if frames[frames.count - 1][kind] != nil {
                    frames[frames.count - 1][kind] = nil
                } else {
                    frames[frames.count - 1][kind] = index
                }
            case .open: frames.append([:])
            case .close: demote(frames.removeLast())
            default: break
            }
        }
        demote(frames.removeLast())
    }

    /// The text without markup and its spans, which never overlap: each
    /// stretch of text gets the attributes of every span around it merged,
    /// outer first so inner ones override what they share, then the flags.
    private static func emit(_ tokens: [Token], _ line: UnsafeBufferPointer<UInt8>, heading: Int?) -> Line {
        // A span's attributes come with its closing token: pair them first.
        var closing: [Int: AttributeContainer] = [:]
        var openTokens: [Int] = []
        for (index, token) in tokens.enumerated() {
            switch token {
            case .open: openTokens.append(index)
            case .close(let attributes): closing[openTokens.removeLast()] = attributes
            default: break
            }
        }
        var text: [UInt8] = []
        text.reserveCapacity(line.count)
        var spans: [(range: Range<Int>, attributes: AttributeContainer)] = []
        var flags: Set<Delimiter> = []
        // The merged attributes of the spans open here, outermost at the bottom.
        var enclosing: [AttributeContainer] = [AttributeContainer()]
        func append(_ bytes: some Collection<UInt8>) {
            let start = text.count
            text.append(contentsOf: bytes)
            // Text outside every span and flag (most of it) has no attributes.
            guard text.count > start, !flags.isEmpty || enclosing.count > 1 else { return }
            var container = enclosing[enclosing.count - 1]
            if flags.contains(.bold) { container.bold = true }
            if flags.contains(.italic) { container.italic = true }
            if flags.contains(.strikethrough) { container.strikethrough = true }
            guard container != AttributeContainer() else { return }
            if let last = spans.last, last.range.upperBound == start, last.attributes == container {
                spans[spans.count - 1].range = last.range.lowerBound ..< text.count
            } else {
                spans.append((start ..< text.count, container))
            }
        }
        for (index, token) in tokens.enumerated() {
            switch token {
            case .text(let range): append(line[range])
            case .byte(let byte): append(CollectionOfOne(byte))
            case .delimiter(let kind, _):
                if flags.contains(kind) { flags.remove(kind) } else { flags.insert(kind) }
            case .open:
                enclosing.append(enclosing[enclosing.count - 1].merging(closing[index] ?? AttributeContainer()))
            case .close:
                enclosing.removeLast()
            }
        }
        return Line(text: text, spans: spans, headingLevel: heading)
    }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21 ... 0x2F).contains(byte) || (0x3A ... 0x40).contains(byte) || (0x5B ... 0x60).contains(byte) || (0x7B ... 0x7E).contains(byte)
    }
}
