import Foundation

/// The ingredients of several recipes merged by name (any case); quantities
/// in the same unit are added, others listed side by side.
public struct ShoppingList: Sendable {
    public struct Item: Equatable, Sendable, Encodable {
        public var name: String
        /// One per unit ("250 g", "2 cup"); amounts that are not numbers are kept as written.
        public var quantities: [String]
        public var recipes: [String]
    }

    public var items: [Item]

    public init(recipes: [(title: String, recipe: Recipe)]) {
        var order: [String] = []
        var names: [String: String] = [:]
        var totals: [String: [(unit: String?, value: Double?, text: String)]] = [:]
        var sources: [String: [String]] = [:]
        for (title, recipe) in recipes {
            for ingredient in recipe.ingredients {
                let key = ingredient.name.lowercased()
                if names[key] == nil {
                    names[key] = ingredient.name
                    order.append(key)
                }
                if !(sources[key] ?? []).contains(title) { sources[key, default: []].append(title) }
                guard let quantity = ingredient.quantity else { continue }
                var entries = totals[key] ?? []
                if let value = quantity.value,
                   let index = entries.firstIndex(where: { $0.unit == quantity.unit && $0.value != nil }) {
                    entries[index].value = (entries[index].value ?? 0) + value
                } else {
                    entries.append((quantity.unit, quantity.value, quantity.amount))
                }
                totals[key] = entries
            }
        }
        items = order.map { key in
            Item(name: names[key] ?? key,
                 quantities: (totals[key] ?? []).map { total in
                     let amount = total.value.map(CooklangFormat.format) ?? total.text
                     return Quantity(amount: amount, unit: total.unit).description
                 },
                 recipes: sources[key] ?? [])
        }
    }
}
