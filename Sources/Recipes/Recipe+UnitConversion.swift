import Foundation
import RichText

extension Recipe {
    /// Whether the recipe measures in US units: more of its masses and
    /// volumes are US than metric. A bare `350°` in its text is then
    /// Fahrenheit.
    public var writesUSUnits: Bool {
        var balance = 0
        for quantities in quantitiesOfEachIngredient {
            for quantity in quantities {
                guard let unit = quantity.measured(units: .standard).unit.flatMap(UnitTable.standard.unit(named:)),
                      unit.dimension != nil else { continue }
                if unit.system == .us { balance += 1 } else if unit.system == .metric { balance -= 1 }
            }
        }
        return balance > 0
    }

    /// What the text shows in the conversion's system (temperatures and
    /// quantities written in the steps), outside ingredient marks.
    public func textConversions(_ conversion: UnitConversion) -> [UnitConversion.TextConversion] {
        let text = document.text
        let plain = String(text.characters[...])
        let marked = text.runs[\.ingredient].compactMap { $0.0 == nil ? nil : text.utf8Offsets(of: $0.1) }
        return conversion.conversions(in: plain, bareDegrees: writesUSUnits ? .fahrenheit : .celsius)
            .filter { found in !marked.contains { $0.overlaps(found.range) } }
    }

    /// A copy in the conversion's system: the list's quantities, the marks'
    /// and what the text writes (`Recipe.convert(with:)`).
    public func converted(with conversion: UnitConversion) -> Recipe {
        var copy = self
        copy.convert(with: conversion)
        return copy
    }

    /// Every quantity in the conversion's system, as one undo step: the
    /// ingredient list's, the marks' (Cooklang's `@flour{1%cup}`) and the
    /// temperatures and quantities written in the text. Servings, counted
    /// units and amounts that are not numbers stay.
    public mutating func convert(with conversion: UnitConversion) {
        let replacements = textConversions(conversion)
        let names = Dictionary(ingredients.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        for index in ingredients.indices {
            guard let quantity = ingredients[index].quantity else { continue }
            ingredients[index].quantity = conversion.converted(quantity, ingredient: ingredients[index].name)
        }
        var marks: [(Range<Int>, Quantity)] = []
        for run in document.text.runs {
            guard let id = run[IngredientAttribute.self], let quantity = run[OccurrenceQuantityAttribute.self] else { continue }
            let shown = conversion.converted(quantity, ingredient: names[id])
            if shown != quantity { marks.append((document.text.utf8Offsets(of: run.range), shown)) }
        }
        let mark = document.undoGroupMark
        for (range, quantity) in marks {
            var attributes = AttributeContainer()
            attributes[OccurrenceQuantityAttribute.self] = quantity
            document.addAttributes(attributes, toUTF8Offsets: [range])
        }
        // From the end, so the offsets found before stay right.
        for replacement in replacements.reversed() {
            try? document.replace(document.text.characterRange(atUTF8Offsets: replacement.range), with: replacement.replacement)
        }
        document.groupUndo(since: mark)
    }
}
