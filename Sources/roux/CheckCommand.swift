import ArgumentParser
import Recipes

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate recipe files.",
        discussion: "Prints file:line:column: message for each problem and exits 1 when there are any.")

    @Argument(help: "Recipe files or folders.")
    var paths: [String]

    func run() throws {
        var problems = 0
        for file in paths.flatMap(CommandSupport.recipeFiles) {
            do {
                _ = try CommandSupport.open(file)
            } catch {
                problems += 1
            }
        }
        if problems > 0 { throw ExitCode.failure }
    }
}
