import ArgumentParser
import Foundation
import Recipes

struct ShoppingListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shopping-list", abstract: "Merge the ingredients of several recipes; quantities in the same unit are added.")

    @Argument(help: "Recipe files or folders.")
    var paths: [String]

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        var recipes: [(title: String, recipe: Recipe)] = []
        var failed = false
        let files = CommandSupport.recipeFiles(of: paths)
        for file in files {
            do {
                let recipe = try CommandSupport.open(file).recipe
                recipes.append((recipe.title ?? (file as NSString).lastPathComponent, recipe))
            } catch {
                failed = true
            }
        }
        let list = ShoppingList(recipes: recipes)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(list.items), as: UTF8.self))
        } else {
            for item in list.items {
                let quantities = item.quantities.isEmpty ? "" : "  " + item.quantities.joined(separator: " + ")
                print("☐ \(item.name)\(quantities)  (\(item.recipes.joined(separator: ", ")))")
            }
        }
        CommandSupport.printError("read \(recipes.count) recipe\(recipes.count == 1 ? "" : "s")"
            + (files.count > recipes.count ? "; \(files.count - recipes.count) could not be read" : ""))
        if failed || files.isEmpty { throw ExitCode.failure }
    }
}
