public import Foundation
public import RichText

extension Recipe {
    /// Adds the suggested ingredient (or finds the one with that name) and
    /// marks every occurrence of its name in one transform that leaves the
    /// selection where it was: whole words, any case, never inside a longer
    /// word, never over another ingredient's mark. Returns its ID.
    @discardableResult
    public mutating func apply(_ suggestion: IngredientSuggestion) -> IngredientID {
        let id: IngredientID
        if let existing = ingredients.firstIndex(where: { $0.name.lowercased() == suggestion.name.lowercased() }) {
            id = ingredients[existing].id
            if ingredients[existing].quantity == nil { ingredients[existing].quantity = suggestion.quantity }
        } else {
            id = IngredientID(Slug.unique(suggestion.name, taken: Set(ingredients.map(\.id.rawValue))))
            ingredients.append(Ingredient(id: id, name: suggestion.name, quantity: suggestion.quantity))
        }
        mark(id, name: suggestion.name)
        return id
    }

    /// Marks new occurrences of every ingredient's name (typed since it was added).
    public mutating func rescan() {
        for ingredient in ingredients { mark(ingredient.id, name: ingredient.name) }
    }

    private mutating func mark(_ id: IngredientID, name: String) {
        let search = TextSearch(name, caseInsensitive: true, wholeWords: true)
        let matches = search.matches(in: document.plainText)
        let free = Self.outside(Self.markedRanges(in: document.text), matches)
        var attributes = AttributeContainer()
        attributes.ingredient = id
        document.addAttributes(attributes, toUTF8Offsets: free)
    }

    /// Where the text is already marked (any ingredient), as sorted UTF-8
    /// ranges: one walk over the runs, not a view per match.
    private static func markedRanges(in text: AttributedString) -> [Range<Int>] {
        text.runs[\.ingredient].compactMap { id, range in id == nil ? nil : text.utf8Offsets(of: range) }
    }

    /// The sorted `matches` that overlap none of the sorted `marked` ranges.
    static func outside(_ marked: [Range<Int>], _ matches: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var next = 0
        for match in matches {
            while next < marked.count, marked[next].upperBound <= match.lowerBound { next += 1 }
            if next < marked.count, marked[next].lowerBound < match.upperBound { continue }
            result.append(match)
        }
        return result
    }

    /// Takes an ingredient out of the list and its marks out of the text.
    public mutating func removeIngredient(_ id: IngredientID) {
        ingredients.removeAll { $0.id == id }
        try? document.removeAttribute(IngredientAttribute.self, from: occurrences(of: id))
    }

    /// Renames an ingredient; its marks keep pointing at it by ID.
    public mutating func renameIngredient(_ id: IngredientID, to name: String) {
        guard let index = ingredients.firstIndex(where: { $0.id == id }) else { return }
        ingredients[index].name = name
    }

    /// Every marked occurrence, in text order, as ranges of the current text:
    /// select them all as one multi-range selection.
    public func occurrences(of id: IngredientID) -> [Range<AttributedString.Index>] {
        document.text.runs[\.ingredient].compactMap { value, range in value == id ? range : nil }
    }

    /// How many marks each ingredient has.
    public var occurrenceCounts: [IngredientID: Int] {
        var counts: [IngredientID: Int] = [:]
        for (value, _) in document.text.runs[\.ingredient] {
            if let value { counts[value, default: 0] += 1 }
        }
        return counts
    }
}
