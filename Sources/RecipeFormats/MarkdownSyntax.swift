import Foundation
import RichText
import Recipes

/// Markdown recipe bodies, a line per paragraph: what CommonMark makes of a
/// line (headings, lists, quotes, code and HTML blocks, thematic breaks and
/// the inline syntax), kept so that a line written back reads the same.
/// Code, HTML and thematic-break lines are verbatim: their text is the line.
package struct MarkdownSyntax: LineSyntax {
    var inline = MarkdownInlineReader()
    /// What the writer derives from attribute containers, remembered across lines.
    var spanKeys = AttributeMemo<AttributeContainer>()
    var attributeLists = AttributeMemo<[UInt8]>()
    var paragraphWritings = AttributeMemo<ParagraphWriting>()
    /// What bold and italic are written with (`writeLike` sets `_` for a moment).
    var emphasis: UInt8 = 0x2A

    /// An edited line written with the emphasis its old line used, when that
    /// was `_` (`_Optio_` stays underscores, not `*Optio*`).
    mutating func writeLike(_ old: [UInt8], read: ReadLine, _ content: ParagraphContent, state: UInt32) -> [UInt8]? {
        let emphasized = read.spans.first { $0.attributes.italic == true || $0.attributes.bold == true }
        guard let start = emphasized?.range.lowerBound, start < read.origins.count else { return nil }
        let before = read.origins[start].lowerBound - 1
        guard before >= 0, before < old.count, old[before] == 0x5F else { return nil }
        emphasis = 0x5F
        defer { emphasis = 0x2A }
        return write(content, state: state, style: .minimal)
    }

    /// Whether emphasis typed with `_` is written with it (`writeAsTyped` sets it for a moment).
    var followsTypedEmphasis = false

    /// A line whose bold or italic was typed with `_` (`_fresh_`), written
    /// with it; the rest of its emphasis with `*` as typed.
    mutating func writeAsTyped(_ content: ParagraphContent, state: UInt32) -> [UInt8]? {
        guard content.runs.contains(where: { $0.attributes[EmphasisMarkupAttribute.self] != nil }) else { return nil }
        followsTypedEmphasis = true
        defer { followsTypedEmphasis = false }
        return write(content, state: state, style: .minimal)
    }

    var initialState: UInt32 { MarkdownLineState.start.packed }

    /// What a line is, by what starts it and the state before it.
    enum LineKind {
        case verbatim(VerbatimLine)
        case blank
        /// Text after a prefix (possibly empty) of quotes, a list marker, a heading's `#`s.
        case content(Prefix)
    }

    /// The line's kind and the state after it: everything but the inline syntax.
    static func classify(_ line: UnsafeBufferPointer<UInt8>, state: MarkdownLineState) -> (LineKind, MarkdownLineState) {
        switch state.block {
        case .fenced(let tilde, let length):
            if closingFence(line, tilde: tilde, length: length) { return (.verbatim(.codeFence), MarkdownLineState(inList: state.inList)) }
            return (.verbatim(.code), state)
        case .html(let condition):
            if condition >= 6 {
                if isBlank(line) { return (.blank, MarkdownLineState(afterBlank: true, inList: state.inList)) }
                return (.verbatim(.html), state)
            }
            let ends = htmlBlockEnds(line, condition: condition, from: 0)
            return (.verbatim(.html), ends ? MarkdownLineState(inList: state.inList) : state)
        case .normal, .indentedCode:
            break
        }
        if isBlank(line) { return (.blank, MarkdownLineState(afterBlank: true, inList: state.inList)) }
        let (columns, indentationBytes) = indentation(line, from: 0)
        if columns >= 4 {
            if state.block == .indentedCode || (state.afterBlank && !state.inList) {
                return (.verbatim(.code), MarkdownLineState(block: .indentedCode))
            }
            // Indented under a list item: a nested item, or the item's text
            // (so is a paragraph's indented continuation).
            let nested = state.inList ? prefix(line, from: 0, deepListMarkers: true) : Prefix()
            return (.content(nested.listMarker != nil ? nested : Prefix()), MarkdownLineState(inList: state.inList))
        }
        if let fence = openingFence(line, from: indentationBytes) {
            return (.verbatim(.codeFence), MarkdownLineState(block: .fenced(tilde: fence.tilde, length: fence.length)))
        }
        if let condition = htmlBlockStart(line, from: indentationBytes, afterBlank: state.afterBlank) {
            let ends = condition <= 5 && htmlBlockEnds(line, condition: condition, from: indentationBytes + 1)
            return (.verbatim(.html), MarkdownLineState(block: ends ? .normal : .html(condition: condition)))
        }
        if isThematicBreak(line, from: indentationBytes) { return (.verbatim(.thematicBreak), MarkdownLineState()) }
        let prefix = prefix(line, from: 0)
        let inList = prefix.listMarker != nil || (state.inList && (columns > 0 || !state.afterBlank))
        return (.content(prefix), MarkdownLineState(inList: inList))
    }

    func state(after line: UnsafeBufferPointer<UInt8>, state: UInt32) -> UInt32 {
        Self.classify(line, state: MarkdownLineState(packed: state)).1.packed
    }

    /// Outside code and HTML blocks, a line is plain text when no byte of
    /// it could start inline markup, its start no block markup (a marker,
    /// a digit, indentation) and its end no hard break.
    func isPlainText(_ line: UnsafeBufferPointer<UInt8>, state: UInt32) -> Bool {
        switch MarkdownLineState(packed: state).block {
        case .normal, .indentedCode: break
        case .fenced, .html: return false
        }
        guard let first = line.first, let last = line.last else { return true }
        if Self.startsBlockMarkup[Int(first)] || last == 0x20 || last == 0x09 { return false }
        return isPlainInside(line)
    }

    func isPlainInside(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.contains { Self.mayBeMarkup[Int($0)] }
    }

    /// Bytes that may be inline markup anywhere: \ * _ ` [ ] ! < > & ~ ^ | # and control characters.
    private static let mayBeMarkup: [Bool] = (0 ..< 256).map { byte in
        byte < 0x20 || byte == 0x7F || "\\*_`[]!<>&~^|#".utf8.contains(UInt8(byte))
    }

    /// Inside a long line, `! > & ~ ^ | #` are text where their neighbours
    /// are: `!` and `^` open only before `[`, `>` closes only after `<`,
    /// `#` is markup only at a line's ends, `&` and `|` never (entities are
    /// text), `~` only as `~~`.
    func isInertInside(_ bytes: UnsafeBufferPointer<UInt8>, after previous: UInt8) -> Bool {
        var before = previous
        for byte in bytes {
            if Self.markupAnywhere[Int(byte)] || (byte == 0x7E && before == 0x7E) { return false }
            before = byte
        }
        return true
    }

    /// Bytes that may be markup wherever they stand: \ * _ ` [ ] < and control characters.
    private static let markupAnywhere: [Bool] = (0 ..< 256).map { byte in
        byte < 0x20 || byte == 0x7F || "\\*_`[]<".utf8.contains(UInt8(byte))
    }

    /// The bytes that meet may be inert marks, not a byte that is markup
    /// anywhere nor a `~` of a run (`~~` is a delimiter, whose flanking sees
    /// its neighbour); and a head with `<` (a tag or an autolink may run on
    /// past it) or `](` (a link's destination, which may not hold a space
    /// and must balance its parentheses) is not judged apart from what
    /// follows it.
    func endsJoin(head: [UInt8], tail: [UInt8]) -> Bool {
        guard let last = head.last, let first = tail.first, !Self.markupAnywhere[Int(last)], !Self.markupAnywhere[Int(first)],
              !head.contains(0x3C) else { return false }
        if last == 0x7E, first == 0x7E || head.dropLast().last == 0x7E { return false }
        if first == 0x7E, tail.dropFirst().first == 0x7E { return false }
        return !zip(head, head.dropFirst()).contains { $0 == 0x5D && $1 == 0x28 }
    }

    /// Bytes that may start block markup at a line's start: white space, list markers, digits, `=`.
    private static let startsBlockMarkup: [Bool] = (0 ..< 256).map { byte in
        "\t -+=0123456789".utf8.contains(UInt8(byte))
    }

    mutating func read(_ line: UnsafeBufferPointer<UInt8>, state packed: UInt32, origins: Bool) -> ReadLine {
        let (kind, after) = Self.classify(line, state: MarkdownLineState(packed: packed))
        switch kind {
        case .verbatim(let verbatim):
            var result = ReadLine(text: Array(line), stateAfter: after.packed, contentRange: 0 ..< line.count)
            result.paragraph.verbatimLine = verbatim
            if origins { result.origins = line.indices.map { $0 ..< $0 + 1 } }
            return result
        case .blank:
            var result = ReadLine(text: Array(line), stateAfter: after.packed, contentRange: 0 ..< line.count)
            if origins { result.origins = line.indices.map { $0 ..< $0 + 1 } }
            return result
        case .content(let prefix):
            return readContent(line, prefix: prefix, contentStart: prefix.length, after: after, origins: origins)
        }
    }

    /// The line after its prefix: inline syntax, a heading's closing
    /// sequence, attributes that hold for the paragraph.
    private mutating func readContent(_ line: UnsafeBufferPointer<UInt8>, prefix: Prefix, contentStart: Int,
                                      after: MarkdownLineState, origins: Bool) -> ReadLine {
        var contentEnd = line.count
        if prefix.headingLevel != nil { contentEnd = Self.headingContentEnd(line, from: contentStart) }
        let parsed = inline.read(line, contentStart ..< contentEnd, origins: origins)
        var result = ReadLine(text: parsed.text, stateAfter: after.packed, origins: parsed.origins, contentRange: contentStart ..< contentEnd)
        result.rawHTML = parsed.rawHTML
        var paragraph = AttributeContainer()
        // Only the keys a line has are set: setting even nil costs.
        if let level = prefix.headingLevel { paragraph.headingLevel = level }
        if let marker = prefix.listMarker { paragraph.listItem = marker }
        if prefix.quoteDepth > 0 { paragraph.blockQuote = prefix.quoteDepth }
        if contentStart > 0 || contentEnd < line.count {
            paragraph[LineMarkupAttribute.self] = LineMarkup(prefix: String(decoding: line[..<contentStart], as: UTF8.self),
                                                              suffix: String(decoding: line[contentEnd...], as: UTF8.self))
        }
        // `^[…](alignment: …)` on a span sets the paragraph's alignment.
        result.spans = parsed.spans.compactMap { span in
            var attributes = span.attributes
            Self.moveParagraphAttributes(from: &attributes, to: &paragraph)
            return attributes == AttributeContainer() ? nil : (span.range, attributes)
        }
        result.paragraph = paragraph
        result.warnings = Array(zip(Self.columns(of: parsed.warnings.map(\.offset), in: line), parsed.warnings.map(\.message)))
        return result
    }

    /// Paragraph attributes an inline span may carry go to the paragraph
    /// (the first span's value wins).
    private static func moveParagraphAttributes(from span: inout AttributeContainer, to paragraph: inout AttributeContainer) {
        if let value = span.alignment {
            if paragraph.alignment == nil { paragraph.alignment = value }
            span.alignment = nil
        }
        if let value = span.baseWritingDirection {
            if paragraph.baseWritingDirection == nil { paragraph.baseWritingDirection = value }
            span.baseWritingDirection = nil
        }
        if let value = span.headingLevel {
            if paragraph.headingLevel == nil { paragraph.headingLevel = value }
            span.headingLevel = nil
        }
    }

    // MARK: Lines kept as they are

    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Columns of leading white space (a tab to the next multiple of 4) and its bytes.
    static func indentation(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> (columns: Int, bytes: Int) {
        var columns = 0
        var position = start
        while position < line.count {
            if line[position] == 0x20 {
                columns += 1
            } else if line[position] == 0x09 {
                columns += 4 - columns % 4
            } else {
                break
            }
            position += 1
        }
        return (columns, position - start)
    }

    static func column(of offset: Int, in line: UnsafeBufferPointer<UInt8>) -> Int {
        1 + line[..<min(offset, line.count)].filter { $0 & 0xC0 != 0x80 }.count
    }

    /// `column(of:in:)` of each offset, in one walk over the line: a line of
    /// openers nothing closes has a warning for each, and counting from the
    /// line's start for each made reading it quadratic.
    static func columns(of offsets: [Int], in line: UnsafeBufferPointer<UInt8>) -> [Int] {
        var columns = [Int](repeating: 1, count: offsets.count)
        var position = 0
        var column = 1
        for index in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
            while position < min(offsets[index], line.count) {
                if line[position] & 0xC0 != 0x80 { column += 1 }
                position += 1
            }
            columns[index] = column
        }
        return columns
    }

    // MARK: Prefixes: quotes, list markers, headings

    /// What a line's markup before its text says.
    struct Prefix: Equatable {
        var quoteDepth = 0
        var listMarker: ListMarker?
        var headingLevel: Int?
        /// Bytes of the markup.
        var length = 0
    }

    /// Quote markers, then a list marker, then a heading's `#`s, each after
    /// at most three spaces; a list marker takes up to four spaces after it.
    static func prefix(_ line: UnsafeBufferPointer<UInt8>, from start: Int, deepListMarkers: Bool = false) -> Prefix {
        var result = Prefix()
        var position = start
        while true {
            let (columns, bytes) = indentation(line, from: position)
            guard columns <= 3, position + bytes < line.count, line[position + bytes] == 0x3E else { break }
            result.quoteDepth += 1
            position += bytes + 1
            if position < line.count, line[position] == 0x20 { position += 1 }
        }
        result.length = position
        let (columns, bytes) = indentation(line, from: position)
        guard columns <= 3 || deepListMarkers else { return result }
        var markerEnd = position + bytes
        var kind: ListMarker.Kind?
        if markerEnd < line.count, [UInt8(0x2D), 0x2A, 0x2B].contains(line[markerEnd]) {
            kind = .bullet(String(UnicodeScalar(line[markerEnd])))
            markerEnd += 1
        } else {
            var digitsEnd = markerEnd
            while digitsEnd < line.count, digitsEnd - markerEnd < 9, MarkdownInlineReader.isASCIIDigit(line[digitsEnd]) { digitsEnd += 1 }
            if digitsEnd > markerEnd, digitsEnd < line.count, line[digitsEnd] == 0x2E || line[digitsEnd] == 0x29,
               let number = Int(String(decoding: line[markerEnd ..< digitsEnd], as: UTF8.self)) {
                kind = .ordered(number: number, delimiter: String(UnicodeScalar(line[digitsEnd])))
                markerEnd = digitsEnd + 1
            }
        }
        if let kind, markerEnd == line.count || line[markerEnd] == 0x20 || line[markerEnd] == 0x09 {
            var contentStart = markerEnd
            let (spaces, spaceBytes) = indentation(line, from: markerEnd)
            contentStart += spaces <= 4 ? spaceBytes : 1
            result.listMarker = ListMarker(kind: kind, indentation: columns)
            result.length = contentStart
            position = contentStart
        }
        let (headingColumns, headingIndent) = indentation(line, from: position)
        guard headingColumns <= 3 || result.listMarker != nil else { return result }
        var hashes = position + headingIndent
        while hashes < line.count, line[hashes] == 0x23 { hashes += 1 }
        let level = hashes - position - headingIndent
        if (1 ... 6).contains(level), hashes == line.count || line[hashes] == 0x20 || line[hashes] == 0x09 {
            result.headingLevel = level
            result.length = hashes + indentation(line, from: hashes).bytes
        }
        return result
    }

    /// Where a heading's text ends: before an optional closing run of `#`
    /// preceded by a space (and the spaces after it).
    static func headingContentEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = line.count
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        var hashes = end
        while hashes > start, line[hashes - 1] == 0x23 { hashes -= 1 }
        guard hashes < end else { return line.count }
        if hashes == start { return start }
        guard line[hashes - 1] == 0x20 || line[hashes - 1] == 0x09 else { return line.count }
        var contentEnd = hashes
        while contentEnd > start, line[contentEnd - 1] == 0x20 || line[contentEnd - 1] == 0x09 { contentEnd -= 1 }
        return contentEnd
    }

    // MARK: Code fences, HTML blocks, thematic breaks

    static func openingFence(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> (tilde: Bool, length: Int)? {
        guard start < line.count, line[start] == 0x60 || line[start] == 0x7E else { return nil }
        let character = line[start]
        var end = start
        while end < line.count, line[end] == character { end += 1 }
        guard end - start >= 3 else { return nil }
        // A backtick fence's info string has no backtick.
        if character == 0x60, line[end...].contains(0x60) { return nil }
        return (character == 0x7E, end - start)
    }

    static func closingFence(_ line: UnsafeBufferPointer<UInt8>, tilde: Bool, length: Int) -> Bool {
        let (columns, bytes) = indentation(line, from: 0)
        guard columns <= 3 else { return false }
        let character: UInt8 = tilde ? 0x7E : 0x60
        var end = bytes
        while end < line.count, line[end] == character { end += 1 }
        guard end - bytes >= length else { return false }
        return line[end...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    static func isThematicBreak(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard start < line.count, [UInt8(0x2D), 0x2A, 0x5F].contains(line[start]) else { return false }
        let character = line[start]
        var count = 0
        for byte in line[start...] {
            if byte == character {
                count += 1
            } else if byte != 0x20, byte != 0x09 {
                return false
            }
        }
        return count >= 3
    }

    private static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup", "dd",
        "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame",
        "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link",
        "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search", "section",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]

    private static let rawTextTags = ["script", "pre", "style", "textarea"]

    /// CommonMark's HTML block start conditions 1…7 at `start` ("<"); the
    /// seventh (any complete tag alone on its line) only after a blank line.
    static func htmlBlockStart(_ line: UnsafeBufferPointer<UInt8>, from start: Int, afterBlank: Bool) -> Int? {
        guard start < line.count, line[start] == 0x3C else { return nil }
        let rest = String(decoding: line[(start + 1)...], as: UTF8.self)
        let lowered = rest.lowercased()
        for tag in rawTextTags where lowered.hasPrefix(tag) {
            let after = lowered.dropFirst(tag.count).first
            if after == nil || after == " " || after == "\t" || after == ">" { return 1 }
        }
        if rest.hasPrefix("!--") { return 2 }
        if rest.hasPrefix("?") { return 3 }
        if rest.hasPrefix("!"), rest.dropFirst().first?.isASCII == true, rest.dropFirst().first?.isLetter == true { return 4 }
        if rest.hasPrefix("![CDATA[") { return 5 }
        let name = lowered.drop { $0 == "/" }.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        if blockTags.contains(String(name)) {
            let after = lowered.drop { $0 == "/" }.dropFirst(name.count)
            if after.isEmpty || after.hasPrefix(" ") || after.hasPrefix("\t") || after.hasPrefix(">") || after.hasPrefix("/>") { return 6 }
        }
        if afterBlank, let end = MarkdownInlineReader.rawHTMLEnd(line, from: start, limit: line.count),
           !rawTextTags.contains(String(name)), line[end...].allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
           !lowered.hasPrefix("!") {
            return 7
        }
        return nil
    }

    static func htmlBlockEnds(_ line: UnsafeBufferPointer<UInt8>, condition: Int, from start: Int) -> Bool {
        let text = String(decoding: line[min(start, line.count)...], as: UTF8.self)
        switch condition {
        case 1: return rawTextTags.contains { text.lowercased().contains("</\($0)>") }
        case 2: return text.contains("-->")
        case 3: return text.contains("?>")
        case 4: return text.contains(">")
        case 5: return text.contains("]]>")
        default: return false
        }
    }
}
