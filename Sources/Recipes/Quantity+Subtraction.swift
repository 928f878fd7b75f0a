import Foundation

extension Quantity {
    /// This quantity less `other`, in this quantity's unit, where the two
    /// compare: masses with masses and volumes with volumes whatever their
    /// units (1 kg − 300 g = 700 g), a counted unit with itself (`cloves`),
    /// counts with counts. Nil where they do not (grams and cups, a range,
    /// an amount that is no number). Zero or less means `other` covers it.
    public func subtracting(_ other: Quantity, units: UnitTable = .standard) -> Quantity? {
        let mine = measured(units: units)
        let theirs = other.measured(units: units)
        guard let need = mine.numbers, need.low == need.high, let have = theirs.numbers, have.low == have.high,
              let worth = Self.worth(of: mine, comparedWith: theirs, units: units) else { return nil }
        let left = need.high - have.high * worth
        guard left > 0 else { return Quantity(amount: "0", unit: mine.unit) }
        // In a unit a cook reads: 1 kg − 300 g is 700 g, not 0.7 kg.
        if let unit = mine.unit.flatMap(units.unit(named:)), let dimension = unit.dimension, units.isOnLadder(unit) {
            let shown = units.readableUnit(for: left * unit.inBase, dimension: dimension, system: unit.system == .us ? .us : .metric)
            let amount = KitchenNumber.format(left * unit.inBase / shown.inBase, unit: shown, written: shown.name)
            return Quantity(amount: amount, unit: units.spelling(of: shown, for: Quantity(amount: amount).value ?? 0, like: mine.unit))
        }
        let unit = mine.unit.flatMap(units.unit(named:))
        return Quantity(amount: KitchenNumber.format(left, unit: unit, written: mine.unit), unit: mine.unit)
    }

    /// How many of this quantity's unit one of `other`'s unit is; nil when
    /// they do not compare.
    private static func worth(of mine: Quantity, comparedWith other: Quantity, units: UnitTable) -> Double? {
        let mineUnit = mine.unit.flatMap { $0.isEmpty ? nil : $0 }
        let otherUnit = other.unit.flatMap { $0.isEmpty ? nil : $0 }
        switch (mineUnit, otherUnit) {
        case (nil, nil): return 1
        case let (mineWritten?, otherWritten?):
            guard groupKey(of: mine, units: units) == groupKey(of: other, units: units) else { return nil }
            guard let mineKnown = units.unit(named: mineWritten), let otherKnown = units.unit(named: otherWritten) else {
                return mineWritten.lowercased() == otherWritten.lowercased() ? 1 : nil
            }
            return otherKnown.inBase / mineKnown.inBase
        default: return nil
        }
    }
}
