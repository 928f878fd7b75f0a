import ArgumentParser
import Foundation
import Recipes
import RichText

/// Until the full-screen editor lands (issue 5), `roux PATH` shows each
/// recipe: title, ingredients with their marks, and the text with its runs.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "open", abstract: "Open a recipe file or a folder of recipes.")

    @Argument(help: "A recipe file (.md, .cook, .txt) or a folder; default: the current folder.")
    var path: String = "."

    @Flag(help: "Open binary files too.")
    var force = false

    func run() throws {
        var failed = false
        for file in CommandSupport.recipeFiles(in: path) {
            let opened: RecipeFiles.Opened
            do {
                opened = try CommandSupport.open(file, force: force)
            } catch {
                failed = true
                continue
            }
            let recipe = opened.recipe
            print("== \(file)" + (recipe.title.map { " — \($0)" } ?? ""))
            let counts = recipe.occurrenceCounts
            for ingredient in recipe.ingredients {
                let quantity = ingredient.quantity.map { " (\($0))" } ?? ""
                print("  • \(ingredient.name)\(quantity) ×\(counts[ingredient.id] ?? 0)")
            }
            let text = recipe.document.text
            for run in text.runs {
                print(RunPrinter.line(piece: String(text.characters[run.range]), attributes: run.attributes))
            }
        }
        if failed { throw ExitCode.failure }
    }
}
