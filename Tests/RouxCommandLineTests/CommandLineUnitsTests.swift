import Foundation
import RouxTestSupport
import Testing

/// `--units metric|us` and `--scale-to INGREDIENT=AMOUNT`, run as a user runs them.
@Suite("Command line: units and scaling by what you have")
struct CommandLineUnitsTests {
    /// The scaling tests' folder (its configuration folder holds no
    /// densities.conf unless a test writes one) and a US cake in Markdown.
    static func folder() throws -> (path: String, environment: [String: String]) {
        let (folder, environment) = try CommandLineScalingTests.folder()
        try """
        ---
        title: Cake
        servings: 8
        ---
        # Cake

        ## Ingredients
        - 2 cups flour
        - 1 cup sugar
        - 8 oz butter, soft
        - 3 eggs

        Bake at 350°F for 40 minutes, then cool to 110°F.

        """.write(toFile: folder + "/cake.md", atomically: true, encoding: .utf8)
        return (folder, environment)
    }

    @Test func ingredientsInTheOtherSystem() throws {
        let (folder, environment) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 1/4 cup + 100 g + 0.5 cups of flour: one total, rounded once.
        let us = try RouxCommand.roux("ingredients", folder + "/pancakes.cook", "--units", "us", environment: environment)
        #expect(us.status == 0)
        #expect(us.output == "flour\t1 5/8 cups\t×3\neggs\t2\t×1\nmilk\t1 cup\t×1\nsalt\t1 tsp\t×1\nbutter\t2 tbsp\t×2\n")
        let metric = try RouxCommand.roux("ingredients", folder + "/cake.md", "--units", "metric", environment: environment)
        #expect(metric.output == "flour\t240 g\t×1\nsugar\t200 g\t×1\nbutter\t225 g\t×1\t(soft)\neggs\t3\t×1\n")
        // Scaled and converted with one rounding.
        let six = try RouxCommand.roux("ingredients", folder + "/pancakes.cook", "--units", "metric", "--servings", "6",
                                            environment: environment)
        #expect(six.output == "flour\t285 g\t×3\neggs\t3\t×1\nmilk\t375 ml\t×1\nsalt\t1 tsp\t×1\nbutter\t3 tbsp\t×2\n")
        let wrong = try RouxCommand.roux("ingredients", folder + "/cake.md", "--units", "imperial", environment: environment)
        #expect(wrong.status == 64)
        #expect(wrong.errors.contains("'imperial'"))
    }

    @Test func exportsAndShoppingListsInTheOtherSystem() throws {
        let (folder, environment) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let markdown = try RouxCommand.roux("export", folder + "/cake.md", "-f", "markdown", "--units", "metric", environment: environment)
        #expect(markdown.status == 0)
        #expect(markdown.output == """
            ---
            title: Cake
            servings: 8
            ---
            # Cake

            ## Ingredients
            - 240 g flour
            - 200 g sugar
            - 225 g butter, soft
            - 3 eggs

            Bake at 180°C for 40 minutes, then cool to 43°C.

            """)
        let cooklang = try RouxCommand.roux("export", folder + "/pancakes.cook", "-f", "cooklang", "--units", "us", environment: environment)
        #expect(cooklang.output.contains("@milk{1%cup}"))
        #expect(cooklang.output.contains("@flour{1/4%cup}, @flour{13 1/2%tbsp} and @flour{0.5%cups}"))
        // The file itself is not changed.
        #expect(try String(contentsOfFile: folder + "/pancakes.cook", encoding: .utf8).contains("@milk{250%ml}"))
        let shopping = try RouxCommand.roux("shopping-list", folder + "/cake.md", folder + "/pancakes.cook", "--units", "metric",
                                                 "--format", "markdown", environment: environment)
        #expect(shopping.output.contains("- [ ] flour — 430 g (Cake, pancakes)"))
        #expect(shopping.output.contains("- [ ] butter — 225 g + 2 tbsp (Cake, pancakes)"))
    }

    @Test func theUsersDensitiesAreUsedAndTheirMistakesSaid() throws {
        let (folder, environment) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "1 cup flour = 130 g\nflour is heavy\n".write(toFile: folder + "/config/roux/densities.conf", atomically: true, encoding: .utf8)
        let result = try RouxCommand.roux("ingredients", folder + "/cake.md", "--units", "metric", environment: environment)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("flour\t260 g\t×1\n"))
        #expect(result.errors.contains("densities.conf:2: expected a volume and names, \"=\", a mass (1 cup flour = 120 g)"))
    }

    @Test func scaleToWhatYouHave() throws {
        let (folder, environment) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 2 cups of flour are 240 g: 700 g is ×2.92.
        let grams = try RouxCommand.roux("ingredients", folder + "/cake.md", "--scale-to", "flour=700g", "--units", "metric",
                                              environment: environment)
        #expect(grams.status == 0)
        #expect(grams.output.hasPrefix("flour\t700 g\t×1\n"))
        #expect(grams.errors.contains("cake.md: flour 700 g is ×2.92: serves 23.3 instead of 8"))
        // Another unit of the same dimension: 1.2 kg of flour for 100 g + 3/4 cup (90 g).
        let pounds = try RouxCommand.roux("ingredients", folder + "/pancakes.cook", "--scale-to", "flour = 1.5 lb",
                                               environment: environment)
        #expect(pounds.status == 0)
        #expect(pounds.errors.contains("pancakes.cook: flour 1.5 lb is ×"))
        let eggs = try RouxCommand.roux("ingredients", folder + "/pancakes.md", "--scale-to", "egg=3", environment: environment)
        #expect(eggs.output == "Milk\t3 l\t×1\negg\t3\t×1\n")
        #expect(eggs.errors.contains("pancakes.md: egg 3 is ×3: serves 6 instead of 2"))
        let export = try RouxCommand.roux("export", folder + "/pancakes.md", "-f", "text", "--scale-to", "milk=500ml",
                                               environment: environment)
        #expect(export.output.contains("500 ml"))
    }

    @Test func scaleToSaysWhatIsWrong() throws {
        let (folder, environment) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let unknown = try RouxCommand.roux("ingredients", folder + "/cake.md", "--scale-to", "flor=1kg", environment: environment)
        #expect(unknown.status == 1)
        #expect(unknown.output.isEmpty)
        #expect(unknown.errors.contains("cake.md: no ingredient named \"flor\" in the recipe (it has flour, sugar, butter, eggs)"))
        let dimension = try RouxCommand.roux("ingredients", folder + "/pancakes.md", "--scale-to", "milk=2 kg", environment: environment)
        #expect(dimension.status == 1)
        #expect(dimension.errors.contains("pancakes.md: Milk: the recipe gives 1 l, which 2 kg cannot be compared with (a mass and a volume meet only through a density: see densities.conf)"))
        let count = try RouxCommand.roux("ingredients", folder + "/cake.md", "--scale-to", "eggs=1kg", environment: environment)
        #expect(count.errors.contains("cake.md: eggs: the recipe gives 3, which 1 kg cannot be compared with\n"))
        let syntax = try RouxCommand.roux("ingredients", folder + "/cake.md", "--scale-to", "flour", environment: environment)
        #expect(syntax.status == 64)
        #expect(syntax.errors.contains("--scale-to takes an ingredient, \"=\" and an amount: flour=700g"))
        let both = try RouxCommand.roux("ingredients", folder + "/cake.md", "--scale-to", "flour=1kg", "--scale", "2", environment: environment)
        #expect(both.status == 64)
        #expect(both.errors.contains("give one of --servings, --scale and --scale-to"))
    }
}
