import Foundation
import RichText
import Recipes

/// Markdown's inline syntax in one line, as CommonMark reads it: backslash
/// escapes, code spans, emphasis with `*` and `_` (the delimiter-run rules,
/// so `* 4-6 bacon strips*` keeps its lone star and `snake_case_name` its
/// underscores), links, images and autolinks; plus GFM's `~~strikethrough~~`
/// and Foundation's inline attributes `^[text](key: value)`. Raw HTML and
/// entities are text. Whatever does not form a construct is text, exactly.
package struct MarkdownInlineReader {
    struct Result {
        var text: [UInt8] = []
        var spans: [(range: Range<Int>, attributes: AttributeContainer)] = []
        var warnings: [(offset: Int, message: String)] = []
        var origins: [Range<Int>] = []
        /// Bytes looked at ahead of the scan to find where a construct ends
        /// (a link's destination, an attribute list, a code span, a
        /// comment): a bounded number of times the line's length, whatever
        /// the line holds.
        var lookaheadSteps = 0
    }

    /// Attribute lists already read: a file repeats a few (`ingredient: "beurre"`) many times.
    private var attributeLists: [String: AttributeContainer] = [:]

    /// Bytes that can start inline markup; a line without any is text.
    private static let markupBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "\\*_~`[]<^".utf8 { table[Int(byte)] = true }
        return table
    }()

    mutating func read(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, origins wantsOrigins: Bool) -> Result {
        var result = Result()
        if !line[range].contains(where: { Self.markupBytes[Int($0)] }) {
            result.text = Array(line[range])
            if wantsOrigins { result.origins = range.map { $0 ..< $0 + 1 } }
            return result
        }
        var scanner = Scanner(line: line, range: range, reader: self)
        scanner.scan()
        attributeLists = scanner.reader.attributeLists
        scanner.emit(into: &result, origins: wantsOrigins)
        result.lookaheadSteps = scanner.lookaheadSteps.count
        return result
    }

    fileprivate mutating func attributes(ofList source: String) throws(InlineAttributeList.SyntaxError) -> AttributeContainer {
        if let known = attributeLists[source] { return known }
        let attributes = try InlineAttributeList.parse(Substring(source)).attributes()
        attributeLists[source] = attributes
        return attributes
    }
}

/// What emphasis delimiters make.
private enum Flag: Equatable {
    case bold, italic, strikethrough
}

private struct Token {
    enum Kind {
        /// Bytes of the line taken as they are.
        case text
        /// One character written with a backslash (`\*`): `byte`.
        case escaped(UInt8)
        /// A run of `*`, `_` or `~~`.
        case delimiter
        /// `[`, `![` or `^[`, until its `]` is found (then `.open`).
        case bracket(BracketKind)
        /// Opens a span with these attributes (a link, an image, a code span, `^[…](…)`).
        case open(AttributeContainer)
        /// Closes the innermost span.
        case close
    }

    enum BracketKind { case link, image, attributes }

    var kind: Kind
    var source: Range<Int>
    // Delimiter runs:
    var character: UInt8 = 0
    var canOpen = false
    var canClose = false
    /// Characters used to close emphasis (from the run's start) and to open it (from its end).
    var closerUsed = 0
    var openerUsed = 0
    var opens: [Flag] = []
    var closes: [Flag] = []

    var remaining: Int { source.count - closerUsed - openerUsed }
}

private struct Scanner {
    let line: UnsafeBufferPointer<UInt8>
    let range: Range<Int>
    var reader: MarkdownInlineReader
    var tokens: [Token] = []
    /// Delimiter runs that may still pair, as token indices.
    var delimiters: [Int] = []
    /// Open brackets: token index, whether a link may still form there, and
    /// how many delimiters were open before it.
    var brackets: [(token: Int, active: Bool, delimiterBottom: Int)] = []
    var warnings: [(offset: Int, message: String)] = []
    let lookaheadSteps = MarkdownInlineReader.Steps()
    /// Where the attribute list opened at each byte ends.
    var attributeListEnds = MarkdownInlineReader.ClosingParentheses()
    /// Where a search for a comment's "-->" found none to the line's end: a
    /// comment opened after it has none either (each "<!--" of a line of
    /// them searched to its end).
    var unclosedCommentsFrom = Int.max
    /// Once a code span's search has found no closing run to the line's
    /// end: where the last backtick run of each length starts. An opener
    /// after the last run of its length has no closer (each run of a line
    /// of runs of many lengths searched to its end).
    var lastBacktickRuns: [Int: Int]?

    init(line: UnsafeBufferPointer<UInt8>, range: Range<Int>, reader: MarkdownInlineReader) {
        self.line = line
        self.range = range
        self.reader = reader
    }

    /// Where the text not yet made a token starts.
    private var textStart = 0

    /// The text before `end` not yet made a token, as one.
    private mutating func flush(_ end: Int) {
        if end > textStart { tokens.append(Token(kind: .text, source: textStart ..< end)) }
    }

    mutating func scan() {
        var position = range.lowerBound
        textStart = position
        while position < range.upperBound {
            let byte = line[position]
            var consumed: Int?
            switch byte {
            case 0x5C: // backslash
                if position + 1 < range.upperBound, MarkdownInlineReader.isASCIIPunctuation(line[position + 1]) {
                    flush(position)
                    tokens.append(Token(kind: .escaped(line[position + 1]), source: position ..< position + 2))
                    consumed = 2
                }
            case 0x60: // backtick
                consumed = codeSpan(at: position)
                if consumed == nil {
                    // A run with no closing run is text, whole.
                    var end = position
                    while end < range.upperBound, line[end] == 0x60 { end += 1 }
                    position = end
                    continue
                }
            case 0x2A, 0x5F: // * _
                flush(position)
                consumed = delimiterRun(at: position)
            case 0x7E: // ~
                var end = position
                while end < range.upperBound, line[end] == 0x7E { end += 1 }
                if end - position == 2 {
                    flush(position)
                    consumed = delimiterRun(at: position)
                } else {
                    position = end
                    continue
                }
            case 0x5B: // [
                flush(position)
                tokens.append(Token(kind: .bracket(.link), source: position ..< position + 1))
                brackets.append((tokens.count - 1, true, delimiters.count))
                consumed = 1
            case 0x21 where position + 1 < range.upperBound && line[position + 1] == 0x5B: // ![
                flush(position)
                tokens.append(Token(kind: .bracket(.image), source: position ..< position + 2))
                brackets.append((tokens.count - 1, true, delimiters.count))
                consumed = 2
            case 0x5E where position + 1 < range.upperBound && line[position + 1] == 0x5B: // ^[
                flush(position)
                tokens.append(Token(kind: .bracket(.attributes), source: position ..< position + 2))
                brackets.append((tokens.count - 1, true, delimiters.count))
                consumed = 2
            case 0x5D: // ]
                flush(position)
                consumed = closeBracket(at: position)
            case 0x3C: // <
                consumed = angleConstruct(at: position)
            default:
                break
            }
            if let consumed {
                position += consumed
                textStart = position
            } else {
                position += 1
            }
        }
        flush(range.upperBound)
        processEmphasis(bottom: 0)
        for bracket in brackets {
            if case .bracket(.attributes) = tokens[bracket.token].kind {
                warnings.append((tokens[bracket.token].source.lowerBound, "\"^[\" is not closed with \"](attributes)\"; kept as text"))
            }
        }
    }

    // MARK: Code spans, autolinks, raw HTML

    /// A code span from the backtick run at `start`: the bytes consumed, or
    /// nil when no closing run of the same length follows.
    private mutating func codeSpan(at start: Int) -> Int? {
        var openEnd = start
        while openEnd < range.upperBound, line[openEnd] == 0x60 { openEnd += 1 }
        let length = openEnd - start
        if let runs = lastBacktickRuns, runs[length] ?? -1 < openEnd { return nil }
        var search = openEnd
        defer { lookaheadSteps.count += search - openEnd }
        var runs: [Int: Int] = [:]
        while search < range.upperBound {
            guard line[search] == 0x60 else { search += 1; continue }
            var runEnd = search
            while runEnd < range.upperBound, line[runEnd] == 0x60 { runEnd += 1 }
            runs[runEnd - search] = search
            if runEnd - search == length {
                flush(start)
                var contentStart = openEnd
                var contentEnd = search
                // One space each side is stripped when both are there (and not all spaces).
                if contentEnd - contentStart >= 2, line[contentStart] == 0x20, line[contentEnd - 1] == 0x20,
                   line[contentStart ..< contentEnd].contains(where: { $0 != 0x20 }) {
                    contentStart += 1
                    contentEnd -= 1
                }
                var code = AttributeContainer()
                code.inlineCode = true
                tokens.append(Token(kind: .open(code), source: start ..< contentStart))
                if contentEnd > contentStart { tokens.append(Token(kind: .text, source: contentStart ..< contentEnd)) }
                tokens.append(Token(kind: .close, source: contentEnd ..< runEnd))
                return runEnd - start
            }
            search = runEnd
        }
        // Every run from here to the line's end was seen.
        if lastBacktickRuns == nil { lastBacktickRuns = runs }
        return nil
    }

    /// An autolink (`<https://…>`, `<name@host>`) or raw HTML (a tag, a
    /// comment) at `start`: the bytes consumed. HTML is text, but nothing in
    /// it is markup.
    private mutating func angleConstruct(at start: Int) -> Int? {
        if let end = MarkdownInlineReader.autolinkEnd(line, from: start, limit: range.upperBound) {
            let address = String(decoding: line[start + 1 ..< end], as: UTF8.self)
            let isEmail = !address.contains(":")
            var link = AttributeContainer()
            if let url = URL(string: isEmail ? "mailto:" + address : address) { link.link = url }
            link[LinkSourceAttribute.self] = "<>"
            flush(start)
            tokens.append(Token(kind: .open(link), source: start ..< start + 1))
            tokens.append(Token(kind: .text, source: start + 1 ..< end))
            tokens.append(Token(kind: .close, source: end ..< end + 1))
            return end + 1 - start
        }
        let isComment = start + 3 < range.upperBound && line[start + 1] == 0x21 && line[start + 2] == 0x2D && line[start + 3] == 0x2D
        if isComment, start >= unclosedCommentsFrom { return nil }
        if let end = MarkdownInlineReader.rawHTMLEnd(line, from: start, limit: range.upperBound, steps: lookaheadSteps) {
            flush(start)
            tokens.append(Token(kind: .text, source: start ..< end))
            return end - start
        }
        if isComment { unclosedCommentsFrom = start }
        return nil
    }

    // MARK: Emphasis

    /// A run of `*`, `_` or `~~` at `start`, with CommonMark's flanking rules.
    private mutating func delimiterRun(at start: Int) -> Int {
        let character = line[start]
        var end = start
        while end < range.upperBound, line[end] == character { end += 1 }
        let before = CharacterClass.before(start, in: line, lowerLimit: range.lowerBound)
        let after = CharacterClass.after(end, in: line, upperLimit: range.upperBound)
        let leftFlanking = after != .whitespace && (after != .punctuation || before != .other)
        let rightFlanking = before != .whitespace && (before != .punctuation || after != .other)
        var token = Token(kind: .delimiter, source: start ..< end)
        token.character = character
        if character == 0x5F {
            token.canOpen = leftFlanking && (!rightFlanking || before == .punctuation)
            token.canClose = rightFlanking && (!leftFlanking || after == .punctuation)
        } else {
            token.canOpen = leftFlanking
            token.canClose = rightFlanking
        }
        tokens.append(token)
        delimiters.append(tokens.count - 1)
        return end - start
    }

    /// CommonMark's "process emphasis" over the delimiters above `bottom`
    /// (an index into `delimiters`), which are then all taken off.
    private mutating func processEmphasis(bottom: Int) {
        var openersBottom: [Int: Int] = [:]
        var closerPosition = bottom
        while closerPosition < delimiters.count {
            let closer = delimiters[closerPosition]
            guard tokens[closer].canClose else {
                closerPosition += 1
                continue
            }
            let character = tokens[closer].character
            let key = Int(character) << 4 | (tokens[closer].source.count % 3) << 1 | (tokens[closer].canOpen ? 1 : 0)
            var openerPosition = closerPosition - 1
            var found: Int?
            while openerPosition >= max(bottom, openersBottom[key] ?? bottom) {
                let opener = delimiters[openerPosition]
                if tokens[opener].canOpen, tokens[opener].character == character, isAllowedPair(opener, closer) {
                    found = openerPosition
                    break
                }
                openerPosition -= 1
            }
            guard let openerFound = found else {
                openersBottom[key] = closerPosition
                if !tokens[closer].canOpen {
                    delimiters.remove(at: closerPosition)
                } else {
                    closerPosition += 1
                }
                continue
            }
            let opener = delimiters[openerFound]
            let flag: Flag
            let used: Int
            if character == 0x7E {
                flag = .strikethrough
                used = 2
            } else if tokens[opener].remaining >= 2, tokens[closer].remaining >= 2 {
                flag = .bold
                used = 2
            } else {
                flag = .italic
                used = 1
            }
            tokens[opener].openerUsed += used
            tokens[opener].opens.append(flag)
            tokens[closer].closerUsed += used
            tokens[closer].closes.append(flag)
            // Delimiters between them can no longer pair.
            delimiters.removeSubrange(openerFound + 1 ..< closerPosition)
            closerPosition = openerFound + 1
            if tokens[opener].remaining == 0 {
                delimiters.remove(at: openerFound)
                closerPosition -= 1
            }
            if tokens[closer].remaining == 0 {
                delimiters.remove(at: closerPosition)
            }
        }
        delimiters.removeSubrange(min(bottom, delimiters.count)...)
    }

    /// The rule of three: a run that can both open and close pairs with
    /// another only when their lengths do not add up to a multiple of 3,
    /// unless both are multiples of 3. `~~` pairs only with `~~`.
    private func isAllowedPair(_ opener: Int, _ closer: Int) -> Bool {
        let first = tokens[opener]
        let second = tokens[closer]
        if first.character == 0x7E { return first.remaining == 2 && second.remaining == 2 }
        guard first.canClose || second.canOpen else { return true }
        let lengths = (first.source.count, second.source.count)
        return (lengths.0 + lengths.1) % 3 != 0 || (lengths.0 % 3 == 0 && lengths.1 % 3 == 0)
    }

    // MARK: Links, images, attribute spans

    /// A `]`: closes the innermost bracket when what follows makes it a link,
    /// an image or an attribute span. Returns the bytes consumed.
    private mutating func closeBracket(at position: Int) -> Int {
        guard let bracket = brackets.last else {
            tokens.append(Token(kind: .text, source: position ..< position + 1))
            return 1
        }
        guard case .bracket(let kind) = tokens[bracket.token].kind else { return 1 }
        let afterBracket = position + 1
        // Nothing inside: there would be no text to hold the link, image or
        // attributes, so it stays text as written.
        if tokens[bracket.token].source.upperBound == position {
            brackets.removeLast()
            tokens.append(Token(kind: .text, source: position ..< position + 1))
            return 1
        }
        var attributes: AttributeContainer?
        var end = afterBracket
        if bracket.active, afterBracket < range.upperBound, line[afterBracket] == 0x28 {
            switch kind {
            case .link, .image:
                if let destination = MarkdownInlineReader.linkDestination(line, from: afterBracket, limit: range.upperBound,
                                                                                     steps: lookaheadSteps) {
                    let source = String(decoding: line[afterBracket ..< destination.end], as: UTF8.self)
                    var container = AttributeContainer()
                    if kind == .image {
                        container.image = source
                    } else {
                        if let url = URL(string: destination.url) { container.link = url }
                        container[LinkSourceAttribute.self] = source
                    }
                    attributes = container
                    end = destination.end
                }
            case .attributes:
                if let listEnd = attributeListEnds.end(in: line, from: afterBracket + 1, limit: range.upperBound, steps: lookaheadSteps) {
                    let source = String(decoding: line[afterBracket + 1 ..< listEnd], as: UTF8.self)
                    do throws(InlineAttributeList.SyntaxError) {
                        attributes = try reader.attributes(ofList: source)
                        end = listEnd + 1
                    } catch {
                        warnings.append((afterBracket + 1 + error.offset, error.message + "; kept as text"))
                    }
                } else {
                    warnings.append((afterBracket, "attribute list not closed with \")\"; kept as text"))
                }
            }
        } else if kind == .attributes, bracket.active {
            warnings.append((position, "expected \"(attributes)\" after \"]\" of an inline attribute; kept as text"))
        }
        brackets.removeLast()
        guard let attributes else {
            tokens.append(Token(kind: .text, source: position ..< position + 1))
            return 1
        }
        tokens[bracket.token].kind = .open(attributes)
        tokens.append(Token(kind: .close, source: position ..< end))
        processEmphasis(bottom: bracket.delimiterBottom)
        // No link inside a link: the brackets before it can no longer make one.
        if kind == .link {
            for index in brackets.indices where tokens[brackets[index].token].kind.isLinkBracket { brackets[index].active = false }
        }
        return end - position
    }

    // MARK: Emitting

    /// The text and its spans: each stretch gets the attributes of the
    /// spans around it, outer first, then the emphasis flags.
    func emit(into result: inout MarkdownInlineReader.Result, origins: Bool) {
        var stack: [AttributeContainer] = [AttributeContainer()]
        var flags: [Flag: Int] = [:]
        func append(_ bytes: some Collection<UInt8>, from source: Range<Int>, atom: Bool) {
            let start = result.text.count
            result.text.append(contentsOf: bytes)
            if origins {
                if atom {
                    result.origins.append(source)
                } else {
                    result.origins.append(contentsOf: source.map { $0 ..< $0 + 1 })
                }
            }
            var container = stack[stack.count - 1]
            if (flags[.bold] ?? 0) > 0 { container.bold = true }
            if (flags[.italic] ?? 0) > 0 { container.italic = true }
            if (flags[.strikethrough] ?? 0) > 0 { container.strikethrough = true }
            guard result.text.count > start, container != AttributeContainer() else { return }
            if let last = result.spans.last, last.range.upperBound == start, last.attributes == container {
                result.spans[result.spans.count - 1].range = last.range.lowerBound ..< result.text.count
            } else {
                result.spans.append((start ..< result.text.count, container))
            }
        }
        for token in tokens {
            switch token.kind {
            case .text:
                append(line[token.source], from: token.source, atom: false)
            case .escaped(let byte):
                append(CollectionOfOne(byte), from: token.source, atom: true)
            case .bracket:
                append(line[token.source], from: token.source, atom: false)
            case .delimiter:
                for flag in token.closes { flags[flag, default: 0] -= 1 }
                let literal = token.source.lowerBound + token.closerUsed ..< token.source.upperBound - token.openerUsed
                if !literal.isEmpty { append(line[literal], from: literal, atom: false) }
                for flag in token.opens.reversed() { flags[flag, default: 0] += 1 }
            case .open(let attributes):
                stack.append(stack[stack.count - 1].merging(attributes))
            case .close:
                stack.removeLast()
            }
        }
        result.warnings = warnings.map { ($0.offset, $0.message) }
    }
}

private extension Token.Kind {
    var isLinkBracket: Bool {
        if case .bracket(.link) = self { return true }
        return false
    }
}

extension MarkdownInlineReader {
    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21 ... 0x2F).contains(byte) || (0x3A ... 0x40).contains(byte) || (0x5B ... 0x60).contains(byte) || (0x7B ... 0x7E).contains(byte)
    }

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
