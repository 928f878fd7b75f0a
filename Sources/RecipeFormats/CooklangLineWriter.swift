import Foundation
import RichText
import Recipes

extension CooklangSyntax {
    /// A paragraph as a Cooklang line: sections and notes with the file's own
    /// markers while they fit, components as written while their text and
    /// attributes are unchanged, else in the plainest form; text escaped
    /// where it would be markup. Formatting Cooklang cannot hold is left out
    /// (the caller says so).
    mutating func write(_ content: ParagraphContent, state: UInt32, style: WriteStyle) -> [UInt8] {
        switch content.paragraph.verbatimLine {
        case .metadata?, .comment?, .markupOnly?: return content.text
        default: break // Markdown's code and HTML lines are text here.
        }
        let markup = content.paragraph[LineMarkupAttribute.self]
        if content.paragraph.headingLevel != nil {
            if let markup, markup.prefix.hasPrefix("="), !content.text.contains(0x3D) {
                return Array(markup.prefix.utf8) + content.text + Array(markup.suffix.utf8)
            }
            return Array("== ".utf8) + content.text + Array(" ==".utf8)
        }
        if content.paragraph.blockQuote != nil {
            let prefix = markup.map { Array($0.prefix.utf8) } ?? []
            if prefix.contains(0x3E) { return prefix + content.text }
            // A note's next line needs no marker while it reads as the note's
            // text (a marker would lose the spaces it starts with).
            if State(packed: state).inNote, Self.continuesNote(content.text) { return content.text }
            return Array("> ".utf8) + content.text
        }
        var content = content
        content.runs = Self.joiningComponentRuns(content.runs)
        var output: [UInt8] = []
        for (number, run) in content.runs.enumerated() {
            // A one-word name followed by a "{" before the next component needs its own braces.
            let rest = content.runs[(number + 1)...].prefix { !Self.isComponent($0.attributes) }
            let braceFollows = rest.contains { content.text[$0.range].contains(0x7B) }
            // Only a next run that starts with a dash can join this one's last dashes (`ו-@מלח` needs no backslash).
            let dashFollows = number + 1 < content.runs.count && !Self.isComponent(content.runs[number + 1].attributes)
                && content.text[content.runs[number + 1].range].first == 0x2D
            var written = writeRun(Array(content.text[run.range]), run.attributes, style: style, atLineStart: output.isEmpty,
                                   braceFollows: braceFollows, endsLine: number == content.runs.count - 1, dashFollows: dashFollows)
            // Text right after a one-word name would lengthen it: its first character is escaped.
            if !Self.isComponent(run.attributes), number > 0, Self.isComponent(content.runs[number - 1].attributes),
               let last = output.last, last != 0x7D, last != 0x29, Self.startsWithWordCharacter(content.text[run.range]) {
                written.insert(0x5C, at: 0)
            }
            output += written
        }
        return output
    }

    /// Runs of one component that differ only in what Cooklang cannot hold
    /// (a code span or bold inside a name: `zest of `1` lemon`) are one
    /// component, as side-by-side components already are one run.
    private static func joiningComponentRuns(_ runs: [(range: Range<Int>, attributes: AttributeContainer)])
        -> [(range: Range<Int>, attributes: AttributeContainer)] {
        var joined: [(range: Range<Int>, attributes: AttributeContainer)] = []
        for run in runs {
            if let last = joined.last, isComponent(last.attributes), last.range.upperBound == run.range.lowerBound,
               meaning(last.attributes) == meaning(run.attributes),
               last.attributes[CooklangSourceAttribute.self] == run.attributes[CooklangSourceAttribute.self] {
                joined[joined.count - 1].range = last.range.lowerBound ..< run.range.upperBound
            } else {
                joined.append(run)
            }
        }
        return joined
    }

    private static func continuesNote(_ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { line in
            if case .note(markerEnd: 0) = classify(line, state: State(inNote: true, atParagraphStart: false)).0 { return true }
            return false
        }
    }

    private static func startsWithWordCharacter(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        return Array(bytes).withUnsafeBufferPointer { buffer in
            CharacterClass.decode(buffer, at: 0).map(CooklangComponent.isWordScalar) ?? false
        }
    }

    static func isComponent(_ attributes: AttributeContainer) -> Bool {
        attributes.ingredient != nil || attributes.cookware != nil || attributes.timer != nil
    }

    /// What a component says, to compare a written one with a run.
    private static func meaning(_ attributes: AttributeContainer) -> AttributeContainer {
        var result = AttributeContainer()
        result.ingredient = attributes.ingredient
        result.cookware = attributes.cookware
        result.timer = attributes.timer
        result[OccurrenceQuantityAttribute.self] = attributes[OccurrenceQuantityAttribute.self]
        result[OccurrenceNoteAttribute.self] = attributes[OccurrenceNoteAttribute.self]
        return result
    }

    func writeFragment(_ runs: [(text: [UInt8], attributes: AttributeContainer)], ambient: AttributeContainer) -> [UInt8]? {
        guard ambient.ingredient == nil, ambient.cookware == nil, ambient.timer == nil else { return nil }
        var output: [UInt8] = []
        for (number, run) in runs.enumerated() {
            if run.attributes.comment != ambient.comment { return nil }
            // What follows the last run is the line's, unknown here.
            let next = number + 1 < runs.count ? runs[number + 1] : nil
            let dashFollows = next.map { !Self.isComponent($0.attributes) && $0.text.first == 0x2D }
            output += writeRun(run.text, run.attributes, style: .minimal, atLineStart: false, braceFollows: true, endsLine: false,
                               dashFollows: dashFollows)
        }
        return output
    }

    private func writeRun(_ text: [UInt8], _ attributes: AttributeContainer, style: WriteStyle, atLineStart: Bool,
                          braceFollows: Bool, endsLine: Bool, dashFollows: Bool? = nil) -> [UInt8] {
        if Self.isComponent(attributes) { return component(text, attributes, braceFollows: braceFollows) }
        if attributes.comment == true { return text }
        return Self.escaped(text, style: style, atLineStart: atLineStart, endsLine: endsLine, dashFollows: dashFollows)
    }

    /// A component as the file wrote it while that still says the same, else
    /// its plainest form: `@salt`, `@ground pepper{}`, `@oil{1%tbsp}(cold)`.
    private func component(_ text: [UInt8], _ attributes: AttributeContainer, braceFollows: Bool) -> [UInt8] {
        var writtenName: String?
        if let source = attributes[CooklangSourceAttribute.self] {
            let bytes = Array(source.utf8)
            // How many times the source's text makes the run's: components
            // written side by side (`#pan#pan`) are one run in the document.
            let repeats = bytes.withUnsafeBufferPointer { line -> Int in
                guard let parsed = CooklangComponent.parse(line, at: 0), parsed.end == line.count else { return 0 }
                writtenName = parsed.name(line)
                var shown = parsed.displayText(line)
                if shown.isEmpty { shown = bytes }
                guard Self.meaning(parsed.attributes(line)) == Self.meaning(attributes), !shown.isEmpty,
                      text.count % shown.count == 0 else { return 0 }
                let count = text.count / shown.count
                return Array((0 ..< count).map { _ in shown }.joined()) == text ? count : 0
            }
            if repeats > 0 { return Array((0 ..< repeats).map { _ in bytes }.joined()) }
        }
        let sigil: String
        var name = String(decoding: text, as: UTF8.self)
        if let timer = attributes.timer {
            sigil = "~"
            name = timer
        } else if attributes.cookware != nil {
            sigil = "#"
        } else {
            sigil = "@"
            // Text that no longer names the ingredient it marks shows it under an alias.
            if let id = attributes.ingredient, IngredientID(Slug.make(name)) != id,
               let named = [writtenName, ingredientNames[id]].compactMap({ $0 }).first(where: { IngredientID(Slug.make($0)) == id }) {
                name = named + "|" + name
            }
        }
        var result = sigil + name
        let quantity = attributes[OccurrenceQuantityAttribute.self]
        let isOneWord = !name.isEmpty && name.unicodeScalars.allSatisfy(CooklangComponent.isWordScalar)
        if let quantity {
            result += "{" + (quantity.isFixed ? "=" : "") + quantity.amountWithSlashFractions + (quantity.unit.map { "%" + $0 } ?? "") + "}"
        } else if !isOneWord || braceFollows || attributes[OccurrenceNoteAttribute.self] != nil {
            result += "{}"
        }
        if let note = attributes[OccurrenceNoteAttribute.self], sigil != "~" { result += "(" + note + ")" }
        return Array(result.utf8)
    }

    /// Text with a backslash before what would be markup: a sigil before a
    /// name, `--`, `[-`, a backslash before anything; at the line's start
    /// `>` (metadata, notes) and `=` (sections). `.explicit` escapes every
    /// character Cooklang gives a meaning. `dashFollows` says whether what
    /// comes next on the line starts with a dash; unknown (nil), it may
    /// unless the line ends here.
    static func escaped(_ text: [UInt8], style: WriteStyle, atLineStart: Bool, endsLine: Bool = true,
                        dashFollows: Bool? = nil) -> [UInt8] {
        let dashMayFollow = dashFollows ?? !endsLine
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        for (index, byte) in text.enumerated() {
            let next: UInt8? = index + 1 < text.count ? text[index + 1] : nil
            var escape = false
            switch byte {
            // A backslash escapes what follows, even the next run's markup; at the line's end it is itself.
            case 0x5C: escape = next != nil || !endsLine
            case 0x40, 0x23, 0x7E: // @ # ~
                escape = style == .explicit || (next.map { !CooklangComponent.isSpace($0) } ?? false)
            // Two dashes start a comment; three or more are text. Dashes
            // that end the text might join a dash that follows: escaped.
            case 0x2D:
                let run = text[index...].prefix { $0 == 0x2D }.count
                escape = style == .explicit || (dashMayFollow && index + run == text.count)
                    || ((index == 0 || text[index - 1] != 0x2D) && run == 2)
            case 0x5B: escape = next == 0x2D || style == .explicit
            case 0x3E, 0x3D: escape = (atLineStart && index == 0) || style == .explicit
            case 0x7B, 0x7D, 0x25, 0x28, 0x29: escape = style == .explicit
            // A carriage return that ends the line would be read as half of
            // a CRLF line ending and vanish.
            case 0x0D: escape = next == nil && endsLine
            default: break
            }
            if escape { output.append(0x5C) }
            output.append(byte)
        }
        return output
    }
}
