import Foundation
import Recipes
@testable import RecipeFormats
import Testing

/// A Markdown recipe written as Cooklang (`Recipe.convertedToCooklang`):
/// what Markdown shows as separate blocks stays separate for Cooklang's
/// readers, which end a step or a note only at a blank line.
@Suite("Markdown converted to Cooklang")
struct CooklangConversionTests {
    static func converted(_ markdown: String) -> String {
        CooklangFormat.serialize(MarkdownRecipeFormat.parse(markdown).convertedToCooklang()).text
    }

    /// Lines of one paragraph stay one step, a quote of two lines one note,
    /// each item of a list of steps a step; the front matter stays (as YAML).
    @Test func blocksBecomeStepsAndNotes() {
        let markdown = """
            ---
            title: Soup
            servings: 4
            ---
            Chop the onion.
            Soften it in butter.
            > Do not brown it.
            > Low heat.
            - Add the stock.
            - Simmer.

            """
        #expect(Self.converted(markdown) == """
            ---
            title: Soup
            servings: 4
            ---
            Chop the onion.
            Soften it in butter.

            > Do not brown it.
            > Low heat.

            Add the stock.

            Simmer.

            """)
    }

    /// The opening heading is the title (metadata), a later one a section;
    /// a heading that is not the title stays a section.
    @Test func theOpeningHeadingIsTheTitle() {
        #expect(Self.converted("# Soup\n\nChop.\n\n# Serving\n\nHot.\n") == "---\ntitle: Soup\n---\nChop.\n\n== Serving ==\n\nHot.\n")
        #expect(Self.converted("---\ntitle: Soup\n---\n# Onion soup\nChop.\n") == "---\ntitle: Soup\n---\n== Onion soup ==\nChop.\n")
    }

    /// The quantity written on a marked item goes into its braces, even
    /// when the front matter's list says another (the cook reads the text).
    @Test func aMarkedItemsWrittenQuantityGoesIntoTheBraces() {
        let markdown = """
            ---
            ingredients:
              - id: milk
                name: milk
                quantity: 2 cups
            ---
            ## Ingredients
            - 1 1/2 cups ^[milk](ingredient: "milk"), warm
            - ^[salt](ingredient: "salt")

            """
        #expect(Self.converted(markdown) == "== Ingredients ==\n@milk{1 1/2%cups}, warm\n@salt\n")
    }

    /// Tryout 2 #29: an item whose name holds a code span (three runs of
    /// styles) is one ingredient, not three aliases; an item nested under an
    /// ingredient is a remark on it (the text stays), not an ingredient.
    /// Read back, the Cooklang names what the Markdown names.
    @Test func styledNamesAndNestedRemarksConvertAsWritten() throws {
        let markdown = """
            # Cake

            ## Ingredients

            - 200 g flour
            - 3 eggs
              - 1 for the glaze
            - zest of `1` lemon

            """
        let cooklang = Self.converted(markdown)
        #expect(!cooklang.contains("|"))
        #expect(cooklang == """
            ---
            title: Cake
            ---
            == Ingredients ==

            @flour{200%g}
            @eggs{3}
            1 for the glaze
            @zest of 1 lemon{}

            """)
        let readBack = CooklangFormat.parse(cooklang)
        #expect(readBack.ingredients.map(\.name) == ["flour", "eggs", "zest of 1 lemon"])
        #expect(MarkdownRecipeFormat.parse(markdown).readingIngredientLists().ingredients.map(\.name) == ["flour", "eggs", "zest of 1 lemon"])
    }

    /// A list of groups ("For the dough:") holds its ingredients in nested
    /// items: those are ingredients (their parent has no quantity).
    @Test func itemsNestedUnderALabelAreIngredients() {
        let markdown = "## Ingredients\n\n- For the dough:\n  - 200 g flour\n  - 1 egg\n"
        #expect(MarkdownRecipeFormat.parse(markdown).readingIngredientLists().ingredients.map(\.name) == ["flour", "egg"])
    }
}
