import Foundation

/// Quantities shown in another system of units: masses and volumes within
/// their dimension, rounded as a kitchen measures (`KitchenRounding`), and
/// volume to mass or back only through `Densities`.
///
/// - A quantity already in the system is shown as written.
/// - Spoons (tsp, tbsp, `c. à soupe`, `EL`, `cucharada`…) are measures of
///   both systems: the metric view keeps them; the US view writes them in
///   tsp and tbsp.
/// - The metric view weighs what has a density (`1 cup flour` is `120 g`);
///   the US view measures it in cups and spoons (`500 g flour` is
///   `4 1/8 cups`). Without a density a volume stays a volume.
/// - Amounts that are not numbers, counted units (`2 cloves`) and units the
///   table does not know stay as written; a counted unit `Densities` weighs
///   for the ingredient (`1 stick butter`) is weighed by the metric view.
public struct UnitConversion: Sendable {
    public var system: UnitSystem
    public var densities: Densities
    public var units: UnitTable

    public init(to system: UnitSystem, densities: Densities = .standard, units: UnitTable = .standard) {
        self.system = system
        self.densities = densities
        self.units = units
    }

    /// `written` (a quantity of `ingredient`, whose name finds its density)
    /// in the system.
    public func converted(_ written: Quantity, ingredient: String? = nil) -> Quantity {
        guard let target = target(of: written, ingredient: ingredient), !target.isInSystem else { return written }
        return quantity(target.low, target.high, target.dimension, isFixed: written.isFixed)
    }

    /// Quantities of one ingredient added up in the system, times `factor`
    /// (a scale, applied before the one rounding): each mass or volume
    /// taken to grams or millilitres of the dimension the system shows it
    /// in, added, and rounded once (`1/4 cup + 100 g + 1/2 cup` of flour is
    /// `190 g`); a group whose parts are all in the system already is added
    /// as `Quantity.total` adds (`1 Tbsp + 1 tbsp` is `2 tbsp`), as are
    /// counts and amounts that are not numbers. Fixed quantities
    /// (`{=1%tsp}`) do not take the factor.
    public func total(_ quantities: [Quantity], ingredient: String? = nil, factor: Double = 1) -> [Quantity] {
        var groups: [(dimension: UnitTable.Dimension, low: Double, high: Double, parts: [Quantity], inSystem: Bool)] = []
        var others: [Quantity] = []
        for quantity in quantities {
            guard let target = target(of: quantity, ingredient: ingredient) else {
                others.append(quantity.scaled(by: factor, units: units))
                continue
            }
            let times = quantity.isFixed ? 1 : factor
            if let index = groups.firstIndex(where: { $0.dimension == target.dimension }) {
                groups[index].low += target.low * times
                groups[index].high += target.high * times
                groups[index].parts.append(quantity)
                groups[index].inSystem = groups[index].inSystem && target.isInSystem
            } else {
                groups.append((target.dimension, target.low * times, target.high * times, [quantity], target.isInSystem))
            }
        }
        let added = groups.flatMap { group -> [Quantity] in
            if group.inSystem { return Quantity.total(group.parts.map { $0.scaled(by: factor, units: units) }, units: units) }
            return [quantity(group.low, group.high, group.dimension, isFixed: group.parts.allSatisfy(\.isFixed))]
        }
        return added + Quantity.total(others, units: units)
    }

    /// Where a quantity goes: the dimension the system shows it in, its
    /// ends in that dimension's grams or millilitres, and whether it is
    /// shown as written (in the system already, or a spoon in the metric
    /// view). Nil for what is not converted at all: counts, text, unknown units.
    private func target(of written: Quantity, ingredient: String?)
        -> (dimension: UnitTable.Dimension, low: Double, high: Double, isInSystem: Bool)? {
        let quantity = written.measured(units: units)
        guard let unit = quantity.unit.flatMap(units.unit(named:)), let numbers = quantity.numbers, numbers.high > 0 else { return nil }
        guard let dimension = unit.dimension else {
            // A counted unit that weighs for this ingredient (a stick of
            // butter): the metric view weighs it; the US view, whose measure
            // it is, keeps it.
            guard let grams = ingredient.flatMap({ densities.grams(inOne: unit.name, of: $0) }) else { return nil }
            return (.mass, numbers.low * grams, numbers.high * grams, system == .us)
        }
        let density = ingredient.flatMap(densities.gramsPerMillilitre(of:))
        let isSpoon = Self.isSpoon(unit)
        var target = dimension
        var isInSystem = false
        switch system {
        case .metric:
            if dimension == .volume, density != nil, !isSpoon, unit.system != .metric {
                target = .mass
            } else {
                isInSystem = unit.system == .metric || isSpoon
            }
        case .us:
            if dimension == .mass, density != nil, unit.system != .us {
                target = .volume
            } else {
                isInSystem = unit.system == .us
            }
        }
        var worth = unit.inBase
        if target != dimension, let density { worth *= target == .mass ? density : 1 / density }
        return (target, numbers.low * worth, numbers.high * worth, isInSystem)
    }

    /// `low`-`high` grams or millilitres as the system writes them.
    private func quantity(_ lowBase: Double, _ highBase: Double, _ dimension: UnitTable.Dimension, isFixed: Bool) -> Quantity {
        let (low, high) = KitchenRounding.range(lowBase, highBase, dimension, in: system, units: units)
        let (lowText, highText) = (KitchenRounding.text(low), KitchenRounding.text(high))
        let amount = lowText == highText ? highText : "\(lowText)-\(highText)"
        let shownUnit = units.unit(canonical: high.unit).map { units.spelling(of: $0, for: high.value) } ?? high.unit
        return Quantity(amount: amount, unit: shownUnit, isFixed: isFixed)
    }

    /// Teaspoons and tablespoons of every language: kept by the metric view.
    static func isSpoon(_ unit: UnitTable.Unit) -> Bool {
        unit.dimension == .volume && unit.system != .metric && unit.inBase <= 15.5
    }
}
