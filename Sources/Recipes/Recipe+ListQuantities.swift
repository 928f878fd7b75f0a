import Foundation
import RichText

extension Recipe {
    /// The quantities written at the start of the ingredient lists' items
    /// ("- 200 g flour", "- 1 cup (240 ml) milk"), as the recipe scaled by
    /// `factor` and shown in `conversion`'s units writes them: what "Apply
    /// the scale" writes and what the scaled view shows in the text. An
    /// amount written as a word ("a pinch", "two") stays as written. UTF-8
    /// offsets in the document's text, left to right.
    public func listQuantities(scaledBy factor: Double, conversion: UnitConversion? = nil,
                               units: UnitTable = .standard) -> [UnitConversion.TextConversion] {
        guard factor != 1 || conversion != nil else { return [] }
        var found: [UnitConversion.TextConversion] = []
        for item in ingredientLists().joined() {
            let line = item.line
            guard let quantity = line.quantity, quantity.numbers != nil, let amount = line.amountRange else { continue }
            var shown = quantity.scaled(by: factor, units: units)
            if let conversion { shown = conversion.converted(shown, ingredient: line.name) }
            let offsets = { (range: Range<String.Index>) in
                item.offsets.lowerBound + line.text.utf8.distance(from: line.text.startIndex, to: range.lowerBound)
                    ..< item.offsets.lowerBound + line.text.utf8.distance(from: line.text.startIndex, to: range.upperBound)
            }
            // Only the amount when the unit stays ("2 large eggs" keeps "large").
            let written = shown.unit == quantity.unit ? amount : amount.lowerBound ..< (line.unitRange?.upperBound ?? amount.upperBound)
            let replacement = shown.unit == quantity.unit ? shown.amount : shown.description
            if String(line.text[written]) != replacement {
                found.append(UnitConversion.TextConversion(range: offsets(written), original: String(line.text[written]), replacement: replacement))
            }
            // The same amount in another unit is scaled with it, in its own unit.
            if let alternative = line.alternative, let range = line.alternativeRange {
                let scaled = alternative.scaled(by: factor, units: units).description
                if String(line.text[range]) != scaled {
                    found.append(UnitConversion.TextConversion(range: offsets(range), original: String(line.text[range]), replacement: scaled))
                }
            }
        }
        return found
    }

    /// The ingredient lists' quantities scaled by `factor` in the text (one
    /// edit each, grouped by the caller's undo step).
    public mutating func scaleListQuantities(by factor: Double, units: UnitTable = .standard) {
        for change in listQuantities(scaledBy: factor, units: units).reversed() {
            try? document.replace(document.text.characterRange(atUTF8Offsets: change.range), with: change.replacement)
        }
    }
}
