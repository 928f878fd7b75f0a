import ArgumentParser
import Recipes

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate recipe files.",
        discussion: "Prints file:line:column: message for each problem (what Roux keeps as text because it cannot read it as meant) and exits 1 when there are any.")

    @Argument(help: "Recipe files or folders.")
    var paths: [String]

    func run() throws {
        var problems = 0
        for file in paths.flatMap(CommandSupport.recipeFiles) {
            do {
                let opened = try RecipeFiles.open(path: file)
                for warning in opened.warnings { CommandSupport.printError(warning) }
                problems += opened.warnings.count
            } catch {
                for problem in error.errors { CommandSupport.printError(problem.description) }
                problems += 1
            }
        }
        if problems > 0 { throw ExitCode.failure }
    }
}
