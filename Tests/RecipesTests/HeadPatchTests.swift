import Foundation
import Recipes
import RichText
import Testing

/// A changed servings (or title, or ingredient) rewrites its own line of the
/// head and no other byte.
@Suite("Head patches")
struct HeadPatchTests {
    static func saved(_ file: String, as format: RecipeFormat, _ change: (inout Recipe) -> Void) throws -> String {
        var recipe = try #require(try? (format == .cooklang ? CooklangFormat.read(file, path: "x.cook").recipe
            : MarkdownRecipeFormat.read(file, path: "x.md").recipe))
        change(&recipe)
        let bytes = try #require(RecipeFiles.fileContents(recipe, as: format).contents.joined())
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aFrontMatterKeepsItsCommentsQuotingAndLineEndings() throws {
        let file = "---\r\n# note\r\ntitle: 'Pâte'\r\nservings: 4 # parts\r\nsource: \"x\"\r\n---\r\nDu ^[beurre](ingredient: \"beurre\").\r\n"
        let six = try Self.saved(file, as: .markdown) { $0.setServings(6) }
        #expect(six == file.replacingOccurrences(of: "servings: 4 # parts", with: "servings: 6"))
        let added = try Self.saved(file, as: .markdown) { recipe in
            recipe.ingredients.append(Ingredient(id: IngredientID("beurre"), name: "beurre", quantity: Quantity(amount: "20", unit: "g")))
        }
        #expect(added.hasPrefix("---\r\n# note\r\ntitle: 'Pâte'\r\nservings: 4 # parts\r\nsource: \"x\"\r\ningredients:\r\n  - id: beurre\r\n"))
        #expect(added.hasSuffix("---\r\nDu ^[beurre](ingredient: \"beurre\").\r\n"))
    }

    @Test func aServingsLineIsAddedWhereThereWasNone() throws {
        let file = "---\ntitle: Pâte\n---\n# Pâte\n"
        #expect(try Self.saved(file, as: .markdown) { $0.setServings(2) } == "---\ntitle: Pâte\nservings: 2\n---\n# Pâte\n")
        let cook = ">> title: Pâte\n>> source: grand-mère\n\nDu @beurre{20%g}.\n"
        #expect(try Self.saved(cook, as: .cooklang) { $0.setServings(2) }
            == ">> title: Pâte\n>> source: grand-mère\n>> servings: 2\n\nDu @beurre{20%g}.\n")
    }

    @Test func cooklangMetadataLinesChangeOneByOne() throws {
        let cook = ">> title: Pâte\n>>servings:4\n>> tags: [a, b]\n\nDu @beurre{20%g}.\n"
        #expect(try Self.saved(cook, as: .cooklang) { $0.setServings(8) } == ">> title: Pâte\n>> servings: 8\n>> tags: [a, b]\n\nDu @beurre{20%g}.\n")
    }
}
