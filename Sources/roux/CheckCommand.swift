import ArgumentParser
import Recipes
import RecipeFormats

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate recipe files.",
        discussion: "Prints file:line:column: message for each problem (what Roux keeps as text because it cannot read it as meant), then how many files were read; exits 1 when there are problems. Folders are read with their subfolders.")

    @Argument(help: "Recipe files or folders.")
    var paths: [String]

    func run() throws {
        var problems = 0
        var filesWithProblems = 0
        let files = CommandSupport.recipeFiles(of: paths)
        for file in files {
            do {
                let opened = try RecipeFiles.open(path: file)
                for warning in opened.warnings { CommandSupport.printError(warning) }
                problems += opened.warnings.count
                if !opened.warnings.isEmpty { filesWithProblems += 1 }
            } catch {
                for problem in error.errors { CommandSupport.printError(problem.description) }
                problems += 1
                filesWithProblems += 1
            }
        }
        CommandSupport.printError("checked \(files.count) file\(files.count == 1 ? "" : "s"): "
            + (problems == 0 ? "no problems" : "\(problems) problem\(problems == 1 ? "" : "s") in \(filesWithProblems) file\(filesWithProblems == 1 ? "" : "s")"))
        if problems > 0 || files.isEmpty { throw ExitCode.failure }
    }
}
