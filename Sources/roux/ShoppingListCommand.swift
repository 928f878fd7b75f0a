import ArgumentParser
import Foundation
import Recipes
import RecipeFormats

struct ShoppingListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shopping-list",
        abstract: "Merge the ingredients of several recipes, quantities added by unit, grouped by aisle.",
        discussion: """
            A recipe can be scaled by a factor after its name (pancakes.cook:2), or every \
            recipe to a number of servings with --servings. Aisles come from aisle.conf and \
            what is at home from pantry.conf in $XDG_CONFIG_HOME/roux (~/.config/roux): \
            "[section]" lines, then one name per line, synonyms after "|".
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    @Argument(help: "Recipe files or folders; FILE:FACTOR scales one recipe.")
    var paths: [String]

    @Flag(help: "Print JSON (the same as --format json).")
    var json = false

    @Option(name: .shortAndLong, help: "text, markdown (a checklist) or json.")
    var format: Format = .text

    @Option(parsing: .unconditional, help: "Scale every recipe to this many servings.")
    var servings: Double?

    @Option(help: "The aisle file (default: aisle.conf in the configuration folder).")
    var aisles: String?

    @Option(help: "The pantry file (default: pantry.conf in the configuration folder).")
    var pantry: String?

    func validate() throws {
        try ScaleOptions.validate(servings: servings, scale: nil)
    }

    func run() throws {
        var sources: [(file: String, recipe: Recipe, factor: Double)] = []
        var failed = false
        var fileCount = 0
        for argument in paths {
            if let problem = Self.badFactor(argument) {
                CommandSupport.printError(problem)
                failed = true
                continue
            }
            let (path, factor) = Self.splitFactor(argument)
            let files = CommandSupport.recipeFiles(of: [path])
            fileCount += files.count
            for file in files {
                do {
                    let recipe = try CommandSupport.open(file).recipe.readingIngredientLists()
                    sources.append((file, recipe, ScaleOptions.factor(scale: nil, servings: servings, for: recipe, file: file, base: factor)))
                } catch {
                    failed = true
                }
            }
        }
        let list = ShoppingList(sources: Self.named(sources), aisles: AisleTable(contents: try Self.configuration(aisles, "aisle.conf")),
                                pantry: Pantry(contents: try Self.configuration(pantry, "pantry.conf")))
        switch json ? .json : format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            CommandSupport.printOutput(String(decoding: try encoder.encode(list.items), as: UTF8.self), as: .json)
        case .text: CommandSupport.printOutput(ShoppingListText.text(list), terminator: "")
        case .markdown: CommandSupport.printOutput(ShoppingListText.markdown(list), terminator: "")
        }
        CommandSupport.printError("read \(sources.count) recipe\(sources.count == 1 ? "" : "s")"
            + (fileCount > sources.count ? "; \(fileCount - sources.count) could not be read" : ""))
        if failed || fileCount == 0 { throw ExitCode.failure }
    }

    /// `pancakes.cook:2` → the file and 2, as CookCLI writes it; a name
    /// whose last colon is not followed by a number (or that exists as
    /// written) is a file name.
    static func splitFactor(_ argument: String) -> (String, Double) {
        guard !FileManager.default.fileExists(atPath: argument), let colon = argument.lastIndex(of: ":"),
              let factor = Quantity(amount: String(argument[argument.index(after: colon)...])).value,
              Recipe.scaleFactors.contains(factor) else {
            return (argument, 1)
        }
        return (String(argument[..<colon]), factor)
    }

    /// `pancakes.cook:abc` for an existing `pancakes.cook`: what is wrong
    /// with the factor (else the name would be reported as no such file).
    static func badFactor(_ argument: String) -> String? {
        guard !FileManager.default.fileExists(atPath: argument), let colon = argument.lastIndex(of: ":"),
              FileManager.default.fileExists(atPath: String(argument[..<colon])) else { return nil }
        let written = String(argument[argument.index(after: colon)...])
        if let factor = Quantity(amount: written).value, Recipe.scaleFactors.contains(factor) { return nil }
        return "\(argument): \"\(written)\" is not a factor from \(KitchenNumber.decimal(Recipe.scaleFactors.lowerBound)) to \(KitchenNumber.decimal(Recipe.scaleFactors.upperBound)) (\(argument[..<colon]):2 doubles the recipe)"
    }

    /// Each recipe named by its title, or by its title and file name when
    /// two share a title (`pancakes.cook` and `pancakes.md`).
    static func named(_ sources: [(file: String, recipe: Recipe, factor: Double)]) -> [ShoppingList.Source] {
        let titles = sources.map { $0.recipe.title(orFileName: $0.file) }
        let repeated = Set(Dictionary(grouping: titles, by: { $0 }).filter { $0.value.count > 1 }.keys)
        return zip(sources, titles).map { source, title in
            let name = repeated.contains(title) ? "\(title) (\((source.file as NSString).lastPathComponent))" : title
            return ShoppingList.Source(name: name, recipe: source.recipe, factor: source.factor)
        }
    }

    /// A configuration file's text: the one named (which must exist), else
    /// the configuration folder's, else nothing.
    static func configuration(_ path: String?, _ name: String) throws -> String {
        if let path {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                CommandSupport.printError("\(path): cannot be read as a UTF-8 text file")
                throw ExitCode.failure
            }
            return text
        }
        let environment = ProcessInfo.processInfo.environment
        let folder = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config")
        return (try? String(contentsOfFile: ((folder as NSString).appendingPathComponent("roux") as NSString).appendingPathComponent(name),
                            encoding: .utf8)) ?? ""
    }
}

/// The shopping list as text for a terminal and as a Markdown checklist.
enum ShoppingListText {
    /// Groups with their heading: aisles, "Other" for the rest when there
    /// are aisles, "At home" for what the pantry holds.
    static func groups(_ list: ShoppingList) -> [(heading: String?, items: [ShoppingList.Item])] {
        var groups: [(heading: String?, items: [ShoppingList.Item])] = []
        let hasAisles = list.items.contains { $0.aisle != nil }
        for item in list.items {
            let heading = item.atHome ? "At home" : item.aisle ?? (hasAisles ? "Other" : nil)
            if let last = groups.last, last.heading == heading {
                groups[groups.count - 1].items.append(item)
            } else {
                groups.append((heading, [item]))
            }
        }
        return groups
    }

    static func text(_ list: ShoppingList) -> String {
        var output = ""
        for (index, group) in groups(list).enumerated() {
            if let heading = group.heading { output += (index > 0 ? "\n" : "") + heading + "\n" }
            let indent = group.heading == nil ? "" : "  "
            for item in group.items {
                let quantities = item.quantities.isEmpty ? "" : "  " + item.quantities.joined(separator: " + ")
                output += "\(indent)\(item.atHome ? "·" : "☐") \(item.name)\(quantities)  (\(item.recipes.joined(separator: ", ")))\n"
            }
        }
        return output
    }

    static func markdown(_ list: ShoppingList) -> String {
        var output = "# Shopping list\n"
        for group in groups(list) {
            output += "\n" + (group.heading.map { "## \($0)\n\n" } ?? "")
            for item in group.items {
                let quantities = item.quantities.isEmpty ? "" : " — " + item.quantities.joined(separator: " + ")
                output += "- [\(item.atHome ? "x" : " ")] \(item.name)\(quantities) (\(item.recipes.joined(separator: ", ")))\n"
            }
        }
        return output
    }
}
