import ArgumentParser
import Foundation
import RecipeFormats
import RecipeStorage

struct IngredientsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingredients", abstract: "List a recipe's ingredients with quantities and how often each is marked.",
        discussion: """
            A reference to another recipe (@./sauce{2}, @./pasta{4%servings}) is followed by that \
            recipe's ingredients, indented, scaled as the reference says and shown in --units' \
            system; --ignore-references lists it as one row.
            """)

    @Argument(help: "A recipe file.")
    var file: String

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var scaling: ScaleOptions

    @OptionGroup var unitOptions: UnitOptions

    @OptionGroup var references: ReferenceOptions

    struct Row: Encodable {
        var id: String
        var name: String
        var quantity: String?
        var note: String?
        var occurrences: Int
        /// For a reference: the recipe file read and its ingredients.
        var recipe: String?
        var ingredients: [Row]?
    }

    func run() throws {
        // An unmarked recipe: the items of its ingredient lists.
        let opened = try CommandSupport.open(file).recipe.readingIngredientLists()
        var failed = false
        let rows: [Row]
        let factor = try scaling.factor(for: opened, file: file)
        let conversion = unitOptions.conversion()
        // Not followed, a reference is a row of its own like any ingredient.
        if opened.references.isEmpty || references.ignoreReferences {
            let recipe = opened.scaled(by: factor)
            let counts = recipe.occurrenceCounts
            // In another system, scaled and converted with one rounding.
            let totals = conversion.map { opened.shownQuantityOfEachIngredient(in: $0, scaledBy: factor) }
                ?? recipe.shownQuantityOfEachIngredient
            rows = zip(recipe.ingredients, totals).map { ingredient, shown in
                Row(id: ingredient.id.rawValue, name: ingredient.name, quantity: shown?.description, note: ingredient.note,
                    occurrences: counts[ingredient.id] ?? 0)
            }
        } else {
            let expansion = CommandSupport.expandedReferences(of: opened, at: file, factor: factor, failed: &failed)
            rows = Self.rows((conversion.map(expansion.converted(with:)) ?? expansion).entries)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            CommandSupport.printOutput(String(decoding: try encoder.encode(rows), as: UTF8.self), as: .json)
        } else {
            CommandSupport.printOutput(Self.text(rows, indent: ""), terminator: "")
        }
        if failed { throw ExitCode.failure }
    }

    /// An expansion's entries as rows, a reference's recipe nested in it.
    static func rows(_ entries: [ReferenceExpansion.Entry]) -> [Row] {
        entries.map { entry in
            Row(id: entry.ingredient.id.rawValue, name: entry.ingredient.name, quantity: entry.shownQuantity?.description,
                note: entry.ingredient.note, occurrences: entry.occurrences,
                recipe: entry.recipe.map { PathText.shown($0.path) }, ingredients: entry.recipe.map { rows($0.entries) })
        }
    }

    /// One line a row: name, quantity and marks separated by tabs; a
    /// reference's recipe after an arrow, its ingredients indented by two
    /// spaces (as a `.shopping-list` nests references).
    static func text(_ rows: [Row], indent: String) -> String {
        rows.map { row in
            let quantity = row.quantity.map { "\t\($0)" } ?? "\t"
            let line = "\(indent)\(row.name)\(quantity)\t×\(row.occurrences)" + (row.note.map { "\t(\($0))" } ?? "")
                + (row.recipe.map { "\t→ \($0)" } ?? "") + "\n"
            return line + text(row.ingredients ?? [], indent: indent + "  ")
        }.joined()
    }
}
