import Foundation
import RouxTestSupport
import Testing

/// Shopping-list files, ticks, the pantry and where configuration is
/// found, run as a user runs them.
@Suite("Command line: shopping-list files, pantry, configuration")
struct CommandLineShoppingFilesTests {
    /// A recipe collection with a pantry of its own in `./config`, and a
    /// configuration home (`XDG_CONFIG_HOME`) with an aisle file.
    static func collection() throws -> (folder: URL, environment: [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-shopfiles-\(UUID().uuidString)")
        let manager = FileManager.default
        for sub in ["Breakfast", "config", "home/roux"] {
            try manager.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        func write(_ text: String, _ path: String) throws {
            try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        try write(">> servings: 4\n\nMix @flour{200%g}, @eggs{2} and @milk{250%ml}. Add @salt.\n", "Breakfast/Pancakes.cook")
        try write("Toss @lettuce{1} with @olive oil{2%tbsp} and @salt.\n", "salad.cook")
        try write("""
            [pantry]
            flour = { quantity = "150%g", low = "200%g", expire = "2026-11-30" }
            salt = "1%kg"

            [fridge]
            milk = { quantity = "0%ml", expire = "20.11.2026" }
            """, "config/pantry.conf")
        try write("[produce]\nlettuce\n\n[dairy]\nmilk|lait\n", "home/roux/aisle.conf")
        return (folder, ["XDG_CONFIG_HOME": folder.appendingPathComponent("home").path])
    }

    @Test func aListIsWrittenInTheSpecsFormatAndReadsBackAsTheSameList() throws {
        let (folder, environment) = try Self.collection()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fromRecipes = try RouxCommand.roux("shopping-list", "Breakfast/Pancakes.cook:2", "salad.cook", "--add", "olive oil{4%l}",
                                                    "--add", "bread", environment: environment, in: folder)
        let written = try RouxCommand.roux("shopping-list", "Breakfast/Pancakes.cook:2", "salad.cook", "--add", "olive oil{4%l}",
                                                "--add", "bread", "-o", "week.shopping-list", environment: environment, in: folder)
        #expect(written.status == 0)
        #expect(written.output == "")
        #expect(written.errors == "wrote week.shopping-list: 2 recipes, 2 other items\nread 2 recipes\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("week.shopping-list"), encoding: .utf8) == """
            -- made by roux shopping-list; ticks go to .shopping-checked beside it
            ./Breakfast/Pancakes{2}
            ./salad
            olive oil{4%l}
            bread

            """)
        let readBack = try RouxCommand.roux("shopping-list", "week.shopping-list", environment: environment, in: folder)
        #expect(readBack.status == 0)
        #expect(readBack.output == fromRecipes.output)
        #expect(readBack.output == """
            produce
              ☐ lettuce  1  (salad)

            dairy
              ☐ milk  500 ml  (Pancakes)

            Other
              ☐ flour  250 g  (Pancakes; 150 g at home)
              ☐ eggs  4  (Pancakes)
              ☐ olive oil  4.03 l  (salad)
              ☐ bread

            At home
              · salt  (Pancakes, salad)

            """)
    }

    @Test func ticksAreAppendedBesideTheListAndShownTicked() throws {
        let (folder, environment) = try Self.collection()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "./salad\n./Breakfast/Pancakes\n".write(to: folder.appendingPathComponent(".shopping-list"), atomically: true, encoding: .utf8)
        let ticked = try RouxCommand.roux("shopping-list", "--tick", "LETTUCE", "--tick", "eggs", "--untick", "eggs",
                                               environment: environment, in: folder)
        #expect(ticked.status == 0)
        #expect(ticked.errors == "ticked LETTUCE, eggs; unticked eggs in .shopping-checked\n")
        let again = try RouxCommand.roux("shopping-list", ".shopping-list", "--tick", "Milk", environment: environment, in: folder)
        #expect(again.status == 0)
        let log = folder.appendingPathComponent(".shopping-checked")
        #expect(try String(contentsOf: log, encoding: .utf8) == "+ lettuce\n+ eggs\n- eggs\n+ milk\n")
        // A name not on the list is refused whole: a typo ticks nothing.
        let typo = try RouxCommand.roux("shopping-list", "--tick", "salt", "--tick", "letuce", environment: environment, in: folder)
        #expect(typo.status == 1)
        #expect(typo.errors.contains("\"letuce\" is not on .shopping-list; nothing ticked\n"))
        #expect(try String(contentsOf: log, encoding: .utf8) == "+ lettuce\n+ eggs\n- eggs\n+ milk\n")
        let shown = try RouxCommand.roux("shopping-list", environment: environment, in: folder)
        #expect(shown.output == """
            produce
              ☑ lettuce  1  (salad)

            dairy
              ☑ milk  250 ml  (Pancakes)

            Other
              ☐ olive oil  2 tbsp  (salad)
              ☐ flour  50 g  (Pancakes; 150 g at home)
              ☐ eggs  2  (Pancakes)

            At home
              · salt  (salad, Pancakes)

            """)
        let markdown = try RouxCommand.roux("shopping-list", "-f", "markdown", environment: environment, in: folder)
        #expect(markdown.output.contains("- [x] lettuce — 1 (salad)\n"))
        #expect(markdown.output.contains("- [ ] eggs — 2 (Pancakes)\n"))
    }

    @Test func listProblemsAreLocatedAndMissingRecipesSaid() throws {
        let (folder, environment) = try Self.collection()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "./salad\n   ./Breakfast/Pancakes\n".write(to: folder.appendingPathComponent("bad.shopping-list"), atomically: true, encoding: .utf8)
        let bad = try RouxCommand.roux("shopping-list", "bad.shopping-list", environment: environment, in: folder)
        #expect(bad.status == 1)
        #expect(bad.errors == "bad.shopping-list:2:1: indented by 3 spaces; nest with two spaces a level\n")
        try "./salad\n./Dinner/Soup{2}\n".write(to: folder.appendingPathComponent("gone.shopping-list"), atomically: true, encoding: .utf8)
        let gone = try RouxCommand.roux("shopping-list", "gone.shopping-list", environment: environment, in: folder)
        #expect(gone.status == 1)
        #expect(gone.errors == "gone.shopping-list: ./Dinner/Soup: no such recipe (.md, .cook, .markdown, .menu or .txt) beside the list\n")
        let partial = try RouxCommand.roux("shopping-list", "salad.cook", "soup.cook", "-o", "new.shopping-list", environment: environment, in: folder)
        #expect(partial.status == 1)
        #expect(partial.errors.hasSuffix("new.shopping-list: not written: a recipe above could not be read\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.shopping-list").path))
        let none = try RouxCommand.roux("shopping-list", environment: environment, in: folder)
        #expect(none.status == 1)
        #expect(none.errors.contains("no recipes given and no .shopping-list in this folder"))
    }

    @Test func namesFromFilesReachTheTerminalAsStandIns() throws {
        let (folder, environment) = try Self.collection()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "bad\u{1B}[31mred{2}\n".write(to: folder.appendingPathComponent("esc.shopping-list"), atomically: true, encoding: .utf8)
        let result = try RouxCommand.roux("shopping-list", "esc.shopping-list", environment: environment, in: folder)
        #expect(result.status == 0)
        #expect(!result.output.contains("\u{1B}"))
        #expect(result.output.contains("bad␛[31mred  2"))
    }

    @Test func thePantryReportsWhatIsLowAndWhatExpiresCountingFromTheGivenDay() throws {
        let (folder, environment) = try Self.collection()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try RouxCommand.roux("pantry", "--today", "2026-11-26", environment: environment, in: folder)
        #expect(report.status == 0)
        #expect(report.output == """
            Low
              flour  150 g, low at 200 g  [pantry]
              milk  0 ml  [fridge]

            Expires within 7 days
              milk  2026-11-20  expired 6 days ago  [fridge]
              flour  2026-11-30  in 4 days  [pantry]

            """)
        let shortly = try RouxCommand.roux("pantry", "report", "--today", "2026-11-01", "--within", "3", "--pantry",
                                                "config/pantry.conf", environment: environment, in: folder)
        #expect(shortly.output.hasSuffix("milk  0 ml  [fridge]\n"))
        let badDay = try RouxCommand.roux("pantry", "--today", "2026-02-30", environment: environment, in: folder)
        #expect(badDay.status == 64)
        #expect(badDay.errors.contains("--today \"2026-02-30\" is not a date (2026-03-07)"))
    }

    @Test func pantryRecipesSaysWhatCanBeCookedAndWhatEachLacks() throws {
        let (folder, environment) = try Self.collection()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "Salt the @water{1%l}. Add @salt.\n".write(to: folder.appendingPathComponent("brine.cook"), atomically: true, encoding: .utf8)
        try "[pantry]\nwater = \"unlimited\"\nsalt = \"1%kg\"\nflour = \"150%g\"\n".write(to: folder.appendingPathComponent("config/pantry.conf"),
                                                                                              atomically: true, encoding: .utf8)
        let result = try RouxCommand.roux("pantry", "recipes", ".", environment: environment, in: folder)
        #expect(result.status == 0)
        #expect(result.output == """
            Can be cooked with what is at home
              brine

            Lacking something
              salad  lacks lettuce, olive oil
              Pancakes  lacks flour 50 g, eggs, milk

            """)
    }

    @Test func aMalformedPantryIsAnErrorAtItsLineAndTheListIsNotMade() throws {
        let (folder, environment) = try Self.collection()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "[pantry]\nflour = { quantity = \"1%kg\"\n".write(to: folder.appendingPathComponent("config/pantry.conf"), atomically: true, encoding: .utf8)
        let list = try RouxCommand.roux("shopping-list", "salad.cook", environment: environment, in: folder)
        #expect(list.status == 1)
        #expect(list.output == "")
        #expect(list.errors.hasPrefix("\(folder.path)/config/pantry.conf:2:28: not TOML: "))
    }

    @Test func configurationIsFoundInOrderAndCheckSaysWhichFileIsRead() throws {
        let (folder, environment) = try Self.collection()
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = folder.appendingPathComponent("home").path
        try FileManager.default.createDirectory(atPath: home + "/cooklang", withIntermediateDirectories: true)
        try "[shop]\nlettuce\n".write(toFile: home + "/cooklang/aisle.conf", atomically: true, encoding: .utf8)
        let report = try RouxCommand.roux("check", "--config", environment: environment, in: folder)
        #expect(report.status == 0)
        #expect(report.output == """
            aisle.conf
              absent  \(folder.path)/config/aisle.conf
              read    \(home)/roux/aisle.conf
              unread  \(home)/cooklang/aisle.conf  (the one above is read)
              absent  \(home)/cook/aisle.conf
              2 aisles
            pantry.conf
              read    \(folder.path)/config/pantry.conf
              absent  \(home)/roux/pantry.conf
              absent  \(home)/cooklang/pantry.conf
              absent  \(home)/cook/pantry.conf
              3 items at home
            config.toml
              absent  \(home)/roux/config.toml
              none found: the editor's defaults

            """)
        // Without Roux's own, the Cooklang tools' aisle file is read.
        try FileManager.default.removeItem(atPath: home + "/roux/aisle.conf")
        let list = try RouxCommand.roux("shopping-list", "salad.cook", environment: environment, in: folder)
        #expect(list.output.hasPrefix("shop\n  ☐ lettuce  1  (salad)\n"))
        // A file named on the command line wins.
        try "[named]\nlettuce\n".write(toFile: home + "/named.conf", atomically: true, encoding: .utf8)
        let named = try RouxCommand.roux("shopping-list", "salad.cook", "--aisle", home + "/named.conf", environment: environment, in: folder)
        #expect(named.output.hasPrefix("named\n  ☐ lettuce  1  (salad)\n"))
        let checkNamed = try RouxCommand.roux("check", "--config", "--aisle", home + "/named.conf", environment: environment, in: folder)
        #expect(checkNamed.output.hasPrefix("aisle.conf\n  named   \(home)/named.conf\n  1 aisle\n"))
    }
}
