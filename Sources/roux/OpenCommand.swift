import ArgumentParser
import Foundation
import Recipes
import RichText

/// `roux PATH` opens the full-screen editor in a terminal; without one (or
/// with --print) it shows each recipe: title, ingredients with their marks,
/// and the text with its runs.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "open", abstract: "Open a recipe file or a folder of recipes.")

    @Argument(help: "A recipe file (.md, .cook, .txt) or a folder; default: the current folder.")
    var path: String = "."

    @Flag(help: "Open binary files too.")
    var force = false

    @Flag(help: "Print the recipes instead of opening the editor.")
    var print = false

    func run() throws {
        if !print, isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 {
            try EditorLauncher.run(path: path, force: force)
            return
        }
        try printRecipes()
    }

    private func printRecipes() throws {
        var failed = false
        for file in CommandSupport.recipeFiles(in: path) {
            let opened: RecipeFiles.Opened
            do {
                opened = try CommandSupport.open(file, force: force, forceHint: "roux open --force opens it anyway")
            } catch {
                failed = true
                continue
            }
            let recipe = opened.recipe
            Swift.print("== \(file)" + (recipe.title.map { " — \($0)" } ?? ""))
            let counts = recipe.occurrenceCounts
            for ingredient in recipe.ingredients {
                let quantity = ingredient.quantity.map { " (\($0))" } ?? ""
                Swift.print("  • \(ingredient.name)\(quantity) ×\(counts[ingredient.id] ?? 0)")
            }
            let text = recipe.document.text
            for run in text.runs {
                Swift.print(RunPrinter.line(piece: String(text.characters[run.range]), attributes: run.attributes))
            }
        }
        if failed { throw ExitCode.failure }
    }
}
