import Foundation
import RouxTestSupport
import Testing

/// `.shopping-list` files with entries nested under a recipe or a meal
/// plan, written the way CookCLI and the Cooklang apps write them (spec
/// proposal 0016): under a recipe, which of its references to make; under a
/// plan, its recipes at their own times.
@Suite("Command line: nested shopping-list files")
struct CommandLineShoppingListNestingTests {
    /// A dinner that references a sauce (twice over) and a bread, and a
    /// week's plan in `plans/`.
    static func collection() throws -> String {
        try CommandLineReferenceTests.folder([
            "sauce.cook": "Simmer @tomatoes{4} with @garlic{3%cloves}.\n",
            "sides/bread.cook": "Knead @flour{500%g} with @water{300%ml}.\n",
            "dinner.cook": "Prepare @./sauce{2} and @./sides/bread{}. Serve with @rice{300%g}.\n",
            "soup.cook": "Boil @leeks{2}.\n",
            "plans/week.menu": "== Day 1 ==\n\n@../dinner{3}\n\n== Day 2 ==\n\n@../soup{}\n",
        ])
    }

    static func write(_ list: String, in folder: String) throws {
        try list.write(toFile: folder + "/.shopping-list", atomically: true, encoding: .utf8)
    }

    /// CookCLI's store writes a recipe's chosen references under it and a
    /// plan's recipes under the plan, each at its own (already multiplied)
    /// times. Each counts once: the dinner's sauce is not read again as a
    /// recipe of its own, its bread left out where the list leaves it out.
    @Test func aListWrittenByCookCLIIsReadAsItMeansIt() throws {
        let folder = try Self.collection()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("""
            ./dinner.cook
              ./sauce
            ./plans/week.menu{2}
              ./dinner{6}
                ./sauce
                ./sides/bread
              ./soup{2}
            olive oil{1%l}

            """, in: folder)
        let list = try RouxCommand.roux("shopping-list", in: URL(fileURLWithPath: folder))
        #expect(list.errors == "read 3 recipes\n")
        #expect(list.status == 0)
        // dinner ×1 (sauce ×2, no bread) + dinner ×6 (sauce ×12, bread ×6) + soup ×2.
        #expect(list.output == """
            ☐ tomatoes  56  (dinner)
            ☐ garlic  42 cloves  (dinner)
            ☐ rice  2.1 kg  (dinner)
            ☐ flour  3 kg  (dinner)
            ☐ water  1.8 l  (dinner)
            ☐ leeks  4  (soup)
            ☐ olive oil  1 l

            """)
        // Written again, the plan's recipes stand at their own times and keep what they follow.
        let again = try RouxCommand.roux("shopping-list", ".shopping-list", "-o", "plans/again.shopping-list", in: URL(fileURLWithPath: folder))
        #expect(again.status == 0)
        #expect(try String(contentsOfFile: folder + "/plans/again.shopping-list", encoding: .utf8) == """
            -- made by roux shopping-list; ticks go to .shopping-checked beside it
            ./../dinner
              ./../sauce
            ./../dinner{6}
              ./../sauce
              ./../sides/bread
            ./../soup{2}
            olive oil{1%l}

            """)
        let readAgain = try RouxCommand.roux("shopping-list", "plans/again.shopping-list", in: URL(fileURLWithPath: folder))
        #expect(readAgain.output == list.output)
    }

    /// The spec's own example names a plan that is no file, its recipes
    /// under it; a recipe named alone reads all its references.
    @Test func aPlanWithoutAFileBringsItsRecipesAndARecipeAloneAllItsReferences() throws {
        let folder = try Self.collection()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("./Plans/Three days\n  ./soup{3}\n./dinner\n", in: folder)
        let list = try RouxCommand.roux("shopping-list", in: URL(fileURLWithPath: folder))
        #expect(list.status == 0)
        #expect(list.output == """
            ☐ leeks  6  (soup)
            ☐ tomatoes  8  (dinner)
            ☐ garlic  6 cloves  (dinner)
            ☐ flour  500 g  (dinner)
            ☐ water  300 ml  (dinner)
            ☐ rice  300 g  (dinner)

            """)
    }

    /// A nested entry the recipe no longer references (the list is older
    /// than the recipe) is said and not bought.
    @Test func aNestedEntryTheRecipeDoesNotReferenceIsSaidAndNotCounted() throws {
        let folder = try Self.collection()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("./dinner\n  ./soup\n", in: folder)
        let list = try RouxCommand.roux("shopping-list", in: URL(fileURLWithPath: folder))
        #expect(list.status == 0)
        #expect(list.errors == "warning: ./soup is nested under dinner.cook in the list, which does not reference it; not counted\nread 1 recipe\n")
        #expect(list.output == "☐ rice  300 g  (dinner)\n")
    }

    /// A list's entry finds a meal plan as it finds a recipe: by the one
    /// list of recipe extensions.
    @Test func anEntryFindsAMenuFile() throws {
        let folder = try Self.collection()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write("./plans/week\n", in: folder)
        let list = try RouxCommand.roux("shopping-list", in: URL(fileURLWithPath: folder))
        #expect(list.errors == "read 1 recipe\n")
        #expect(list.status == 0)
        #expect(list.output == """
            ☐ tomatoes  24  (week)
            ☐ garlic  18 cloves  (week)
            ☐ flour  1.5 kg  (week)
            ☐ water  900 ml  (week)
            ☐ rice  900 g  (week)
            ☐ leeks  2  (week)

            """)
        try Self.write("./plans/month\n", in: folder)
        let missing = try RouxCommand.roux("shopping-list", in: URL(fileURLWithPath: folder))
        #expect(missing.status == 1)
        #expect(missing.errors == ".shopping-list: ./plans/month: no such recipe (.md, .cook, .markdown, .menu or .txt) beside the list\n")
    }
}
