import Foundation
import RouxTestSupport
import Testing

/// A Markdown recipe as a new user types it in Roux (a title, an intro, an
/// "Ingredients" list, numbered steps and a tip), converted and exported:
/// each step one step, the tip a note, the title the title, the
/// ingredient list said once, as Cooklang's reference parser
/// (cooklang-rs) and schema.org's readers take them.
@Suite("Command line: conversions and exports of a typed recipe")
struct ConversionCommandLineTests {
    /// No blank lines between the blocks, as Roux writes what was typed.
    static let pancakes = TypedPancakes.markdown

    /// The same recipe once its ingredients are marked (Ctrl-E, Alt-E):
    /// the quantities in the front matter and on the list's lines.
    static let marked = """
        ---
        ingredients:
          - id: flour
            name: flour
          - id: milk
            name: milk
            quantity: 1 1/2 cups
          - id: eggs
            name: eggs
            quantity: 2
        ---
        # Grandma's Pancakes
        Fluffy pancakes for a lazy Sunday.

        ## Ingredients
        - 200 g ^[flour](ingredient: "flour")
        - 1 1/2 cups ^[milk](ingredient: "milk")
        - 2 ^[eggs](ingredient: "eggs")
        ## Steps
        1. Whisk the ^[flour](ingredient: "flour").
        2. Beat in the ^[eggs](ingredient: "eggs") and ^[milk](ingredient: "milk").

        """

    /// What cooklang-rs 0.18 (cooklang-bindings 0.6.0) reads in it: the title
    /// in the metadata; the intro, the ingredients (one block under their
    /// section) and each numbered step as steps; the tip a note. Checked
    /// with `cooklang.parse`, and by `make differential` on every Markdown
    /// fixture.
    static let pancakesAsCooklang = """
        ---
        title: Grandma's Pancakes
        ---
        Fluffy pancakes for a lazy Sunday, best with maple syrup.

        == Ingredients ==
        @flour{200%g}
        @milk{1 1/2%cups}
        @eggs{2}
        @salt{1%pinch}
        == Steps ==
        Whisk the @flour and @salt in a bowl.

        Beat in the @eggs and @milk until smooth.

        Fry in a hot pan for 2 minutes per side.

        > Tip: let the batter rest 10 minutes.

        """

    static func withFiles(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-conversion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, contents) in files { try contents.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try body(folder)
    }

    /// #15: export and import write the same Cooklang, a step a paragraph.
    @Test func markdownToCooklangKeepsTheStepsTheNoteAndTheTitle() throws {
        try Self.withFiles(["plain.md": Self.pancakes]) { folder in
            let file = folder.appendingPathComponent("plain.md").path
            let exported = try RouxCommand.roux("export", "-f", "cooklang", file)
            #expect(exported.status == 0)
            #expect(exported.output == Self.pancakesAsCooklang)
            let imported = try RouxCommand.roux("import", file)
            #expect(imported.output == Self.pancakesAsCooklang)
        }
    }

    /// Tryout 2 #30: `-f` names the format to write, for a file as for a web
    /// page (the README's `roux import FILE|URL [-o OUT] [-f markdown|cooklang]`);
    /// the format the file is in already is refused with what import does.
    @Test func importTakesTheFormatToWriteForAFile() throws {
        try Self.withFiles(["plain.md": Self.pancakes, "plain.cook": Self.pancakesAsCooklang, "plain.txt": "Pancakes\n\nMix *two* eggs.\n"]) { folder in
            let path = { (name: String) in folder.appendingPathComponent(name).path }
            let cooklang = try RouxCommand.roux("import", path("plain.md"), "-f", "cooklang")
            #expect(cooklang.status == 0)
            #expect(cooklang.output == Self.pancakesAsCooklang)
            let markdown = try RouxCommand.roux("import", path("plain.cook"), "-f", "markdown")
            #expect(markdown.status == 0)
            #expect(markdown.output == (try RouxCommand.roux("import", path("plain.cook")).output))
            let text = try RouxCommand.roux("import", path("plain.txt"), "-f", "markdown")
            #expect(text.status == 0)
            #expect(text.output == "---\ntitle: plain\n---\nPancakes\n\nMix \\*two\\* eggs.\n")
            let same = try RouxCommand.roux("import", path("plain.md"), "-f", "markdown")
            #expect(same.status != 0)
            #expect(same.output == "")
            #expect(same.errors.hasPrefix("Error: \(path("plain.md")) is already Markdown; import writes it as Cooklang (-f cooklang)\n"))
        }
    }

    /// Roux's own reading of the Cooklang it wrote, and of the Markdown
    /// exported as Cooklang JSON: the same five steps, the tip in none.
    @Test func cooklangJSONOfTheMarkdownAndOfItsCooklangAgree() throws {
        try Self.withFiles(["plain.md": Self.pancakes, "plain.cook": Self.pancakesAsCooklang]) { folder in
            for name in ["plain.md", "plain.cook"] {
                let json = try RouxCommand.roux("export", "-f", "cooklang-json", folder.appendingPathComponent(name).path)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
                let steps = try #require(object["steps"] as? [[[String: Any]]])
                let texts = steps.map { step in step.map { ($0["value"] as? String) ?? ($0["name"] as? String) ?? "" }.joined() }
                #expect(texts == ["Fluffy pancakes for a lazy Sunday, best with maple syrup.", "flour milk eggs salt",
                                  "Whisk the flour and salt in a bowl.", "Beat in the eggs and milk until smooth.",
                                  "Fry in a hot pan for 2 minutes per side."], "\(name)")
                let metadata = try #require(object["metadata"] as? [String: Any])
                #expect(metadata["title"] as? String == "Grandma's Pancakes", "\(name)")
            }
        }
    }

    /// A marked item's written quantity goes into the braces, and Roux's
    /// own front matter (the ingredient list) stays out of the .cook.
    @Test func aMarkedItemsQuantityIsWrittenOnce() throws {
        try Self.withFiles(["recipe.md": Self.marked]) { folder in
            let exported = try RouxCommand.roux("export", "-f", "cooklang", folder.appendingPathComponent("recipe.md").path)
            #expect(exported.output == """
                ---
                title: Grandma's Pancakes
                ---
                Fluffy pancakes for a lazy Sunday.

                == Ingredients ==
                @flour{200%g}
                @milk{1 1/2%cups}
                @eggs{2}
                == Steps ==
                Whisk the @flour.

                Beat in the @eggs and @milk.

                """)
        }
    }

    /// #26: a recipe with no title is called by its file's name in every
    /// export, as in the title bar, the list and the shopping list (but the
    /// reference parser's JSON of a Cooklang file, a reading of the file).
    @Test func anUntitledRecipeIsNamedByItsFile() throws {
        try Self.withFiles(["bread.cook": "Mix @flour{500%g} with @water{300%ml}.\n\nBake.\n"]) { folder in
            let file = folder.appendingPathComponent("bread.cook").path
            let exports = try ["text", "html", "schema", "json", "cooklang-json", "markdown", "cooklang"].map { format in
                (format, try RouxCommand.roux("export", "-f", format, file).output)
            }
            let output = Dictionary(uniqueKeysWithValues: exports)
            #expect(output["text"]?.hasPrefix("bread\n=====\n\nIngredients:\n") == true)
            #expect(output["html"]?.contains("<title>bread</title>") == true)
            #expect(output["html"]?.contains("<h1 dir=\"auto\">bread</h1>") == true)
            #expect(output["schema"]?.contains("\"name\": \"bread\"") == true)
            #expect(output["json"]?.contains("\"title\" : \"bread\"") == true)
            // Cooklang read out as the reference parser's JSON says what the file says.
            #expect(output["cooklang-json"]?.contains("\"title\"") == false)
            #expect(output["markdown"]?.hasPrefix("---\ntitle: bread\n") == true)
            // Exported as itself, a file stays its bytes.
            #expect(output["cooklang"] == "Mix @flour{500%g} with @water{300%ml}.\n\nBake.\n")
        }
    }

    /// #27: the intro describes the dish; the tip is read with the step it follows.
    @Test func schemaHasTheIntroAsDescriptionAndTheTipInItsStep() throws {
        try Self.withFiles(["plain.md": Self.pancakes]) { folder in
            let json = try RouxCommand.roux("export", "-f", "schema", folder.appendingPathComponent("plain.md").path)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(object["name"] as? String == "Grandma's Pancakes")
            #expect(object["description"] as? String == "Fluffy pancakes for a lazy Sunday, best with maple syrup.")
            // Under "## Steps", a HowToSection of that name.
            let sections = try #require(object["recipeInstructions"] as? [[String: Any]])
            #expect(sections.count == 1)
            let steps = try #require(sections.first?["itemListElement"] as? [[String: Any]])
            #expect(steps.compactMap { $0["text"] as? String } == [
                "Whisk the flour and salt in a bowl.", "Beat in the eggs and milk until smooth.",
                "Fry in a hot pan for 2 minutes per side.\nTip: let the batter rest 10 minutes.",
            ])
        }
    }

    /// #17: the printed page lists the ingredients once: the export's list
    /// (quantities added up, scaled), not the recipe's own section again.
    @Test func theReadableExportsListTheIngredientsOnce() throws {
        try Self.withFiles(["plain.md": Self.pancakes]) { folder in
            let file = folder.appendingPathComponent("plain.md").path
            let text = try RouxCommand.roux("export", "-f", "text", file).output
            #expect(text == """
                Grandma's Pancakes
                ==================

                Ingredients:
                - 200 g flour
                - 1 1/2 cups milk
                - 2 eggs
                - 1 pinch salt

                Fluffy pancakes for a lazy Sunday, best with maple syrup.

                Steps
                1. Whisk the flour and salt in a bowl.
                2. Beat in the eggs and milk until smooth.
                3. Fry in a hot pan for 2 minutes per side.
                > Tip: let the batter rest 10 minutes.

                """)
            let html = try RouxCommand.roux("export", "-f", "html", file).output
            #expect(html.components(separatedBy: "200 g").count == 2, "200 g once: \(html)")
            #expect(!html.contains("<h2 dir=\"auto\">Ingredients</h2>"))
            #expect(html.contains("<h2 dir=\"auto\">Steps</h2>"))
            let doubled = try RouxCommand.roux("export", "-f", "text", "--scale", "2", file).output
            #expect(doubled.contains("- 400 g flour\n") && !doubled.contains("200 g"), "\(doubled)")
        }
    }
}
