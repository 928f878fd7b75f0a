import ArgumentParser
import Recipes
import RecipeFormats

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate recipe files.",
        discussion: "Prints file:line:column: message for each problem (what Roux keeps as text because it cannot read it as meant, a reference to a recipe that is missing or leads back to itself), then how many files were read; exits 1 when there are problems. Folders are read with their subfolders.")

    @Argument(help: "Recipe files or folders.")
    var paths: [String] = []

    @Flag(help: "Say which aisle and pantry files Roux reads, where it looked for them, and check them and the editor's config.toml.")
    var config = false

    @Option(name: [.customLong("aisles"), .customLong("aisle")], help: "With --config: the aisle file named as shopping-list would be given it.")
    var aisles: String?

    @Option(help: "With --config: the pantry file named as shopping-list or pantry would be given it.")
    var pantry: String?

    func validate() throws {
        if paths.isEmpty, !config { throw ValidationError("give recipe files or folders to check, or --config") }
    }

    func run() throws {
        let configurationIsSound = config ? ConfigurationReport.print(aisles: aisles, pantry: pantry) : true
        if paths.isEmpty {
            if !configurationIsSound { throw ExitCode.failure }
            return
        }
        var problems = 0
        var filesWithProblems = 0
        let files = CommandSupport.recipeFiles(of: paths)
        // A reference's problem once, though every recipe using that one finds it.
        var said = Set<String>()
        for file in files {
            do {
                let opened = try RecipeFiles.open(path: file)
                // The recipes it uses as `roux ingredients` reads them: an
                // unmarked recipe's ingredient items link recipes too.
                let expansion = ReferenceExpansion(of: opened.recipe.readingIngredientLists(), at: file)
                let references = (expansion.errors + expansion.warnings).map(\.description).filter { said.insert($0).inserted }
                for warning in opened.warnings + references { CommandSupport.printError(warning) }
                problems += opened.warnings.count + references.count
                if !opened.warnings.isEmpty || !references.isEmpty { filesWithProblems += 1 }
            } catch {
                for problem in error.errors { CommandSupport.printError(problem.description) }
                problems += 1
                filesWithProblems += 1
            }
        }
        CommandSupport.printError("checked \(files.count) file\(files.count == 1 ? "" : "s"): "
            + (problems == 0 ? "no problems" : "\(problems) problem\(problems == 1 ? "" : "s") in \(filesWithProblems) file\(filesWithProblems == 1 ? "" : "s")"))
        if problems > 0 || files.isEmpty || !configurationIsSound { throw ExitCode.failure }
    }
}
