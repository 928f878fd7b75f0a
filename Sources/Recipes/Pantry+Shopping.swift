import Foundation

extension Pantry {
    /// What a shopping list still needs of an item (its name in key form)
    /// once what is at home is used.
    public struct Remainder: Equatable, Sendable {
        /// The quantities to buy (all of `needed` when nothing is subtracted).
        public var quantities: [Quantity]
        /// Covered by the pantry, or held in a way Roux cannot measure (no
        /// quantity, `unlimited`, units that do not compare): set apart as at home.
        public var atHome: Bool
        /// The pantry's quantity taken off, when some is still to buy.
        public var used: Quantity?

        public init(quantities: [Quantity], atHome: Bool, used: Quantity? = nil) {
            self.quantities = quantities
            self.atHome = atHome
            self.used = used
        }
    }

    /// `needed` less what the pantry holds, by quantity where the units
    /// compare (1 kg needed, 300 g at home: 700 g to buy); nothing left is
    /// at home. An item the pantry holds without a measurable quantity is at
    /// home as a whole, as the list of names always said; a quantity of 0
    /// is none at home.
    public func remaining(of key: String, needed: [Quantity], units: UnitTable = .standard) -> Remainder {
        guard let item = item(key) else { return Remainder(quantities: needed, atHome: false) }
        guard let have = item.measuredQuantity else { return Remainder(quantities: needed, atHome: true) }
        if item.isOut { return Remainder(quantities: needed, atHome: false) }
        var left = needed
        var used = false
        for (index, quantity) in needed.enumerated() {
            guard let difference = quantity.subtracting(have, units: units) else { continue }
            left[index] = difference
            used = true
            break
        }
        guard used else { return Remainder(quantities: needed, atHome: true) }
        // An amount that is no number (`knob`, `a pinch`) is taken from what is at home.
        let stillNeeded = left.filter { $0.numbers.map { $0.high > 0 } ?? false }
        if stillNeeded.isEmpty { return Remainder(quantities: needed, atHome: true) }
        return Remainder(quantities: stillNeeded, atHome: false, used: have)
    }
}
