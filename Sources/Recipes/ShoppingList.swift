import Foundation
import RichText

/// The ingredients of several recipes merged into one list: names that are
/// the same item (`IngredientName.key`: case, plurals, accents as
/// composed or not; synonyms on one line of the aisle file, named by its
/// first spelling) are one line, their quantities added within a
/// dimension (`Quantity.total`), each recipe scaled by its own factor (the
/// recipes it references read in their place when the source gives its
/// lines), grouped by aisle, and what the pantry holds set apart.
public struct ShoppingList: Sendable {
    public struct Source: Sendable {
        /// How the list names the recipe (unique among the sources).
        public var name: String
        public var recipe: Recipe
        /// Times the recipe's own quantities (2 for `pancakes.cook:2`).
        public var factor: Double
        /// What the list takes from the recipe, already scaled: its
        /// ingredients with the recipes it references read in their place
        /// (`ReferenceExpansion.shoppingLines`); nil takes the recipe's own
        /// ingredients times `factor`.
        public var lines: [Line]?

        public init(name: String, recipe: Recipe, factor: Double = 1, lines: [Line]? = nil) {
            self.name = name
            self.recipe = recipe
            self.factor = factor
            self.lines = lines
        }

        /// Each ingredient's name and quantities, scaled.
        /// With `conversion`, each quantity is scaled in its system: one rounding.
        func scaledLines(units: UnitTable, conversion: UnitConversion? = nil) -> [Line] {
            if let lines { return lines }
            return zip(recipe.ingredients, recipe.quantitiesOfEachIngredient).map { ingredient, given in
                Line(name: ingredient.name, quantities: given.map { quantity in
                    conversion.flatMap { $0.total([quantity], ingredient: ingredient.name, factor: factor).first }
                        ?? quantity.scaled(by: factor, units: units)
                })
            }
        }
    }

    /// An ingredient as a source gives it: its name and quantities.
    public struct Line: Sendable, Equatable {
        public var name: String
        public var quantities: [Quantity]

        public init(name: String, quantities: [Quantity]) {
            self.name = name
            self.quantities = quantities
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
    /// what is at home; within an aisle in the file's order, else in order
    /// of first appearance.
    public var items: [Item]

    /// With `conversion`, quantities are added up in its system (`UnitConversion.total`).
    public init(sources: [Source], extras: [FreeItem] = [], aisles: AisleTable = AisleTable(), pantry: Pantry = Pantry(),
                units: UnitTable = .standard, conversion: UnitConversion? = nil) {
        var order: [String] = []
        var names: [String: String] = [:]
        var spellings: [String: Set<String>] = [:]
        var quantities: [String: [Quantity]] = [:]
        var recipes: [String: [String]] = [:]
        // The aisle file's synonyms are one item, named by its first spelling.
        func add(_ name: String, _ given: [Quantity], from source: String?) {
            let spelling = IngredientName.key(name)
            let listed = aisles.entry(of: spelling)
            let key = listed.map { IngredientName.key($0.name) } ?? spelling
            if names[key] == nil {
                names[key] = listed?.name ?? name
                order.append(key)
            }
            spellings[key, default: []].insert(spelling)
            if let source, !(recipes[key] ?? []).contains(source) { recipes[key, default: []].append(source) }
            quantities[key, default: []] += given
        }
        for source in sources {
            for line in source.scaledLines(units: units, conversion: conversion) {
                add(line.name, line.quantities, from: source.name)
            }
        }
        for extra in extras { add(extra.name, extra.quantity.map { [$0] } ?? [], from: nil) }
        let unsorted = order.map { key in
            let needed = conversion?.total(quantities[key] ?? [], ingredient: names[key])
                ?? Quantity.total(quantities[key] ?? [], units: units)
            // The pantry may name the item by any of its spellings.
            let inPantry = pantry.holds(key) ? key : (spellings[key] ?? []).sorted().first(where: pantry.holds) ?? key
            let left = pantry.remaining(of: inPantry, needed: needed, units: units)
            return Item(name: names[key] ?? key,
                        quantities: left.quantities.map(\.description),
                        recipes: recipes[key] ?? [],
                        aisle: aisles.aisle(of: key),
                        atHome: left.atHome,
                        fromPantry: left.used?.description)
        }
        let aisleRank = Dictionary(aisles.aisles.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func rank(_ item: Item, _ offset: Int) -> (Int, Int, Int) {
            if item.atHome { return (Int.max, 0, offset) }
            let aisle = item.aisle.flatMap { aisleRank[$0] } ?? Int.max - 1
            return (aisle, aisles.entry(of: IngredientName.key(item.name))?.rank ?? 0, offset)
        }
        // A stable sort: first appearance where the aisle file gives no order.
        items = unsorted.enumerated().sorted { rank($0.element, $0.offset) < rank($1.element, $1.offset) }.map(\.element)
    }
}

extension Recipe {
    /// Every quantity given for an ingredient: each mark's where the marks
    /// have them (Cooklang: `@oil{1%tbsp}` … `@oil{2%tbsp}`, whose list entry
    /// holds only their total), else the list's own.
    public func quantities(of ingredient: Ingredient) -> [Quantity] {
        let text = document.text
        let marks = occurrences(of: ingredient.id)
        let onMarks = ingredient.askedQuantities(onMarks: marks.compactMap { text[$0][OccurrenceQuantityAttribute.self] }, marks: marks.count)
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
        // A reference's marks without a quantity count too: counted only where there are references.
        let counts = ingredients.contains(where: \.isRecipeReference) ? occurrenceCounts : [:]
        return ingredients.map { ingredient in
            let asked = ingredient.askedQuantities(onMarks: onMarks[ingredient.id] ?? [], marks: counts[ingredient.id] ?? 0)
            return asked.isEmpty ? ingredient.quantity.map { [$0] } ?? [] : asked
        }
    }

    /// `shownQuantity(of:)` for each of `ingredients`, in their order, from one walk.
    public var shownQuantityOfEachIngredient: [Quantity?] {
        quantitiesOfEachIngredient.map { Quantity.combinedTotal($0) }
    }

    /// The same times `factor` added up in a conversion's system, rounded
    /// once (`UnitConversion.total`).
    public func shownQuantityOfEachIngredient(in conversion: UnitConversion, scaledBy factor: Double = 1) -> [Quantity?] {
        zip(ingredients, quantitiesOfEachIngredient).map { ingredient, quantities in
            let totals = conversion.total(quantities, ingredient: ingredient.name, factor: factor)
            return totals.count > 1 ? Quantity(amount: totals.map(\.description).joined(separator: " + ")) : totals.first
        }
    }
}
