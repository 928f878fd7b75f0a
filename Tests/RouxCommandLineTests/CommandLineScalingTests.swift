import Foundation
import RouxTestSupport
import Testing

/// `--servings`, `--scale`, `FILE:FACTOR`, aisles and the pantry, run as a user runs them.
@Suite("Command line: scaling and shopping")
struct CommandLineScalingTests {
    /// A folder with two recipes of the same title, an aisle file and a
    /// pantry file in a configuration folder of its own.
    static func folder() throws -> (path: String, environment: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-scale-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/config/roux", withIntermediateDirectories: true)
        try """
        >> servings: 4

        Mix @flour{1/4%cup}, @flour{100%g} and @flour{0.5%cups}. Add @eggs{2}, @milk{250%ml} and @salt{=1%tsp}.
        Melt @butter{1%Tbsp} and @butter{1%tbsp}.

        """.write(toFile: folder + "/pancakes.cook", atomically: true, encoding: .utf8)
        try """
        ---
        title: pancakes
        servings: 2 people
        ingredients:
          - id: milk
            name: Milk
            quantity: 1 l
          - id: egg
            name: egg
            quantity: 1
        ---
        # pancakes

        Whisk the ^[egg](ingredient: "egg") into the ^[milk](ingredient: "milk").

        """.write(toFile: folder + "/pancakes.md", atomically: true, encoding: .utf8)
        try "[dairy]\nmilk\nbutter|beurre\n\n[baking]\nflour|farine\n".write(toFile: folder + "/config/roux/aisle.conf", atomically: true, encoding: .utf8)
        try "[pantry]\nsalt = \"1%kg\"\n".write(toFile: folder + "/config/roux/pantry.conf", atomically: true, encoding: .utf8)
        return (folder, ["XDG_CONFIG_HOME": folder + "/config"])
    }

    @Test func ingredientsScaleToServingsOrByAFactor() throws {
        let (folder, environment) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let six = try RouxCommand.roux("ingredients", folder + "/pancakes.cook", "--servings", "6", environment: environment)
        #expect(six.status == 0)
        #expect(six.output == """
            flour\t1 1/8 cups + 150 g\t×3
            eggs\t3\t×1
            milk\t375 ml\t×1
            salt\t1 tsp\t×1
            butter\t3 tbsp\t×2

            """)
        let half = try RouxCommand.roux("ingredients", folder + "/pancakes.md", "--scale", "0.5", environment: environment)
        #expect(half.output == "Milk\t500 ml\t×1\negg\t1/2\t×1\n")
        let both = try RouxCommand.roux("ingredients", folder + "/pancakes.md", "--scale", "2", "--servings", "3")
        #expect(both.status != 0)
        #expect(both.errors.contains("not both"))
        // A negative factor is refused as such, not taken for a missing value.
        let negative = try RouxCommand.roux("ingredients", folder + "/pancakes.md", "--scale", "-2")
        #expect(negative.status != 0)
        #expect(negative.errors.contains("--scale must be a factor from 0.001 to 1000"))
        // Factors no cook needs are refused, not turned into "inf kg" or "0 mg".
        for factor in ["1e308", "1e-300"] {
            let extreme = try RouxCommand.roux("ingredients", folder + "/pancakes.md", "--scale", factor)
            #expect(extreme.status == 64)
            #expect(extreme.errors.contains("--scale must be a factor from 0.001 to 1000"))
        }
        let crowd = try RouxCommand.roux("ingredients", folder + "/pancakes.md", "--servings", "1e9")
        #expect(crowd.errors.contains("--servings must be a number from 0.01 to 99999"))
        // FILE:FACTOR with a factor that is not one says so, not "no such file".
        for factor in ["abc", "1e308"] {
            let bad = try RouxCommand.roux("shopping-list", folder + "/pancakes.cook:" + factor, environment: environment)
            #expect(bad.status != 0)
            #expect(bad.errors.contains("pancakes.cook:\(factor): \"\(factor)\" is not a factor from 0.001 to 1000"))
        }
    }

    @Test func exportsCarryTheScaleAndTheServings() throws {
        let (folder, environment) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cook = try RouxCommand.roux("export", folder + "/pancakes.cook", "-f", "cooklang", "--servings", "8", environment: environment)
        #expect(cook.output == """
            >> servings: 8

            Mix @flour{1/2%cup}, @flour{200%g} and @flour{1%cup}. Add @eggs{4}, @milk{500%ml} and @salt{=1%tsp}.
            Melt @butter{2%tbsp} and @butter{2%tbsp}.

            """)
        let markdown = try RouxCommand.roux("export", folder + "/pancakes.md", "-f", "markdown", "--servings", "4", environment: environment)
        #expect(markdown.output.contains("servings: 4 people\n"))
        #expect(markdown.output.contains("quantity: 2 l\n"))
        #expect(markdown.output.contains("Whisk the ^[egg](ingredient: \"egg\") into the ^[milk](ingredient: \"milk\").\n"))
        let unscalable = try RouxCommand.roux("ingredients", folder + "/pancakes.cook", "--servings", "2",
                                                   environment: environment)
        #expect(unscalable.status == 0)
    }

    @Test func shoppingListScalesEachFileGroupsByAisleAndSetsThePantryApart() throws {
        let (folder, environment) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = try RouxCommand.roux("shopping-list", folder + "/pancakes.cook:2", folder + "/pancakes.md", environment: environment)
        #expect(list.status == 0)
        #expect(list.output == """
            dairy
              ☐ milk  1.5 l  (pancakes (pancakes.cook), pancakes (pancakes.md))
              ☐ butter  1/4 cup  (pancakes (pancakes.cook))

            baking
              ☐ flour  1 1/2 cups + 200 g  (pancakes (pancakes.cook))

            Other
              ☐ eggs  5  (pancakes (pancakes.cook), pancakes (pancakes.md))

            At home
              · salt  1 tsp  (pancakes (pancakes.cook))

            """)
        let markdown = try RouxCommand.roux("shopping-list", folder, "--servings", "2", "--format", "markdown",
                                                 environment: environment)
        #expect(markdown.output.hasPrefix("""
            # Shopping list

            ## dairy

            - [ ] milk — 1.13 l (pancakes (pancakes.cook), pancakes (pancakes.md))
            - [ ] butter — 1 tbsp (pancakes (pancakes.cook))

            ## baking

            - [ ] flour — 6 tbsp + 50 g (pancakes (pancakes.cook))

            """))
        #expect(markdown.output.contains("## At home\n\n- [x] salt — 1 tsp"))
        let json = try RouxCommand.roux("shopping-list", folder + "/pancakes.md:0.5", "--json", environment: environment)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["Milk", "egg"])
        #expect(items.map { $0["quantities"] as? [String] } == [["500 ml"], ["1/2"]])
        #expect(items.map { $0["aisle"] as? String } == ["dairy", nil])
    }

    @Test func aNamedAisleFileThatIsMissingIsSaid() throws {
        let (folder, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try RouxCommand.roux("shopping-list", folder, "--aisles", folder + "/nope.conf")
        #expect(result.status == 1)
        #expect(result.errors.contains("nope.conf: cannot be read"))
    }
}
