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
        #expect(Self.converted(markdown) == "== Ingredients ==\n@milk{1 1/2%cups}(warm)\n@salt\n")
    }

    /// tryout3 #3: a marked item (Alt-E on the list) is its mark alone, as
    /// an unmarked item becomes: the note once, on the mark; an amount in
    /// words once, as the quantity it is read as; a vulgar fraction as the
    /// fraction Cooklang's readers take for a number (`1/2`, `1 1/2`).
    @Test func aMarkedItemsNoteAndWordAmountAreWrittenOnceOnTheMark() {
        let markdown = """
            ---
            ingredients:
              - id: beurre-doux
                name: beurre doux
                quantity: 125 g
                note: bien froid
              - id: sel
                name: sel
                quantity: 1 pincée
              - id: muscade-râpée
                name: muscade râpée
                quantity: ½ c. à café
              - id: sucre
                name: sucre
                quantity: 1½ tasse
            ---
            ## Ingrédients
            - 125 g de ^[beurre doux](ingredient: "beurre-doux"), bien froid
            - une pincée de ^[sel](ingredient: "sel")
            - ½ c. à café de ^[muscade râpée](ingredient: "muscade-râpée")
            - 1½ tasse de ^[sucre](ingredient: "sucre")

            """
        #expect(Self.converted(markdown) == """
            == Ingrédients ==
            @beurre doux{125%g}(bien froid)
            @sel{1%pincée}
            @muscade râpée{1/2%c. à café}
            @sucre{1 1/2%tasse}

            """)
        // Unmarked, the list reads the same.
        #expect(Self.converted("## Ingrédients\n- ½ c. à café de muscade râpée\n- 2 ¼ cups de farine\n")
            == "== Ingrédients ==\n@muscade râpée{1/2%c. à café}\n@farine{2 1/4%cups}\n")
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
