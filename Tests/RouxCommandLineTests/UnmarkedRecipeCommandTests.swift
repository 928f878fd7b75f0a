import Foundation
import RouxTestSupport
import Testing

/// The command line on a Markdown recipe whose ingredient list is not
/// marked, as most recipes written elsewhere are.
@Suite("Command line on unmarked recipes")
struct UnmarkedRecipeCommandTests {
    static let recipe = """
        ---
        title: Pancakes
        servings: 4
        ---
        # Pancakes

        ## Ingredients

        - 200 g flour
        - 2 eggs
        - 1 cup (240 ml) milk, warmed
        - a pinch of salt

        ## Method

        1. Whisk the flour, the eggs and the milk.
        2. Rest, then fry.

        """

    /// A folder holding the recipe, removed after the test.
    static func withRecipe(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-unmarked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pancakes.md").path
        try recipe.write(toFile: file, atomically: true, encoding: .utf8)
        try body(file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == recipe, "the recipe itself is not changed")
    }

    @Test func ingredientsListsTheItemsWithQuantities() throws {
        try Self.withRecipe { file in
            let result = try RouxCommand.roux("ingredients", file)
            #expect(result.status == 0)
            #expect(result.output == "flour\t200 g\t×2\neggs\t2\t×2\nmilk\t1 cup\t×2\t(warmed)\nsalt\t1 pinch\t×1\n")
            let doubled = try RouxCommand.roux("ingredients", file, "--servings", "8")
            #expect(doubled.output.hasPrefix("flour\t400 g\t×2\neggs\t4\t×2\nmilk\t2 cups\t×2\t(warmed)\n"))
        }
    }

    @Test func theShoppingListHasThem() throws {
        try Self.withRecipe { file in
            // No aisle or pantry file: a configuration folder of its own.
            let result = try RouxCommand.roux("shopping-list", file, environment: ["XDG_CONFIG_HOME": (file as NSString).deletingLastPathComponent])
            #expect(result.status == 0)
            #expect(result.output == "☐ flour  200 g  (Pancakes)\n☐ eggs  2  (Pancakes)\n☐ milk  1 cup  (Pancakes)\n☐ salt  1 pinch  (Pancakes)\n")
        }
    }

    @Test func exportsCarryThem() throws {
        try Self.withRecipe { file in
            let json = try RouxCommand.roux("export", file, "-f", "json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let ingredients = try #require(object["ingredients"] as? [[String: Any]])
            #expect(ingredients.compactMap { $0["name"] as? String } == ["flour", "eggs", "milk", "salt"])
            let cooklangJSON = try RouxCommand.roux("export", file, "-f", "cooklang-json")
            #expect(cooklangJSON.output.contains("\"name\": \"flour\",\n        \"quantity\": 200,\n        \"units\": \"g\""))
            #expect(!cooklangJSON.output.contains("\"value\": \"200 g \""), "the quantity is not text beside the ingredient too")
            let cooklang = try RouxCommand.roux("export", file, "-f", "cooklang")
            #expect(cooklang.output.contains("@flour{200%g}\n@eggs{2}\n@milk{1%cup}(warmed)\n@salt{1%pinch}\n"))
            let markdown = try RouxCommand.roux("export", file, "-f", "markdown")
            #expect(markdown.output == Self.recipe, "its own format is its bytes")
        }
    }

    @Test func importToCooklangMakesComponents() throws {
        try Self.withRecipe { file in
            let result = try RouxCommand.roux("import", file)
            #expect(result.status == 0)
            #expect(result.output.contains("== Ingredients ==\n\n@flour{200%g}\n@eggs{2}\n@milk{1%cup}(warmed)\n@salt{1%pinch}\n"))
            #expect(result.output.contains("Whisk the @flour, the @eggs and the @milk."))
        }
    }
}
