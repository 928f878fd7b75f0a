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
///   table does not know stay as written.
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
        let quantity = written.measured(units: units)
        guard let unit = quantity.unit.flatMap(units.unit(named:)), let dimension = unit.dimension,
              let numbers = quantity.numbers, numbers.high > 0 else { return written }
        let density = ingredient.flatMap(densities.gramsPerMillilitre(of:))
        let isSpoon = Self.isSpoon(unit)
        var target = dimension
        switch system {
        case .metric:
            if dimension == .volume, density != nil, !isSpoon, unit.system != .metric {
                target = .mass
            } else if unit.system == .metric || isSpoon {
                return written
            }
        case .us:
            if dimension == .mass, density != nil, unit.system != .us {
                target = .volume
            } else if unit.system == .us {
                return written
            }
        }
        var worth = unit.inBase
        if target != dimension, let density { worth *= target == .mass ? density : 1 / density }
        let (low, high) = KitchenRounding.range(numbers.low * worth, numbers.high * worth, target, in: system, units: units)
        let (lowText, highText) = (KitchenRounding.text(low), KitchenRounding.text(high))
        let amount = lowText == highText ? highText : "\(lowText)-\(highText)"
        let shownUnit = units.unit(canonical: high.unit).map { units.spelling(of: $0, for: high.value) } ?? high.unit
        return Quantity(amount: amount, unit: shownUnit, isFixed: written.isFixed)
    }

    /// Teaspoons and tablespoons of every language: kept by the metric view.
    static func isSpoon(_ unit: UnitTable.Unit) -> Bool {
        unit.dimension == .volume && unit.system != .metric && unit.inBase <= 15.5
    }
}
