import Foundation
import RichText

extension Recipe {
    /// The metadata keys that give the servings, the first found counts.
    static let servingsKeys = ["servings", "serves", "yield", "portions"]

    /// How many the recipe serves: the first number of its `servings`
    /// (or `serves`, `yield`, `portions`) entry ("4", "4 people", "4-6").
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

    /// Sets the servings: the number in the entry the file has is replaced
    /// (`4 people` → `6 people`), else a `servings` entry is added.
    public mutating func setServings(_ count: Double) {
        let number = KitchenNumber.format(count, unit: nil, written: nil)
        for key in Self.servingsKeys {
            guard let value = metadata.value(of: key) else { continue }
            let replaced = Self.firstNumber(in: value).map { value.replacingCharacters(in: $0.range, with: number) } ?? number
            metadata.set(key, toText: replaced)
            return
        }
        metadata.set("servings", toText: number)
    }

    private static func firstNumber(in text: String) -> (value: Double, range: Range<String.Index>)? {
        guard let start = text.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        var end = start
        while end < text.endIndex, text[end].isASCII, text[end].isNumber || text[end] == "." || text[end] == "," || text[end] == "/" {
            end = text.index(after: end)
        }
        while end > start, !(text[text.index(before: end)].isNumber) { end = text.index(before: end) }
        let quantity = Quantity(amount: String(text[start ..< end]))
        guard let value = quantity.value, value > 0 else { return nil }
        return (value, start ..< end)
    }

    /// A copy with every quantity scaled by `factor` (the list's, the
    /// marks' in Cooklang) and the servings with them; fixed quantities and
    /// amounts that are not numbers stay (see `Quantity.scaled`).
    public func scaled(by factor: Double, units: UnitTable = .standard) -> Recipe {
        guard factor != 1, factor.isFinite, factor > 0 else { return self }
        var copy = self
        for index in copy.ingredients.indices {
            copy.ingredients[index].quantity = copy.ingredients[index].quantity?.scaled(by: factor, units: units)
        }
        copy.document.scaleOccurrenceQuantities(by: factor, units: units)
        if let servings { copy.setServings(servings * factor) }
        return copy
    }
}

extension RichTextDocument {
    /// Every ingredient mark's quantity times `factor`, as one undo step.
    /// Cookware and timers keep theirs: twice the soup takes as many pots
    /// and as long (a timer's text is its duration, which must stay what the
    /// file says).
    mutating func scaleOccurrenceQuantities(by factor: Double, units: UnitTable) {
        var changes: [(Range<Int>, Quantity)] = []
        for run in text.runs where run[IngredientAttribute.self] != nil {
            guard let quantity = run[OccurrenceQuantityAttribute.self] else { continue }
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
