import Foundation

/// A converted amount brought to what a kitchen measures. The rules, per
/// system and dimension (each amount rounded to the nearest step):
///
/// | System | Dimension | Unit and step |
/// |---|---|---|
/// | metric | mass | g: 0.5 g under 5 g, 1 g under 100 g, 5 g under 1000 g; kg from 1000 g, to 10 g |
/// | metric | volume | ml: 0.5 ml under 5 ml, 1 ml under 20 ml, 5 ml under 100 ml, 10 ml under 1000 ml; l from 1000 ml, to 50 ml |
/// | US | mass | oz: 0.05 oz under 1 oz, 0.1 oz under 16 oz; lb from 16 oz, to 0.05 lb |
/// | US | volume | tsp: eighths under 1 tsp, quarters under 3 tsp, halves under 2 tbsp (a whole number of tablespoons is said in tbsp); tbsp: halves under 1/4 cup; cup: under 1 cup the measuring cups (1/4, 1/3, 1/2, 2/3, 3/4) when one is within 4%, else tbsp; from 1 cup eighths and thirds; quarts from 16 cups, to 1/4 |
///
/// So `1 cup` is `240 ml`, `250 g` is `8.8 oz`, `100 ml` is `7 tbsp`
/// (no cup measure holds 0.42 cup), `1 lb` is `455 g`. Nothing rounds to
/// zero: the smallest step is the least amount shown.
public enum KitchenRounding {
    /// An amount in a unit: the value as rounded and the unit's name.
    public struct Amount: Equatable, Sendable {
        public var value: Double
        public var unit: String
        /// Written as a fraction (cups, spoons) rather than a decimal.
        public var isMeasure: Bool
    }

    /// A unit a converted amount can be shown in, with its rounding.
    struct Measure {
        var unit: String
        /// Base units (grams, millilitres) in one of it.
        var inBase: Double
        var isMeasure = false
        var round: (Double) -> Double
    }

    /// `base` grams or millilitres in `system`, rounded as the table says.
    public static func amount(_ base: Double, _ dimension: UnitTable.Dimension, in system: UnitSystem, units: UnitTable = .standard) -> Amount {
        let measure = measure(for: base, dimension, in: system, units: units)
        return Amount(value: measure.round(base / measure.inBase), unit: measure.unit, isMeasure: measure.isMeasure)
    }

    /// Both ends of a range in the unit of its upper end.
    public static func range(_ low: Double, _ high: Double, _ dimension: UnitTable.Dimension, in system: UnitSystem,
                             units: UnitTable = .standard) -> (Amount, Amount) {
        let measure = measure(for: high, dimension, in: system, units: units)
        func amount(_ base: Double) -> Amount {
            Amount(value: measure.round(base / measure.inBase), unit: measure.unit, isMeasure: measure.isMeasure)
        }
        return (amount(low), amount(high))
    }

    static func nearest(_ value: Double, step: Double) -> Double {
        max(step, (value / step).rounded() * step)
    }

    static func measure(for base: Double, _ dimension: UnitTable.Dimension, in system: UnitSystem, units: UnitTable) -> Measure {
        func inBase(_ name: String, _ fallback: Double) -> Double { units.unit(canonical: name)?.inBase ?? fallback }
        switch (system, dimension) {
        case (.metric, .mass):
            let grams = Measure(unit: "g", inBase: 1) { nearest($0, step: $0 < 5 ? 0.5 : $0 < 100 ? 1 : 5) }
            return grams.round(base) < 1000 ? grams : Measure(unit: "kg", inBase: 1000) { nearest($0, step: 0.01) }
        case (.metric, .volume):
            let millilitres = Measure(unit: "ml", inBase: 1) { nearest($0, step: $0 < 5 ? 0.5 : $0 < 20 ? 1 : $0 < 100 ? 5 : 10) }
            return millilitres.round(base) < 1000 ? millilitres : Measure(unit: "l", inBase: 1000) { nearest($0, step: 0.05) }
        case (.us, .mass):
            let ounce = inBase("oz", 28.349523125)
            let ounces = Measure(unit: "oz", inBase: ounce) { nearest($0, step: $0 < 1 ? 0.05 : 0.1) }
            return ounces.round(base / ounce) < 16 ? ounces : Measure(unit: "lb", inBase: 16 * ounce) { nearest($0, step: 0.05) }
        case (.us, .volume):
            return usVolume(base, teaspoon: inBase("tsp", 4.92892159375))
        }
    }

    /// Spoons, cups and quarts; see the table above.
    private static func usVolume(_ base: Double, teaspoon: Double) -> Measure {
        let tablespoon = 3 * teaspoon
        let cup = 16 * tablespoon
        let teaspoons = Measure(unit: "tsp", inBase: teaspoon, isMeasure: true) { nearest($0, step: $0 < 1 ? 0.125 : $0 < 3 ? 0.25 : 0.5) }
        let tablespoons = Measure(unit: "tbsp", inBase: tablespoon, isMeasure: true) { nearest($0, step: 0.5) }
        let inTeaspoons = teaspoons.round(base / teaspoon)
        if base < 2 * tablespoon {
            // 4 1/2 tsp is 1 1/2 tbsp: the bigger spoon when it is whole halves.
            let isTablespoons = inTeaspoons >= 3 && (inTeaspoons / 1.5).rounded() * 1.5 == inTeaspoons
            return isTablespoons ? tablespoons : teaspoons
        }
        if base < cup / 4 * 0.98 { return tablespoons }
        let inCups = base / cup
        if inCups < 1 {
            let measuringCups = [0.25, 1.0 / 3, 0.5, 2.0 / 3, 0.75, 1]
            if measuringCups.contains(where: { abs($0 - inCups) <= 0.04 * inCups }) {
                return Measure(unit: "cup", inBase: cup, isMeasure: true) { value in
                    measuringCups.min { abs($0 - value) < abs($1 - value) } ?? value
                }
            }
            return tablespoons
        }
        let cups = Measure(unit: "cup", inBase: cup, isMeasure: true) { nearestCupFraction($0) }
        return cups.round(inCups) < 16 ? cups : Measure(unit: "quart", inBase: 4 * cup, isMeasure: true) { nearest($0, step: 0.25) }
    }

    /// The nearest whole number and eighth or third of a cup.
    static func nearestCupFraction(_ value: Double) -> Double {
        let whole = value.rounded(.down)
        let parts = (0 ... 8).map { Double($0) / 8 } + [1.0 / 3, 2.0 / 3]
        let part = parts.min { abs(whole + $0 - value) < abs(whole + $1 - value) } ?? 0
        return max(0.125, whole + part)
    }

    /// The amount as a cook reads it: fractions for cups and spoons
    /// (`1 1/3`), decimals with no trailing zeros elsewhere (`8.8`, `1.25`).
    public static func text(_ amount: Amount) -> String {
        guard amount.isMeasure, let fraction = KitchenNumber.fraction(amount.value, eighths: true, within: 1e-6) else {
            return KitchenNumber.decimal(amount.value)
        }
        return fraction
    }
}

/// A system of units a view can show quantities in ("as written" is no
/// system: the recipe's own units).
public enum UnitSystem: String, Sendable, CaseIterable {
    case metric, us

    /// How a message names it.
    public var displayName: String {
        switch self {
        case .metric: "metric"
        case .us: "US"
        }
    }
}
