import Foundation
import RichText
import Recipes

/// Cooklang bodies (cooklang.org, the spec's README and cooklang-rs), a line
/// per paragraph: steps with ingredients `@salt`, `@ground pepper{}`,
/// `@oil{1%tbsp}(cold)`, cookware `#pot`, timers `~{10%minutes}`, the
/// modifiers `@@ @& @- @? @+`, recipe references `@./sauces/Hollandaise{}`,
/// fixed quantities `{=1%tsp}`, escapes `\@`; comments `--` and `[- … -]`
/// (kept in the text, dimmed); notes `> …` (their text is literal);
/// sections `= Dough`, `== Dough ==`; metadata lines `>> key: value`.
///
/// A component's text is its name (a timer's, its duration); its exact
/// source is kept so a line written again keeps it byte for byte.
struct CooklangSyntax: LineSyntax {
    var writesComponentsWhole: Bool { true }

    /// The recipe's ingredients' names, for a writer: a mark whose text does
    /// not name its ingredient (Ctrl-E on "eggs" marked "egg" too) is written
    /// under an alias, `@eggs|egg{}`, so it reads back as the same ingredient.
    var ingredientNames: [IngredientID: String] = [:]

    /// What carries from one line to the next.
    struct State: Equatable {
        /// Inside a `[- … -]` comment that has not ended.
        var inBlockComment = false
        /// Inside a note (a paragraph that began with `>`).
        var inNote = false
        /// The line starts a paragraph (after a blank line, a section, metadata).
        var atParagraphStart = true

        init(inBlockComment: Bool = false, inNote: Bool = false, atParagraphStart: Bool = true) {
            self.inBlockComment = inBlockComment
            self.inNote = inNote
            self.atParagraphStart = atParagraphStart
        }

        init(packed: UInt32) {
            inBlockComment = packed & 1 != 0
            inNote = packed & 2 != 0
            atParagraphStart = packed & 4 == 0
        }

        /// 0 is a paragraph's start: the usual state after a blank line.
        var packed: UInt32 {
            (inBlockComment ? 1 : 0) | (inNote ? 2 : 0) | (atParagraphStart ? 0 : 4)
        }
    }

    var initialState: UInt32 { State().packed }

    enum LineKind {
        case blank
        case metadata
        case section
        case note(markerEnd: Int)
        case step
        /// A line inside a block comment that does not end on it.
        case comment
    }

    static func classify(_ line: UnsafeBufferPointer<UInt8>, state: State) -> (LineKind, State) {
        if state.inBlockComment, !containsCommentEnd(line) { return (.comment, state) }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return (.blank, State()) }
        if !state.inBlockComment {
            if line.count >= 2, line[0] == 0x3E, line[1] == 0x3E { return (.metadata, State()) }
            if line[0] == 0x3D, let section = sectionParts(line) { return (.section, State(inBlockComment: section.opensComment)) }
            if state.atParagraphStart || state.inNote {
                let indentation = line.prefix { $0 == 0x20 || $0 == 0x09 }.count
                if indentation < line.count, line[indentation] == 0x3E {
                    var end = indentation + 1
                    while end < line.count, line[end] == 0x20 || line[end] == 0x09 { end += 1 }
                    return (.note(markerEnd: end), State(inNote: true, atParagraphStart: false))
                }
                if state.inNote { return (.note(markerEnd: 0), State(inNote: true, atParagraphStart: false)) }
            }
        }
        return (.step, State(inBlockComment: endsInsideBlockComment(line, startingInside: state.inBlockComment),
                              atParagraphStart: false))
    }

    func state(after line: UnsafeBufferPointer<UInt8>, state: UInt32) -> UInt32 {
        Self.classify(line, state: State(packed: state)).1.packed
    }

    /// Outside comments and notes, a step is plain text when it has none
    /// of the bytes that start components, comments, escapes, sections,
    /// notes or metadata.
    func isPlainText(_ line: UnsafeBufferPointer<UInt8>, state: UInt32) -> Bool {
        let state = State(packed: state)
        guard !state.inBlockComment, !state.inNote else { return false }
        return isPlainInside(line)
    }

    func isPlainInside(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.contains { Self.mayBeMarkup[Int($0)] }
    }

    /// Inside a long line `-`, `>` and `=` are text where their neighbours
    /// are: `>` and `=` are markup only at a line's start, `-` only as `--`
    /// or beside a bracket.
    func isInertInside(_ bytes: UnsafeBufferPointer<UInt8>, after previous: UInt8) -> Bool {
        var before = previous
        for byte in bytes {
            if Self.markupAnywhere[Int(byte)] || (byte == 0x2D && before == 0x2D) { return false }
            before = byte
        }
        return true
    }

    /// Bytes that may be markup wherever they stand: @ # ~ [ ] { } \ | and control characters.
    private static let markupAnywhere: [Bool] = (0 ..< 256).map { byte in
        byte < 0x20 || byte == 0x7F || "@#~[]{}\\|".utf8.contains(UInt8(byte))
    }

    /// @ # ~ - [ ] { } > = \ | and control characters.
    private static let mayBeMarkup: [Bool] = (0 ..< 256).map { byte in
        byte < 0x20 || byte == 0x7F || "@#~-[]{}>=\\|".utf8.contains(UInt8(byte))
    }

    mutating func read(_ line: UnsafeBufferPointer<UInt8>, state packed: UInt32, origins: Bool) -> ReadLine {
        let state = State(packed: packed)
        let (kind, after) = Self.classify(line, state: state)
        var result = ReadLine(stateAfter: after.packed, contentRange: 0 ..< line.count)
        func verbatim(_ kind: VerbatimLine?, comment: Bool = false) {
            result.text = Array(line)
            if let kind { result.paragraph.verbatimLine = kind }
            if comment, !line.isEmpty {
                var attributes = AttributeContainer()
                attributes.comment = true
                result.spans = [(0 ..< line.count, attributes)]
            }
            if origins { result.origins = line.indices.map { $0 ..< $0 + 1 } }
        }
        switch kind {
        case .blank: verbatim(nil)
        case .metadata: verbatim(.metadata)
        case .comment: verbatim(.comment, comment: true)
        case .section:
            guard let parts = Self.sectionParts(line) else { verbatim(nil); break }
            result.text = Array(line[parts.name])
            result.contentRange = parts.name
            result.paragraph.headingLevel = 2
            result.paragraph[LineMarkupAttribute.self] = LineMarkup(prefix: String(decoding: line[..<parts.name.lowerBound], as: UTF8.self),
                                                                    suffix: String(decoding: line[parts.name.upperBound...], as: UTF8.self))
            if origins { result.origins = parts.name.map { $0 ..< $0 + 1 } }
        case .note(let markerEnd):
            result.text = Array(line[markerEnd...])
            result.contentRange = markerEnd ..< line.count
            result.paragraph.blockQuote = 1
            if markerEnd > 0 { result.paragraph[LineMarkupAttribute.self] = LineMarkup(prefix: String(decoding: line[..<markerEnd], as: UTF8.self)) }
            if origins { result.origins = (markerEnd ..< line.count).map { $0 ..< $0 + 1 } }
        case .step:
            var step = CooklangStepReader(line: line, startsInsideComment: state.inBlockComment)
            step.read()
            result.text = step.text
            result.spans = step.spans
            result.warnings = Array(zip(MarkdownSyntax.columns(of: step.warnings.map(\.offset), in: line), step.warnings.map(\.message)))
            if origins { result.origins = step.origins }
        }
        return result
    }

    /// `==  Dough ==`: the name's bytes (trimmed); nil when text follows the
    /// closing `=`. Comments may follow the name or the closing `=`s
    /// (`== Dough == [- for the base -]`); `opensComment` when a `[-` there
    /// is closed on a later line.
    static func sectionParts(_ line: UnsafeBufferPointer<UInt8>) -> (name: Range<Int>, opensComment: Bool)? {
        var position = 0
        while position < line.count, line[position] == 0x3D { position += 1 }
        var nameStart = position
        while nameStart < line.count, line[nameStart] == 0x20 || line[nameStart] == 0x09 { nameStart += 1 }
        var nameEnd = nameStart
        while nameEnd < line.count, line[nameEnd] != 0x3D, !startsLineComment(line, at: nameEnd), !startsBlockComment(line, at: nameEnd) {
            nameEnd += 1
        }
        // After the name: white space, the closing "="s and comments, nothing else.
        var tail = nameEnd
        var opensComment = false
        while tail < line.count, !startsLineComment(line, at: tail) {
            if line[tail] == 0x20 || line[tail] == 0x09 || line[tail] == 0x3D {
                tail += 1
            } else if startsBlockComment(line, at: tail) {
                var end = tail + 2
                while end + 1 < line.count, !(line[end] == 0x2D && line[end + 1] == 0x5D) { end += 1 }
                guard end + 1 < line.count else { opensComment = true; break }
                tail = end + 2
            } else {
                return nil
            }
        }
        while nameEnd > nameStart, line[nameEnd - 1] == 0x20 || line[nameEnd - 1] == 0x09 { nameEnd -= 1 }
        if nameEnd == nameStart { nameStart = position; nameEnd = position }
        return (nameStart ..< nameEnd, opensComment)
    }

    /// `--` starts a comment to the end of the line; three dashes or more
    /// are text, as the specification's canonical tests read `hello ---`
    /// (an escaped dash before them, `\---`, is not one of them).
    static func startsLineComment(_ line: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        // A dash before, unless a backslash escapes it (an even run of backslashes is escaped backslashes).
        var backslashes = 0
        while position - 2 - backslashes >= 0, line[position - 2 - backslashes] == 0x5C { backslashes += 1 }
        let dashBefore = position > 0 && line[position - 1] == 0x2D && backslashes % 2 == 0
        return position + 1 < line.count && line[position] == 0x2D && line[position + 1] == 0x2D
            && (position + 2 == line.count || line[position + 2] != 0x2D) && !dashBefore
    }

    static func startsBlockComment(_ line: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        position + 1 < line.count && line[position] == 0x5B && line[position + 1] == 0x2D
    }

    static func containsCommentEnd(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        zip(line, line.dropFirst()).contains { $0 == 0x2D && $1 == 0x5D }
    }

    /// Whether a `[-` on the line is still open at its end.
    static func endsInsideBlockComment(_ line: UnsafeBufferPointer<UInt8>, startingInside: Bool) -> Bool {
        var inside = startingInside
        var position = 0
        while position < line.count {
            if inside {
                if position + 1 < line.count, line[position] == 0x2D, line[position + 1] == 0x5D { inside = false; position += 2; continue }
            } else {
                if line[position] == 0x5C { position += 2; continue }
                if startsLineComment(line, at: position) { return false }
                if position + 1 < line.count, line[position] == 0x5B, line[position + 1] == 0x2D { inside = true; position += 2; continue }
            }
            position += 1
        }
        return inside
    }
}

/// One step line: text, components, escapes, comments.
struct CooklangStepReader {
    let line: UnsafeBufferPointer<UInt8>
    let startsInsideComment: Bool
    var text: [UInt8] = []
    var spans: [(range: Range<Int>, attributes: AttributeContainer)] = []
    var origins: [Range<Int>] = []
    var warnings: [(offset: Int, message: String)] = []
    /// The closing braces and parentheses of the line's components.
    private(set) var closers = NextByteSearch()

    init(line: UnsafeBufferPointer<UInt8>, startsInsideComment: Bool) {
        self.line = line
        self.startsInsideComment = startsInsideComment
    }

    private mutating func append(_ range: Range<Int>, attributes: AttributeContainer? = nil) {
        let start = text.count
        text += line[range]
        origins += range.map { $0 ..< $0 + 1 }
        if let attributes, text.count > start { spans.append((start ..< text.count, attributes)) }
    }

    private static var comment: AttributeContainer {
        var attributes = AttributeContainer()
        attributes.comment = true
        return attributes
    }

    mutating func read() {
        var position = 0
        var textStart = 0
        func flush(_ end: Int) {
            if end > textStart { append(textStart ..< end) }
        }
        if startsInsideComment {
            var end = 0
            while end + 1 < line.count, !(line[end] == 0x2D && line[end + 1] == 0x5D) { end += 1 }
            end = min(line.count, end + 2)
            append(0 ..< end, attributes: Self.comment)
            position = end
            textStart = end
        }
        while position < line.count {
            let byte = line[position]
            switch byte {
            case 0x5C where position + 1 < line.count: // \x
                flush(position)
                let scalarEnd = Self.scalarEnd(line, after: position + 1)
                let start = text.count
                text += line[position + 1 ..< scalarEnd]
                origins += Array(repeating: position ..< scalarEnd, count: scalarEnd - position - 1)
                _ = start
                position = scalarEnd
                textStart = position
                continue
            case 0x2D where CooklangSyntax.startsLineComment(line, at: position): // --
                flush(position)
                append(position ..< line.count, attributes: Self.comment)
                position = line.count
                textStart = position
                continue
            case 0x5B where position + 1 < line.count && line[position + 1] == 0x2D: // [-
                flush(position)
                var end = position + 2
                while end + 1 < line.count, !(line[end] == 0x2D && line[end + 1] == 0x5D) { end += 1 }
                end = end + 1 < line.count ? end + 2 : line.count
                append(position ..< end, attributes: Self.comment)
                position = end
                textStart = position
                continue
            case 0x40, 0x23, 0x7E: // @ # ~
                let component = CooklangComponent.parse(line, at: position, closers: &closers)
                if let brace = component?.unclosedBrace {
                    warnings.append((brace, "\"{\" is not closed with \"}\" on this line; the name is one word"))
                }
                if component == nil, let problem = Self.notAComponent(line, at: position) {
                    warnings.append((position, problem))
                }
                if let component {
                    if let bar = component.spacedBar(line) {
                        warnings.append((bar, "\"|\" with a space beside it is part of the name \"\(component.name(line))\" "
                                            + "(an alias is written name|shown, without spaces)"))
                    }
                    flush(position)
                    let start = text.count
                    text += component.displayText(line)
                    origins += Array(repeating: position ..< component.end, count: text.count - start)
                    if text.count == start {
                        // A timer with nothing to show: its source stands for it.
                        text += line[position ..< component.end]
                        origins += (position ..< component.end).map { $0 ..< $0 + 1 }
                    }
                    spans.append((start ..< text.count, component.attributes(line)))
                    position = component.end
                    textStart = position
                    continue
                }
            default:
                break
            }
            position += 1
        }
        flush(line.count)
    }

    /// Why a sigil that starts no component looks like a mistake: nothing
    /// after it, an empty name before braces, punctuation instead of a name.
    /// A sigil before white space is ordinary text ("Message me @ home").
    static func notAComponent(_ line: UnsafeBufferPointer<UInt8>, at position: Int) -> String? {
        let sigil = String(UnicodeScalar(line[position]))
        let what = sigil == "@" ? "an ingredient" : sigil == "#" ? "cookware" : "a timer"
        guard position + 1 < line.count else { return "\"\(sigil)\" at the end of the line names nothing; kept as text" }
        let next = line[position + 1]
        if next == 0x20 || next == 0x09 { return nil }
        if next == 0x7B {
            // A timer needs no name (`~{20%minutes}`): what is wrong is the brace.
            let closes = line[(position + 2)...].contains(0x7D)
            return sigil == "~" && !closes ? "\"{\" is not closed with \"}\" on this line; kept as text"
                : "\(what) needs a name before \"{\"; kept as text"
        }
        if sigil == "@", next == 0x26, position + 2 < line.count, line[position + 2] == 0x28 {
            return "an intermediate preparation (\"@&(…)name\") is not read by Roux; kept as text"
        }
        if MarkdownInlineReader.isASCIIPunctuation(next), sigil != "~" || next != 0x7E {
            return "\"\(sigil)\(UnicodeScalar(next))\" names nothing (write \(sigil)name{} for a name with punctuation); kept as text"
        }
        return nil
    }

    static func scalarEnd(_ line: UnsafeBufferPointer<UInt8>, after start: Int) -> Int {
        var end = start + 1
        while end < line.count, line[end] & 0xC0 == 0x80 { end += 1 }
        return end
    }
}
