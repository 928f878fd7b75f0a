import Foundation
@testable import Recipes
@testable import RecipeFormats
@testable import RecipeExport
import RichText
import RouxTestSupport
import Testing

/// schema.org `Recipe` JSON-LD: written from a recipe (`export -f schema`),
/// read from a web page (`import page.html`), and the page's text made
/// plain and harmless on the way.
@Suite("schema.org recipes")
struct SchemaOrgTests {
    static func page(_ name: String) throws -> [UInt8] {
        Array(try contents(of: "Tests/RecipesTests/Fixtures/web/\(name)").utf8)
    }

    @Test(arguments: [
        ("PT1H30M", 90), ("PT45M", 45), ("P0DT0H15M", 15), ("PT0.5H", 30), ("PT90S", 2), ("P1DT2H", 1_560), ("pt20m", 20),
        ("45 minutes", 45), ("1 hour 30 minutes", 90), ("1h30m", 90), ("1 h 30", 90), ("2½ hours", 150), ("90", 90),
        ("1:15", 75), ("1 hr and 5 mins", 65), ("20 min", 20), ("1 day 2 h", 1_560), ("2 jours", 2_880), ("45m", 45),
        ("1 שעה 20 דקות", 80), ("2 ימים", 2_880), ("90 Sekunden", 2), ("2 ore", 120),
    ])
    func timesAreReadAsCooksAndPagesWriteThem(_ text: String, minutes: Int) {
        #expect(CookingDuration(text) == CookingDuration(minutes: minutes), "\(text)")
    }

    @Test(arguments: ["overnight", "P1M", "PT", "PTH", "1 hour later", "", "P99999D", "1:75", "PT1H30", "a while"])
    func whatIsNoTimeIsNone(_ text: String) {
        #expect(CookingDuration(text) == nil, "\(text)")
    }

    @Test func timesAreWrittenInISO8601AndAsTheConventionsAdvise() {
        #expect([0, 45, 60, 90, 1_500].map { CookingDuration(minutes: $0).iso8601 } == ["PT0M", "PT45M", "PT1H", "PT1H30M", "PT25H"])
        #expect([45, 60, 90].map { CookingDuration(minutes: $0).written } == ["45m", "1h", "1h30m"])
    }

    @Test func aPagesTextIsMadePlainAndHarmless() {
        #expect(WebText.plain("<p>Une tarte <strong>simple</strong>, pour l&#8217;automne.</p>") == "Une tarte simple, pour l’automne.")
        #expect(WebText.plain("Beat&nbsp;2&frac12; eggs &amp; 1&#x2F;2 cup milk") == "Beat 2½ eggs & 1/2 cup milk")
        // Markup escaped twice is markup too; a "<" that starts no tag is text.
        #expect(WebText.plain("&lt;img src=x onerror=alert(1)&gt;Bake &lt; 10 min") == "Bake < 10 min")
        // Controls, escapes and direction overrides, raw or as references, never come through.
        #expect(WebText.plain("Soup\u{1B}]0;owned\u{07}\u{202E} of\u{9B}31m the&#27;[2J day&#0;&#xD800;") == "Soup]0;owned of31m the[2J day")
        #expect(WebText.plain("  lines\r\nand\ttabs  ") == "lines and tabs")
        #expect(WebText.plain("&unknown; & &#xZZ;") == "&unknown; & &#xZZ;", "what is no reference stays as written")
        #expect(WebText.paragraphs("<ol><li>Brown.</li><li>Add &amp; stir.</li></ol>") == ["Brown.", "Add & stir."])
        #expect(WebText.paragraphs("One.\nTwo.<br/>Three.") == ["One.", "Two.", "Three."])
        #expect(WebText.plain("a <b and <i then > c") == "a c", "a tag ends at the first \">\"")
        #expect(WebText.plain("<a<a<a b") == "<a<a<a b", "no \">\", no tag")
        // Tags a fuzzer built: a control inside one, tags nested in tags.
        #expect(WebText.plain("automne.<\u{1}p>") == "automne.")
        #expect(WebText.plain("a<\u{202E}/p>b<\u{9B}script>") == "a b")
        #expect(WebText.plain("x<<b>p>y") == "x y")
        #expect(WebText.plain("x<<<b>i>script>y") == "x y")
        #expect(WebText.plain("x&lt;<b>p&gt;y") == "x y")
    }

    @Test func aRecipeInAGraphWithSectionsIsRead() throws {
        let recipes = try WebPageRecipe.recipes(inPage: Self.page("graph-sections.html"))
        let recipe = try #require(recipes.first)
        #expect(recipes.count == 1)
        #expect(recipe.name == "Tarte aux pommes & cannelle")
        #expect(recipe.description == "Une tarte simple, pour l’automne.")
        #expect(recipe.authors == ["Jeanne Martin"])
        #expect(recipe.url == "https://chez-nous.example/tarte/", "mainEntityOfPage's @id")
        #expect(recipe.images == ["https://chez-nous.example/tarte-16x9.jpg", "https://chez-nous.example/tarte-1x1.jpg"], "web addresses only")
        #expect(recipe.yield == "6 parts")
        #expect([recipe.prepTime, recipe.cookTime, recipe.totalTime] == [20, 45, 65].map(CookingDuration.init(minutes:)))
        #expect(recipe.keywords == ["dessert", "pommes", "automne"])
        #expect(recipe.categories == ["Dessert"])
        #expect(recipe.cuisines == ["Française"])
        #expect(recipe.ingredients.last == "2½ c. à soupe de sucre")
        #expect(recipe.steps == [
            RecipeExport.Step(section: "La pâte", text: "Sabler le beurre et la farine du bout des doigts."),
            RecipeExport.Step(section: "La pâte", text: "Laisser reposer 30 minutes au frais."),
            RecipeExport.Step(section: "La garniture", text: "Couper les pommes en lamelles et les mélanger à la cannelle."),
            RecipeExport.Step(section: "La garniture", text: "Cuire 45 minutes à 180 °C."),
        ])
    }

    @Test func aRecipeInAListWithInstructionsAsMarkupIsRead() throws {
        let recipe = try #require(try WebPageRecipe.recipes(inPage: Self.page("list-strings.html")).first)
        #expect(recipe.name == "Weeknight Chili")
        #expect(recipe.authors == ["Sam Cook", "Alex Pan"])
        #expect(recipe.yield == "4")
        #expect(recipe.prepTime == CookingDuration(minutes: 15))
        #expect(recipe.cookTime == CookingDuration(minutes: 40))
        #expect(recipe.keywords == ["chili", "beans", "one pot"])
        #expect(recipe.steps.map(\.text) == ["Brown the beef in a large pot.", "Add the beans & spices.", "Simmer 30 minutes."])
        #expect(recipe.steps.allSatisfy { $0.section == nil })
    }

    @Test func aPageWithoutARecipeSaysWhy() throws {
        #expect(throws: WebPageRecipe.Failure.noRecipe(blocks: 2, problems: ["line 3: not valid JSON"])) {
            try WebPageRecipe.recipes(inPage: Self.page("no-recipe.html"))
        }
        #expect(throws: WebPageRecipe.Failure.noRecipe(blocks: 0, problems: [])) {
            try WebPageRecipe.recipes(inPage: Array("<html><body>Just words.</body></html>".utf8))
        }
        let large = [UInt8](repeating: 0x20, count: WebPageRecipe.largestPage + 1)
        #expect(throws: WebPageRecipe.Failure.tooLarge(bytes: large.count)) { try WebPageRecipe.recipes(inPage: large) }
        // Many broken blocks: the first three said, the rest counted.
        let broken = String(repeating: "<script type=application/ld+json>{</script>\n", count: 5)
        #expect(throws: WebPageRecipe.Failure.noRecipe(blocks: 5, problems: (1 ... 5).map { "line \($0): not valid JSON" })) {
            try WebPageRecipe.recipes(inPage: Array(broken.utf8))
        }
        #expect(WebPageRecipe.Failure.noRecipe(blocks: 5, problems: (1 ... 5).map { "line \($0): not valid JSON" }).description
            == "no recipe found: none of the page's 5 JSON-LD blocks is a schema.org Recipe; line 1: not valid JSON; line 2: not valid JSON; "
            + "line 3: not valid JSON; and 2 more blocks that are not valid JSON")
        #expect(WebPageRecipe.Failure.noRecipe(blocks: 0, problems: []).description
            == "no recipe found: the page has no schema.org JSON-LD (<script type=\"application/ld+json\">)")
    }

    @Test func aHostilePageReachesTheFileAsPlainText() throws {
        let recipe = try #require(try WebPageRecipe.recipes(inPage: Self.page("hostile.html")).first)
        for format in [RecipeFormat.markdown, .cooklang] {
            let written = RecipeFiles.serialize(recipe.recipe(as: format), as: format).text
            #expect(!written.unicodeScalars.contains { OutgoingText.mustNotLeaveRaw($0) && $0 != "\u{0A}" }, "\(format)")
            #expect(!written.contains("<img") && !written.contains("onerror"))
            // Read back, the page's markup characters are text: no heading but Roux's, no link, no cookware.
            let back = format == .markdown ? MarkdownRecipeFormat.parse(written) : CooklangFormat.parse(written)
            let text = back.document.text
            let headings = text.runs[\.headingLevel].compactMap { $0.0 == nil ? nil : String(text.characters[$0.1]).trimmingCharacters(in: .newlines) }
            #expect(headings == (format == .markdown ? ["Soup]0;owned of the day", "Ingredients", "Steps"] : ["Ingredients", "Steps"]), "\(format)")
            #expect(text.runs.allSatisfy { $0.link == nil && $0.cookware == nil && $0.timer == nil && $0.inlineCode == nil }, "\(format)")
            #expect(String(text.characters).contains("[link](javascript:alert(1)) and *stars*"), "\(format)")
        }
    }

    @Test func anImportedRecipeIsAMarkdownRecipeWithItsIngredientsRead() throws {
        let schema = try #require(try WebPageRecipe.recipes(inPage: Self.page("list-strings.html")).first)
        let written = RecipeFiles.serialize(schema.recipe(as: .markdown), as: .markdown).text
        #expect(written == """
        ---
        servings: 4
        prep time: 15m
        cook time: 40m
        source: https://quick-eats.example/chili
        author: [Sam Cook, Alex Pan]
        tags: [chili, beans, one pot]
        image: https://quick-eats.example/chili.jpg
        ---
        # Weeknight Chili

        ## Ingredients

        - 1 lb ground beef
        - 1 (15 oz) can kidney beans, drained
        - 2 tbsp chili powder
        - 1/2 tsp salt

        ## Steps

        1. Brown the beef in a large pot.
        2. Add the beans & spices.
        3. Simmer 30 minutes.

        """)
        // Read back, the list's items are ingredients with their quantities (IngredientLine).
        let back = MarkdownRecipeFormat.parse(written).readingIngredientLists()
        #expect(back.ingredients.map { "\($0.quantity?.description ?? "") \($0.name)" }
            == ["1 lb ground beef", "1 can kidney beans", "2 tbsp chili powder", "1/2 tsp salt"])
        #expect(back.servings == 4)
        #expect(back.conventionalDuration(.cookTime) == CookingDuration(minutes: 40))
    }

    @Test func aRecipeIsWrittenAsSchemaOrgJSONLD() throws {
        let recipe = CooklangFormat.parse("""
        >> title: Rolls & <dips>
        >> servings: 4 rolls
        >> time.prep: 15m
        >> cook time: 1h
        >> source: https://example.org/rolls
        >> author: Sam
        >> tags: lunch, quick
        >> course: Lunch
        >> description: Fresh.

        Soak the @rice paper{4}. -- not too long

        = Filling
        Lay @shrimp{200%g}(cooked) on it.\\
        Roll tight.

        Serve with @sauce{}.

        """)
        let json = RecipeExport.schemaOrg(recipe, images: [RecipeImage(address: "Rolls.jpg", isBeside: true)])
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"), "embeddable in a page's script")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["@type"] as? String == "Recipe")
        #expect(object["name"] as? String == "Rolls & <dips>")
        #expect(object["recipeYield"] as? String == "4 rolls")
        #expect(object["prepTime"] as? String == "PT15M")
        #expect(object["cookTime"] as? String == "PT1H")
        #expect(object["totalTime"] as? String == "PT1H15M", "prep and cook added up")
        #expect(object["url"] as? String == "https://example.org/rolls")
        #expect((object["author"] as? [String: Any])?["name"] as? String == "Sam")
        #expect(object["keywords"] as? String == "lunch, quick")
        #expect(object["recipeCategory"] as? String == "Lunch")
        #expect(object["description"] as? String == "Fresh.")
        #expect(object["image"] as? [String] == ["Rolls.jpg"])
        #expect(object["recipeIngredient"] as? [String] == ["4 rice paper", "200 g shrimp, cooked", "sauce"])
        let instructions = try #require(object["recipeInstructions"] as? [[String: Any]])
        #expect(instructions.first?["@type"] as? String == "HowToStep")
        #expect(instructions.first?["text"] as? String == "Soak the rice paper.", "a comment is the writer's")
        let section = try #require(instructions.last)
        #expect(section["@type"] as? String == "HowToSection")
        #expect(section["name"] as? String == "Filling")
        let steps = (section["itemListElement"] as? [[String: Any]])?.map { $0["text"] as? String }
        #expect(steps == ["Lay shrimp on it.\nRoll tight.", "Serve with sauce."])
    }

    @Test func aMarkdownRecipesIngredientListIsNoStep() {
        let recipe = MarkdownRecipeFormat.parse("# Pancakes\n\n## Ingredients\n\n- 200 g flour\n- 2 eggs\n\n## Method\n\n1. Whisk.\n2. Fry.\n")
        #expect(RecipeExport.steps(of: recipe) == [RecipeExport.Step(section: "Method", text: "Whisk."), RecipeExport.Step(section: "Method", text: "Fry.")])
    }

    @Test func whatIsWrittenIsReadBack() throws {
        let recipe = MarkdownRecipeFormat.parse("""
        ---
        servings: 2
        prep time: 10 minutes
        source: https://example.org/soup
        tags: [soup, winter]
        ---
        # Soup

        ## Ingredients

        - 1 l water
        - 2 leeks

        ## Steps

        1. Boil the water.
        2. Add the leeks.

        """).readingIngredientLists()
        let page = "<html><head><script type=\"application/ld+json\">\(RecipeExport.schemaOrg(recipe))</script></head></html>"
        let read = try #require(try WebPageRecipe.recipes(inPage: Array(page.utf8)).first)
        #expect(read == SchemaOrgRecipe(recipe))
        #expect(read.steps.map(\.text) == ["Boil the water.", "Add the leeks."])
    }
}
