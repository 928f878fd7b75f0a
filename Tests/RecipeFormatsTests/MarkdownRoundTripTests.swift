import Foundation
import Recipes
import RecipeFormats
import RichText
import RouxTestSupport
import Testing

@Suite("Markdown round trips")
struct MarkdownRoundTripTests {
    @Test(arguments: ["croissants.md", "sufganiyot.md", "dorayaki.md", "kimchi-jeon.md", "hummus.md"])
    func theSamplesAreByteIdenticalAfterOpenAndSave(name: String) throws {
        let original = try contents(of: "Resources/Recipes/\(name)")
        let recipe = MarkdownRecipeFormat.parse(original, path: name)
        #expect(MarkdownRecipeFormat.serialize(recipe) == original)
    }

    /// Emphasis that delimiters cannot nest (`***b** n*`) makes the writer list
    /// it (`^[b](bold: true, italic: true)`); an autolink on that line stays a
    /// link written anew (it was left as `^[https://…]()`, its address lost).
    @Test(arguments: ["***b** n* <https://cook.example/a_b>.", "***b** n* see <chef@example.com> or [the site](https://example.com \"Ex\")."])
    func linksStayLinksWhenEmphasisIsWrittenAsLists(line: String) {
        let recipe = MarkdownRecipeFormat.parse(line + "\n")
        let rewritten = MarkdownRecipeFormat.serialize(recipe)
        #expect(rewritten.contains("(bold: true, italic: true)"))
        #expect(MarkdownRecipeFormat.parse(rewritten).paragraphsDiffering(from: recipe).isEmpty, "\(rewritten)")
        #expect(MarkdownRecipeFormat.parse(rewritten).document.text.runs.contains { $0.link != nil })
    }

    @Test func theCroissantRecipeHasItsIngredientsMarked() throws {
        let recipe = MarkdownRecipeFormat.parse(try contents(of: "Resources/Recipes/croissants.md"))
        #expect(recipe.title == "Croissants au beurre")
        #expect(recipe.ingredients.map(\.id.rawValue) == ["farine", "beurre", "sucre", "sel", "levure"])
        #expect(recipe.ingredients[1].quantity == Quantity(amount: "250", unit: "g"))
        #expect(recipe.ingredients[1].note == "doux, bien froid")
        #expect(recipe.metadata.value(of: "servings") == "12")
        let beurres = RunsDescription.of(recipe.document.text).filter { $0.hasPrefix("beurre{") }
        #expect(beurres == Array(repeating: "beurre{foregroundColor=green ingredient=beurre}", count: 2))
        #expect(RunsDescription.of(recipe.document.text).first == "Croissants au beurre\n{heading=1}")
    }
}

@Suite("Progressive loading")
struct ProgressiveLoadingTests {
    @Test func theFirstSliceIsUsableAndTheWholeLoadEqualsAOneShotParse() throws {
        var book = "---\ntitle: Livre\n---\n"
        for number in 0 ..< 2000 { book += "## Recette \(number)\nDu ^[beurre](ingredient: \"beurre\") et **\(number)** g de sucre.\n" }
        var load = MarkdownRecipeFormat.beginLoading(book, firstSlice: 4096)
        #expect(!load.isComplete)
        #expect(load.recipe.document.text.utf8.count < 8192)
        #expect(String(load.recipe.document.text.characters).hasPrefix("Recette 0\nDu beurre et 0 g de sucre.\nRecette 1"))
        #expect(!load.recipe.document.canUndo)
        #expect(load.recipe.ingredients.map(\.id.rawValue) == ["beurre"], "a mark the list lacks joins it with the first slice")
        while !load.isComplete { load.loadMore(maxBytes: 10_000) }
        #expect(load.fractionLoaded == 1)
        #expect(load.warnings.isEmpty)
        #expect(!load.recipe.document.canUndo, "loading is not an edit")
        let whole = MarkdownRecipeFormat.parse(book)
        #expect(load.recipe == whole)
        #expect(MarkdownRecipeFormat.serialize(load.recipe) == book)
    }

    @Test func warningsInLaterSlicesAreLocatedInTheFile() throws {
        let text = String(repeating: "ligne\n", count: 100) + "Du ^[beurre(x)\n"
        var load = MarkdownRecipeFormat.beginLoading(text, firstSlice: 50)
        while !load.isComplete { load.loadMore(maxBytes: 64) }
        #expect(load.warnings.map(\.line) == [101])
        #expect(String(load.recipe.document.text.characters).hasSuffix("Du ^[beurre(x)"), "kept as text")
    }

    @Test(arguments: ["\n", "\r\n"])
    func plainTextLoadsInSlicesAndSavesBackByteForByte(lineEnding: String) {
        let lines = (0 ..< 3000).map { "Ligne \($0) — שורה \($0) *pas* du Markdown" }
        let file = lines.joined(separator: lineEnding) + lineEnding
        var load = PlainTextRecipeFormat.beginLoading(file, firstSlice: 4096)
        #expect(!load.isComplete)
        #expect(String(load.recipe.document.text.characters).hasPrefix(lines[0] + "\n" + lines[1]))
        while !load.isComplete { load.loadMore(maxBytes: 7_000) }
        #expect(String(load.recipe.document.text.characters) == lines.joined(separator: "\n"))
        #expect(!load.recipe.document.text.runs.contains { $0.attributes != AttributeContainer() }, "verbatim, no formatting")
        #expect(!load.recipe.document.canUndo, "loading is not an edit")
        let saved = PlainTextRecipeFormat.serialize(load.recipe)
        #expect(load.recipe.style.lineEnding == lineEnding)
        #expect(saved.text == file)
        #expect(saved.dropped.isEmpty)
    }

    @Test func aPlainTextFileWithoutAFinalNewlineOrEmptyStaysSo() {
        for file in ["", "\n", "une ligne", "deux\r\nlignes", "deux\r\nlignes\r\n", "\n\n", "\r\n"] {
            #expect(PlainTextRecipeFormat.serialize(PlainTextRecipeFormat.parse(file)).text == file)
        }
    }
}
