import Foundation

/// The units Roux recognises after a quantity, from `Resources/units.txt`
/// (compiled in below so the binary needs no resource bundle; a test checks
/// the two are the same): their spellings, what each is worth in its
/// dimension's base unit (grams, millilitres), and which system it is from.
public struct UnitTable: Sendable {
    public enum Dimension: String, Sendable { case mass, volume }
    public enum System: Sendable { case metric, us, other }

    public struct Unit: Equatable, Sendable {
        /// How Roux writes it ("tbsp").
        public let name: String
        public let spellings: [String]
        /// Nil for units that only add to themselves (pinch, clove).
        public let dimension: Dimension?
        /// Grams or millilitres in one of this unit.
        public let inBase: Double
        public let system: System

        /// Cups and spoons, which are measured in fractions (not grams,
        /// litres or ounces).
        public var isMeasure: Bool { dimension == .volume && system != .metric }
    }

    /// Each unit's spellings; the first is canonical.
    public var units: [[String]] { table.map(\.spellings) }
    public let table: [Unit]
    /// Every spelling with its unit, longest first so "fl oz" wins over "oz".
    private let spellings: [Spelling]
    private let exact: [String: Int]
    private let folded: [String: Int]

    /// Canonical units that are also ingredients ("noix"), from the file's
    /// "# Also ingredients" section.
    public let alsoIngredients: Set<String>

    public init(contents: String) {
        var rows: [(spellings: [String], worth: String?, system: System)] = []
        var alsoIngredients = Set<String>()
        var section = ""
        for line in contents.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("#") {
                section = String(text.dropFirst()).trimmingCharacters(in: .whitespaces)
                continue
            }
            guard !text.isEmpty else { continue }
            let parts = text.split(separator: "=", maxSplits: 1)
            let spellings = parts[0].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !spellings.isEmpty else { continue }
            let worth = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
            rows.append((spellings, worth, section == "Metric" ? .metric : section == "US" ? .us : .other))
            if section == "Also ingredients" { alsoIngredients.insert(spellings[0]) }
        }
        // "= 16 tbsp" refers to a unit above it: resolve in file order.
        var resolved: [String: (Dimension, Double)] = [:]
        var table: [Unit] = []
        for row in rows {
            var dimension: Dimension?
            var inBase = 1.0
            if let worth = row.worth {
                if let base = Dimension(rawValue: worth) {
                    dimension = base
                } else {
                    let words = worth.split(separator: " ", maxSplits: 1)
                    if words.count == 2, let factor = Double(words[0]), let (unitDimension, unitBase) = resolved[String(words[1])] {
                        dimension = unitDimension
                        inBase = factor * unitBase
                    }
                }
            }
            if let dimension { resolved[row.spellings[0]] = (dimension, inBase) }
            table.append(Unit(name: row.spellings[0], spellings: row.spellings, dimension: dimension, inBase: inBase,
                              system: dimension == nil ? .other : row.system))
        }
        self.table = table
        self.alsoIngredients = alsoIngredients
        spellings = table.enumerated().flatMap { index, unit in unit.spellings.map { Spelling($0, unit: index) } }
            .sorted { $0.count > $1.count }
        var exact: [String: Int] = [:]
        var folded: [String: Int] = [:]
        for (index, unit) in table.enumerated() {
            for spelling in unit.spellings {
                if exact[spelling] == nil { exact[spelling] = index }
                if spelling.count > 1, folded[spelling.lowercased()] == nil { folded[spelling.lowercased()] = index }
            }
        }
        self.exact = exact
        self.folded = folded
    }

    public static let standard = UnitTable(contents: embeddedUnits)

    /// The unit a spelling names: as written, else in any case (not for
    /// one letter: "T" and "t" differ), else with a final "." dropped ("tbsp.").
    public func unit(named spelling: String) -> Unit? {
        let trimmed = spelling.trimmingCharacters(in: .whitespaces)
        if let index = exact[trimmed] ?? (trimmed.count > 1 ? folded[trimmed.lowercased()] : nil) { return table[index] }
        if trimmed.hasSuffix("."), trimmed.count > 1 { return unit(named: String(trimmed.dropLast())) }
        return nil
    }

    public func unit(canonical name: String) -> Unit? {
        exact[name].map { table[$0] }
    }

    /// The unit at the start of `text`, as a whole word: its spelling as
    /// written there and what follows it.
    ///
    /// The inspector asks it of the words at the caret every frame: a
    /// spelling whose first letter is not the text's is passed over on one
    /// byte, before any string is lowercased.
    public func match(prefixOf text: Substring) -> (String, Substring)? {
        let first = text.utf8.first.flatMap(Spelling.asciiLowercased)
        for spelling in spellings {
            if let first, let other = spelling.asciiFirst, first != other { continue }
            let matches = spelling.count == 1 ? text.hasPrefix(spelling.text)
                : text.prefix(spelling.count).lowercased() == spelling.lowercased
            guard matches else { continue }
            let written = text.prefix(spelling.count)
            let rest = text.dropFirst(spelling.count)
            if let next = rest.first, next.isLetter || next.isNumber { continue }
            return (String(written), rest)
        }
        return nil
    }

    /// A spelling as `match(prefixOf:)` compares it, worked out once.
    private struct Spelling: Sendable {
        let text: String
        let unit: Int
        /// Characters.
        let count: Int
        let lowercased: String
        /// Its first byte lowercased, when ASCII: lowercasing maps an ASCII
        /// character to one ASCII character, so a text whose first byte,
        /// lowercased, differs cannot match it in any case.
        let asciiFirst: UInt8?

        init(_ text: String, unit: Int) {
            self.text = text
            self.unit = unit
            count = text.count
            lowercased = text.lowercased()
            asciiFirst = text.utf8.first.flatMap(Self.asciiLowercased)
        }

        static func asciiLowercased(_ byte: UInt8) -> UInt8? {
            byte >= 0x80 ? nil : (0x41 ... 0x5A).contains(byte) ? byte + 0x20 : byte
        }
    }
}
