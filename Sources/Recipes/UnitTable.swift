import Foundation

/// The units Roux recognises after a quantity, from `Resources/units.txt`
/// (compiled in below so the binary needs no resource bundle; a test checks
/// the two are the same).
public struct UnitTable: Sendable {
    /// Each unit's spellings; the first is canonical.
    public let units: [[String]]
    /// Every spelling with its canonical form, longest first so "fl oz" wins over "oz".
    private let spellings: [(spelling: String, canonical: String)]

    /// Canonical units that are also ingredients ("noix"), from the file's
    /// "# Also ingredients" section.
    public let alsoIngredients: Set<String>

    public init(contents: String) {
        var units: [[String]] = []
        var alsoIngredients = Set<String>()
        var inIngredientSection = false
        for line in contents.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("#") { inIngredientSection = text == "# Also ingredients" }
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            let spellings = text.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            units.append(spellings)
            if inIngredientSection { alsoIngredients.insert(spellings[0]) }
        }
        self.units = units
        self.alsoIngredients = alsoIngredients
        spellings = units.flatMap { unit in unit.map { ($0, unit[0]) } }
            .sorted { $0.spelling.count > $1.spelling.count }
    }

    public static let standard = UnitTable(contents: embeddedUnits)

    /// The unit at the start of `text`, as a whole word, and what follows it.
    public func match(prefixOf text: Substring) -> (String, Substring)? {
        for (spelling, canonical) in spellings where text.hasPrefix(spelling) {
            let rest = text.dropFirst(spelling.count)
            if let next = rest.first, next.isLetter || next.isNumber { continue }
            return (canonical, rest)
        }
        return nil
    }
}

