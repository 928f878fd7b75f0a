import Foundation
import RichText
import Recipes

/// One Cooklang component in a step, located in its line: an ingredient
/// (`@`), cookware (`#`) or a timer (`~`), with modifiers, a name (one word,
/// or up to `{`; `name|shown` gives the text an alias, as cooklang-rs
/// does), an optional `{quantity%unit}` and an optional `(note)`.
package struct CooklangComponent {
    enum Kind: UInt8 {
        case ingredient = 0x40
        case cookware = 0x23
        case timer = 0x7E
    }

    var kind: Kind
    var modifiers: Range<Int>
    var name: Range<Int>
    /// Between the braces, when there are braces.
    var quantity: Range<Int>?
    /// Between the parentheses, when there is a note.
    var note: Range<Int>?
    /// One past the component's last byte.
    var end: Int
    var start: Int
    /// A "{" after the name that no "}" closes (the name is then one word).
    var unclosedBrace: Int?

    /// The component whose sigil is at `start`, or nil when none starts there
    /// (a sigil then white space, or nothing to name).
    package static func parse(_ line: UnsafeBufferPointer<UInt8>, at start: Int) -> CooklangComponent? {
        var closers = NextByteSearch()
        return parse(line, at: start, closers: &closers)
    }

    /// The same, finding closing braces and parentheses with `closers`,
    /// shared by the components of a line.
    static func parse(_ line: UnsafeBufferPointer<UInt8>, at start: Int, closers: inout NextByteSearch) -> CooklangComponent? {
        guard let kind = Kind(rawValue: line[start]) else { return nil }
        var position = start + 1
        let allowed: [UInt8] = switch kind {
        case .ingredient: Array("@&?+-".utf8)
        case .cookware: Array("&?+-".utf8)
        case .timer: []
        }
        let modifierStart = position
        while position < line.count, allowed.contains(line[position]) { position += 1 }
        // "@-" before white space is not a modifier but text.
        let modifiers = modifierStart ..< position
        guard position < line.count, !isSpace(line[position]) else { return nil }
        // `@&(=1)salsa{}`: an intermediate preparation, which Roux does not
        // read (kept as text with a warning rather than named "(=1)salsa").
        if line[position] == 0x28, line[modifiers].contains(0x26) { return nil }
        let nameStart = position
        // Braced: the name runs to the first "{", "@", "#" or "~".
        var scan = nameStart
        while scan < line.count, !"{@#~".utf8.contains(line[scan]) { scan += 1 }
        if scan < line.count, line[scan] == 0x7B, let close = closers.first(0x7D, in: line, from: scan + 1) {
            var nameEnd = scan
            while nameEnd > nameStart, isSpace(line[nameEnd - 1]) { nameEnd -= 1 }
            if nameEnd > nameStart || kind == .timer {
                var component = CooklangComponent(kind: kind, modifiers: modifiers, name: nameStart ..< nameEnd,
                                                  quantity: scan + 1 ..< close, end: close + 1, start: start)
                component.takeNote(line, closers: &closers)
                return component
            }
        }
        // One word.
        var wordEnd = nameStart
        while wordEnd < line.count {
            let scalarEnd = CooklangStepReader.scalarEnd(line, after: wordEnd)
            guard let scalar = CharacterClass.decode(line, at: wordEnd), isWordScalar(scalar) else { break }
            wordEnd = scalarEnd
        }
        guard wordEnd > nameStart else { return nil }
        var component = CooklangComponent(kind: kind, modifiers: modifiers, name: nameStart ..< wordEnd, end: wordEnd, start: start)
        if scan < line.count, line[scan] == 0x7B { component.unclosedBrace = scan }
        component.takeNote(line, closers: &closers)
        return component
    }

    /// `(note)` right after an ingredient or cookware.
    private mutating func takeNote(_ line: UnsafeBufferPointer<UInt8>, closers: inout NextByteSearch) {
        guard kind != .timer, end < line.count, line[end] == 0x28, let close = closers.first(0x29, in: line, from: end + 1) else { return }
        note = end + 1 ..< close
        end = close + 1
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Letters, digits and symbols; not white space, punctuation or the
    /// characters Cooklang gives a meaning.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            if (0x30 ... 0x39).contains(scalar.value) { return true }
            if ".>:@#~?+-/*&|={}()%".unicodeScalars.contains(scalar) { return false }
        }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .connectorPunctuation, .dashPunctuation,
             .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return false
        default:
            return true
        }
    }

    func string(_ range: Range<Int>, _ line: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: line[range], as: UTF8.self)
    }

    /// The name as Cooklang means it: trimmed, runs of spaces as one; before the alias's `|`.
    func name(_ line: UnsafeBufferPointer<UInt8>) -> String {
        string(aliasSplit(line).name, line).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// A braced name `white wine|wine` is named "white wine" and shows
    /// "wine". A `|` with white space beside it is part of the name, as the
    /// reference parser reads it: `#9x13 dish | or similar{}` is one dish
    /// (the alias is an extension of cooklang-rs that its default parser
    /// leaves off; Roux writes aliases without spaces).
    func aliasSplit(_ line: UnsafeBufferPointer<UInt8>) -> (name: Range<Int>, alias: Range<Int>?) {
        guard kind != .timer, quantity != nil, let bar = line[name].firstIndex(of: 0x7C),
              bar > name.lowerBound, bar + 1 < name.upperBound,
              !Self.isSpace(line[bar - 1]), !Self.isSpace(line[bar + 1]) else { return (name, nil) }
        return (name.lowerBound ..< bar, bar + 1 ..< name.upperBound)
    }

    /// A `|` in a braced name with white space beside it, which some
    /// readers take for an alias: where it is, for a warning.
    func spacedBar(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        guard kind != .timer, quantity != nil, aliasSplit(line).alias == nil,
              let bar = line[name].firstIndex(of: 0x7C) else { return nil }
        return bar
    }

    /// A recipe reference (`./sauces/Hollandaise`) is named after its last part.
    package func displayName(_ line: UnsafeBufferPointer<UInt8>) -> String {
        let full = name(line)
        if full.hasPrefix("./") || full.hasPrefix("../") || full.hasPrefix(".\\") || full.hasPrefix("..\\") {
            return String(full.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? Substring(full))
        }
        return full
    }

    /// The quantity: "=" makes it fixed, "%" separates the unit.
    func parsedQuantity(_ line: UnsafeBufferPointer<UInt8>) -> Quantity? {
        guard let quantity else { return nil }
        var written = string(quantity, line).trimmingCharacters(in: .whitespaces)
        guard !written.isEmpty else { return nil }
        var fixed = false
        if written.hasPrefix("=") {
            fixed = true
            written = String(written.dropFirst()).trimmingCharacters(in: .whitespaces)
        }
        let parts = Self.unescapedParts(written)
        let amount = parts.amount.trimmingCharacters(in: .whitespaces)
        let unit = parts.unit?.trimmingCharacters(in: .whitespaces) ?? ""
        return Quantity(amount: amount, unit: unit.isEmpty ? nil : unit, isFixed: fixed)
    }

    /// A quantity's amount and unit, split at the first `%` that is not
    /// escaped, each without its escapes: `1\/2%tsp` is 1/2 tsp, as the
    /// reference reads it (the file keeps its bytes).
    static func unescapedParts(_ written: String) -> (amount: String, unit: String?) {
        var amount = ""
        var unit: String?
        var escaped = false
        for character in written {
            if !escaped, character == "\\" {
                escaped = true
                continue
            }
            if !escaped, character == "%", unit == nil {
                unit = ""
            } else if unit != nil {
                unit?.append(character)
            } else {
                amount.append(character)
            }
            escaped = false
        }
        if escaped { if unit != nil { unit?.append("\\") } else { amount.append("\\") } }
        return (amount, unit)
    }

    /// What the step shows for it: the name; a timer's duration.
    func displayText(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        if kind == .timer, let quantity = parsedQuantity(line) { return Array(quantity.description.utf8) }
        if kind == .timer { return Array(name(line).utf8) }
        let split = aliasSplit(line)
        return Array(string(split.alias ?? split.name, line).utf8)
    }

    func attributes(_ line: UnsafeBufferPointer<UInt8>) -> AttributeContainer {
        var attributes = AttributeContainer()
        switch kind {
        case .ingredient: attributes.ingredient = IngredientID(Slug.make(displayName(line)))
        case .cookware: attributes.cookware = name(line)
        case .timer: attributes.timer = name(line)
        }
        attributes[OccurrenceQuantityAttribute.self] = parsedQuantity(line)
        if let note { attributes[OccurrenceNoteAttribute.self] = string(note, line).trimmingCharacters(in: .whitespaces) }
        attributes[CooklangSourceAttribute.self] = string(start ..< end, line)
        return attributes
    }
}
