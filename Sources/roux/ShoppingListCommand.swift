import ArgumentParser
import Foundation
import Recipes
import RecipeExport
import RecipeFormats
import RecipeStorage

struct ShoppingListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shopping-list",
        abstract: "Merge the ingredients of several recipes, quantities added by unit, grouped by aisle.",
        discussion: """
            A recipe can be scaled by a factor after its name (pancakes.cook:2), or every \
            recipe to a number of servings with --servings. Aisles come from aisle.conf and \
            what is at home from pantry.conf, found in ./config, then $XDG_CONFIG_HOME/roux \
            (~/.config/roux), then $XDG_CONFIG_HOME/cooklang and /cook (roux check --config \
            says which). An aisle file has "[section]" lines, then one name per line, synonyms \
            after "|" (listed under the first). A reference to another recipe (@./sauce{2}) \
            lists that recipe's ingredients, scaled as the reference says; a meal plan \
            (week.menu) lists every recipe it references. -o week.shopping-list keeps the list \
            as the Cooklang tools do (./recipe{2} lines, items as name{quantity}); roux \
            shopping-list week.shopping-list prints it again (entries nested under a recipe name \
            which of its references to follow; under a meal plan, its recipes at their own factors), and --tick NAME / --untick NAME \
            record what is bought in .shopping-checked beside it.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    @Argument(help: "Recipe files or folders, or shopping lists (.shopping-list); FILE:FACTOR scales one recipe. Without any: ./.shopping-list.")
    var paths: [String] = []

    @Flag(help: "Print JSON (the same as --format json).")
    var json = false

    @Option(name: .shortAndLong, help: "text, markdown (a checklist) or json.")
    var format: Format = .text

    @Option(parsing: .unconditional, help: "Scale every recipe to this many servings.")
    var servings: Double?

    @OptionGroup var unitOptions: UnitOptions

    @OptionGroup var references: ReferenceOptions

    @Option(name: [.customLong("aisles"), .customLong("aisle")], help: "The aisle file (default: aisle.conf in the configuration folder).")
    var aisles: String?

    @Option(help: "The pantry file (default: pantry.conf in the configuration folder).")
    var pantry: String?

    @Option(name: .shortAndLong, help: "Write the list to this file: NAME.shopping-list keeps it as the Cooklang tools do; - is standard output.")
    var output: String?

    @Option(name: .customLong("add"), help: "An item to buy besides the recipes' (\"oil{4%l}\", \"salt\"); repeatable.")
    var added: [String] = []

    @Option(help: "Tick NAME off the shopping list (in .shopping-checked beside it); repeatable.")
    var tick: [String] = []

    @Option(help: "Untick NAME; repeatable.")
    var untick: [String] = []

    func validate() throws {
        try ScaleOptions.validate(servings: servings, scale: nil)
    }

    func run() throws {
        var sources: [(file: String, recipe: Recipe, factor: Double, expansion: ReferenceExpansion)] = []
        // What -o keeps of each: the list's nesting as it was read.
        var kept: [ShoppingListFile.Entry] = []
        var failed = false
        var fileCount = 0
        let lists = try Self.readLists(paths.isEmpty ? [Self.defaultList] : paths.filter(ShoppingListFile.isListFileName))
        for (file, factor, selection) in lists.recipes {
            fileCount += 1
            do {
                let recipe = try CommandSupport.open(file).recipe.readingIngredientLists()
                let factor = ScaleOptions.factor(scale: nil, servings: servings, for: recipe, file: file, base: factor)
                let expansion = CommandSupport.expandedReferences(of: recipe, at: file, factor: factor,
                                                                  following: references.following(selection), failed: &failed)
                for (listed, recipe) in expansion.unmatched {
                    CommandSupport.printError("warning: ./\(listed) is nested under \(PathText.shown(recipe)) in the list, "
                        + "which does not reference it; not counted")
                }
                sources.append((file, recipe, factor, expansion))
                kept.append(Self.entry(file, factor: factor, selection: selection, listFile: output))
            } catch {
                failed = true
            }
        }
        for argument in paths where !ShoppingListFile.isListFileName(argument) {
            if let problem = Self.badFactor(argument) {
                CommandSupport.printError(problem)
                failed = true
                continue
            }
            let (path, factor) = Self.splitFactor(argument)
            // A folder's meal plans are left out: the recipes they name are in the folder already.
            let files = CommandSupport.recipeFiles(of: [path]).filter { $0 == path || !$0.lowercased().hasSuffix(".menu") }
            fileCount += files.count
            for file in files {
                do {
                    let recipe = try CommandSupport.open(file).recipe.readingIngredientLists()
                    let factor = ScaleOptions.factor(scale: nil, servings: servings, for: recipe, file: file, base: factor)
                    sources.append((file, recipe, factor, CommandSupport.expandedReferences(of: recipe, at: file, factor: factor,
                                                                                            following: references.following(), failed: &failed)))
                    kept.append(Self.entry(file, factor: factor, selection: .all, listFile: output))
                } catch {
                    failed = true
                }
            }
        }
        let extras = try lists.extras + added.map(Self.freeItem)
        var list = ShoppingList(sources: Self.named(sources), extras: extras, aisles: try CommandSupport.aisles(explicit: aisles),
                                pantry: try CommandSupport.pantry(explicit: pantry).0,
                                conversion: unitOptions.conversion())
        if !tick.isEmpty || !untick.isEmpty {
            try Self.record(ticks: tick, unticks: untick, on: list, lists: lists.files)
            if failed { throw ExitCode.failure }
            return
        }
        if let checks = try lists.files.first.map({ try ShoppingChecks(contentsOf: ShoppingChecks.file(besideList: URL(fileURLWithPath: $0))) }) {
            for index in list.items.indices { list.items[index].ticked = checks.isTicked(list.items[index].name) }
        }
        if let output, ShoppingListFile.isListFileName(output) {
            // A list missing a recipe the user named would be kept as if whole.
            guard !failed else {
                CommandSupport.printError("\(PathText.shown(output)): not written: a recipe above could not be read")
                throw ExitCode.failure
            }
            try Self.writeList(to: output, recipes: kept, read: lists, extras: added.map(Self.freeItem))
        } else {
            let text: String
            let kind: OutgoingText.Kind
            switch json ? .json : format {
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                (text, kind) = (String(decoding: try encoder.encode(list.items), as: UTF8.self) + "\n", .json)
            case .text: (text, kind) = (ShoppingListText.text(list), .text)
            case .markdown: (text, kind) = (ShoppingListText.markdown(list), .text)
            }
            try CommandSupport.emit(text, as: kind, to: output, from: "")
        }
        CommandSupport.printError("read \(sources.count) recipe\(sources.count == 1 ? "" : "s")"
            + (fileCount > sources.count ? "; \(fileCount - sources.count) could not be read" : ""))
        if failed || (fileCount == 0 && lists.files.isEmpty && added.isEmpty) { throw ExitCode.failure }
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
    /// two files share a title (`pancakes.cook` and `pancakes.md`; one file
    /// listed twice, alone and in a meal plan, is one name).
    static func named(_ sources: [(file: String, recipe: Recipe, factor: Double, expansion: ReferenceExpansion)]) -> [ShoppingList.Source] {
        let titles = sources.map { $0.recipe.title(orFileName: $0.file) }
        let files = Dictionary(zip(titles, sources).map { ($0, Set([$1.file])) }, uniquingKeysWith: { $0.union($1) })
        let repeated = Set(files.filter { $0.value.count > 1 }.keys)
        return zip(sources, titles).map { source, title in
            let name = repeated.contains(title) ? "\(title) (\((source.file as NSString).lastPathComponent))" : title
            return ShoppingList.Source(name: name, recipe: source.recipe, factor: source.factor, lines: source.expansion.shoppingLines)
        }
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

    /// ☐ to buy, ☑ ticked off (`.shopping-checked`), · at home.
    static func mark(_ item: ShoppingList.Item) -> String {
        item.atHome ? "·" : item.ticked ? "☑" : "☐"
    }

    /// `(pancakes, salad; 300 g at home)`: where it comes from and what the pantry gave.
    static func about(_ item: ShoppingList.Item, separator: String) -> String {
        let parts = [item.recipes.isEmpty ? nil : item.recipes.joined(separator: ", "), item.fromPantry.map { "\($0) at home" }]
        let shown = parts.compactMap { $0 }.joined(separator: "; ")
        return shown.isEmpty ? "" : "\(separator)(\(shown))"
    }

    static func text(_ list: ShoppingList) -> String {
        var output = ""
        for (index, group) in groups(list).enumerated() {
            if let heading = group.heading { output += (index > 0 ? "\n" : "") + heading + "\n" }
            let indent = group.heading == nil ? "" : "  "
            for item in group.items {
                let quantities = item.quantities.isEmpty ? "" : "  " + item.quantities.joined(separator: " + ")
                output += "\(indent)\(mark(item)) \(item.name)\(quantities)\(about(item, separator: "  "))\n"
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
                output += "- [\(item.atHome || item.ticked ? "x" : " ")] \(item.name)\(quantities)\(about(item, separator: " "))\n"
            }
        }
        return output
    }
}
