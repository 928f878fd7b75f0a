import ArgumentParser
import Foundation
import RecipeFormats
import RecipeStorage
import Recipes

/// `roux pantry`: what is running low or going off, and what can be
/// cooked with what is at home.
struct PantryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pantry",
        abstract: "What in the pantry is low or expires soon; with recipes DIR, what can be cooked from it.",
        discussion: """
            The pantry is pantry.conf (CookCLI's TOML: [section]s of name = "500%g" or \
            name = { quantity = "1%kg", low = "200%g", expire = "2026-12-01", bought = "2026-11-01" }), \
            found in ./config, then $XDG_CONFIG_HOME/roux, /cooklang and /cook, or named with --pantry.
            """,
        subcommands: [PantryReportCommand.self, PantryRecipesCommand.self],
        defaultSubcommand: PantryReportCommand.self)

    /// The pantry to work from; none at all is a failure that says where it was looked for.
    static func load(_ explicit: String?) throws -> Pantry {
        let files = ConfigurationFiles()
        let lookup = files.lookup(ConfigurationFiles.pantryFileName, explicit: explicit)
        guard lookup.found != nil else {
            CommandSupport.printError("no \(ConfigurationFiles.pantryFileName) found (looked in \(lookup.candidates.map(PathText.shown).joined(separator: ", ")))")
            throw ExitCode.failure
        }
        return try CommandSupport.pantry(explicit: explicit, files: files).0
    }
}

struct PantryReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "List what is low (at or below its own low) or expires within --within days.")

    @Option(help: "The pantry file (default: pantry.conf in the configuration folder).")
    var pantry: String?

    @Option(help: "Days ahead to look for what expires.")
    var within = 7

    @Option(help: "Count days from this date (YYYY-MM-DD) instead of today.")
    var today: String?

    func validate() throws {
        guard (0 ... 36_500).contains(within) else { throw ValidationError("--within must be a number of days from 0 to 36500") }
        if let today, PantryDate(parsing: today) == nil { throw ValidationError("--today \"\(today)\" is not a date (2026-03-07)") }
    }

    func run() throws {
        let pantry = try PantryCommand.load(self.pantry)
        guard let day = today.flatMap(PantryDate.init(parsing:)) ?? PantryDate.today() else { throw ExitCode.failure }
        CommandSupport.printOutput(PantryText.report(pantry, today: day, within: within), terminator: "")
    }
}

struct PantryRecipesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipes",
        abstract: "List the recipes that can be cooked with what is at home, then the others with what each lacks.")

    @Argument(help: "Recipe files or folders.")
    var paths: [String]

    @Option(help: "The pantry file (default: pantry.conf in the configuration folder).")
    var pantry: String?

    func run() throws {
        let pantry = try PantryCommand.load(self.pantry)
        let files = CommandSupport.recipeFiles(of: paths)
        var failed = files.isEmpty
        var recipes: [(name: String, lacks: [String])] = []
        for file in files {
            do {
                let recipe = try CommandSupport.open(file).recipe.readingIngredientLists()
                guard !recipe.ingredients.isEmpty else { continue }
                let name = recipe.title ?? ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                recipes.append((name, pantry.lacks(recipe)))
            } catch {
                failed = true
            }
        }
        CommandSupport.printOutput(PantryText.recipes(recipes), terminator: "")
        if failed { throw ExitCode.failure }
    }
}
