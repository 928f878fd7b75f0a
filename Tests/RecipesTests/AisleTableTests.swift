import Foundation
@testable import Recipes
@testable import RecipeFormats
import Testing

/// Aisles as CookCLI reads `aisle.conf`: a line's synonyms are one item
/// named by its first spelling, names match whatever their case or
/// normalisation, and the list follows the file's order.
@Suite("Aisles as CookCLI reads them")
struct AisleTableTests {
    static func source(_ name: String, _ cooklang: String) -> ShoppingList.Source {
        ShoppingList.Source(name: name, recipe: CooklangFormat.parse(cooklang))
    }

    /// The case: `olive oil | olive_oil` gave two lines.
    @Test func synonymsOnOneLineAreOneItemUnderTheFirstName() {
        let aisles = AisleTable(contents: "[condiments]\nolive oil | olive_oil\n")
        let list = ShoppingList(sources: [Self.source("a", "Add @olive oil{2%tbsp}.\n"), Self.source("b", "Add @olive_oil{1%tbsp}.\n")],
                                aisles: aisles)
        #expect(list.items.map(\.name) == ["olive oil"])
        #expect(list.items.map(\.quantities) == [["3 tbsp"]])
        #expect(list.items.map(\.recipes) == [["a", "b"]])
        #expect(list.items.map(\.aisle) == ["condiments"])
    }

    /// `Olive Oil`, `OLIVE_OIL` and a decomposed `crème` are the listed names.
    @Test func matchingIgnoresCaseAndUnicodeNormalisation() {
        let aisles = AisleTable(contents: "[dairy]\ncrème fraîche\n[condiments]\nolive oil|olive_oil\n")
        let decomposed = "cre\u{300}me frai\u{302}che"
        let list = ShoppingList(sources: [Self.source("a", "@Olive Oil{1%tbsp} @OLIVE_OIL{1%tbsp} @\(decomposed){100%ml} @Crème Fraîche{50%ml}\n")],
                                aisles: aisles)
        #expect(list.items.map(\.name) == ["crème fraîche", "olive oil"])
        #expect(list.items.map(\.quantities) == [["150 ml"], ["2 tbsp"]])
    }

    /// Case variants merge without an aisle file too, under the first spelling met.
    @Test func caseVariantsMergeWithoutAnAisleFile() {
        let list = ShoppingList(sources: [Self.source("a", "@Garlic{2%cloves}\n"), Self.source("b", "@garlic{1%clove}\n")])
        #expect(list.items.map(\.name) == ["Garlic"])
        #expect(list.items.map(\.quantities) == [["3 cloves"]])
    }

    /// Sections and the items in them follow the file, whatever the recipes'
    /// order; what no section lists comes last, in the recipes' order.
    @Test func sectionsAndItemsFollowTheFileUnknownItemsLast() {
        let aisles = AisleTable(contents: """
            // the shop from the door
            [produce]
            lettuce
            tomatoes | tomato
            [dairy]
            milk
            butter

            """)
        let list = ShoppingList(sources: [Self.source("a", "@sand{1%kg} @butter{10%g} @tomato{2} @milk{1%l} @lettuce{1} @glue{1}\n")],
                                aisles: aisles)
        #expect(aisles.aisles == ["produce", "dairy"])
        #expect(list.items.map(\.name) == ["lettuce", "tomatoes", "milk", "butter", "sand", "glue"])
        #expect(list.items.map(\.aisle) == ["produce", "produce", "dairy", "dairy", nil, nil])
    }

    /// CookCLI's comments (`//`, also after a name) are not names.
    @Test func commentsAreNotNames() {
        let aisles = AisleTable(contents: "[spices]\nsalt // fine\n// pepper\n# cumin\n")
        #expect(aisles.entry(of: "salt")?.name == "salt")
        #expect(aisles.entry(of: "pepper") == nil)
        #expect(aisles.entry(of: "# cumin") == nil)
        #expect(aisles.entry(of: "salt // fine") == nil)
    }
}
