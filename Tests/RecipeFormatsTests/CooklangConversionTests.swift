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
}
