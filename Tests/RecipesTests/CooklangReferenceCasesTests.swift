import Foundation
@testable import Recipes
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
}
