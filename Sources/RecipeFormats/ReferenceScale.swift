import Foundation
import Recipes

/// How much of a referenced recipe a reference asks for, as the Cooklang
/// conventions say ("Scaling Referenced Recipes"): no quantity, the
/// recipe as written; a number, that many times it; `N%servings`, N
/// servings of the recipe's `servings`; an amount in a unit, that much of
/// its `yield` (`yield: 500%ml`), converted within a dimension.
enum ReferenceScale {
    /// Units that ask for servings rather than a yield.
    static let servingUnits: Set<String> = ["servings", "serving", "portions", "portion", "serves"]

    /// The referenced recipe's factor. The reference's quantity is part of
    /// the referencing recipe, so it scales with it (`parentFactor`) unless
    /// fixed (`{=2}`); without a quantity the referenced recipe takes the
    /// referencing one's factor.
    static func factor(of quantity: Quantity?, parentFactor: Double, for recipe: Recipe,
                       units: UnitTable) -> Result<Double, ScaleFailure> {
        let asked = Quantity.asked(byReference: quantity)
        let scaled = asked.scaled(by: parentFactor, units: units)
        guard let wanted = scaled.value, wanted.isFinite, wanted > 0 else {
            return .failure(ScaleFailure("\"\(asked.amount)\" is not a number to scale the recipe by"))
        }
        guard let unit = scaled.unit?.trimmingCharacters(in: .whitespaces), !unit.isEmpty else { return .success(wanted) }
        if servingUnits.contains(unit.lowercased()) {
            guard let servings = recipe.servings, servings > 0 else {
                return .failure(ScaleFailure("the recipe does not say how many it serves (no \"servings\" in its metadata)"))
            }
            return .success(wanted / servings)
        }
        guard let written = recipe.metadata.value(of: "yield") else {
            return .failure(ScaleFailure("the recipe does not say how much it makes (no \"yield\" in its metadata, as \"yield: 500%ml\")"))
        }
        let made = yield(written, units: units)
        guard let amount = made.value, amount > 0, let madeUnit = made.unit else {
            return .failure(ScaleFailure("its yield \"\(written)\" is not an amount in a unit"))
        }
        if madeUnit.lowercased() == unit.lowercased() { return .success(wanted / amount) }
        if let want = units.unit(named: unit), let have = units.unit(named: madeUnit), want.dimension != nil, want.dimension == have.dimension {
            return .success(wanted * want.inBase / (amount * have.inBase))
        }
        return .failure(ScaleFailure("it makes \(made.description), which is not measured in \(unit)"))
    }

    /// A yield as written: `500%ml`, `6%balls`, `500 ml`, `6 balls` (a unit
    /// Roux does not know is a unit all the same: the reference names it).
    static func yield(_ written: String, units: UnitTable) -> Quantity {
        let trimmed = written.trimmingCharacters(in: .whitespaces)
        if let percent = trimmed.firstIndex(of: "%") {
            let unit = trimmed[trimmed.index(after: percent)...].trimmingCharacters(in: .whitespaces)
            return Quantity(amount: trimmed[..<percent].trimmingCharacters(in: .whitespaces), unit: unit.isEmpty ? nil : unit)
        }
        guard let (parsed, rest) = Quantity.parse(prefixOf: Substring(trimmed), units: units) else { return Quantity(amount: trimmed) }
        let unit = rest.trimmingCharacters(in: .whitespaces)
        return parsed.unit != nil || unit.isEmpty ? Quantity(parsing: trimmed, units: units) : Quantity(amount: parsed.amount, unit: unit)
    }

    struct ScaleFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The reference's line and column (1-based, Unicode scalars) in the
    /// file: its paragraph is a line of the body; the column is where the
    /// mark is written on that line (1 when the line cannot be read again).
    static func location(of reference: RecipeReference, in recipe: Recipe, at path: String) -> (line: Int, column: Int) {
        guard reference.paragraph >= 0 else { return (0, 0) }
        let line = recipe.firstBodyLine + reference.paragraph
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return (line, 1) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line - 1 < lines.count, let found = lines[line - 1].range(of: reference.source) else { return (line, 1) }
        return (line, lines[line - 1].unicodeScalars.distance(from: lines[line - 1].startIndex, to: found.lowerBound) + 1)
    }
}
