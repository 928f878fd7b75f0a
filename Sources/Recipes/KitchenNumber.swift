import Foundation

/// Numbers written the way a kitchen measures them: fractions for cups and
/// spoons (1/3 cup, 1 1/8 tsp), halves, thirds and quarters for what is
/// counted or weighed in ounces when they are exact (1 1/2 eggs, 1 1/2 lbs),
/// rounded decimals elsewhere (1.25 kg, 333 g, 6.8 oz), never `0.3333333`,
/// and never a fraction further from the value than the kitchen rounds.
public enum KitchenNumber {
    /// Fractions cooks use: halves, thirds, quarters and, for spoons and
    /// cups, eighths.
    /// Nil when `value` is further than `tolerance` (relative, at least
    /// 0.01 absolute) from every such fraction.
    public static func fraction(_ value: Double, eighths: Bool, tolerance: Double = 0.02) -> String? {
        fraction(value, eighths: eighths, within: max(0.01, value * tolerance))
    }

    /// The nearest such fraction, nil when it is further than `maximumError`.
    public static func fraction(_ value: Double, eighths: Bool, within maximumError: Double) -> String? {
        guard value.isFinite, value > 0 else { return nil }
        let denominators = eighths ? [2, 3, 4, 8] : [2, 3, 4]
        var best: (whole: Int, numerator: Int, denominator: Int, error: Double)?
        let whole = value.rounded(.down)
        for denominator in denominators {
            let numerator = ((value - whole) * Double(denominator)).rounded()
            let error = abs(whole + numerator / Double(denominator) - value)
            if best.map({ error < $0.error - 1e-9 }) ?? true {
                best = (Int(whole), Int(numerator), denominator, error)
            }
        }
        // Too far from any fraction to pass for one (0.05 of a cup).
        guard let best, best.error <= maximumError else { return nil }
        var (wholePart, numerator, denominator) = (best.whole, best.numerator, best.denominator)
        if numerator == denominator {
            wholePart += 1
            numerator = 0
        }
        let divisor = gcd(numerator, denominator)
        numerator /= max(divisor, 1)
        denominator /= max(divisor, 1)
        if numerator == 0 { return wholePart == 0 ? nil : String(wholePart) }
        return wholePart == 0 ? "\(numerator)/\(denominator)" : "\(wholePart) \(numerator)/\(denominator)"
    }

    /// Whether `value` is a fraction of a measure (eighths, thirds) to the
    /// last bit of arithmetic: 1 cup + 8 tbsp is 1 1/2 cups, 1 cup + 1/8 tsp
    /// is not 1 cup.
    public static func isExactFraction(_ value: Double) -> Bool {
        fraction(value, eighths: true, within: max(1e-9, value * 1e-6)) != nil
    }

    /// How far from the value a cup or spoon fraction may be: 1%, what a
    /// level measure holds to. 1 3/8 cups for 1.4 (1.8%) would be a
    /// different amount; 5 7/8 tbsp for 5.867 is the same.
    static let measureTolerance = 0.01

    /// Three significant figures (at least the units), no trailing zeros:
    /// 1.25, 33.3, 333, 1250, 0.125.
    public static func decimal(_ value: Double) -> String {
        let decimals = decimalPlaces(value)
        // Halves round up (1.125 → 1.13), as a cook would, not to even.
        let scale = pow(10, Double(decimals))
        let text = String(format: "%.\(decimals)f", (value * scale * (1 + 1e-12)).rounded() / scale)
        guard text.contains(".") else { return text }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return trimmed == "-0" ? "0" : String(trimmed)
    }

    /// A value in `unit`: fractions of cups and spoons (eighths, thirds)
    /// within a measure's accuracy; halves, thirds and quarters for counted
    /// things, bare numbers and US weights when they are as exact as the
    /// decimal would be; decimals for metric units and everything else.
    public static func format(_ value: Double, unit: UnitTable.Unit?, written: String?) -> String {
        guard value < 100 else { return decimal(value) }
        if let unit, unit.isMeasure {
            return fraction(value, eighths: true, within: value * measureTolerance) ?? decimal(value)
        }
        let usesFractions = switch unit?.system {
        case .metric?: false
        case .us?, .other?: true
        case nil: written == nil || written?.isEmpty == true || value < 10
        }
        guard usesFractions, let fraction = fraction(value, eighths: false, within: decimalRounding(value)) else { return decimal(value) }
        return fraction
    }

    /// Half the last place `decimal` keeps: a fraction no further from the
    /// value than this says it as exactly as the decimal would.
    static func decimalRounding(_ value: Double) -> Double {
        0.5 * pow(10, -Double(decimalPlaces(value))) + 1e-9
    }

    private static func decimalPlaces(_ value: Double) -> Int {
        value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : gcd(b, a % b)
    }
}
