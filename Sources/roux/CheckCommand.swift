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
        // The files the problems are in: a reference's problem is in the
        // recipe that writes it, often not the file checked (a menu's recipes).
        var filesWithProblems = Set<String>()
        let files = CommandSupport.recipeFiles(of: paths)
        let checked = Set(files.map(ReferenceExpansion.identity))
        var used: [String: String] = [:]
        // A reference's problem once, though every recipe using that one
        // finds it, by its place in its file however the file was reached.
        var said = Set<String>()
        for file in files {
            do {
                let opened = try RecipeFiles.open(path: file)
                // The recipes it uses as `roux ingredients` reads them: an
                // unmarked recipe's ingredient items link recipes too.
                let expansion = ReferenceExpansion(of: opened.recipe.readingIngredientLists(), at: file)
                let references = (expansion.errors + expansion.warnings).filter {
                    said.insert("\(ReferenceExpansion.identity(of: $0.path)):\($0.line):\($0.column)").inserted
                }
                for warning in opened.warnings { CommandSupport.printError(warning) }
                for reference in references { CommandSupport.printError(reference.description) }
                problems += opened.warnings.count + references.count
                if !opened.warnings.isEmpty { filesWithProblems.insert(ReferenceExpansion.identity(of: file)) }
                filesWithProblems.formUnion(references.map { ReferenceExpansion.identity(of: $0.path) })
                for path in expansion.referencedFiles where !checked.contains(ReferenceExpansion.identity(of: path)) {
                    used[ReferenceExpansion.identity(of: path)] = path
                }
            } catch {
                for problem in error.errors { CommandSupport.printError(problem.description) }
                problems += 1
                filesWithProblems.insert(ReferenceExpansion.identity(of: file))
            }
        }
        CommandSupport.printError(Self.summary(files: files.count, used: used.count, problems: problems, inFiles: filesWithProblems.count))
        if problems > 0 || files.isEmpty || !configurationIsSound { throw ExitCode.failure }
    }

    /// "checked 1 file and the 2 recipes it uses: 2 problems in 2 files".
    static func summary(files: Int, used: Int, problems: Int, inFiles: Int) -> String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let uses = files == 1 ? "it uses" : "they use"
        let read = counted(files, "file") + (used == 0 ? "" : used == 1 ? " and the recipe \(uses)" : " and the \(used) recipes \(uses)")
        return "checked \(read): " + (problems == 0 ? "no problems" : "\(counted(problems, "problem")) in \(counted(inFiles, "file"))")
    }
}
