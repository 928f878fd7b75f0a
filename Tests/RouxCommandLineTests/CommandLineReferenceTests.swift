import Foundation
import RouxTestSupport
import Testing

/// `shopping-list` and `ingredients` over recipe references and meal
/// plans, run as a user runs them.
@Suite("Command line: references and meal plans")
struct CommandLineReferenceTests {
    static let week = """
        ---
        servings: 2
        ---

        == Day 1 (2026-03-07) ==

        Breakfast: \\
        - @./breakfast/pancakes{4%servings} with @maple syrup{2%tbsp} \\
        - @coffee{1%cup}

        == Day 2 (2026-03-08) ==

        @./mains/stir fry{2}
        @./mains/stir fry{}

        """

    /// A folder holding `files` (paths relative to it), removed by the caller.
    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-refs-\(UUID().uuidString)").path
        for (name, text) in files {
            let path = (folder as NSString).appendingPathComponent(name)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// A collection: a main that uses a sauce, a meal plan, an aisle file.
    static func folder() throws -> (path: String, environment: [String: String]) {
        let folder = try Self.folder([
            "sauce.cook": "Simmer @tomatoes{4} with @garlic{3%cloves}.\n",
            "main.cook": "Prepare @./sauce{}. Serve with @rice{300%g}.\n",
            "breakfast/pancakes.cook": ">> servings: 2\n\nMix @flour{100%g}, @eggs{2} and @milk{250%ml}.\n",
            "mains/stir fry.md": "---\nservings: 2\n---\n# Stir fry\n\n## Ingredients\n\n- 200 g rice\n- 1 clove Garlic\n"
                + "- [sauce](../sauce.cook)\n\nFry the rice with the garlic in the sauce.\n",
            "week.menu": week,
            "config/roux/aisle.conf": "[produce]\ngarlic\ntomatoes | tomato\n[pantry]\nrice\nflour\n",
        ])
        return (folder, ["XDG_CONFIG_HOME": folder + "/config"])
    }

    /// The case: the sauce's tomatoes and garlic, not `sauce`.
    @Test func shoppingListExpandsAReference() throws {
        let (folder, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = try RouxCommand.roux("shopping-list", folder + "/main.cook")
        #expect(list.status == 0)
        #expect(list.output == "☐ tomatoes  4  (main)\n☐ garlic  3 cloves  (main)\n☐ rice  300 g  (main)\n")
        let scaled = try RouxCommand.roux("shopping-list", folder + "/main.cook:2", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(scaled.output.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["tomatoes", "garlic", "rice"])
        #expect(items.map { $0["quantities"] as? [String] } == [["8"], ["6 cloves"], ["600 g"]])
    }

    /// `roux shopping-list week.menu`: every recipe of the week, each scaled
    /// as the plan says, merged and in the aisle file's order.
    @Test func shoppingListOfAMealPlan() throws {
        let (folder, environment) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = try RouxCommand.roux("shopping-list", folder + "/week.menu", environment: environment)
        #expect(list.errors == "read 1 recipe\n")
        #expect(list.status == 0)
        // stir fry ×2 then ×1: 600 g rice, 3 cloves of its garlic; its sauce
        // three times: 12 tomatoes and 9 cloves.
        #expect(list.output == """
            produce
              ☐ garlic  12 cloves  (week)
              ☐ tomatoes  12  (week)

            pantry
              ☐ rice  600 g  (week)
              ☐ flour  200 g  (week)

            Other
              ☐ eggs  4  (week)
              ☐ milk  500 ml  (week)
              ☐ maple syrup  2 tbsp  (week)
              ☐ coffee  1 cup  (week)

            """)
        #expect(try RouxCommand.roux("check", folder + "/week.menu").status == 0)
        // A folder's plan is not read with its recipes: they would count twice.
        let whole = try RouxCommand.roux("shopping-list", folder, "--json", environment: environment)
        #expect(whole.errors == "read 4 recipes\n")
    }

    /// `ingredients` nests each referenced recipe's ingredients under the reference.
    @Test func ingredientsNestReferencedRecipes() throws {
        let (folder, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let menu = try RouxCommand.roux("ingredients", folder + "/week.menu")
        #expect(menu.status == 0)
        #expect(menu.output == """
            pancakes\t4 servings\t×1\t→ \(folder)/breakfast/pancakes.cook
              flour\t200 g\t×1
              eggs\t4\t×1
              milk\t500 ml\t×1
            maple syrup\t2 tbsp\t×1
            coffee\t1 cup\t×1
            stir fry\t2\t×1\t→ \(folder)/mains/stir fry.md
              rice\t400 g\t×2
              Garlic\t2 cloves\t×2
              sauce\t\t×1\t→ \(folder)/sauce.cook
                tomatoes\t8\t×1
                garlic\t6 cloves\t×1
            stir fry\t\t×1\t→ \(folder)/mains/stir fry.md
              rice\t200 g\t×2
              Garlic\t1 clove\t×2
              sauce\t\t×1\t→ \(folder)/sauce.cook
                tomatoes\t4\t×1
                garlic\t3 cloves\t×1

            """)
        let json = try RouxCommand.roux("ingredients", folder + "/main.cook", "--json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["sauce", "rice"])
        let nested = try #require(rows.first?["ingredients"] as? [[String: Any]])
        #expect(nested.map { $0["name"] as? String } == ["tomatoes", "garlic"])
    }

    /// A missing recipe and a loop: located messages, a non-zero status for
    /// the missing one, the list still printed; never a hang.
    @Test func aMissingReferenceOrALoopIsALocatedMessage() throws {
        let folder = try Self.folder(["a.cook": "Prepare @./b{}.\nAdd @salt{1%tsp}.\n",
                                                         "b.cook": "Prepare @./a{}.\nAdd @pepper{1%tsp}.\n",
                                                         "main.cook": "Serve @rice{1%cup} with @./curry{}.\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = try RouxCommand.roux("shopping-list", folder + "/main.cook")
        #expect(missing.status == 1)
        #expect(missing.errors.hasPrefix("\(folder)/main.cook:1:25: @./curry{}: no recipe ./curry (looked for curry.cook, curry.md, … beside"))
        #expect(missing.output == "☐ rice  1 cup  (main)\n☐ curry  (main)\n")
        // check finds both, each once, though two recipes lead to the loop.
        let check = try RouxCommand.roux("check", folder)
        #expect(check.status == 1)
        #expect(check.errors == """
            \(folder)/b.cook:1:9: @./a{}: a circular reference (a.cook → b.cook → a.cook); not followed, its ingredients are counted once
            \(folder)/a.cook:1:9: @./b{}: a circular reference (b.cook → a.cook → b.cook); not followed, its ingredients are counted once
            \(folder)/main.cook:1:25: @./curry{}: no recipe ./curry (looked for curry.cook, curry.md, … beside \(folder)/main.cook and in the folders above it)
            checked 3 files: 3 problems in 3 files

            """)
        let loop = try RouxCommand.roux("ingredients", folder + "/a.cook")
        #expect(loop.status == 0)
        #expect(loop.errors == "warning: \(folder)/b.cook:1:9: @./a{}: a circular reference (a.cook → b.cook → a.cook); not followed, its ingredients are counted once\n")
        #expect(loop.output == "b\t\t×1\t→ \(folder)/b.cook\n  pepper\t1 tsp\t×1\nsalt\t1 tsp\t×1\n")
    }

    /// Tryout 2 #26: a menu whose two recipes each have a problem: the
    /// summary counts the files the problems are in, and says which recipes
    /// were read for the menu; checking the folder (`.`) says each problem
    /// once, though the recipe is reached as `./pasta.cook` and `pasta.cook`.
    @Test func checkCountsTheFilesTheProblemsAreInAndSaysEachOnce() throws {
        let folder = try Self.folder(["pasta.cook": "Boil @./sauces/tomato{} with @pasta{200%g}.\n",
                                      "pizza.cook": "Bake @dough{1} with @./sauces/pesto{}.\n",
                                      "week.menu": "= Monday\n@./pasta{}\n\n= Tuesday\n@./pizza{2}\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let directory = URL(fileURLWithPath: folder)
        let menu = try RouxCommand.roux("check", "week.menu", in: directory)
        #expect(menu.status == 1)
        #expect(menu.errors == """
            pasta.cook:1:6: @./sauces/tomato{}: no recipe ./sauces/tomato (looked for sauces/tomato.cook, sauces/tomato.md, … beside pasta.cook and in the folders above it)
            pizza.cook:1:21: @./sauces/pesto{}: no recipe ./sauces/pesto (looked for sauces/pesto.cook, sauces/pesto.md, … beside pizza.cook and in the folders above it)
            checked 1 file and the 2 recipes it uses: 2 problems in 2 files

            """)
        let all = try RouxCommand.roux("check", ".", in: directory)
        #expect(all.status == 1)
        #expect(all.errors == """
            ./pasta.cook:1:6: @./sauces/tomato{}: no recipe ./sauces/tomato (looked for sauces/tomato.cook, sauces/tomato.md, … beside ./pasta.cook and in the folders above it)
            ./pizza.cook:1:21: @./sauces/pesto{}: no recipe ./sauces/pesto (looked for sauces/pesto.cook, sauces/pesto.md, … beside ./pizza.cook and in the folders above it)
            checked 3 files: 2 problems in 2 files

            """)
    }

    /// tryout3 #16, CookCLI's seed: `@./Shared/Red Beans{}` written in
    /// `Breakfast/` names the collection's `Shared/Red Beans.cook`; check
    /// and shopping-list run at the root (or on the one file) find it.
    @Test func aCollectionsRootReferenceIsFoundFromItsSubfolders() throws {
        let folder = try Self.folder([
            "Shared/Red Beans.cook": "Soak @red beans{200%g}.\n",
            "Breakfast/Burrito.cook": "Fill @tortillas{2} with @./Shared/Red Beans{}.\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let root = URL(fileURLWithPath: folder)
        let check = try RouxCommand.roux("check", ".", in: root)
        #expect(check.errors == "checked 2 files: no problems\n")
        #expect(check.status == 0)
        let list = try RouxCommand.roux("shopping-list", ".", in: root)
        #expect(list.errors == "read 2 recipes\n")
        #expect(list.status == 0)
        #expect(list.output.contains("☐ red beans  400 g  (Burrito, Red Beans)"), "\(list.output)")
        let one = try RouxCommand.roux("shopping-list", "Breakfast/Burrito.cook", in: root)
        #expect(one.errors == "read 1 recipe\n")
        #expect(one.output == "☐ tortillas  2  (Burrito)\n☐ red beans  200 g  (Burrito)\n")
    }

    /// A Markdown recipe's ingredient item that links a missing recipe is
    /// found by check as by ingredients (check said "no problems").
    @Test func checkFindsAMarkdownItemsMissingRecipe() throws {
        let folder = try Self.folder(["lasagna.md": "# Lasagna\n\n## Ingredients\n\n- 500 ml [tomato sauce](sauces/tomato.cook)\n- 12 sheets pasta\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ingredients = try RouxCommand.roux("ingredients", folder + "/lasagna.md")
        #expect(ingredients.status == 1)
        let check = try RouxCommand.roux("check", folder + "/lasagna.md")
        #expect(check.status == 1)
        let said = try #require(ingredients.errors.split(separator: "\n").first)
        #expect(said.hasPrefix("\(folder)/lasagna.md:5:"), "\(ingredients.errors)")
        #expect(said.contains("no recipe"))
        #expect(check.errors == said + "\nchecked 1 file: 1 problem in 1 file\n")
    }

    /// The exports that list ingredients (text, HTML, JSON) follow each
    /// reference with its recipe's ingredients, scaled with the export.
    @Test func exportsListAReferencesIngredients() throws {
        let (folder, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = try RouxCommand.roux("export", folder + "/main.cook", "-f", "text", "--scale", "2")
        #expect(text.status == 0)
        // The reference without an amount asks for the sauce once: twice at ×2.
        #expect(text.output.hasPrefix("main\n====\n\nIngredients:\n- 2 sauce\n  - 8 tomatoes\n  - 6 cloves garlic\n- 600 g rice\n"))
        let html = try RouxCommand.roux("export", folder + "/main.cook", "-f", "html")
        #expect(html.output.contains("""
            <li data-ingredient="sauce" dir="auto">sauce
            <ul class="ingredients referenced">
            <li data-ingredient="tomatoes" dir="auto"><span class="quantity">4</span> tomatoes</li>
            <li data-ingredient="garlic" dir="auto"><span class="quantity">3 cloves</span> garlic</li>
            </ul>
            </li>
            """))
        let json = try RouxCommand.roux("export", folder + "/week.menu", "-f", "json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let ingredients = try #require(document["ingredients"] as? [[String: Any]])
        let stirFry = try #require(ingredients.last?["recipes"] as? [[String: Any]])
        #expect(stirFry.map { $0["file"] as? String } == ["mains/stir fry.md", "mains/stir fry.md"])
        #expect(stirFry.map { $0["factor"] as? Double } == [2, 1])
        let nested = try #require((stirFry.first?["ingredients"] as? [[String: Any]])?.last?["recipes"] as? [[String: Any]])
        #expect(nested.first?["file"] as? String == "sauce.cook")
    }
}
