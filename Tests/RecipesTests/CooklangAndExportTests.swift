import Foundation
import Recipes
import RichText
import RouxTestSupport
import Testing

/// Golden files for Cooklang import and export and for the export formats:
/// `Fixtures/cooklang/<case>/in.cook` gives `out.md` (import), `out.cook`
/// (export), `out.html`, `out.json`, `out.txt`. A missing output is written
/// for review.
@Suite("Cooklang and exports")
struct CooklangAndExportTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/RecipesTests/Fixtures/cooklang")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test(arguments: cases)
    func fixture(name: String) throws {
        let directory = Self.folder.appendingPathComponent(name)
        let input = try String(contentsOf: directory.appendingPathComponent("in.cook"), encoding: .utf8)
        let recipe = try CooklangFormat.parse(input).recipe
        let outputs = [
            "out.md": MarkdownRecipeFormat.serialize(recipe),
            "out.cook": CooklangFormat.serialize(recipe).text,
            "out.html": RecipeExport.html(recipe),
            "out.json": RecipeExport.json(recipe),
            "out.txt": RecipeExport.plainText(recipe),
        ]
        for (file, produced) in outputs.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent(file)
            guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
                try produced.write(to: url, atomically: true, encoding: .utf8)
                Issue.record("wrote \(url.path): review it")
                continue
            }
            #expect(produced == expected, "\(name)/\(file)")
        }
        // The Markdown import reads back as the same recipe.
        #expect(try MarkdownRecipeFormat.parse(MarkdownRecipeFormat.serialize(recipe)) == recipe)
    }

    @Test func cooklangKeepsQuantitiesUnitsAndNotes() throws {
        let recipe = try CooklangFormat.parse("Mix @plain flour{125%g}(sifted) with @eggs{3} and @salt.\n").recipe
        #expect(recipe.ingredients.map(\.name) == ["plain flour", "eggs", "salt"])
        #expect(recipe.ingredients.map { $0.quantity?.description } == ["125 g", "3", nil])
        #expect(recipe.ingredients[0].note == "sifted")
        #expect(String(recipe.document.text.characters) == "Mix plain flour with eggs and salt.")
        #expect(recipe.occurrenceCounts.count == 3)
    }

    @Test func aWindowsCooklangFileKeepsItsLineEndingsAndFinalNewline() throws {
        let file = ">> title: Crêpes\r\nMix @eggs{3} and @milk{50%cl}.\r\n\r\nRest.\r\n"
        let recipe = try CooklangFormat.parse(file).recipe
        #expect(recipe.style == Recipe.FileStyle(lineEnding: "\r\n", endsWithNewline: true))
        #expect(CooklangFormat.serialize(recipe).text.hasSuffix("Rest.\r\n"))
    }

    @Test func whatCooklangCannotHoldIsReported() throws {
        var recipe = try MarkdownRecipeFormat.parse("Du **beurre** ^[rouge](backgroundColor: \"red\")\n")
        let (text, dropped) = CooklangFormat.serialize(recipe)
        #expect(text == "Du beurre rouge\n")
        #expect(dropped == ["bold, italic, underline and strikethrough", "colours"])
        recipe.apply(IngredientSuggestion(name: "beurre", quantity: Quantity(amount: "10", unit: "g")))
        #expect(CooklangFormat.serialize(recipe).text == "Du @beurre{10%g} rouge\n")
    }

    @Test func htmlEscapesAndSetsDirectionPerParagraph() throws {
        let recipe = try MarkdownRecipeFormat.parse("# <Titre> & co\n^[שלום עולם](baseWritingDirection: \"rtl\")\nx < y\n")
        let html = RecipeExport.html(recipe)
        #expect(html.contains("<h1 dir=\"auto\">&lt;Titre&gt; &amp; co</h1>"))
        #expect(html.contains("<p dir=\"rtl\">שלום עולם</p>"))
        #expect(html.contains("<p dir=\"auto\">x &lt; y</p>"))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func shoppingListAddsQuantitiesOfTheSameUnit() throws {
        let crêpes = try CooklangFormat.parse("@farine{250%g} @lait{50%cl} @œufs{2}\n").recipe
        let gâteau = try CooklangFormat.parse("@Farine{1/2%kg} @farine{100%g} @œufs{3} @sel\n").recipe
        let list = ShoppingList(recipes: [("Crêpes", crêpes), ("Gâteau", gâteau)])
        #expect(list.items.map(\.name) == ["farine", "lait", "œufs", "sel"])
        // Within one recipe, kilograms and grams of the same ingredient stay side by side.
        #expect(list.items[0].quantities == ["250 g", "1/2 kg + 100 g"])
        #expect(list.items[0].recipes == ["Crêpes", "Gâteau"])
        #expect(list.items[2].quantities == ["5"])
        #expect(list.items[3].quantities == [])
    }
}
