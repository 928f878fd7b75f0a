import Foundation
import RichText

/// A body's lines as they go into a file, in pieces of whole lines: copied
/// from the file the text came from (`TextSourceMap`), or written now.
struct BodyPiece: Sendable {
    enum Content: Sendable {
        /// These bytes of the map's file, with their checksum (`SourceChecksum`).
        case source(Range<Int>, checksum: UInt64)
        /// Markdown written now, lines separated by "\n" (or the file's line ending).
        case written([UInt8], checksum: UInt64)
    }

    /// The lines, from a line's start to a line's end without its newline.
    var text: Range<Int>
    var content: Content
}

extension MarkdownBody {
    /// The body's lines in pieces, in order; the file joins them with line
    /// endings. Lines the map has in its file are copied from it; the rest is
    /// written in pieces of about `pieceBytes` of whole lines on all cores
    /// (a line's markup depends only on its own runs).
    ///
    /// Each piece is read once as contiguous UTF-8 and cut by run offsets;
    /// what a run's attributes mean for the markup is worked out once per
    /// distinct set of attributes (a document has few, and many runs). All
    /// markup is ASCII, so the writer works on bytes.
    static func pieces(of text: AttributedString, reusing map: TextSourceMap?, lineEnding: String,
                       pieceBytes: Int = 64 << 10) -> [BodyPiece] {
        let length = text.utf8.count
        let copied = map.map { usablePieces($0, of: text, length: length) } ?? []
        // The lines between copied pieces, each as one string of whole lines
        // (with the newline after it when a copied piece follows).
        var gaps: [(start: Int, string: String, endsDocument: Bool)] = []
        var lineStart = 0
        for piece in copied {
            if piece.text.lowerBound > lineStart { gaps.append(gap(of: text, from: lineStart, to: piece.text.lowerBound, endsDocument: false)) }
            lineStart = piece.text.upperBound + 1
        }
        if lineStart <= length { gaps.append(gap(of: text, from: lineStart, to: length, endsDocument: true)) }
        // Every gap cut into pieces of whole lines, all written in parallel.
        var jobs: [(gap: Int, range: Range<Int>, isLast: Bool)] = []
        for (index, gap) in gaps.enumerated() {
            let cuts = Substring(gap.string).piecesOfWholeLines(about: pieceBytes)
            var offset = 0
            for (number, cut) in cuts.enumerated() {
                let count = cut.utf8.count
                jobs.append((index, offset ..< offset + count, gap.endsDocument && number == cuts.count - 1))
                offset += count
            }
        }
        var written = [BodyPiece?](repeating: nil, count: jobs.count)
        let crlf = lineEnding == "\r\n"
        let allJobs = jobs
        let allGaps = gaps
        written.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes only its own slot; the text is only read.
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
                let job = allJobs[index]
                let gap = allGaps[job.gap]
                let start = gap.start + job.range.lowerBound
                let lower = text.utf8.index(text.startIndex, offsetBy: start)
                let upper = text.utf8.index(lower, offsetBy: job.range.count)
                var bytes = gap.string.utf8.withContiguousStorageIfAvailable { all in
                    serialize(text[lower ..< upper], bytes: UnsafeBufferPointer(rebasing: all[job.range]), isLast: job.isLast)
                } ?? Array(gap.string.utf8[...]).withUnsafeBufferPointer { all in
                    serialize(text[lower ..< upper], bytes: UnsafeBufferPointer(rebasing: all[job.range]), isLast: job.isLast)
                }
                // Not the document's end: the piece ends with its last line's
                // newline, which the file writes between pieces instead.
                var end = start + job.range.count
                if !job.isLast {
                    bytes.removeLast()
                    end -= 1
                }
                if crlf { bytes = withCRLF(bytes) }
                slots[index] = BodyPiece(text: start ..< end, content: .written(bytes, checksum: SourceChecksum.of(bytes)))
            }
        }
        var result = copied.map { BodyPiece(text: $0.text, content: .source($0.source, checksum: $0.checksum)) }
        result += written.compactMap { $0 }
        // Pieces are whole lines with a newline between them: their starts differ.
        result.sort { $0.text.lowerBound < $1.text.lowerBound }
        return result
    }

    /// The map's pieces that still hold whole lines of `text`, in order, each
    /// with a newline between it and the next (a map kept by the document
    /// always does; this is the check that a stale one cannot corrupt a file).
    private static func usablePieces(_ map: TextSourceMap, of text: AttributedString, length: Int) -> [TextSourceMap.Piece] {
        func isNewline(at offset: Int) -> Bool {
            text.utf8[text.utf8.index(text.startIndex, offsetBy: offset)] == 0x0A
        }
        var usable: [TextSourceMap.Piece] = []
        var nextLineStart = 0
        for piece in map.pieces {
            guard piece.text.lowerBound >= nextLineStart, piece.text.upperBound <= length,
                  piece.text.lowerBound == 0 || isNewline(at: piece.text.lowerBound - 1),
                  piece.text.upperBound == length || isNewline(at: piece.text.upperBound) else { continue }
            usable.append(piece)
            nextLineStart = piece.text.upperBound + 1
        }
        return usable
    }

    /// The text from line start `start` to `end`: the end of the document,
    /// or the start of a copied piece (then the newline before it is the
    /// gap's last character).
    private static func gap(of text: AttributedString, from start: Int, to end: Int, endsDocument: Bool) -> (start: Int, string: String, endsDocument: Bool) {
        let lower = text.utf8.index(text.startIndex, offsetBy: start)
        let upper = text.utf8.index(lower, offsetBy: end - start)
        return (start, String(text.characters[lower ..< upper]), endsDocument)
    }

    private static func withCRLF(_ bytes: [UInt8]) -> [UInt8] {
        var converted: [UInt8] = []
        converted.reserveCapacity(bytes.count + bytes.count / 32)
        for byte in bytes {
            if byte == 0x0A { converted.append(0x0D) }
            converted.append(byte)
        }
        return converted
    }

    /// One piece of whole lines, `bytes` its UTF-8; the last piece ends the
    /// document's last line, the others with a newline.
    private static func serialize(_ piece: AttributedSubstring, bytes: UnsafeBufferPointer<UInt8>, isLast: Bool) -> [UInt8] {
        var writer = LineWriter()
        writer.output.reserveCapacity(piece.utf8.count * 9 / 8)
        var styles = StyleCache()
        var offset = 0
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
