import Foundation
@testable import Recipes
@testable import RecipeFormats
@testable import RecipeExport
import RichText
import Testing

/// Cases where Roux read a Cooklang file otherwise than the reference parser
/// (cooklang-rs) and the specification's canonical tests do, each found on
/// real recipes or by the differential check (Tests/Differential).
@Suite("Cooklang as the reference reads it")
struct CooklangReferenceCasesTests {
    /// The canonical data model's steps of a recipe, as JSON objects.
    static func steps(_ recipe: Recipe) throws -> [[[String: Any]]] {
        let json = RecipeExport.cooklangJSON(recipe)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(parsed["steps"] as? [[[String: Any]]])
    }

    static func metadata(_ recipe: Recipe) throws -> [String: Any] {
        let json = RecipeExport.cooklangJSON(recipe)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(parsed["metadata"] as? [String: Any])
    }

    /// The ingredients of the steps in order: name, quantity, units.
    static func ingredients(_ recipe: Recipe) throws -> [String] {
        try steps(recipe).flatMap { $0 }.filter { $0["type"] as? String == "ingredient" }.map { item in
            "\(item["name"] ?? "?") \(item["quantity"] ?? "?") \(item["units"] ?? "?")"
        }
    }

    /// A Markdown recipe's mention without a quantity is "some", not the
    /// ingredient's whole quantity a second time (14 real imported files).
    @Test func aMentionWithoutAQuantityInMarkdownIsSome() throws {
        let cook = CooklangFormat.parse("Sprinkle @sugar{} on top.\n\nWhip @sugar{1/4%cup} with the cream.\n")
        let markdown = MarkdownRecipeFormat.parse(MarkdownRecipeFormat.serialize(cook))
        #expect(try Self.ingredients(markdown) == ["sugar some ", "sugar 0.25 cup"])
        #expect(try Self.ingredients(cook) == ["sugar some ", "sugar 0.25 cup"])
    }

    /// A Markdown recipe whose quantity is only on its list gives it to its
    /// first mention, once.
    @Test func aQuantityOnlyOnTheListGoesToTheFirstMention() throws {
        let markdown = MarkdownRecipeFormat.parse("""
        ---
        ingredients:
          - id: sugar
            name: sugar
            quantity: 1/4 cup
        ---
        Whip ^[sugar](ingredient: "sugar") in, then ^[sugar](ingredient: "sugar") on top.

        """)
        #expect(try Self.ingredients(markdown) == ["sugar 0.25 cup", "sugar some "])
    }

    /// `|` with spaces beside it is part of the name, as the reference
    /// reads it; without spaces it gives an alias, which Roux writes.
    @Test func aBarWithSpacesIsPartOfTheName() throws {
        let (recipe, warnings) = CooklangFormat.read("Pour into a #9x13 dish | or similar{}. Bake.\n", path: "r.cook")
        #expect(String(recipe.document.text.characters) == "Pour into a 9x13 dish | or similar. Bake.")
        let cookware = try Self.steps(recipe).flatMap { $0 }.filter { $0["type"] as? String == "cookware" }
        #expect(cookware.map { $0["name"] as? String } == ["9x13 dish | or similar"])
        #expect(warnings.map(\.description) == [
            "r.cook:1:24: \"|\" with a space beside it is part of the name \"9x13 dish | or similar\" "
                + "(an alias is written name|shown, without spaces)",
        ])
        #expect(RecipeExport.plainText(recipe).contains("Pour into a 9x13 dish | or similar. Bake."))
        let aliased = CooklangFormat.parse("Add @white wine|wine{1%cup}.\n")
        #expect(String(aliased.document.text.characters) == "Add wine.")
        #expect(aliased.ingredients.map(\.name) == ["white wine"])
    }

    /// An escaped slash in a quantity is the fraction it writes, as the
    /// reference reads it; the file keeps its bytes until the quantity changes.
    @Test func anEscapedSlashInAQuantityIsAFraction() throws {
        let file = "Add @vanilla extract{1\\/2%tsp}.\n"
        let recipe = CooklangFormat.parse(file)
        #expect(recipe.ingredients.first?.quantity == Quantity(amount: "1/2", unit: "tsp"))
        #expect(try Self.ingredients(recipe) == ["vanilla extract 0.5 tsp"])
        #expect(CooklangFormat.serialize(recipe).text == file)
        let doubled = recipe.scaled(by: 2)
        #expect(doubled.ingredients.first?.quantity?.description == "1 tsp")
        #expect(CooklangFormat.serialize(doubled).text == "Add @vanilla extract{1%tsp}.\n")
        #expect(CooklangFormat.parse("Add @salt{a \\% b%g}.\n").ingredients.first?.quantity == Quantity(amount: "a % b", unit: "g"))
    }

    /// `>> key: value` among the steps is metadata, as the reference reads
    /// it (it was neither metadata nor text in cooklang-json); it ends the step.
    @Test func aMetadataLineAfterStepTextIsMetadata() throws {
        let file = "Step one @salt{1%g}.\n>> servings: 4\nStep two.\n"
        let (recipe, warnings) = CooklangFormat.read(file, path: "r.cook")
        #expect(warnings.isEmpty)
        #expect(recipe.servings == 4)
        #expect(try Self.metadata(recipe)["servings"] as? Int == 4)
        #expect(try Self.steps(recipe).map(\.count) == [3, 1])
        #expect(CooklangFormat.serialize(recipe).text == file)
        // The same key twice: the last counts, and check says so.
        let twice = CooklangFormat.read(">> servings: 2\n\nStep.\n>> servings: 4\n", path: "r.cook")
        #expect(twice.recipe.servings == 4)
        #expect(twice.warnings.map(\.description) == ["r.cook:4:1: metadata key \"servings\" is given again (first on line 1); the last value counts"])
    }

    /// A section may end with a block comment, on its line or closed on a later one.
    @Test func aSectionWithATrailingBlockCommentIsASection() throws {
        let file = "== Dough == [- for the base -]\nMix @flour{200%g}.\n"
        let recipe = CooklangFormat.parse(file)
        let first = try #require(recipe.document.text.runs.first)
        #expect(first.headingLevel == 2)
        #expect(String(recipe.document.text.characters) == "Dough\nMix flour.")
        #expect(try Self.steps(recipe).count == 1)
        #expect(CooklangFormat.serialize(recipe).text == file)
        let open = CooklangFormat.parse("== Dough == [- for\nthe base -]\nMix.\n")
        #expect(String(open.document.text.characters) == "Dough\nthe base -]\nMix.")
        #expect(try Self.steps(open).map { $0.compactMap { $0["value"] as? String } } == [["Mix."]])
        #expect(CooklangFormat.parse("= Dough -- the base\n").document.text.runs.first?.headingLevel == 2)
        #expect(CooklangFormat.parse("= Dough = and more\n").document.text.runs.first?.headingLevel == nil)
    }

    /// Three dashes are text, as the specification's canonical test reads
    /// `hello ---`; two start a comment.
    @Test func threeDashesAreTextAndTwoAComment() throws {
        let file = "hello ---\nsourced: babooshka\n---\n"
        let recipe = CooklangFormat.parse(file)
        #expect(try Self.steps(recipe).map { $0.compactMap { $0["value"] as? String } } == [["hello --- sourced: babooshka ---"]])
        #expect(CooklangFormat.serialize(recipe).text == file)
        #expect(try Self.steps(CooklangFormat.parse("Bake -- until golden\n")).map { $0.compactMap { $0["value"] as? String } }
            == [["Bake "]])
        // A dash before a comment is escaped so that the two do not make three.
        let dashThenComment = "Bake \\--- until golden\n"
        #expect(try Self.steps(CooklangFormat.parse(dashThenComment)).map { $0.compactMap { $0["value"] as? String } } == [["Bake -"]])
        #expect(CooklangFormat.serialize(CooklangFormat.parse(dashThenComment)).text == dashThenComment)
        #expect(CooklangFormat.serialize(CooklangFormat.parse("a -- b\n")).text == "a -- b\n")
        // An escaped backslash before three dashes: the dashes are text.
        #expect(try Self.steps(CooklangFormat.parse("a \\\\---\n")).map { $0.compactMap { $0["value"] as? String } } == [["a \\---"]])
        #expect(CooklangFormat.serialize(CooklangFormat.parse("a \\\\---\n")).text == "a \\\\---\n")
    }

    /// Front matter that YAML rejects but that is `key: value` lines is read
    /// as such (the canonical test's `cooking time    :30 mins`), kept as
    /// written, and check says how it was read.
    @Test func aFrontMatterKeyWithSpacesBeforeItsColonIsRead() throws {
        let file = "---\ncooking time    :30 mins\n---\n"
        let (recipe, warnings) = CooklangFormat.read(file, path: "r.cook")
        #expect(try Self.metadata(recipe)["cooking time"] as? String == "30 mins")
        #expect(warnings.map(\.description) == [
            "r.cook:2:1: front matter: not YAML; read as \"key: value\" lines (keys \"cooking time\"); the front matter is kept as it is",
        ])
        #expect(CooklangFormat.serialize(recipe).text == file)
    }

    /// A recipe reference is named after the recipe, as the reference names it.
    @Test func aRecipeReferenceIsNamedAfterTheRecipe() throws {
        let recipe = CooklangFormat.parse("Serve with @./sauces/Hollandaise{150%g}.\n")
        #expect(try Self.ingredients(recipe) == ["Hollandaise 150 g"])
    }

    /// A block comment over several lines joins the lines around it; a
    /// line of nothing but a comment ends the step.
    @Test func aBlockCommentAcrossLinesJoinsTheStep() throws {
        let joined = CooklangFormat.parse("Keep mixing\n[- a block comment\nthat spans lines -] then add @butter.\n")
        #expect(try Self.steps(joined).map { $0.compactMap { $0["value"] as? String } } == [["Keep mixing  then add ", "."]])
        let split = CooklangFormat.parse("a\n[- c\nd -]\nb\n\nc\n[- c -]\nd\n")
        #expect(try Self.steps(split).map { $0.compactMap { $0["value"] as? String } } == [["a"], ["b"], ["c"], ["d"]])
    }
}
