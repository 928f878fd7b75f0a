import Foundation
import RichText

extension Recipe {
    /// The metadata keys that give the servings, the first found counts.
    package static let servingsKeys = ["servings", "serves", "yield", "portions"]

    /// How many the recipe serves: the first number of its `servings`
    /// (or `serves`, `yield`, `portions`) entry ("4", "4 people", "2 1/2",
    /// "1½"; "4-6" is 4).
    public var servings: Double? {
        guard let value = servingsText else { return nil }
        return Self.firstNumber(in: value)?.value
    }

    /// The servings entry as written.
    public var servingsText: String? {
        for key in Self.servingsKeys {
            if let value = metadata.value(of: key) { return value }
        }
        return nil
    }

    /// The first amount in `text` as a quantity reads it (mixed and vulgar
    /// fractions, a range), its low end, and where it is written.
    package static func firstNumber(in text: String) -> (value: Double, range: Range<String.Index>)? {
        guard let start = text.firstIndex(where: { ($0.isASCII && $0.isNumber) || Quantity.vulgarFractions[$0] != nil }),
              let (amount, rest) = Quantity.amountPrefix(of: text[start...]),
              let value = Quantity(amount: amount).numbers?.low, value > 0 else { return nil }
        return (value, start ..< rest.startIndex)
    }

    /// The factors a recipe is scaled by, and the servings it can be set
    /// to: beyond them quantities become noise (1e308 gave "inf kg", 1e-300
    /// "0 mg"), and no cook needs them.
    public static let scaleFactors: ClosedRange<Double> = 0.001 ... 1000
    public static let servingsCounts: ClosedRange<Double> = 0.01 ... 99_999
}

extension RichTextDocument {
    /// Every ingredient mark's quantity times `factor`, as one undo step.
    /// Cookware and timers keep theirs: twice the soup takes as many pots
    /// and as long (a timer's text is its duration, which must stay what the
    /// file says).
    /// A mark of one of `references` without a quantity asks for its recipe
    /// once, so it gets `factor` (`@./salad{}` ×2 is `@./salad{2}`).
    package mutating func scaleOccurrenceQuantities(by factor: Double, units: UnitTable, references: Set<IngredientID> = []) {
        var changes: [(Range<Int>, Quantity)] = []
        for run in text.runs {
            guard let id = run[IngredientAttribute.self] else { continue }
            let written = run[OccurrenceQuantityAttribute.self]
            guard let quantity = references.contains(id) ? Quantity.asked(byReference: written) : written else { continue }
            let scaled = quantity.scaled(by: factor, units: units)
            if scaled != quantity { changes.append((text.utf8Offsets(of: run.range), scaled)) }
        }
        guard !changes.isEmpty else { return }
        let mark = undoGroupMark
        for (range, quantity) in changes {
            var attributes = AttributeContainer()
            attributes[OccurrenceQuantityAttribute.self] = quantity
            addAttributes(attributes, toUTF8Offsets: [range])
        }
        groupUndo(since: mark)
    }
}
