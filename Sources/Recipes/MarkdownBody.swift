import Foundation
import RichText

/// The body of a recipe file: one editor paragraph per line.
enum MarkdownBody {
    /// Parses `body` into a document under `definition`, in pieces of whole
    /// lines built on all cores (`RichTextDocument.loading`).
    static func parse(_ body: Substring, path: String, firstLine: Int, definition: FormattingDefinition,
                      pieceBytes: Int = 64 << 10) -> (document: RichTextDocument, errors: [RecipeFileError], ingredientIDs: Set<IngredientID>) {
        let pieces = body.piecesOfWholeLines(about: pieceBytes)
        let (document, findings) = RichTextDocument.loading(pieces: pieces.count, definition: definition) { index in
            let piece = pieces[index]
            // Lines are numbered from the piece's start; shifted below.
            let (text, spans, errors) = parseSpans(piece, path: path, firstLine: 0)
            return ParsedPiece(text: text, attributeSpans: spans,
                               findings: (errors: errors, newlines: piece.utf8.count { $0 == 0x0A },
                                          ingredientIDs: Set(spans.keys.compactMap(\.ingredient))))
        }
        var errors: [RecipeFileError] = []
        var ingredientIDs: Set<IngredientID> = []
        var line = firstLine
        for found in findings {
            errors += found.errors.map { RecipeFileError(path: $0.path, line: $0.line + line, column: $0.column, message: $0.message) }
            line += found.newlines
            ingredientIDs.formUnion(found.ingredientIDs)
        }
        return (document, errors, ingredientIDs)
    }

    /// The text without markup, and the attribute spans as UTF-8 ranges per
    /// set of attributes. Every malformed line is reported, located.
    static func parseSpans(_ body: Substring, path: String, firstLine: Int)
        -> (text: String, spans: [AttributeContainer: [Range<Int>]], errors: [RecipeFileError]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.utf8.count)
        var spans: [AttributeContainer: [Range<Int>]] = [:]
        var errors: [RecipeFileError] = []
        var lineNumber = firstLine
        var parser = MarkdownLineParser()
        var body = body
        body.withUTF8 { all in
            var lineStart = 0
            while lineStart <= all.count {
                var lineEnd = lineStart
                while lineEnd < all.count, all[lineEnd] != 0x0A { lineEnd += 1 }
                let line = UnsafeBufferPointer(rebasing: all[lineStart ..< lineEnd])
                let offset = bytes.count
                do throws(MarkdownLineParser.Failure) {
                    let parsed = try parser.parse(line)
                    bytes.append(contentsOf: parsed.text)
                    for (range, attributes) in parsed.spans {
                        spans[attributes, default: []].append(offset + range.lowerBound ..< offset + range.upperBound)
                    }
                    if let level = parsed.headingLevel {
                        var heading = AttributeContainer()
                        heading.headingLevel = level
                        spans[heading, default: []].append(offset ..< bytes.count + (lineEnd < all.count ? 1 : 0))
                    }
                } catch {
                    errors.append(RecipeFileError(path: path, line: lineNumber, column: error.column, message: error.message))
                    bytes.append(contentsOf: line)
                }
                if lineEnd < all.count { bytes.append(0x0A) }
                lineStart = lineEnd + 1
                lineNumber += 1
            }
        }
        return (String(decoding: bytes, as: UTF8.self), spans, errors)
    }

    /// The body as Markdown lines separated by "\n", no final newline.
    ///
    /// The text is read once as contiguous UTF-8 and cut by run offsets; what
    /// a run's attributes mean for the markup is worked out once per distinct
    /// set of attributes (a document has few, and many runs). All markup is
    /// ASCII, so the writer works on bytes. A large text is written in pieces
    /// of whole paragraphs on all cores (a line's markup depends only on its
    /// own runs) and the pieces joined.
    static func serialize(_ text: AttributedString, pieceBytes: Int = 256 << 10) -> String {
        var whole = String(text.characters[...])
        let pieces = Substring(whole).piecesOfWholeLines(about: pieceBytes).map {
            whole.utf8.distance(from: whole.startIndex, to: $0.startIndex) ..< whole.utf8.distance(from: whole.startIndex, to: $0.endIndex)
        }
        var outputs = [[UInt8]](repeating: [], count: pieces.count)
        whole.withUTF8 { bytes in
            outputs.withUnsafeMutableBufferPointer { slots in
                // Each iteration writes only its own slot; the text is only read.
                nonisolated(unsafe) let slots = slots
                nonisolated(unsafe) let bytes = bytes
                DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
                    let range = pieces[index]
                    let lower = text.utf8.index(text.startIndex, offsetBy: range.lowerBound)
                    let upper = text.utf8.index(lower, offsetBy: range.count)
                    slots[index] = serialize(text[lower ..< upper], bytes: bytes, from: range.lowerBound,
                                             isLast: index == pieces.count - 1)
                }
            }
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(outputs.reduce(0) { $0 + $1.count })
        for output in outputs { joined += output }
        return String(decoding: joined, as: UTF8.self)
    }

    /// One piece of whole lines (`bytes` is the whole text's UTF-8, the piece
    /// starting at `start`); the last piece ends the document's last line.
    private static func serialize(_ piece: AttributedSubstring, bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                  isLast: Bool) -> [UInt8] {
        var writer = LineWriter()
        writer.output.reserveCapacity(piece.utf8.count * 9 / 8)
        var styles = StyleCache()
        var offset = start
        var previous = piece.startIndex
        for run in piece.runs {
            let end = offset + piece.utf8.distance(from: previous, to: run.range.upperBound)
            previous = run.range.upperBound
            let style = styles.style(for: run.attributes)
            var segmentStart = offset
            for position in offset ..< end where bytes[position] == 0x0A {
                writer.write(bytes[segmentStart ..< position], style: style)
                // The newline is in this run: an empty paragraph's
                // attributes (a blank heading) are its newline's.
                writer.endLine(newlineStyle: style)
                segmentStart = position + 1
            }
            writer.write(bytes[segmentStart ..< end], style: style)
            offset = end
        }
        if isLast { writer.endLine(final: true) }
        return writer.output
    }
}

/// What each set of attributes means for the markup. Hashing a set for every
/// run costs more than the rest of writing it, so the common cases come
/// first: a run with no attributes (about half of them) is recognised by its
/// storage being the empty set's, and one like a recent run by `==` (sets of
/// different sizes differ at once).
private struct StyleCache {
    private let plain = LineWriter.Style(AttributeContainer())
    private var recent: [(attributes: AttributeContainer, style: LineWriter.Style)] = []
    private var all: [AttributeContainer: LineWriter.Style] = [:]

    /// The raw storage of an empty set: equal bits are the same storage,
    /// hence the same (empty) set; other bits still compare properly below.
    private static let emptyBits = bits(of: AttributeContainer())

    private static func bits(of attributes: AttributeContainer) -> [UInt8] {
        withUnsafeBytes(of: attributes) { Array($0) }
    }

    mutating func style(for attributes: AttributeContainer) -> LineWriter.Style {
        if Self.isEmptyStorage(attributes) { return plain }
        for index in recent.indices where recent[index].attributes == attributes {
            let hit = recent[index]
            if index > 0 { recent.swapAt(index, index - 1) }
            return hit.style
        }
        let style: LineWriter.Style
        if let known = all[attributes] {
            style = known
        } else {
            style = LineWriter.Style(attributes)
            all[attributes] = style
        }
        if recent.count == 4 { recent.removeLast() }
        recent.append((attributes, style))
        return style
    }

    private static func isEmptyStorage(_ attributes: AttributeContainer) -> Bool {
        withUnsafeBytes(of: attributes) { raw in
            raw.count == emptyBits.count && zip(raw, emptyBits).allSatisfy { $0 == $1 }
        }
    }
}

/// Writes one line at a time with the fewest delimiter changes.
private struct LineWriter {
    enum Flag: CaseIterable {
        case bold, italic, strikethrough
        var delimiter: [UInt8] {
            switch self {
            case .bold: [0x2A, 0x2A]
            case .italic: [0x2A]
            case .strikethrough: [0x7E, 0x7E]
            }
        }
    }

    /// What a run's attributes mean for the markup, worked out once per set;
    /// a class, so handing it on per run is one reference.
    final class Style: Sendable {
        let flags: [Flag]
        /// The inline attributes that make a `^[…](…)` span (the ingredient's green is derived).
        let inline: AttributeContainer
        /// The attribute list for the span, without and with the paragraph's attributes.
        let spanSource: [UInt8]
        let spanSourceWithParagraph: [UInt8]
        let hasParagraphAttributes: Bool
        let headingLevel: Int?

        init(_ attributes: AttributeContainer) {
            flags = Flag.allCases.filter { flag in
                switch flag {
                case .bold: attributes.bold == true
                case .italic: attributes.italic == true
                case .strikethrough: attributes.strikethrough == true
                }
            }
            var inline = AttributeContainer()
            inline.ingredient = attributes.ingredient
            inline.underline = attributes.underline
            inline.backgroundColor = attributes.backgroundColor
            inline[RetainedMarkdownAttributes.self] = attributes[RetainedMarkdownAttributes.self]
            if attributes.ingredient == nil { inline.foregroundColor = attributes.foregroundColor }
            self.inline = inline
            var paragraph = AttributeContainer()
            paragraph.alignment = attributes.alignment
            paragraph.baseWritingDirection = attributes.baseWritingDirection
            hasParagraphAttributes = paragraph.alignment != nil || paragraph.baseWritingDirection != nil
            spanSource = Array(InlineAttributeList.source(for: attributes, paragraph: nil).utf8)
            spanSourceWithParagraph = Array(InlineAttributeList.source(for: attributes, paragraph: hasParagraphAttributes ? paragraph : nil).utf8)
            headingLevel = attributes.headingLevel.flatMap { (1 ... 6).contains($0) ? $0 : nil }
        }

        static let plain = Style(AttributeContainer())
    }

    var output: [UInt8] = []
    private var lineStarted = false
    private var isHeading = false
    private var wroteText = false
    private var paragraphStyle: Style?
    private var groupOpen = true
    private var span: [UInt8] = []
    private var flags: [Flag] = []

    mutating func write(_ text: Slice<UnsafeBufferPointer<UInt8>>, style: Style) {
        guard !text.isEmpty else { return }
        if !lineStarted { startLine(style) }
        if isHeading, !wroteText { output.append(0x20) }
        if groupOpen, style.inline != paragraphStyle?.inline { groupOpen = false }
        // Paragraph attributes go on the line's first span.
        let spanSource = groupOpen && paragraphStyle?.hasParagraphAttributes == true
            ? (paragraphStyle?.spanSourceWithParagraph ?? style.spanSource) : style.spanSource
        if spanSource != span {
            closeFlags()
            closeSpan()
            if !spanSource.isEmpty { output += [0x5E, 0x5B] } // ^[
            span = spanSource
        }
        // Only the net change: each flag toggles at most once here, so a run of
        // asterisks is at most "***" and reads back unambiguously (the parser
        // pairs delimiters per kind, like toggles).
        for flag in flags.reversed() where !style.flags.contains(flag) {
            output += flag.delimiter
            flags.removeAll { $0 == flag }
        }
        for flag in style.flags where !flags.contains(flag) {
            output += flag.delimiter
            flags.append(flag)
        }
        appendEscaped(text, atLineStart: !wroteText && !isHeading, insideSpan: !span.isEmpty)
        wroteText = true
    }

    mutating func endLine(final: Bool = false, newlineStyle: Style? = nil) {
        if !lineStarted, final { return }
        if !lineStarted { startLine(newlineStyle ?? .plain) }
        closeFlags()
        closeSpan()
        if !final { output.append(0x0A) }
        lineStarted = false
    }

    private mutating func closeSpan() {
        guard !span.isEmpty else { return }
        output += [0x5D, 0x28] // ](
        output += span
        output.append(0x29)
        span = []
    }

    private mutating func startLine(_ style: Style) {
        lineStarted = true
        wroteText = false
        span = []
        flags = []
        groupOpen = true
        paragraphStyle = style
        isHeading = false
        if let level = style.headingLevel {
            output += Array(repeating: 0x23, count: level)
            isHeading = true
        }
    }

    /// Closes every open flag, innermost first.
    private mutating func closeFlags() {
        while let top = flags.popLast() { output += top.delimiter }
    }

    /// Backslash before what would read as markup: `\\`, `*`, `~`, `^`, `]`
    /// inside an attribute span, and at a line's start a `#` (heading) or
    /// `---` (front matter, thematic break). All are ASCII, so bytes suffice.
    private mutating func appendEscaped(_ text: Slice<UnsafeBufferPointer<UInt8>>, atLineStart: Bool, insideSpan: Bool) {
        var position = text.startIndex
        if atLineStart {
            var indentation = 0
            while position < text.endIndex, text[position] == 0x20, indentation < 3 {
                output.append(0x20)
                position += 1
                indentation += 1
            }
            if position < text.endIndex {
                let byte = text[position]
                let dashes = position + 2 < text.endIndex && byte == 0x2D && text[position + 1] == 0x2D && text[position + 2] == 0x2D
                if byte == 0x23 || dashes { output.append(0x5C) }
            }
        }
        // Stretches with nothing to escape are copied whole.
        var stretchStart = position
        while position < text.endIndex {
            let byte = text[position]
            let escaped = byte == 0x5C || byte == 0x2A || byte == 0x7E || byte == 0x5E || (byte == 0x5D && insideSpan)
            if escaped {
                output.append(contentsOf: text[stretchStart ..< position])
                output.append(0x5C)
                stretchStart = position
            }
            position += 1
        }
        output.append(contentsOf: text[stretchStart ..< position])
    }
}
