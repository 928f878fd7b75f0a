extension Quantity {
    /// The amount with its vulgar fractions written with a slash: `½` is
    /// `1/2`, `1½` and `1 ½` are `1 1/2`, `½-1` is `1/2-1`. What a Cooklang
    /// file writes in braces: the reference parser (and so CookCLI) reads
    /// `½` as text, which it can neither scale nor add.
    public var amountWithSlashFractions: String {
        guard amount.contains(where: { Self.vulgarFractionParts[$0] != nil }) else { return amount }
        var result = ""
        for character in amount {
            guard let (numerator, denominator) = Self.vulgarFractionParts[character] else {
                result.append(character)
                continue
            }
            // `1½` is a whole number and a half: a space between, as `1 1/2`.
            if let last = result.last, last.isASCII, last.isNumber { result.append(" ") }
            result += "\(numerator)/\(denominator)"
        }
        return result
    }
}
