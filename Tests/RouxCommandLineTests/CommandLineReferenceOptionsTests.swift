import Foundation
import RouxTestSupport
import Testing

/// `--units` and `--ignore-references` on every command that reads a
/// recipe's references in its place: `ingredients`, `shopping-list`, `export`.
@Suite("Command line: units and --ignore-references with references")
struct CommandLineReferenceOptionsTests {
    /// A metric main that uses a sauce written in US units.
    static func folder() throws -> String {
        try CommandLineReferenceTests.folder([
            "sauce.cook": "Simmer @milk{2%cups} with @butter{4%oz} and @garlic{3%cloves}.\n",
            "main.cook": "Prepare @./sauce{2}. Serve with @rice{300%g}.\n",
        ])
    }

    @Test func ingredientsShowAReferencedRecipesRowsInTheUnitsAsked() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let metric = try RouxCommand.roux("ingredients", folder + "/main.cook", "--units", "metric")
        #expect(metric.status == 0)
        #expect(metric.output == """
            sauce\t2\t×1\t→ \(folder)/sauce.cook
              milk\t950 ml\t×1
              butter\t225 g\t×1
              garlic\t6 cloves\t×1
            rice\t300 g\t×1

            """)
        let us = try RouxCommand.roux("ingredients", folder + "/main.cook", "--units", "us", "--json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(us.output.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["quantity"] as? String } == ["2", "1 5/8 cups"])
        let nested = try #require(rows.first?["ingredients"] as? [[String: Any]])
        #expect(nested.map { $0["quantity"] as? String } == ["4 cups", "8 oz", "6 cloves"])
    }

    @Test func exportsShowAReferencedRecipesIngredientsInTheUnitsAsked() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = try RouxCommand.roux("export", folder + "/main.cook", "-f", "text", "--units", "metric")
        #expect(text.status == 0)
        #expect(text.output.hasPrefix("main\n====\n\nIngredients:\n- 2 sauce\n  - 950 ml milk\n  - 225 g butter\n  - 6 cloves garlic\n- 300 g rice\n"))
        let json = try RouxCommand.roux("export", folder + "/main.cook", "-f", "json", "--units", "metric")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let sauce = try #require((document["ingredients"] as? [[String: Any]])?.first?["recipes"] as? [[String: Any]])
        let sauceRows = try #require(sauce.first?["ingredients"] as? [[String: Any]])
        #expect(sauceRows.map { $0["quantity"] as? String } == ["950 ml", "225 g", "6 cloves"])
        #expect(sauceRows.map { $0["unit"] as? String } == ["ml", "g", "cloves"])
        let html = try RouxCommand.roux("export", folder + "/main.cook", "-f", "html", "--units", "metric")
        #expect(html.output.contains("""
            <ul class="ingredients referenced">
            <li data-ingredient="milk" dir="auto"><span class="quantity">950 ml</span> milk</li>
            <li data-ingredient="butter" dir="auto"><span class="quantity">225 g</span> butter</li>
            """))
        let list = try RouxCommand.roux("shopping-list", folder + "/main.cook", "--units", "metric")
        #expect(list.output == "☐ milk  950 ml  (main)\n☐ butter  225 g  (main)\n☐ garlic  6 cloves  (main)\n☐ rice  300 g  (main)\n")
    }

    /// As CookCLI's `--ignore-references`: the reference is one item, named
    /// after its recipe, with the reference's quantity; its file is not read.
    @Test func ignoreReferencesListsAReferenceAsOneItemOnEveryCommand() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.removeItem(atPath: folder + "/sauce.cook")
        let list = try RouxCommand.roux("shopping-list", folder + "/main.cook", "--ignore-references")
        #expect(list.status == 0)
        #expect(list.output == "☐ sauce  2  (main)\n☐ rice  300 g  (main)\n")
        let short = try RouxCommand.roux("shopping-list", folder + "/main.cook", "-i")
        #expect(short.output == list.output)
        let ingredients = try RouxCommand.roux("ingredients", folder + "/main.cook", "--ignore-references")
        #expect(ingredients.status == 0)
        #expect(ingredients.output == "sauce\t2\t×1\nrice\t300 g\t×1\n")
        let export = try RouxCommand.roux("export", folder + "/main.cook", "-f", "text", "--ignore-references")
        #expect(export.status == 0)
        #expect(export.output.hasPrefix("main\n====\n\nIngredients:\n- 2 sauce\n- 300 g rice\n"))
        // A list's nesting says which references to read; -i reads none.
        try "./main\n  ./sauce\n".write(toFile: folder + "/.shopping-list", atomically: true, encoding: .utf8)
        let fromList = try RouxCommand.roux("shopping-list", "-i", in: URL(fileURLWithPath: folder))
        #expect(fromList.status == 0)
        #expect(fromList.output == list.output)
    }
}
