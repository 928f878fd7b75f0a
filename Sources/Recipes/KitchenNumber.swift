import Foundation

/// Numbers written the way a kitchen measures them: fractions for spoons,
/// cups and things counted (1/3 cup, 1 1/2 eggs), rounded decimals for
/// metric units (1.25 kg, 333 g), never `0.3333333`.
public enum KitchenNumber {
    /// Fractions cooks use: halves, thirds, quarters and, for spoons and
    /// cups, eighths.
    /// Nil when `value` is further than `tolerance` (relative, at least
    /// 0.01 absolute) from every such fraction.
    public static func fraction(_ value: Double, eighths: Bool, tolerance: Double = 0.02) -> String? {
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
        guard let best, best.error <= max(0.01, value * tolerance) else { return nil }
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

    /// Three significant figures (at least the units), no trailing zeros:
    /// 1.25, 33.3, 333, 1250, 0.125.
    public static func decimal(_ value: Double) -> String {
        let decimals = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3
        // Halves round up (1.125 → 1.13), as a cook would, not to even.
        let scale = pow(10, Double(decimals))
        let text = String(format: "%.\(decimals)f", (value * scale * (1 + 1e-12)).rounded() / scale)
        guard text.contains(".") else { return text }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return trimmed == "-0" ? "0" : String(trimmed)
    }

    /// A value in `unit`: fractions for US units, counted units and bare
    /// numbers, decimals for metric ones.
    public static func format(_ value: Double, unit: UnitTable.Unit?, written: String?) -> String {
        let usesFractions: Bool
        let eighths: Bool
        switch unit?.system {
        case .metric?: (usesFractions, eighths) = (false, false)
        case .us?: (usesFractions, eighths) = (true, true)
        case .other?: (usesFractions, eighths) = (unit?.dimension == nil, unit?.dimension != nil)
        case nil: (usesFractions, eighths) = (written == nil || written?.isEmpty == true || value < 10, false)
        }
        if usesFractions, value < 100, let fraction = fraction(value, eighths: eighths) { return fraction }
        return decimal(value)
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : gcd(b, a % b)
    }
}
