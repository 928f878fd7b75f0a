import Foundation

/// An amount as the recipe writes it ("250", "1/2", "1 1/2", "2-3", "½") and
/// an optional unit as written ("g", "cups", "Tbsp"); `UnitTable.unit(named:)`
/// says what it is.
public struct Quantity: Hashable, Codable, Sendable, CustomStringConvertible {
    public var amount: String
    public var unit: String?
    /// Does not scale with the servings (Cooklang's `{=1%tsp}`).
    public var isFixed: Bool

    public init(amount: String, unit: String? = nil, isFixed: Bool = false) {
        self.amount = amount
        self.unit = unit
        self.isFixed = isFixed
    }

    /// "250 g", or just "3".
    public var description: String {
        unit.map { amount.isEmpty ? $0 : "\(amount) \($0)" } ?? amount
    }

    /// The amount as numbers, for adding and scaling: decimals with "." or
    /// ",", fractions, mixed numbers, vulgar fractions; a range ("2-3") is
    /// its two ends, a number has both ends equal. Nil when it is not a
    /// number ("a few", "a pinch").
    public var numbers: (low: Double, high: Double)? {
        // "2-3", "2–3" and "2 to 3" are ranges.
        let written = amount.replacingOccurrences(of: " to ", with: "-")
        let parts = written.split(whereSeparator: { $0 == "-" || $0 == "–" })
        guard (1 ... 2).contains(parts.count), written.first != "-" else { return nil }
        var ends: [Double] = []
        for part in parts {
            var total = 0.0
            let pieces = part.split(separator: " ")
            guard !pieces.isEmpty else { return nil }
            for piece in pieces {
                guard let number = Self.number(String(piece)) else { return nil }
                total += number
            }
            ends.append(total)
        }
        return (ends[0], ends[ends.count - 1])
    }

    /// The upper end of `numbers`.
    public var value: Double? { numbers?.high }

    /// Each vulgar fraction's numerator and denominator.
    static let vulgarFractionParts: [Character: (numerator: Int, denominator: Int)] = [
        "½": (1, 2), "¼": (1, 4), "¾": (3, 4), "⅓": (1, 3), "⅔": (2, 3), "⅛": (1, 8), "⅜": (3, 8), "⅝": (5, 8), "⅞": (7, 8),
        "⅕": (1, 5), "⅖": (2, 5), "⅗": (3, 5), "⅘": (4, 5), "⅙": (1, 6), "⅚": (5, 6),
    ]
    static let vulgarFractions: [Character: Double] = vulgarFractionParts.mapValues { Double($0.numerator) / Double($0.denominator) }

    private static func number(_ text: String) -> Double? {
        if text.count == 1, let first = text.first, let fraction = vulgarFractions[first] { return fraction }
        if let last = text.last, let fraction = vulgarFractions[last], let whole = Double(text.dropLast()) {
            return whole + fraction
        }
        let parts = text.split(separator: "/")
        if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0 {
            return numerator / denominator
        }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }) else { return nil }
        return Double(text.replacingOccurrences(of: ",", with: "."))
    }

    /// Reads "250 g", "1/2 tsp", "3", "2 cups" from the start of `text`.
    /// Returns the quantity and what follows it.
    public static func parse(prefixOf text: Substring, units: UnitTable = .standard) -> (Quantity, rest: Substring)? {
        guard let (amount, afterAmount) = amountPrefix(of: text) else { return nil }
        let rest = afterAmount.drop(while: { $0 == " " })
        if let (unit, afterUnit) = units.match(prefixOf: rest) {
            return (Quantity(amount: amount, unit: unit), afterUnit)
        }
        return (Quantity(amount: amount), afterAmount)
    }

    /// Parses a whole string as written in front matter ("250 g", "a few").
    public init(parsing text: String, units: UnitTable = .standard) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let (quantity, rest) = Self.parse(prefixOf: Substring(trimmed), units: units), rest.allSatisfy(\.isWhitespace) {
            self = quantity
        } else {
            self.init(amount: trimmed)
        }
    }

    /// Digits with decimals, fractions, mixed numbers ("1 1/2") and ranges ("2-3").
    static func amountPrefix(of text: Substring) -> (String, Substring)? {
        var index = text.startIndex
        func scanNumber() -> Bool {
            let start = index
            if index < text.endIndex, vulgarFractions[text[index]] != nil {
                index = text.index(after: index)
                return true
            }
            while index < text.endIndex, text[index].isASCII, text[index].isNumber { index = text.index(after: index) }
            guard index > start else { return false }
            if index < text.endIndex, ".,/".contains(text[index]) {
                let mark = index
                index = text.index(after: index)
                let digits = index
                while index < text.endIndex, text[index].isASCII, text[index].isNumber { index = text.index(after: index) }
                if index == digits { index = mark }
            }
            if index < text.endIndex, vulgarFractions[text[index]] != nil { index = text.index(after: index) }
            return true
        }
        guard scanNumber() else { return nil }
        // "1 1/2": a fraction after a space belongs to the amount.
        var probe = index
        if probe < text.endIndex, text[probe] == " " {
            probe = text.index(after: probe)
            let save = index
            index = probe
            let fractionStart = index
            if scanNumber(), text[fractionStart ..< index].contains("/") || vulgarFractions[text[fractionStart]] != nil {
                // kept
            } else {
                index = save
            }
        }
        // "2-3", "2–3", "2 to 3"
        if index < text.endIndex, text[index] == "-" || text[index] == "–" {
            let save = index
            index = text.index(after: index)
            if !scanNumber() { index = save }
        } else if text[index...].hasPrefix(" to ") {
            let save = index
            index = text.index(index, offsetBy: 4)
            if !scanNumber() { index = save }
        }
        return (String(text[..<index]), text[index...])
    }
}
