import ArgumentParser
import Foundation
import RecipeFormats

struct IngredientsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingredients", abstract: "List a recipe's ingredients with quantities and how often each is marked.")

    @Argument(help: "A recipe file.")
    var file: String

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var scaling: ScaleOptions

    struct Row: Encodable {
        var id: String
        var name: String
        var quantity: String?
        var note: String?
        var occurrences: Int
    }

    func run() throws {
        // An unmarked recipe: the items of its ingredient lists.
        let opened = try CommandSupport.open(file).recipe.readingIngredientLists()
        let recipe = opened.scaled(by: scaling.factor(for: opened, file: file))
        let counts = recipe.occurrenceCounts
        let rows = zip(recipe.ingredients, recipe.shownQuantityOfEachIngredient).map { ingredient, shown in
            Row(id: ingredient.id.rawValue, name: ingredient.name, quantity: shown?.description, note: ingredient.note,
                occurrences: counts[ingredient.id] ?? 0)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            CommandSupport.printOutput(String(decoding: try encoder.encode(rows), as: UTF8.self), as: .json)
            return
        }
        for row in rows {
            let quantity = row.quantity.map { "\t\($0)" } ?? "\t"
            CommandSupport.printOutput("\(row.name)\(quantity)\t×\(row.occurrences)" + (row.note.map { "\t(\($0))" } ?? ""))
        }
    }
}
