import ArgumentParser
import Foundation
import NcursesBackend
import Recipes
import RecipeFormats
import RecipeExport
import RichText

/// `roux PATH…` opens the full-screen editor in a terminal; without one (or
/// with --print) it prints each recipe for a person to read.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "open", abstract: "Open recipe files or a folder of recipes.")

    @Argument(help: "Recipe files (\(CommandSupport.extensionList)) or a folder; default: the current folder. With several files the first opens and the recipe list shows them all.")
    var paths: [String] = ["."]

    @Flag(help: "Open binary files too.")
    var force = false

    @Flag(help: "Print the recipes instead of opening the editor: title, servings, ingredients, then the text (styled on a terminal unless NO_COLOR is set).")
    var print = false

    @Flag(help: "With --print: each run of the text and its attributes instead (for debugging).")
    var runs = false

    func run() throws {
        if !print, !runs, isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 {
            if let problem = NcursesTerminal.cannotDrive() {
                // TERM=dumb or a terminal ncurses does not know: the recipe printed instead of a blank screen.
                CommandSupport.printError("\(problem); printing the recipe instead (roux open --print does this on purpose)")
                try printRecipes(styled: false)
                return
            }
            try EditorLauncher.run(paths: paths, force: force)
            return
        }
        try printRecipes(styled: isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true)
    }

    private func printRecipes(styled: Bool) throws {
        var failed = false
        let files = CommandSupport.recipeFiles(of: paths)
        for (number, file) in files.enumerated() {
            let opened: RecipeFiles.Opened
            do {
                opened = try CommandSupport.open(file, force: force, forceHint: "roux open --force opens it anyway")
            } catch {
                failed = true
                continue
            }
            let recipe = opened.recipe
            if runs {
                CommandSupport.printOutput("== \(file)" + (recipe.title.map { " — \($0)" } ?? ""))
                let counts = recipe.occurrenceCounts
                for ingredient in recipe.ingredients {
                    let quantity = ingredient.quantity.map { " (\($0))" } ?? ""
                    CommandSupport.printOutput("  • \(ingredient.name)\(quantity) ×\(counts[ingredient.id] ?? 0)")
                }
                let text = recipe.document.text
                for run in text.runs {
                    CommandSupport.printOutput(RunPrinter.line(piece: String(text.characters[run.range]), attributes: run.attributes))
                }
                continue
            }
            // Several recipes: each under its file's name, a blank line between them.
            if number > 0 { CommandSupport.printOutput("") }
            if files.count > 1 { CommandSupport.printOutput("== \(file)") }
            CommandSupport.printOutput(RecipeExport.readable(recipe, styles: styled), as: styled ? .styledText : .text, terminator: "")
        }
        if failed { throw ExitCode.failure }
    }
}
