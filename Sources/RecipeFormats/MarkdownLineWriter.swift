package import Foundation
import RichText
import Recipes

extension MarkdownSyntax {
    /// A paragraph as a line: its prefix (the file's own when it still says
    /// the same), its text with markup, a heading's closing sequence.
    /// `.minimal` escapes only what must be, `.careful` what could be
    /// markup, `.explicit` every special character, with formatting spelled
    /// out in attribute lists; the caller reads each back until one matches.
    mutating func write(_ content: ParagraphContent, state: UInt32, style: WriteStyle) -> [UInt8] {
        let paragraph = paragraphWritings.value(for: content.paragraph, ParagraphWriting.init)
        if paragraph.isVerbatim { return content.text }
        var writer = InlineMarkdownWriter(style: style)
        writer.emphasis = style == .explicit ? 0x2A : emphasis
        writer.followsTypedEmphasis = followsTypedEmphasis && style != .explicit
        // Written as typed, HTML typed is text too (the line is the user's).
        writer.escapesTags = writer.followsTypedEmphasis
        swap(&writer.spanKeys, &spanKeys)
        swap(&writer.attributeLists, &attributeLists)
        defer {
            swap(&writer.spanKeys, &spanKeys)
            swap(&writer.attributeLists, &attributeLists)
        }
        writer.insideSpan = paragraph.wrapper != nil
        writer.endsLine = paragraph.wrapper == nil
        writer.write(content.runs, text: content.text)
        var body = writer.output
        if let wrapper = paragraph.wrapper { body = [0x5E, 0x5B] + body + wrapper }
        Self.escapeLineStart(&body, prefix: paragraph.prefix, hangs: paragraph.hangs, isItem: paragraph.hangs && !paragraph.isHeading)
        if paragraph.isHeading { Self.escapeClosingSequence(&body, style: style) }
        return paragraph.prefix + body + paragraph.suffix
    }

    /// What a paragraph's attributes make of its line, worked out once per
    /// distinct set of them.
    struct ParagraphWriting: Sendable {
        /// A line kept as it is (code, HTML, a thematic break, markup alone).
        var isVerbatim = false
        var prefix: [UInt8] = []
        var suffix: [UInt8] = []
        /// Alignment and direction hold for the paragraph: a span around
        /// its text says so; this closes it (`](alignment: …)`).
        var wrapper: [UInt8]?
        var isHeading = false
        /// Text after a heading's or an item's marker, where leading white space would join the marker.
        var hangs = false

        init(_ paragraph: AttributeContainer) {
            switch paragraph.verbatimLine {
            case .code?, .codeFence?, .html?, .thematicBreak?, .markupOnly?:
                isVerbatim = true
                return
            default: break // Cooklang's metadata and comment lines are text here.
            }
            let markup = MarkdownSyntax.markup(for: paragraph)
            prefix = Array(markup.prefix.utf8)
            suffix = Array(markup.suffix.utf8)
            var paragraphOnly = AttributeContainer()
            paragraphOnly.alignment = paragraph.alignment
            paragraphOnly.baseWritingDirection = paragraph.baseWritingDirection
            if paragraphOnly != AttributeContainer() {
                wrapper = [0x5D, 0x28] + Array(InlineAttributeList.source(for: AttributeContainer(), paragraph: paragraphOnly).utf8) + [0x29]
            }
            isHeading = paragraph.headingLevel != nil
            hangs = isHeading || paragraph.listItem != nil
        }
    }

    /// Text to splice into a line where `ambient` holds (the attributes of
    /// the text it joins): what the runs have beyond it, as markup; nil when
    /// a run lacks something the ambient text has.
    func writeFragment(_ runs: [(text: [UInt8], attributes: AttributeContainer)], ambient: AttributeContainer) -> [UInt8]? {
        var output: [UInt8] = []
        let ambientSpan = InlineMarkdownWriter.spanKey(ambient)
        let ambientFlags = InlineMarkdownWriter.flags(of: ambient)
        for run in runs {
            let flags = InlineMarkdownWriter.flags(of: run.attributes)
            let span = InlineMarkdownWriter.spanKey(run.attributes)
            var merged = span
            merged.merge(ambientSpan)
            guard ambientFlags.isSubset(of: flags), merged == span else { return nil }
            var own = AttributeContainer()
            if span != ambientSpan {
                own = span
                for name in InlineMarkdownWriter.spanKeyNames where InlineMarkdownWriter.hasKey(name, ambientSpan) {
                    InlineMarkdownWriter.removeKey(name, from: &own)
                }
            }
            for flag in flags.subtracting(ambientFlags) { flag.set(on: &own) }
            own[EmphasisMarkupAttribute.self] = run.attributes[EmphasisMarkupAttribute.self]
            var writer = InlineMarkdownWriter(style: .minimal)
            // Emphasis typed with `_` is written with it (the caller reads the line back).
            writer.followsTypedEmphasis = true
            // HTML typed into the line is text, as the screen shows it.
            writer.escapesTags = true
            writer.insideSpan = ambientSpan != AttributeContainer()
            // The line goes on after a fragment: a backslash it ends with is escaped.
            writer.endsLine = false
            writer.write([(0 ..< run.text.count, own)], text: run.text)
            output += writer.output
        }
        return output
    }

    /// The prefix and suffix a paragraph's attributes call for: the file's
    /// own while they say the same, else the plainest form.
    package static func markup(for paragraph: AttributeContainer) -> (prefix: String, suffix: String) {
        let quoteDepth = paragraph.blockQuote ?? 0
        let marker = paragraph.listItem
        let heading = paragraph.headingLevel.flatMap { (1 ... 6).contains($0) ? $0 : nil }
        if let written = paragraph[LineMarkupAttribute.self] {
            let parsed = Array((written.prefix + "x").utf8).withUnsafeBufferPointer { MarkdownSyntax.prefix($0, from: 0, deepListMarkers: true) }
            if parsed.quoteDepth == quoteDepth, parsed.listMarker == marker, parsed.headingLevel == heading,
               parsed.length == written.prefix.utf8.count {
                let suffixFits = heading != nil && isClosingSequence(written.suffix)
                return (written.prefix, suffixFits ? written.suffix : "")
            }
        }
        var prefix = String(repeating: "> ", count: quoteDepth)
        if let marker {
            prefix += String(repeating: " ", count: marker.indentation)
            switch marker.kind {
            case .bullet(let bullet): prefix += bullet + " "
            case .ordered(let number, let delimiter): prefix += "\(number)\(delimiter) "
            }
        }
        if let heading { prefix += String(repeating: "#", count: heading) + " " }
        return (prefix, "")
    }

    /// " ##": spaces then hashes then spaces.
    private static func isClosingSequence(_ suffix: String) -> Bool {
        let trimmed = suffix.drop { $0 == " " || $0 == "\t" }
        guard trimmed.count < suffix.count || suffix.isEmpty else { return false }
        let hashes = trimmed.prefix { $0 == "#" }
        return trimmed.dropFirst(hashes.count).allSatisfy { $0 == " " || $0 == "\t" }
    }
}
