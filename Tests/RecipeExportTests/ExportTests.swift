import Foundation
@testable import Recipes
@testable import RecipeFormats
@testable import RecipeExport
import RichText
import RouxTestSupport
import Testing

/// The export formats (readable text, HTML, JSON) and the shopping list.
@Suite("Exports")
struct ExportTests {
    @Test func htmlHasTheTitleFirstThenTheIngredientsThenListsLinksAndCode() {
        let recipe = MarkdownRecipeFormat.parse("""
        # <Titre> & co
        ^[שלום עולם](baseWritingDirection: "rtl")
        - un ^[beurre](ingredient: "beurre")
          - imbriqué
        1. premier
        2. [lien](https://example.com) et `code`
        ```
        x < y
        ```
        """)
        let html = RecipeExport.html(recipe)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        let title = html.range(of: "<h1 dir=\"auto\">&lt;Titre&gt; &amp; co</h1>")
        let list = html.range(of: "<ul class=\"ingredients\">")
        #expect(title != nil && list != nil && title!.lowerBound < list!.lowerBound)
        #expect(html.contains("<p dir=\"rtl\">שלום עולם</p>"))
        #expect(html.contains("<ul>\n<li dir=\"auto\">un <span class=\"ingredient\" data-ingredient=\"beurre\">beurre</span><ul>\n<li dir=\"auto\">imbriqué</li></ul>\n</li></ul>"))
        #expect(html.contains("<ol>\n<li dir=\"auto\">premier</li>\n<li dir=\"auto\"><a href=\"https://example.com\">lien</a> et <code>code</code></li></ol>"))
        #expect(html.contains("<pre><code>x &lt; y</code></pre>"))
    }

    /// A list's own numbers stay (1, 2, 4: the file skipped one), and an
    /// image's address is its address in JSON as in HTML.
    @Test func exportsKeepListNumbersAndImageAddresses() throws {
        let recipe = MarkdownRecipeFormat.parse("3. a\n4. b\n6. c\n\n![le feuilletage](feuilletage.jpg \"Pâte\")\n")
        let html = RecipeExport.html(recipe)
        #expect(html.contains("<ol start=\"3\">\n<li dir=\"auto\">a</li>\n<li dir=\"auto\">b</li>\n<li value=\"6\" dir=\"auto\">c</li></ol>"))
        #expect(html.contains("<img src=\"feuilletage.jpg\" alt=\"le feuilletage\">"))
        #expect(RecipeExport.json(recipe).contains("\"image\" : \"feuilletage.jpg\""))
    }

    @Test func jsonHasListItemsWithTheirLevel() throws {
        let recipe = MarkdownRecipeFormat.parse("- a\n  - b\n3. c\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(RecipeExport.json(recipe).utf8)) as? [String: Any])
        let paragraphs = try #require(json["paragraphs"] as? [[String: Any]])
        let lists = paragraphs.map { $0["list"] as? [String: Any] }
        #expect(lists.map { $0?["level"] as? Int } == [1, 2, 1])
        #expect(lists.map { $0?["kind"] as? String } == ["bullet", "bullet", "ordered"])
        #expect(lists[2]?["number"] as? Int == 3)
    }

    @Test func theTextExportUnderlinesWideTitlesToTheirWidth() {
        let recipe = MarkdownRecipeFormat.parse("# どら焼き\n")
        #expect(RecipeExport.plainText(recipe).hasPrefix("どら焼き\n========\n"))
    }

    /// Lists keep their markers and numbers (a step refers to "step 2"),
    /// quotes theirs; headings are their words; the title is not repeated.
    @Test func theTextExportKeepsListMarkersAndNumbers() {
        let recipe = MarkdownRecipeFormat.parse("# Soupe\n\n## Étapes\n\n1. Bouillir.\n2. Saler, voir 1.\n\n- une note\n> cité\n")
        #expect(RecipeExport.plainText(recipe) == "Soupe\n=====\n\nÉtapes\n\n1. Bouillir.\n2. Saler, voir 1.\n\n- une note\n> cité\n")
    }

    /// Blank lines separate blocks, as HTML's margins do: no empty
    /// paragraphs for them, none inside a list's last item.
    @Test func theHTMLExportHasNoParagraphsForBlankLines() {
        let recipe = MarkdownRecipeFormat.parse("# Soupe\n\n- un\n- deux\n\nAprès la liste.\n\n\nDeux lignes vides avant.\n\n```\na\n\nb\n```\n")
        let html = RecipeExport.html(recipe)
        #expect(html.contains("""
            <h1 dir="auto">Soupe</h1>
            <ul>
            <li dir="auto">un</li>
            <li dir="auto">deux</li></ul>
            <p dir="auto">Après la liste.</p>
            <p dir="auto">Deux lignes vides avant.</p>
            <pre><code>a

            b</code></pre>
            """), "\(html)")
        #expect(!html.contains("<br>"))
    }

    @Test func shoppingListAddsQuantitiesOfTheSameUnit() {
        let crêpes = CooklangFormat.parse("@farine{250%g} @lait{50%cl} @œufs{2}\n")
        let gâteau = CooklangFormat.parse("@Farine{1/2%kg} @farine{100%g} @œufs{3} @sel\n")
        let list = ShoppingList(sources: [.init(name: "Crêpes", recipe: crêpes), .init(name: "Gâteau", recipe: gâteau)])
        #expect(list.items.map(\.name) == ["farine", "lait", "œufs", "sel"])
        #expect(list.items[0].recipes == ["Crêpes", "Gâteau"])
        #expect(list.items[0].quantities == ["850 g"])
        #expect(list.items[2].quantities == ["5"])
        #expect(list.items[3].quantities == [])
    }
}

@Suite("Cookware and timers")
struct EquipmentTests {
    static let recipe = CooklangFormat.parse("""
    Boil in a #pot{} for ~{10%minutes}. Drain in a #colander.
    Back in the #pot, ~rest{5%min}, then ~{10%minutes} more.

    """)

    @Test func eachIsListedOnceInTheOrderTheTextNamesThem() {
        #expect(Self.recipe.equipment == Recipe.Equipment(cookware: ["pot", "colander"], timers: ["10 minutes", "rest: 5 min"]))
    }

    @Test func textAndHTMLExportsListTheCookware() {
        let text = RecipeExport.plainText(Self.recipe)
        #expect(text.hasPrefix("Cookware:\n- pot\n- colander\n\nBoil in a pot for 10 minutes."), "\(text)")
        let html = RecipeExport.html(Self.recipe)
        #expect(html.contains("<ul class=\"cookware\">\n<li dir=\"auto\">pot</li>\n<li dir=\"auto\">colander</li>\n</ul>\n"), "\(html)")
        #expect(html.contains("<span class=\"cookware\">pot</span>"))
    }
}
