import Foundation

/// Amounts in digits: "200", "1.5", "1,5", "1/2", "1⁄2", "½", "1½", "1 1/2",
/// "1 ½", "1-1/2" (a mixed number, as US recipes write it), and ranges of
/// them ("2-3", "2 – 3", "2 to 3", "2 à 3", "2 bis 3", "2 or 3").
extension IngredientLineReader {
    /// The amount at the position, written as `Quantity` reads it: the
    /// numbers as written, a mixed number's parts joined by a space, a range's
    /// ends by "-", the fraction slash as "/". Nil, reading nothing, when the
    /// position holds no number.
    mutating func readAmount() -> String? {
        guard let low = readMixedNumber() else { return nil }
        let afterLow = position
        skipSpaces()
        for separator in Self.rangeSeparators {
            let candidate = rest.prefix(separator.count)
            guard candidate.count == separator.count, candidate.lowercased() == separator else { continue }
            // A word ("to", "à") stands between spaces.
            if separator.first?.isLetter == true, candidate.endIndex < line.endIndex, line[candidate.endIndex] != " " { continue }
            position = candidate.endIndex
            skipSpaces()
            if let high = readMixedNumber() { return "\(low)-\(high)" }
            break
        }
        position = afterLow
        return low
    }

    /// "1 1/2", "1 ½", "1-1/2", or one number.
    private mutating func readMixedNumber() -> String? {
        guard let whole = readNumber() else { return nil }
        guard whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return whole }
        let afterWhole = position
        var index = position
        while index < line.endIndex, line[index] == " " { index = line.index(after: index) }
        let spaced = index > position
        if !spaced, index < line.endIndex, line[index] == "-" { index = line.index(after: index) }
        guard index > position else { return whole }
        position = index
        if let fraction = readNumber(), Self.isProperFraction(fraction) { return "\(whole) \(fraction)" }
        position = afterWhole
        return whole
    }

    /// One number: digits with a decimal part, a fraction, a vulgar fraction
    /// or digits followed by one.
    private mutating func readNumber() -> String? {
        let start = position
        if let first = rest.first, Quantity.vulgarFractions[first] != nil {
            position = line.index(after: position)
            return String(first)
        }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        position = digits.endIndex
        var text = String(digits)
        if let mark = rest.first, "./,⁄".contains(mark) {
            let after = line.index(after: position)
            let more = line[after...].prefix { $0.isASCII && $0.isNumber }
            // "1,5" is a decimal, "1, 2" a list; "1/2" a fraction.
            if mark == ",", more.count == 3, digits.first != "0" {
                // "1,500 g": a thousands separator.
                text += more
                position = more.endIndex
            } else if !more.isEmpty {
                text += (mark == "⁄" ? "/" : String(mark)) + more
                position = more.endIndex
            }
        }
        if let fraction = rest.first, Quantity.vulgarFractions[fraction] != nil, !text.contains("/") {
            text.append(fraction)
            position = line.index(after: position)
        }
        // "10-inch", "1st": not an amount, but part of the name.
        // "14-ounce" is an amount and its unit.
        let afterHyphen = rest.first == "-" ? rest.dropFirst() : nil
        let wordAfterHyphen = afterHyphen.map { $0.first?.isLetter == true && units.match(prefixOf: $0) == nil } ?? false
        if let next = rest.first, next.isNumber || wordAfterHyphen {
            position = start
            return nil
        }
        return text
    }

    private static func isProperFraction(_ text: String) -> Bool {
        if text.count == 1, let character = text.first { return Quantity.vulgarFractions[character] != nil }
        let parts = text.split(separator: "/")
        guard parts.count == 2, let numerator = Int(parts[0]), let denominator = Int(parts[1]) else { return false }
        return numerator < denominator
    }
}
