import Foundation
import RichText

/// The body of a recipe file: one editor paragraph per line.
enum MarkdownBody {
    /// Parses `body` (lines separated by "\n", no final newline) into text
    /// and attributes. Every malformed line is reported, located.
    static func parse(_ body: Substring, path: String, firstLine: Int) -> (text: AttributedString, errors: [RecipeFileError]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.utf8.count)
        var spans: [AttributeContainer: [Range<Int>]] = [:]
        var errors: [RecipeFileError] = []
        var lineNumber = firstLine
        var body = body
        body.withUTF8 { all in
            var lineStart = 0
            while lineStart <= all.count {
                var lineEnd = lineStart
                while lineEnd < all.count, all[lineEnd] != 0x0A { lineEnd += 1 }
                let line = UnsafeBufferPointer(rebasing: all[lineStart ..< lineEnd])
                let offset = bytes.count
                do throws(MarkdownLineParser.Failure) {
                    let parsed = try MarkdownLineParser.parse(line)
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
        var text = AttributedString(String(decoding: bytes, as: UTF8.self))
        for (attributes, ranges) in spans {
            let sorted = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
            guard !sorted.isEmpty else { continue }
            text[RangeSet(text.characterRanges(atSortedUTF8Offsets: sorted))].mergeAttributes(attributes)
        }
        return (text, errors)
    }

    /// The body as Markdown lines separated by "\n", no final newline.
    static func serialize(_ text: AttributedString) -> String {
        var writer = LineWriter()
        for run in text.runs {
            let piece = String(text.characters[run.range])
            var first = true
            for segment in piece.split(separator: "\n", omittingEmptySubsequences: false) {
                // The newline before this segment is in this run: an empty
                // paragraph's attributes (a blank heading) are its newline's.
                if !first { writer.endLine(newlineAttributes: run.attributes) }
                writer.write(segment, attributes: run.attributes)
                first = false
            }
        }
        writer.endLine(final: true)
        return writer.output
    }
}

/// Writes one line at a time with the fewest delimiter changes.
private struct LineWriter {
    enum Flag: CaseIterable {
        case bold, italic, strikethrough
        var delimiter: String {
            switch self {
            case .bold: "**"
            case .italic: "*"
            case .strikethrough: "~~"
            }
        }
    }

    var output = ""
    private var lineStarted = false
    private var isHeading = false
    private var wroteText = false
    private var paragraph: AttributeContainer?
    private var firstGroup: AttributeContainer?
    private var groupOpen = true
    private var span = ""
    private var flags: [Flag] = []

    mutating func write(_ text: Substring, attributes: AttributeContainer) {
        guard !text.isEmpty else { return }
        if !lineStarted { startLine(attributes) }
        if isHeading, !wroteText { output += " " }
        let inline = Self.inlineOnly(attributes)
        if groupOpen, inline != firstGroup { groupOpen = false }
        let spanSource = InlineAttributeList.source(for: attributes, paragraph: groupOpen ? paragraph : nil)
        if spanSource != span {
            closeFlags()
            if !span.isEmpty { output += "](\(span))" }
            if !spanSource.isEmpty { output += "^[" }
            span = spanSource
        }
        let wanted = Flag.allCases.filter { flag in
            switch flag {
            case .bold: attributes.bold == true
            case .italic: attributes.italic == true
            case .strikethrough: attributes.strikethrough == true
            }
        }
        // Only the net change: each flag toggles at most once here, so a run of
        // asterisks is at most "***" and reads back unambiguously (the parser
        // pairs delimiters per kind, like toggles).
        for flag in flags.reversed() where !wanted.contains(flag) {
            output += flag.delimiter
            flags.removeAll { $0 == flag }
        }
        for flag in wanted where !flags.contains(flag) {
            output += flag.delimiter
            flags.append(flag)
        }
        output += escaped(text, atLineStart: !wroteText && !isHeading, insideSpan: !span.isEmpty)
        wroteText = true
    }

    mutating func endLine(final: Bool = false, newlineAttributes: AttributeContainer? = nil) {
        if !lineStarted, final { return }
        if !lineStarted { startLine(newlineAttributes ?? AttributeContainer()) }
        closeFlags()
        if !span.isEmpty { output += "](\(span))" }
        if !final { output += "\n" }
        lineStarted = false
    }

    private mutating func startLine(_ attributes: AttributeContainer) {
        lineStarted = true
        wroteText = false
        span = ""
        flags = []
        groupOpen = true
        firstGroup = Self.inlineOnly(attributes)
        var paragraph = AttributeContainer()
        paragraph.alignment = attributes.alignment
        paragraph.baseWritingDirection = attributes.baseWritingDirection
        self.paragraph = paragraph.alignment == nil && paragraph.baseWritingDirection == nil ? nil : paragraph
        isHeading = false
        if let level = attributes.headingLevel, (1 ... 6).contains(level) {
            output += String(repeating: "#", count: level)
            isHeading = true
        }
    }

    /// Closes every open flag, innermost first.
    private mutating func closeFlags() {
        while let top = flags.popLast() { output += top.delimiter }
    }

    private static func inlineOnly(_ attributes: AttributeContainer) -> AttributeContainer {
        var inline = AttributeContainer()
        inline.ingredient = attributes.ingredient
        inline.underline = attributes.underline
        inline.backgroundColor = attributes.backgroundColor
        inline[RetainedMarkdownAttributes.self] = attributes[RetainedMarkdownAttributes.self]
        if attributes.ingredient == nil { inline.foregroundColor = attributes.foregroundColor }
        return inline
    }

    /// Backslash before what would read as markup: `\`, `*`, `~`, `^`, `]`
    /// inside an attribute span, and at a line's start a `#` (heading) or
    /// `---` (front matter, thematic break).
    private mutating func escaped(_ text: Substring, atLineStart: Bool, insideSpan: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var leading = atLineStart
        var indentation = 0
        for scalar in text.unicodeScalars {
            if leading {
                if scalar == " ", indentation < 3 {
                    indentation += 1
                    result.unicodeScalars.append(scalar)
                    continue
                }
                if scalar == "#" || (scalar == "-" && text.dropFirst(indentation).hasPrefix("---")) {
                    result += "\\"
                }
                leading = false
            }
            switch scalar {
            case "\\", "*", "~", "^": result += "\\"
            case "]" where insideSpan: result += "\\"
            default: break
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
