import Foundation

/// Setting the servings and scaling: the domain computes the new values;
/// the servings entry is written where the file keeps it (a Cooklang `>>`
/// line among the steps or the head), which is the format's knowledge
/// (`setMetadata`, through the recipe's origin).
extension Recipe {
    /// Sets the servings: the number in the entry the file has is replaced
    /// (`4 people` → `6 people`, a range `4-6` → `8`), else a `servings`
    /// entry is added. Written as a decimal (2.5): a count of people is no
    /// measure, and every reader reads a decimal back.
    public mutating func setServings(_ count: Double) {
        let number = KitchenNumber.decimal(count)
        for key in Self.servingsKeys {
            guard let value = metadata.value(of: key) else { continue }
            let replaced = Self.firstNumber(in: value).map { value.replacingCharacters(in: $0.range, with: number) } ?? number
            setMetadata(key, toText: replaced)
            return
        }
        setMetadata("servings", toText: number)
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
        // One undo step: the marks' quantities and those the lists write.
        let mark = copy.document.undoGroupMark
        copy.document.scaleOccurrenceQuantities(by: factor, units: units,
                                                references: Set(copy.ingredients.filter(\.isRecipeReference).map(\.id)))
        copy.scaleListQuantities(by: factor, units: units)
        copy.document.groupUndo(since: mark)
        if let servings { copy.setServings(servings * factor) }
        return copy
    }
}
