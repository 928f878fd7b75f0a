import Foundation

/// Scaling by what is at hand: "I have 700 g flour" (`flour=700g`) gives
/// the factor that makes the recipe's flour 700 g.
extension Recipe {
    /// What the cook has of one ingredient: `flour=700g`, `flour = 1.5 lb`, `eggs=3`.
    public struct AtHand: Equatable, Sendable {
        public var name: String
        public var quantity: Quantity

        /// Nil when `text` is not `NAME=AMOUNT`.
        public init?(_ text: String, units: UnitTable = .standard) {
            guard let equals = text.firstIndex(of: "=") else { return nil }
            let name = text[..<equals].trimmingCharacters(in: .whitespaces)
            let amount = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !amount.isEmpty else { return nil }
            self.name = name
            quantity = Quantity(parsing: amount, units: units)
        }

        public init(name: String, quantity: Quantity) {
            self.name = name
            self.quantity = quantity
        }
    }

    /// Why a recipe cannot be scaled to what is at hand, said for the cook.
    public struct ScaleToProblem: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The factor that turns the recipe's quantity of the ingredient into
    /// what is at hand: in any unit of the same dimension (`1.5 lb` for
    /// `500 g`), across mass and volume through the densities, a count for
    /// a count (`eggs=3` for 2 eggs). The ingredient's quantities are added
    /// up first (a Cooklang recipe's marks); a range counts by its upper end.
    public func scaleFactor(toHave atHand: AtHand, densities: Densities = .standard,
                            units: UnitTable = .standard) -> Result<Double, ScaleToProblem> {
        guard let index = ingredient(named: atHand.name) else {
            let names = ingredients.prefix(6).map(\.name).joined(separator: ", ")
            return .failure(ScaleToProblem(message: "no ingredient named \"\(atHand.name)\" in the recipe"
                + (names.isEmpty ? " (it has no ingredients yet)" : " (it has \(names)\(ingredients.count > 6 ? "…" : ""))")))
        }
        let ingredient = ingredients[index]
        let have = atHand.quantity.measured(units: units)
        guard let haveAmount = have.value, haveAmount > 0 else {
            return .failure(ScaleToProblem(message: "\"\(atHand.quantity)\" is not an amount: write one as the recipe would (700g, 1.5 lb, 3)"))
        }
        let given = quantities(of: ingredient).map { $0.measured(units: units) }.filter { ($0.value ?? 0) > 0 }
        guard !given.isEmpty else {
            return .failure(ScaleToProblem(message: "the recipe gives no amount of \(ingredient.name) to scale from"))
        }
        let haveUnit = have.unit.flatMap(units.unit(named:))
        let density = densities.gramsPerMillilitre(of: ingredient.name)
        var needed = 0.0
        for quantity in given {
            guard let value = quantity.value else { continue }
            let unit = quantity.unit.flatMap(units.unit(named:))
            switch (unit?.dimension, haveUnit?.dimension) {
            case let (own?, wanted?) where own == wanted:
                needed += value * (unit?.inBase ?? 1)
            case let (_?, wanted?):
                // A cup of flour for grams at hand: through its density, if it has one.
                guard let density else { continue }
                needed += value * (unit?.inBase ?? 1) * (wanted == .mass ? density : 1 / density)
            case (nil, nil) where quantity.unit.map(IngredientName.key) == have.unit.map(IngredientName.key):
                needed += value
            default:
                continue
            }
        }
        guard needed > 0 else {
            let shown = Quantity.combinedTotal(given)?.description ?? given[0].description
            return .failure(ScaleToProblem(message: "\(ingredient.name): the recipe gives \(shown), which \(atHand.quantity) cannot be compared with"
                + (haveUnit?.dimension != nil && density == nil && given.contains { $0.unit.flatMap(units.unit(named:))?.dimension != nil }
                    ? " (a mass and a volume meet only through a density: see densities.conf)" : "")))
        }
        let factor = haveAmount * (haveUnit?.inBase ?? 1) / needed
        guard Self.scaleFactors.contains(factor) else {
            return .failure(ScaleToProblem(message: "\(atHand.quantity) of \(ingredient.name) is ×\(KitchenNumber.decimal(factor)) of the recipe: a factor from \(KitchenNumber.decimal(Self.scaleFactors.lowerBound)) to \(KitchenNumber.decimal(Self.scaleFactors.upperBound)) is needed"))
        }
        return .success(factor)
    }

    /// A factor as the cook reads it, with the servings it gives:
    /// "×1.4: serves 5.6 instead of 4" ("×1.4" when the recipe does not say).
    public func scaleDescription(_ factor: Double) -> String {
        let times = "×" + KitchenNumber.decimal(factor)
        guard let servings else { return times }
        return "\(times): serves \(KitchenNumber.decimal(servings * factor)) instead of \(KitchenNumber.decimal(servings))"
    }
}
