import Foundation
import Recipes
import RecipeFormats
import RecipeExport

/// Files made to be slow to read (issue 27): a line of openers that nothing
/// closes, many distinct ingredients, a front matter of nested aliases.
/// Each size doubles: read in linear time, each figure about doubles too.
enum HostileInputProfile {
    static func run() {
        print("\nHostile input (each size twice the last; linear when each time about doubles):")
        let lines: [(name: String, piece: String, cooklang: Bool)] = [
            ("[a](", "[a](", false), ("^[a](", "^[a](", false), ("@a{", "@a{", true),
        ]
        for line in lines {
            let times = [10_000, 20_000, 40_000].map { count in
                let contents = (line.cooklang ? "" : "# Titre\n\n") + String(repeating: line.piece, count: count) + "\n"
                let time = Stopwatch.time {
                    _ = line.cooklang ? CooklangFormat.read(contents, path: "r.cook").warnings.count
                        : MarkdownRecipeFormat.read(contents, path: "r.md").warnings.count
                }
                return "\(count / 1000)k: \(Stopwatch.format(time))"
            }
            print("one line of \(line.name) repeated, read with its warnings:", times.joined(separator: " · "))
        }
        let totals = [1_000, 2_000, 4_000].map { count in
            let recipe = CooklangFormat.parse((0 ..< count).map { "Add @ingredient\($0){\($0 % 7 + 1)%g}.\n" }.joined())
            let time = Stopwatch.time {
                _ = recipe.shownQuantityOfEachIngredient.count
                _ = RecipeExport.readable(recipe, styles: false).count
                _ = ShoppingList(sources: [ShoppingList.Source(name: "r", recipe: recipe)]).items.count
            }
            return "\(count / 1000)k: \(Stopwatch.format(time))"
        }
        print("distinct ingredients: totals, open --print and shopping list:", totals.joined(separator: " · "))
        var bomb = "---\nlol:\n  - &l0 [" + Array(repeating: "\"lol\"", count: 10).joined(separator: ", ") + "]\n"
        for level in 1 ... 12 {
            bomb += "  - &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        bomb += "---\nDu texte.\n"
        let bombTime = Stopwatch.time {
            _ = RecipeExport.cooklangJSON(MarkdownRecipeFormat.read(bomb, path: "r.md").recipe).count
        }
        print("12 levels of 10 aliases (\(bomb.utf8.count) bytes), read and exported as Cooklang JSON:", Stopwatch.format(bombTime))
    }
}
