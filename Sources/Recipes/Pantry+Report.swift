import Foundation

extension Pantry {
    /// An item and the day it expires.
    public struct Expiring: Equatable, Sendable {
        public var item: Item
        public var date: PantryDate
        /// From today: 0 today, negative when it has expired.
        public var days: Int
    }

    /// What is out (a quantity of 0) or at or below its own `low`, in the
    /// file's order. An item without a `low` is not judged: what is low for
    /// one kitchen is plenty for another.
    public var lowItems: [Item] { items.filter { $0.isOut || $0.isLow } }

    /// What expires within `days` of `today` or has expired, soonest first
    /// (the file's order for the same day).
    public func expiring(within days: Int, today: PantryDate) -> [Expiring] {
        items.compactMap { item in
            guard let date = item.expiryDate else { return nil }
            let left = today.days(until: date)
            return left <= days ? Expiring(item: item, date: date, days: left) : nil
        }.enumerated().sorted { ($0.element.days, $0.offset) < ($1.element.days, $1.offset) }.map(\.element)
    }

    /// What `recipe` needs that is not at home, each with what is still to
    /// buy (`flour 250 g`: some is at home, not enough), in the recipe's order.
    public func lacks(_ recipe: Recipe, units: UnitTable = .standard) -> [String] {
        var seen: Set<String> = []
        var lacking: [String] = []
        for (ingredient, given) in zip(recipe.ingredients, recipe.quantitiesOfEachIngredient) {
            let key = IngredientName.key(ingredient.name)
            guard seen.insert(key).inserted else { continue }
            let left = remaining(of: key, needed: Quantity.total(given, units: units), units: units)
            guard !left.atHome else { continue }
            lacking.append(holds(key) ? ingredient.name + " " + left.quantities.map(\.description).joined(separator: " + ") : ingredient.name)
        }
        return lacking
    }
}
