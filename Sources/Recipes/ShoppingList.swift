import Foundation
import RichText

/// The ingredients of several recipes merged into one list: names that are
/// the same item (`IngredientName.key`: case, plurals, accents as
/// composed or not) are one line, their quantities added within a
/// dimension (`Quantity.total`), each recipe scaled by its own factor,
/// grouped by aisle, and what the pantry holds set apart.
public struct ShoppingList: Sendable {
    public struct Source: Sendable {
        /// How the list names the recipe (unique among the sources).
        public var name: String
        public var recipe: Recipe
        /// Times the recipe's own quantities (2 for `pancakes.cook:2`).
        public var factor: Double

        public init(name: String, recipe: Recipe, factor: Double = 1) {
            self.name = name
            self.recipe = recipe
            self.factor = factor
        }
    }

    public struct Item: Equatable, Sendable, Encodable {
        public var name: String
        /// One per dimension or unit ("1.5 kg", "3 cloves"); amounts that are not numbers as written.
        public var quantities: [String]
        /// Every recipe the item comes from, once each.
        public var recipes: [String]
        /// The aisle it is found in, nil when the aisle file does not list it.
        public var aisle: String?
        /// Listed in the pantry: already at home.
        public var atHome: Bool
        /// What the pantry holds and was taken off `quantities` ("300 g").
        public var fromPantry: String?
        /// Ticked off in the list's `.shopping-checked` (`ShoppingChecks`).
        public var ticked = false
    }

    /// An item put on the list by hand (a shopping-list file's `oil{4%l}`).
    public struct FreeItem: Equatable, Sendable {
        public var name: String
        public var quantity: Quantity?

        public init(name: String, quantity: Quantity? = nil) {
            self.name = name
            self.quantity = quantity
        }
    }

    /// Aisles in the aisle file's order, then items no aisle lists, then
    /// what is at home; within each, in order of first appearance.
    public var items: [Item]

    public init(sources: [Source], extras: [FreeItem] = [], aisles: AisleTable = AisleTable(), pantry: Pantry = Pantry(),
                units: UnitTable = .standard) {
        var order: [String] = []
        var names: [String: String] = [:]
        var quantities: [String: [Quantity]] = [:]
        var recipes: [String: [String]] = [:]
        func add(_ name: String, _ given: [Quantity], from source: String?) {
            let key = IngredientName.key(name)
            if names[key] == nil {
                names[key] = name
                order.append(key)
            }
            if let source, !(recipes[key] ?? []).contains(source) { recipes[key, default: []].append(source) }
            quantities[key, default: []] += given
        }
        for source in sources {
            let recipe = source.recipe
            for (ingredient, given) in zip(recipe.ingredients, recipe.quantitiesOfEachIngredient) {
                add(ingredient.name, given.map { $0.scaled(by: source.factor, units: units) }, from: source.name)
            }
        }
        for extra in extras { add(extra.name, extra.quantity.map { [$0] } ?? [], from: nil) }
        let unsorted = order.map { key in
            let left = pantry.remaining(of: key, needed: Quantity.total(quantities[key] ?? [], units: units), units: units)
            return Item(name: names[key] ?? key,
                        quantities: left.quantities.map(\.description),
                        recipes: recipes[key] ?? [],
                        aisle: aisles.aisle(of: key),
                        atHome: left.atHome,
                        fromPantry: left.used?.description)
        }
        let aisleRank = Dictionary(aisles.aisles.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func rank(_ item: Item) -> Int {
            if item.atHome { return Int.max }
            return item.aisle.flatMap { aisleRank[$0] } ?? Int.max - 1
        }
        // A stable sort: first appearance within each group.
        items = unsorted.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }
}

extension Recipe {
    /// Every quantity given for an ingredient: each mark's where the marks
    /// have them (Cooklang: `@oil{1%tbsp}` … `@oil{2%tbsp}`, whose list entry
    /// holds only their total), else the list's own.
    public func quantities(of ingredient: Ingredient) -> [Quantity] {
        let text = document.text
        let onMarks = occurrences(of: ingredient.id).compactMap { text[$0][OccurrenceQuantityAttribute.self] }
        if !onMarks.isEmpty { return onMarks }
        return ingredient.quantity.map { [$0] } ?? []
    }

    /// `quantities(of:)` for each of `ingredients`, in their order, from one
    /// walk over the marks: asked of each in turn, every ingredient walks
    /// every mark of the text.
    public var quantitiesOfEachIngredient: [[Quantity]] {
        let text = document.text
        var onMarks: [IngredientID: [Quantity]] = [:]
        for (id, range) in text.runs[\.ingredient] {
            guard let id, let quantity = text[range][OccurrenceQuantityAttribute.self] else { continue }
            onMarks[id, default: []].append(quantity)
        }
        return ingredients.map { onMarks[$0.id] ?? $0.quantity.map { [$0] } ?? [] }
    }

    /// `shownQuantity(of:)` for each of `ingredients`, in their order, from one walk.
    public var shownQuantityOfEachIngredient: [Quantity?] {
        quantitiesOfEachIngredient.map { Quantity.combinedTotal($0) }
    }
}
