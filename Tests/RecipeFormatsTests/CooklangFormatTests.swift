import Foundation
@testable import Recipes
@testable import RecipeFormats
@testable import RecipeExport
import RichText
import RouxTestSupport
import Testing

/// Cooklang as the specification reads it, the canonical data model and the
/// conversions between Cooklang and Markdown.
@Suite("Cooklang")
struct CooklangFormatTests {
    @Test func eachOccurrenceKeepsItsOwnQuantity() {
        let recipe = CooklangFormat.parse("Heat @oil{1%tbsp} in a #pan.\n\nLater add @oil{2%tbsp} and @salt.\n")
        #expect(recipe.ingredients.map(\.name) == ["oil", "salt"])
        #expect(recipe.ingredients[0].quantity == Quantity(amount: "3", unit: "tbsp"), "the list shows the total")
        let quantities = recipe.document.text.runs.compactMap { $0[OccurrenceQuantityAttribute.self]?.description }
        #expect(quantities == ["1 tbsp", "2 tbsp"])
        #expect(String(recipe.document.text.characters) == "Heat oil in a pan.\n\nLater add oil and salt.")
        // Written back, each step keeps its amount.
        #expect(CooklangFormat.serialize(recipe).text == "Heat @oil{1%tbsp} in a #pan.\n\nLater add @oil{2%tbsp} and @salt.\n")
    }

    @Test func commentsNotesSectionsAndMetadataAreKeptAndUnderstood() {
        let file = """
        >> servings: 4
        >> title: "Crêpes 🥞"

        = Batter
        Whisk @eggs{3} -- not too long
        [- a remark -] then rest ~{30%minutes}.

        > A note about @butter{} that is not an ingredient.
        == Cooking ==
        Fry in #frying pan{ }.
        """
        let recipe = CooklangFormat.parse(file)
        #expect(recipe.metadata.title == "Crêpes 🥞", "quotes around a value are not part of it")
        #expect(recipe.metadata.value(of: "servings") == "4")
        #expect(recipe.ingredients.map(\.name) == ["eggs"], "a note's @ is text")
        let runs = RunsDescription.of(recipe.document.text)
        #expect(runs.contains("Batter\n{heading=2}"))
        #expect(runs.contains { $0.hasPrefix("-- not too long") })
        #expect(RecipeExport.cooklangJSON(recipe).contains("\"type\": \"timer\""))
        // Nothing rewritten: sections as written, `{ }` with its space.
        #expect(CooklangFormat.serialize(recipe).text == file)
    }

    /// The specification's data model, in the shape of its canonical tests.
    @Test(arguments: [
        ("Add @chilli{3%items}, @ginger{10%g} and @milk{1%l}.",
         #"[[{"type":"text","value":"Add "},{"type":"ingredient","name":"chilli","quantity":3,"units":"items"},{"type":"text","value":", "},{"type":"ingredient","name":"ginger","quantity":10,"units":"g"},{"type":"text","value":" and "},{"type":"ingredient","name":"milk","quantity":1,"units":"l"},{"type":"text","value":"."}]]"#),
        ("@milk{1/2%cup} @milk{01/2%cup} @water{7 k }",
         #"[[{"type":"ingredient","name":"milk","quantity":0.5,"units":"cup"},{"type":"text","value":" "},{"type":"ingredient","name":"milk","quantity":"01/2","units":"cup"},{"type":"text","value":" "},{"type":"ingredient","name":"water","quantity":"7 k","units":""}]]"#),
        ("Fry in #frying pan{} for ~{1.5%minutes}, ~rest after",
         #"[[{"type":"text","value":"Fry in "},{"type":"cookware","name":"frying pan","quantity":1},{"type":"text","value":" for "},{"type":"timer","name":"","quantity":1.5,"units":"minutes"},{"type":"text","value":", "},{"type":"timer","name":"rest","quantity":"","units":""},{"type":"text","value":" after"}]]"#),
        ("@thyme{2%sprigs} -- testing comments\nand some text",
         #"[[{"type":"ingredient","name":"thyme","quantity":2,"units":"sprigs"},{"type":"text","value":"  and some text"}]]"#),
        ("Message me @ example, It is ~ 5\n\nAdd some @🧂",
         #"[[{"type":"text","value":"Message me @ example, It is ~ 5"}],[{"type":"text","value":"Add some "},{"type":"ingredient","name":"🧂","quantity":"some","units":""}]]"#),
    ])
    func theCanonicalDataModel(source: String, steps: String) throws {
        let json = RecipeExport.cooklangJSON(CooklangFormat.parse(source + "\n"))
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let expected = try JSONSerialization.jsonObject(with: Data(steps.utf8))
        #expect(NSDictionary(dictionary: ["steps": expected]).isEqual(to: ["steps": parsed?["steps"] as Any]), "\(json)")
    }

    @Test func metadataKeepsItsTypes() throws {
        let recipe = CooklangFormat.parse("---\nservings: 4\ntags:\n  - pasta\n  - quick\nsource: Mamie\n---\nBoil @pasta.\n")
        let json = RecipeExport.cooklangJSON(recipe)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let metadata = try #require(parsed["metadata"] as? [String: Any])
        #expect(metadata["servings"] as? Int == 4)
        #expect(metadata["tags"] as? [String] == ["pasta", "quick"])
        #expect(metadata["source"] as? String == "Mamie")
    }

    @Test func importToMarkdownAndBackGivesAnEquivalentRecipe() {
        let cook = "= Dough\nMix @flour{200%g} with @water{100%ml}(warm) in a #bowl.\n-- a comment\n> A note.\nRest ~{1%hour}.\n"
        let recipe = CooklangFormat.parse(cook)
        let markdown = MarkdownRecipeFormat.serialize(recipe)
        let imported = MarkdownRecipeFormat.parse(markdown)
        #expect(imported.paragraphsDiffering(from: recipe).isEmpty, "\(markdown)")
        #expect(markdown.contains("^[flour](ingredient: \"flour\", quantity: \"200 g\")"))
        let back = CooklangFormat.serialize(imported).text
        #expect(CooklangFormat.parse(back).paragraphsDiffering(from: recipe).isEmpty, "\(back)")
        #expect(back.contains("@flour{200%g}") && back.contains("@water{100%ml}(warm)") && back.contains("#bowl"))
    }

    /// A timer may have no name: `~{20%minutes)` is an unclosed brace, said
    /// as it is for an ingredient (it said a timer needs a name).
    @Test func anUnclosedTimerBraceIsReportedAsUnclosed() {
        let (_, warnings) = CooklangFormat.read("Bake ~{20%minutes) then rest.\n", path: "t.cook")
        #expect(warnings.map(\.description) == ["t.cook:1:6: \"{\" is not closed with \"}\" on this line; kept as text"])
    }

    @Test func aRepeatedMetadataKeyIsAWarningAndTheLastValueCounts() {
        let (recipe, warnings) = CooklangFormat.read(">> servings: 2\n>> servings: 4\n\nCook.\n", path: "r.cook")
        #expect(recipe.metadata.value(of: "servings") == "4")
        #expect(warnings.map(\.description) == ["r.cook:2:1: metadata key \"servings\" is given again (first on line 1); the last value counts"])
        // Imported to Markdown, the front matter is valid YAML.
        #expect(MarkdownRecipeFormat.serialize(recipe).hasPrefix("---\nservings: 4\n---\n"))
    }

    /// One blank line after the `>>` lines separates them from the steps;
    /// more are empty paragraphs of the body, and an empty paragraph typed
    /// at the top gets the separator it needs to read back.
    @Test func blankLinesAfterMetadataBeyondTheSeparatorAreTheBodys() {
        #expect(CooklangFormat.parse(">> servings: 2\n\nCook.\n").document.text.characters.elementsEqual("Cook."))
        #expect(CooklangFormat.parse(">> servings: 2\n\n\nCook.\n").document.text.characters.elementsEqual("\nCook."))
        #expect(CooklangFormat.parse(">> a: 1\n\n>> b: 2\n\nCook.").metadata.value(of: "b") == "2")
        for file in [">> servings: 2\nCook.\n", ">> servings: 2\n\nCook.\n", ">> servings: 2\n"] {
            var recipe = CooklangFormat.parse(file)
            try? recipe.document.select(TextSelection(caret: recipe.document.text.startIndex))
            recipe.document.insert("\n")
            let saved = CooklangFormat.serialize(recipe).text
            #expect(CooklangFormat.parse(saved).document.text.characters.elementsEqual(recipe.document.text.characters),
                    "\(file.debugDescription) → \(saved.debugDescription)")
        }
    }

    @Test func aWindowsCooklangFileKeepsItsLineEndingsAndFinalNewline() {
        let file = ">> title: Crêpes\r\nMix @eggs{3} and @milk{50%cl}.\r\n\r\nRest.\r\n"
        let recipe = CooklangFormat.parse(file)
        #expect(recipe.style == Recipe.FileStyle(lineEnding: "\r\n", endsWithNewline: true))
        #expect(recipe.metadata.title == "Crêpes")
        #expect(CooklangFormat.serialize(recipe).text == file)
    }

    /// A first line of spaces under the metadata is the body's: it is
    /// written after the blank line a reader takes for the head's (found by
    /// the source-map property test: a space typed there read back empty).
    @Test func aFirstLineOfSpacesUnderTheMetadataStaysTheBodys() throws {
        var recipe = CooklangFormat.parse(">> servings: 4\n")
        recipe.document.insert("  ")
        let saved = try #require(RecipeFiles.fileContents(recipe, as: .cooklang).contents.joined())
        #expect(String(decoding: saved, as: UTF8.self) == ">> servings: 4\n\n  \n")
        #expect(String(CooklangFormat.parse(String(decoding: saved, as: UTF8.self)).document.text.characters) == "  ")
    }

    @Test func whatCooklangCannotHoldIsReported() {
        var recipe = MarkdownRecipeFormat.parse("Du **beurre** ^[rouge](backgroundColor: \"red\")\n")
        let (text, dropped) = CooklangFormat.serialize(recipe)
        #expect(text == "Du beurre rouge\n")
        #expect(dropped == ["bold", "colours"], "what the recipe has, not a family of styles")
        recipe.apply(IngredientSuggestion(name: "beurre", quantity: Quantity(amount: "10", unit: "g")))
        // The list's quantity goes on the first mark: Cooklang keeps quantities there.
        #expect(CooklangFormat.serialize(recipe).text == "Du @beurre{10%g} rouge\n")
    }
}

@Suite("Cooklang aliases")
struct CooklangAliasTests {
    /// `@white wine|wine{}` names "white wine" and shows "wine"; a quantity
    /// changed later is written with the alias kept.
    @Test func anAliasIsShownAndKeptWhenTheQuantityChanges() throws {
        var recipe = CooklangFormat.parse("Add the @white wine|wine{100%ml}.\n")
        #expect(String(recipe.document.text.characters) == "Add the wine.")
        #expect(recipe.ingredients.map(\.name) == ["white wine"])
        let range = try #require(recipe.document.text.characters.ranges(of: Array("wine")).first)
        var quantity = AttributeContainer()
        quantity[OccurrenceQuantityAttribute.self] = Quantity(amount: "200", unit: "ml")
        try recipe.document.addAttributes(quantity, to: [range])
        #expect(CooklangFormat.serialize(recipe).text == "Add the @white wine|wine{200%ml}.\n")
    }
}

@Suite("Cooklang components side by side")
struct AdjacentComponentTests {
    /// Two equal components with nothing between are one run in the
    /// document: written anew, they are both written (found by the property test).
    @Test func equalComponentsSideBySideAreWrittenBoth() {
        for file in ["#ingredient#ingredient\n", "Add @salt@salt and ~{1%min}~{1%min}.\n"] {
            let recipe = CooklangFormat.parse(file)
            #expect(CooklangFormat.serialize(recipe).text == file)
            #expect(CooklangFormat.parse(CooklangFormat.serialize(recipe).text).paragraphsDiffering(from: recipe).isEmpty)
        }
    }
}
