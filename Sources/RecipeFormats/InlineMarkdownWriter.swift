import Foundation
import RichText
import Recipes

/// Inline runs as Markdown: emphasis as `*`, `**`, `~~` (never around the
/// white space at a stretch's edges, which CommonMark would not read), code
/// spans, links, images, and Foundation's `^[text](key: value)` for the rest.
struct InlineMarkdownWriter {
    enum Flag: CaseIterable, Hashable {
        case bold, italic, strikethrough

        var delimiter: [UInt8] {
            switch self {
            case .bold: [0x2A, 0x2A]
            case .italic: [0x2A]
            case .strikethrough: [0x7E, 0x7E]
            }
        }

        /// Bold and italic do not show on white space; strikethrough does.
        var isInvisibleOnSpace: Bool { self != .strikethrough }

        func isSet(in attributes: AttributeContainer) -> Bool {
            switch self {
            case .bold: attributes.bold == true
            case .italic: attributes.italic == true
            case .strikethrough: attributes.strikethrough == true
            }
        }

        func set(on attributes: inout AttributeContainer) {
            switch self {
            case .bold: attributes.bold = true
            case .italic: attributes.italic = true
            case .strikethrough: attributes.strikethrough = true
            }
        }

        func remove(from attributes: inout AttributeContainer) {
            switch self {
            case .bold: attributes.bold = nil
            case .italic: attributes.italic = nil
            case .strikethrough: attributes.strikethrough = nil
            }
        }
    }

    private static let plain = AttributeContainer()

    let style: WriteStyle
    var output: [UInt8] = []
    /// Inside `^[…]` or a link's text, where "]" and "[" are markup.
    var insideSpan = false
    var spanKeys = AttributeMemo<AttributeContainer>()
    var attributeLists = AttributeMemo<[UInt8]>()
    /// Whether the text written ends the line (a backslash there is
    /// literal); not inside a span that closes after it.
    var endsLine = true

    /// The byte bold and italic are written with: `*`, or `_` for a line
    /// the file wrote that way (`MarkdownSyntax.writeLike`).
    var emphasis: UInt8 = 0x2A
    /// Whether bold and italic typed with `_` (`EmphasisMarkupAttribute`)
    /// are written with it, whatever `emphasis` says.
    var followsTypedEmphasis = false
    /// Whether a `<` that may start raw HTML (before a letter, `/`, `!`,
    /// `?`) is escaped even in the minimal style: text typed in Roux is
    /// text, which other readers would render as HTML or drop.
    var escapesTags = false

    func delimiter(_ flag: Flag, typedWith typed: UInt8? = nil) -> [UInt8] {
        flag == .strikethrough ? flag.delimiter : flag.delimiter.map { _ in typed ?? emphasis }
    }

    /// The delimiter a run's emphasis was typed with, when it is followed.
    private func typedEmphasis(_ attributes: AttributeContainer) -> UInt8? {
        followsTypedEmphasis && attributes[EmphasisMarkupAttribute.self] == "_" ? 0x5F : nil
    }

    init(style: WriteStyle) {
        self.style = style
    }

    static func flags(of attributes: AttributeContainer) -> Set<Flag> {
        // Most text is plain: no lookups for it.
        if attributes == plain { return [] }
        return Set(Flag.allCases.filter { $0.isSet(in: attributes) })
    }

    /// The attributes a span says (everything but emphasis); the ingredient's
    /// green is derived, so it is left out.
    static func spanKey(_ attributes: AttributeContainer) -> AttributeContainer {
        if attributes == plain { return attributes }
        var key = attributes
        for flag in Flag.allCases { flag.remove(from: &key) }
        key.foregroundColor = attributes.hasDerivedColor ? nil : attributes.foregroundColor
        key.alignment = nil
        key.baseWritingDirection = nil
        key.headingLevel = nil
        key.listItem = nil
        key.blockQuote = nil
        key.verbatimLine = nil
        key[LineMarkupAttribute.self] = nil
        key[EmphasisMarkupAttribute.self] = nil
        return key
    }

    static let spanKeyNames = ["ingredient", "underline", "foregroundColor", "backgroundColor", "link", "linkSource", "image",
                               "inlineCode", "quantity", "note", "retained", "cookware", "timer", "comment", "cooklangSource"]

    static func hasKey(_ name: String, _ attributes: AttributeContainer) -> Bool {
        switch name {
        case "ingredient": attributes.ingredient != nil
        case "underline": attributes.underline != nil
        case "foregroundColor": attributes.foregroundColor != nil
        case "backgroundColor": attributes.backgroundColor != nil
        case "link": attributes.link != nil
        case "linkSource": attributes[LinkSourceAttribute.self] != nil
        case "image": attributes.image != nil
        case "inlineCode": attributes.inlineCode != nil
        case "quantity": attributes[OccurrenceQuantityAttribute.self] != nil
        case "note": attributes[OccurrenceNoteAttribute.self] != nil
        case "retained": attributes[RetainedMarkdownAttributes.self] != nil
        case "cookware": attributes.cookware != nil
        case "timer": attributes.timer != nil
        case "comment": attributes.comment != nil
        case "cooklangSource": attributes[CooklangSourceAttribute.self] != nil
        default: false
        }
    }

    static func removeKey(_ name: String, from attributes: inout AttributeContainer) {
        switch name {
        case "ingredient": attributes.ingredient = nil
        case "underline": attributes.underline = nil
        case "foregroundColor": attributes.foregroundColor = nil
        case "backgroundColor": attributes.backgroundColor = nil
        case "link": attributes.link = nil
        case "linkSource": attributes[LinkSourceAttribute.self] = nil
        case "image": attributes.image = nil
        case "inlineCode": attributes.inlineCode = nil
        case "quantity": attributes[OccurrenceQuantityAttribute.self] = nil
        case "note": attributes[OccurrenceNoteAttribute.self] = nil
        case "retained": attributes[RetainedMarkdownAttributes.self] = nil
        case "cookware": attributes.cookware = nil
        case "timer": attributes.timer = nil
        case "comment": attributes.comment = nil
        case "cooklangSource": attributes[CooklangSourceAttribute.self] = nil
        default: break
        }
    }

    /// Writes `text` with its runs: consecutive runs that share their span
    /// attributes make one span; emphasis changes only where it must.
    mutating func write(_ runs: [(range: Range<Int>, attributes: AttributeContainer)], text: [UInt8]) {
        var index = 0
        let keys = runs.map { run in spanKeys.value(for: run.attributes) { Self.spanKey($0) } }
        while index < runs.count {
            let key = keys[index]
            var end = index + 1
            while end < runs.count, keys[end] == key { end += 1 }
            let group = Array(runs[index ..< end])
            let nextByte: UInt8? = end < runs.count ? text[runs[end].range.lowerBound] : nil
            writeSpan(key: key, runs: group, text: text, isLineEnd: endsLine && end == runs.count, nextByte: nextByte)
            index = end
        }
    }

    private mutating func writeSpan(key: AttributeContainer, runs: [(range: Range<Int>, attributes: AttributeContainer)],
                                    text: [UInt8], isLineEnd: Bool, nextByte: UInt8?) {
        let range = (runs.first?.range.lowerBound ?? 0) ..< (runs.last?.range.upperBound ?? 0)
        if key == AttributeContainer() {
            writeEmphasized(runs, text: text, isLineEnd: isLineEnd)
            return
        }
        if style != .explicit, key.inlineCode == true, Self.spanKey(withoutCode: key) == AttributeContainer(),
           runs.allSatisfy({ Self.flags(of: $0.attributes) == Self.flags(of: runs[0].attributes) }) {
            let flags = Self.flags(of: runs[0].attributes).sorted { $0.delimiter.count > $1.delimiter.count }
            for flag in flags { output += delimiter(flag) }
            writeCode(Array(text[range]))
            for flag in flags.reversed() { output += delimiter(flag) }
            return
        }
        let isLink = key.link != nil || key[LinkSourceAttribute.self] != nil
        var rest = key
        rest.link = nil
        rest[LinkSourceAttribute.self] = nil
        // Every style writes a link as a link: inside `^[…](…)` an autolink
        // would be left without its address (the list does not carry it).
        if isLink, rest == AttributeContainer() {
            writeLink(key, runs: runs, text: text)
            return
        }
        var imageRest = key
        imageRest.image = nil
        if let image = key.image, imageRest == AttributeContainer() {
            output += [0x21, 0x5B] // ![
            writeInside(runs, text: text)
            output.append(0x5D)
            output += Array(image.utf8)
            return
        }
        // Anything else: Foundation's inline attribute syntax, with emphasis
        // inside (or in the list, when writing explicitly).
        output += [0x5E, 0x5B] // ^[
        var inner = runs
        var listed = key
        if style == .explicit {
            let common = Self.flags(of: runs[0].attributes)
            if runs.allSatisfy({ Self.flags(of: $0.attributes) == common }) {
                for flag in common { flag.set(on: &listed) }
                inner = runs.map { ($0.range, AttributeContainer()) }
            }
        }
        if isLink {
            var link = AttributeContainer()
            link.link = key.link
            link[LinkSourceAttribute.self] = key[LinkSourceAttribute.self]
            listed.link = nil
            listed[LinkSourceAttribute.self] = nil
            writeLink(link, runs: inner.map { ($0.range, $0.attributes) }, text: text)
        } else {
            writeInside(inner.map { ($0.range, Self.flagsOnly($0.attributes)) }, text: text)
        }
        output += [0x5D, 0x28] // ](
        if style == .explicit {
            output += Array(InlineAttributeList.source(for: listed, paragraph: nil, includingFlags: true).utf8)
        } else {
            output += attributeLists.value(for: listed) { Array(InlineAttributeList.source(for: $0, paragraph: nil).utf8) }
        }
        output.append(0x29)
    }

    private static func spanKey(withoutCode key: AttributeContainer) -> AttributeContainer {
        var rest = key
        rest.inlineCode = nil
        return rest
    }

    private static func flagsOnly(_ attributes: AttributeContainer) -> AttributeContainer {
        var result = AttributeContainer()
        for flag in flags(of: attributes) { flag.set(on: &result) }
        return result
    }

    /// Runs inside brackets, where "[" and "]" must be escaped.
    private mutating func writeInside(_ runs: [(range: Range<Int>, attributes: AttributeContainer)], text: [UInt8]) {
        let wasInside = insideSpan
        insideSpan = true
        writeEmphasized(runs.map { ($0.range, Self.flagsOnly($0.attributes)) }, text: text, isLineEnd: false)
        insideSpan = wasInside
    }

    private mutating func writeLink(_ key: AttributeContainer, runs: [(range: Range<Int>, attributes: AttributeContainer)], text: [UInt8]) {
        let range = (runs.first?.range.lowerBound ?? 0) ..< (runs.last?.range.upperBound ?? 0)
        let label = String(decoding: text[range], as: UTF8.self)
        let source = key[LinkSourceAttribute.self]
        if source == "<>", let url = key.link, url.absoluteString == label || url.absoluteString == "mailto:" + label,
           runs.allSatisfy({ Self.flags(of: $0.attributes).isEmpty }), !label.contains(where: { $0 == "<" || $0 == ">" || $0 == " " }) {
            output.append(0x3C)
            output += Array(label.utf8)
            output.append(0x3E)
            return
        }
        output.append(0x5B)
        writeInside(runs, text: text)
        output.append(0x5D)
        if let source, source.hasPrefix("("), source.hasSuffix(")"),
           Array(source.utf8).withUnsafeBufferPointer({ MarkdownInlineReader.linkDestination($0, from: 0, limit: $0.count) })
           .map({ $0.end == source.utf8.count && URL(string: $0.url) == key.link }) ?? false {
            output += Array(source.utf8)
        } else {
            output += Array("(<\(key.link?.absoluteString ?? "")>)".utf8)
        }
    }

    private mutating func writeCode(_ code: [UInt8]) {
        var longest = 0
        var current = 0
        for byte in code {
            current = byte == 0x60 ? current + 1 : 0
            longest = max(longest, current)
        }
        let fence = [UInt8](repeating: 0x60, count: longest + 1)
        let pad = code.first == 0x60 || code.last == 0x60
            || (code.first == 0x20 && code.last == 0x20 && code.contains { $0 != 0x20 })
        output += fence
        if pad { output.append(0x20) }
        output += code
        if pad { output.append(0x20) }
        output += fence
    }

    /// Text with emphasis: delimiters open and close only where the flags
    /// change, and never next to white space at a stretch's edges. Written
    /// explicitly, each run with emphasis is a span that lists it
    /// (`^[text](bold: true)`), whatever its neighbours.
    private mutating func writeEmphasized(_ runs: [(range: Range<Int>, attributes: AttributeContainer)], text: [UInt8], isLineEnd: Bool) {
        if runs.allSatisfy({ $0.attributes == Self.plain }) {
            writeText(text, (runs.first?.range.lowerBound ?? 0) ..< (runs.last?.range.upperBound ?? 0), isLineEnd: isLineEnd)
            return
        }
        if style == .explicit {
            for (number, run) in runs.enumerated() {
                let flags = Self.flagsOnly(run.attributes)
                guard flags != AttributeContainer() else {
                    writeText(text, run.range, isLineEnd: isLineEnd && number == runs.count - 1)
                    continue
                }
                let wasInside = insideSpan
                insideSpan = true
                output += [0x5E, 0x5B]
                writeText(text, run.range, isLineEnd: false)
                output += [0x5D, 0x28] + Array(InlineAttributeList.source(for: flags, paragraph: nil, includingFlags: true).utf8) + [0x29]
                insideSpan = wasInside
            }
            return
        }
        // Pieces: each run cut into leading space, core, trailing space;
        // bold and italic on the spaces follow the neighbours.
        var pieces: [(range: Range<Int>, flags: Set<Flag>, isSpace: Bool, typed: UInt8?)] = []
        for run in runs {
            let flags = Self.flags(of: run.attributes)
            let typed = typedEmphasis(run.attributes)
            var lower = run.range.lowerBound
            var upper = run.range.upperBound
            while lower < upper, Self.isSpace(text[lower]) { lower += 1 }
            while upper > lower, Self.isSpace(text[upper - 1]) { upper -= 1 }
            if lower > run.range.lowerBound { pieces.append((run.range.lowerBound ..< lower, flags, true, typed)) }
            if upper > lower { pieces.append((lower ..< upper, flags, false, typed)) }
            if run.range.upperBound > upper, upper >= lower {
                pieces.append((max(upper, lower) ..< run.range.upperBound, flags, true, typed))
            }
        }
        for index in pieces.indices where pieces[index].isSpace {
            let before = pieces[..<index].last { !$0.isSpace }?.flags ?? []
            let after = pieces[(index + 1)...].first { !$0.isSpace }?.flags ?? []
            let visible = pieces[index].flags.filter { !$0.isInvisibleOnSpace }
            pieces[index].flags = visible.union(before.intersection(after).filter(\.isInvisibleOnSpace))
        }
        // Adjacent pieces with the same flags are one stretch of text: what is
        // escaped at a piece's end (a backslash) must not depend on where runs
        // were cut, or the same line would be written two ways.
        var merged: [(range: Range<Int>, flags: Set<Flag>, isSpace: Bool, typed: UInt8?)] = []
        for piece in pieces {
            if let last = merged.last, last.flags == piece.flags, last.range.upperBound == piece.range.lowerBound {
                merged[merged.count - 1].range = last.range.lowerBound ..< piece.range.upperBound
            } else {
                merged.append(piece)
            }
        }
        pieces = merged
        // Each open flag with the delimiter it was opened with, which closes it.
        var open: [(flag: Flag, delimiter: [UInt8])] = []
        for (number, piece) in pieces.enumerated() {
            let wanted = piece.flags
            // Close what this piece does not have, innermost first, down to
            // the first flag it lacks; then open what is missing.
            if let firstMissing = open.firstIndex(where: { !wanted.contains($0.flag) }) {
                for opened in open[firstMissing...].reversed() { output += opened.delimiter }
                open.removeSubrange(firstMissing...)
            }
            for flag in Flag.allCases where wanted.contains(flag) && !open.contains(where: { $0.flag == flag }) {
                let opening = delimiter(flag, typedWith: piece.typed)
                output += opening
                open.append((flag, opening))
            }
            let isLast = isLineEnd && number == pieces.count - 1 && open.isEmpty
            writeText(text, piece.range, isLineEnd: isLast)
        }
        for opened in open.reversed() { output += opened.delimiter }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Whether a `<` before `next` may start raw HTML (a tag, a closing
    /// tag, a comment, a declaration or an instruction).
    private static func mayOpenTag(_ next: UInt8?) -> Bool {
        guard let next else { return false }
        return MarkdownInlineReader.isASCIILetter(next) || next == 0x2F || next == 0x21 || next == 0x3F
    }

    /// Text with the escapes the style calls for.
    private mutating func writeText(_ text: [UInt8], _ range: Range<Int>, isLineEnd: Bool) {
        for position in range {
            let byte = text[position]
            let next: UInt8? = position + 1 < range.upperBound ? text[position + 1] : nil
            if needsEscape(byte, next: next, previous: position > range.lowerBound ? text[position - 1] : output.last,
                           text: text, position: position, range: range, isLineEnd: isLineEnd) {
                output.append(0x5C)
            }
            output.append(byte)
        }
    }

    private func needsEscape(_ byte: UInt8, next: UInt8?, previous: UInt8?, text: [UInt8], position: Int, range: Range<Int>,
                             isLineEnd: Bool) -> Bool {
        if byte == 0x5C {
            // A backslash is literal unless punctuation follows (markup included).
            guard let next else { return !(isLineEnd && position == range.upperBound - 1) }
            return MarkdownInlineReader.isASCIIPunctuation(next)
        }
        if insideSpan, byte == 0x5D || byte == 0x5B { return true }
        switch style {
        case .minimal:
            return escapesTags && byte == 0x3C && Self.mayOpenTag(next)
        case .careful:
            switch byte {
            case 0x2A, 0x5F: // * _
                return true
            case 0x7E: return next == 0x7E
            case 0x60: return text[range].filter { $0 == 0x60 }.count > 1
            case 0x5B: return text[(position + 1) ..< range.upperBound].contains(0x5D)
            case 0x5D: return next == 0x28
            case 0x3C: return Self.mayOpenTag(next)
            case 0x5E: return next == 0x5B
            default: return false
            }
        case .explicit:
            return "*_~`[]<>^!#".utf8.contains(byte)
        }
    }
}
