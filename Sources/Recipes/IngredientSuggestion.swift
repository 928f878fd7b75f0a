import Foundation
public import RichText

/// What the selection would become as an ingredient: the inspector's `[+]` row.
public struct IngredientSuggestion: Equatable, Sendable {
    public var name: String
    public var quantity: Quantity?

    public init(name: String, quantity: Quantity? = nil) {
        self.name = name
        self.quantity = quantity
    }

    /// From selected text: trimmed of surrounding spaces and punctuation, and
    /// a leading quantity and unit separated from the name ("250 g de
    /// beurre" → 250 g, beurre; "2 cups of flour" → 2 cup, flour). Nil when
    /// nothing is left.
    public init?(selectedText: String, units: UnitTable = .standard) {
        var text = Substring(Self.trimmed(selectedText))
        var quantity: Quantity?
        if let (parsed, rest) = Quantity.parse(prefixOf: text, units: units) {
            var name = Substring(Self.trimmed(String(rest)))
            for connector in ["de ", "d'", "d’", "des ", "du ", "of "] where name.lowercased().hasPrefix(connector) {
                name = name.dropFirst(connector.count)
                break
            }
            if name.isEmpty, let unit = parsed.unit, units.alsoIngredients.contains(unit) {
                // "3 noix": the unit word is the ingredient.
                quantity = Quantity(amount: parsed.amount)
                text = Substring(unit)
            } else {
                quantity = parsed
                text = name
            }
        }
        let name = Self.trimmed(String(text))
        guard !name.isEmpty, name.contains(where: { $0.isLetter }) else { return nil }
        self.init(name: name, quantity: quantity)
    }

    static func trimmed(_ text: String) -> String {
        let edges = CharacterSet.whitespacesAndNewlines.union(.punctuationCharacters).union(.symbols)
        return text.trimmingCharacters(in: edges)
    }
}

extension Recipe {
    /// The suggestion for a selection: its ranges joined (a bidi selection is
    /// several), nil when nothing is selected or the selection spans paragraphs.
    public func suggestion(for selection: TextSelection) -> IngredientSuggestion? {
        let text = document.text
        let ranges = selection.ranges.filter { !$0.isCaret }.map(\.bounds)
        guard let first = ranges.first, let last = ranges.last else { return nil }
        if String(text.characters[first.lowerBound ..< last.upperBound]).contains(where: \.isNewline) { return nil }
        return IngredientSuggestion(selectedText: String(AttributedString(text[selection.rangeSet]).characters))
    }

    /// The suggestion for the document's own selection.
    public var suggestion: IngredientSuggestion? { suggestion(for: document.selection) }
}
