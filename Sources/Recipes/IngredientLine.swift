import Foundation

/// An ingredient line as cooks write it, read into quantity, unit, name and
/// note: "200 g flour", "2-3 cloves garlic, minced", "1 cup (240 ml) milk,
/// warmed", "a pinch of salt", "250 g de beurre doux", "2 EL Mehl",
/// "½ כוס סוכר".
///
/// The line is read left to right: a list marker, an amount (digits,
/// fractions, vulgar fractions, mixed numbers, ranges, number words), words
/// of size ("large", "heaped"), a unit from the `UnitTable`, a second
/// quantity in another unit ("(240 ml)", "/½oz"), a connector ("of", "de",
/// "d'"), then the name, which ends where the note starts: a comma, a
/// semicolon, a parenthesis, a spaced dash, or a phrase such as "to taste"
/// or "for serving". Preparation words before the name ("chopped",
/// "finely") go to the note too.
///
/// Invariant: `name` is a substring of the line, at `nameRange`, so marking
/// the name marks text the cook wrote. The connector stays outside the
/// name ("250 g de ^[beurre doux]"), as the quantity does.
///
/// Limitations: a quantity after the name ("flour 200 g") is not read; a
/// name with two ingredients ("salt and pepper") stays one name.
public struct IngredientLine: Equatable, Sendable {
    /// The amount (number words as digits, ranges as "2-3", the numbers as
    /// written) and the unit as written.
    public var quantity: Quantity?
    /// The same amount in another unit, given beside the first ("(240 ml)",
    /// "/½oz"): not part of the name or the note.
    public var alternative: Quantity?
    public var name: String
    /// Size and preparation words, parentheses and what follows the name,
    /// joined with ", "; nil when there are none.
    public var note: String?
    /// The line read, and where the name is in it.
    public var text: String
    public var nameRange: Range<String.Index>
    /// Where the quantity's amount and unit, and the other quantity's
    /// ("240 ml" in "(240 ml)"), are written in the line when it starts with
    /// them ("200 g flour"): what scaling rewrites. Nil for an amount that
    /// is a word ("a pinch", "some").
    public var amountRange: Range<String.Index>?
    public var unitRange: Range<String.Index>?
    public var alternativeRange: Range<String.Index>?

    /// Nil when the line names nothing (empty, only a quantity, only punctuation).
    public init?(_ line: String, units: UnitTable = .standard) {
        var reader = IngredientLineReader(line: line, units: units)
        guard var parsed = reader.read() else { return nil }
        if parsed.quantity != nil {
            parsed.amountRange = reader.amountRange
            parsed.unitRange = reader.unitRange
            parsed.alternativeRange = parsed.alternative == nil ? nil : reader.alternativeRange
        }
        self = parsed
    }

    init(text: String, quantity: Quantity?, alternative: Quantity?, name: String, note: String?, nameRange: Range<String.Index>) {
        self.text = text
        self.quantity = quantity
        self.alternative = alternative
        self.name = name
        self.note = note
        self.nameRange = nameRange
    }

    /// What Ctrl-E and the list readers make of it.
    public var suggestion: IngredientSuggestion {
        IngredientSuggestion(name: name, quantity: quantity, note: note)
    }
}

/// The reading of one line: a position that moves forward over the parts.
struct IngredientLineReader {
    let line: String
    let units: UnitTable
    var position: String.Index
    var noteParts: [String] = []
    /// Where the name and note end: before a quantity written after them.
    var limit: String.Index
    /// Where the leading quantity's digits, its unit and the other quantity were read.
    var amountRange: Range<String.Index>?
    var unitRange: Range<String.Index>?
    var alternativeRange: Range<String.Index>?

    init(line: String, units: UnitTable) {
        self.line = line
        self.units = units
        position = line.startIndex
        limit = line.endIndex
    }

    var rest: Substring { line[position...] }

    mutating func read() -> IngredientLine? {
        skipSpaces()
        skipListMarker()
        var quantity = readQuantity()
        var alternative: Quantity?
        if quantity != nil {
            alternative = readAlternative()
            // "2 (14 oz) cans tomatoes": the unit after the parenthesis, which
            // is the size of each, a note.
            if quantity?.unit == nil, let size = alternative, let unit = readUnit() {
                quantity?.unit = unit
                noteParts.append(size.description)
                alternative = nil
            }
        }
        if quantity != nil {
            skipConnector()
        } else {
            // "Farine de blé : 70 g", "Beurre - 25 grammes".
            quantity = readQuantityAfterName()
        }
        readLeadingNoteWords()
        guard let (nameRange, note) = readName() else {
            // "3 noix": the unit word is the ingredient.
            guard let unit = quantity?.unit, units.alsoIngredients.contains(unit.lowercased()),
                  let range = line.range(of: unit) else { return nil }
            return IngredientLine(text: line, quantity: quantity.map { Quantity(amount: $0.amount) }, alternative: alternative,
                                  name: unit, note: joinedNote(), nameRange: range)
        }
        if let note { noteParts.append(note) }
        return IngredientLine(text: line, quantity: quantity, alternative: alternative, name: String(line[nameRange]),
                              note: joinedNote(), nameRange: nameRange)
    }

    private func joinedNote() -> String? {
        let parts = noteParts.map { $0.trimmingCharacters(in: Self.noteTrim) }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    static let noteTrim = CharacterSet.whitespaces.union(CharacterSet(charactersIn: ",;:–—-()[]*"))

    mutating func skipSpaces() {
        while position < line.endIndex, line[position].isWhitespace { position = line.index(after: position) }
    }

    /// "- ", "* ", "+ ", "• ", "1. ", "1) ", "- [ ] ": a list item written out.
    mutating func skipListMarker() {
        let text = rest
        var index = text.startIndex
        if let first = text.first, "-*+•·▪◦‣".contains(first) {
            index = text.index(after: index)
        } else {
            let digits = text.prefix(while: { $0.isASCII && $0.isNumber })
            guard (1 ... 3).contains(digits.count), digits.endIndex < text.endIndex, ".)".contains(text[digits.endIndex]) else { return }
            index = text.index(after: digits.endIndex)
        }
        guard index < text.endIndex, text[index] == " " || text[index] == "\t" else { return }
        position = index
        skipSpaces()
        for box in ["[ ] ", "[x] ", "[X] "] where rest.hasPrefix(box) {
            position = line.index(position, offsetBy: box.count)
            skipSpaces()
        }
    }
}
