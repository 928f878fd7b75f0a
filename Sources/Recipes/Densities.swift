public import Foundation

/// What a volume of an ingredient weighs: the only way Roux turns a cup
/// into grams or grams into cups (`UnitConversion`). From
/// `Resources/densities.txt` (compiled in, as the units are; a test checks
/// the two match) and the user's `densities.conf`, whose lines win.
///
/// A line: a volume, the ingredient's names separated by "|", "=", a mass
/// (`1 cup flour|farine = 120 g`). Names are compared by
/// `IngredientName.key`; a name matches the end of a longer one ("plain
/// flour" is "flour") when no entry matches it whole. A counted unit in
/// place of the volume says what one of it weighs for those ingredients
/// alone (`1 stick butter = 113 g`: a stick of cinnamon weighs nothing known).
public struct Densities: Sendable {
    /// A line that could not be read, with its line number (from 1).
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "\(line): \(message)" }
    }

    /// Grams per millilitre, by name key.
    private var byKey: [String: Double]
    /// Grams in one of a counted unit, by the unit's name, then name key.
    private var countedByKey: [String: [String: Double]]
    public private(set) var problems: [Problem]

    public init(contents: String, units: UnitTable = .standard) {
        var byKey: [String: Double] = [:]
        var countedByKey: [String: [String: Double]] = [:]
        var problems: [Problem] = []
        for (index, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            switch Self.read(text, units: units) {
            case .success(let (names, counted, grams)):
                for name in names {
                    if let counted { countedByKey[counted, default: [:]][IngredientName.key(name)] = grams }
                    else { byKey[IngredientName.key(name)] = grams }
                }
            case .failure(let problem):
                problems.append(Problem(line: index + 1, message: problem.message))
            }
        }
        self.byKey = byKey
        self.countedByKey = countedByKey
        self.problems = problems
    }

    struct LineProblem: Error { var message: String }

    /// `1 cup flour|farine = 120 g`: the names and grams per millilitre;
    /// `1 stick butter = 113 g`: the names, the counted unit and grams in one.
    private static func read(_ line: String, units: UnitTable) -> Result<([String], String?, Double), LineProblem> {
        let sides = line.split(separator: "=", maxSplits: 1)
        guard sides.count == 2 else { return .failure(LineProblem(message: "expected a volume and names, \"=\", a mass (1 cup flour = 120 g)")) }
        guard let (volume, rest) = Quantity.parse(prefixOf: Substring(sides[0].trimmingCharacters(in: .whitespaces)), units: units),
              let volumeUnit = volume.unit.flatMap(units.unit(named:)), volumeUnit.dimension != .mass,
              let volumeValue = volume.value, volumeValue > 0 else {
            return .failure(LineProblem(message: "expected a volume first (1 cup, 2 tbsp, 250 ml), or a counted unit (1 stick)"))
        }
        let names = rest.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { return .failure(LineProblem(message: "expected the ingredient's name after the volume")) }
        let mass = Quantity(parsing: String(sides[1]), units: units)
        guard let massUnit = mass.unit.flatMap(units.unit(named:)), massUnit.dimension == .mass,
              let massValue = mass.value, massValue > 0 else {
            return .failure(LineProblem(message: "expected a mass after \"=\" (120 g, 4.25 oz)"))
        }
        return .success((names, volumeUnit.dimension == nil ? volumeUnit.name : nil, massValue * massUnit.inBase / (volumeValue * volumeUnit.inBase)))
    }

    /// The shipped table.
    public static let standard = Densities(contents: embeddedDensities)

    /// No densities at all: volume and mass never meet.
    public static let none = Densities(contents: "")

    /// These densities with `other`'s added over them (the user's file over the shipped table).
    public func adding(_ other: Densities) -> Densities {
        var merged = self
        merged.byKey.merge(other.byKey) { _, new in new }
        merged.countedByKey.merge(other.countedByKey) { mine, theirs in mine.merging(theirs) { _, new in new } }
        merged.problems = other.problems
        return merged
    }

    /// Grams per millilitre of the ingredient named `name`; nil when no
    /// entry names it (whole, or as the end of its name).
    public func gramsPerMillilitre(of name: String) -> Double? {
        Self.entry(for: name, in: byKey)
    }

    /// Grams in one `unit` (a counted unit's name: `stick`) of the
    /// ingredient named `name`; nil when no line weighs that unit of it.
    public func grams(inOne unit: String, of name: String) -> Double? {
        countedByKey[unit].flatMap { Self.entry(for: name, in: $0) }
    }

    /// The entry of `name` whole, else of the longest listed end of it
    /// ("plain flour", "sifted cake flour").
    private static func entry(for name: String, in table: [String: Double]) -> Double? {
        let key = IngredientName.key(name)
        if let value = table[key] { return value }
        let words = key.split(separator: " ")
        for start in words.indices.dropFirst() {
            if let value = table[words[start...].joined(separator: " ")] { return value }
        }
        return nil
    }

    /// The user's file: `densities.conf` in `$XDG_CONFIG_HOME/roux`
    /// (`~/.config/roux`).
    public static func userFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let folder = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config")
        return ((folder as NSString).appendingPathComponent("roux") as NSString).appendingPathComponent("densities.conf")
    }

    /// The shipped table with the user's file over it, and what is wrong in
    /// that file as `path:line: message` (the lines that are right still count).
    public static func configured(environment: [String: String] = ProcessInfo.processInfo.environment) -> (Densities, [String]) {
        let path = userFile(environment: environment)
        guard FileManager.default.fileExists(atPath: path) else { return (.standard, []) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return (.standard, ["\(path): cannot be read as a UTF-8 text file; the shipped densities are used"])
        }
        let user = Densities(contents: text)
        return (standard.adding(user), user.problems.map { "\(path):\($0)" })
    }
}
