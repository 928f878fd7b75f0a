import Foundation
import Recipes
import RecipeFormats
import RichText
import Testing

/// A changed servings (or title, or ingredient) rewrites its own line of the
/// head and no other byte.
@Suite("Head patches")
struct HeadPatchTests {
    static func saved(_ file: String, as format: RecipeFormat, _ change: (inout Recipe) -> Void) throws -> String {
        var recipe = format == .cooklang ? CooklangFormat.read(file, path: "x.cook").recipe
            : MarkdownRecipeFormat.read(file, path: "x.md").recipe
        change(&recipe)
        let bytes = try #require(RecipeFiles.fileContents(recipe, as: format).contents.joined())
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aFrontMatterKeepsItsCommentsQuotingAndLineEndings() throws {
        let file = "---\r\n# note\r\ntitle: 'Pâte'\r\nservings: 4 # parts\r\nsource: \"x\"\r\n---\r\nDu ^[beurre](ingredient: \"beurre\").\r\n"
        let six = try Self.saved(file, as: .markdown) { $0.setServings(6) }
        #expect(six == file.replacingOccurrences(of: "servings: 4 # parts", with: "servings: 6 # parts"))
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

    /// A Cooklang file with front matter and `>>` lines: a key is changed
    /// where it is written (Alt-V wrote `servings:` into the front matter and
    /// left `>> servings: 4`, which won on reopening); a new key goes to the
    /// front matter.
    @Test func aKeyIsChangedWhereItIsWritten() throws {
        let lines = "---\ntitle: Cake\n---\n>> servings: 4\n\nMix @flour{200%g}.\n"
        let eight = try Self.saved(lines, as: .cooklang) { $0.setServings(8) }
        #expect(eight == "---\ntitle: Cake\n---\n>> servings: 8\n\nMix @flour{200%g}.\n")
        #expect(CooklangFormat.parse(eight).servings == 8)
        #expect(try Self.saved(lines, as: .cooklang) { $0 = $0.scaled(by: 2) }
            == "---\ntitle: Cake\n---\n>> servings: 8\n\nMix @flour{400%g}.\n")
        let front = "---\nservings: 2\n---\n>> source: Mamie\n\nMix.\n"
        #expect(try Self.saved(front, as: .cooklang) { $0.setServings(4) } == "---\nservings: 4\n---\n>> source: Mamie\n\nMix.\n")
        let neither = "---\ntitle: Cake\n---\n>> source: Mamie\n\nMix.\n"
        #expect(try Self.saved(neither, as: .cooklang) { $0.setServings(4) }
            == "---\ntitle: Cake\nservings: 4\n---\n>> source: Mamie\n\nMix.\n")
        // Given in both, the `>>` line counts and is the one changed.
        let both = "---\nservings: 2\n---\n>> servings: 4\n\nMix.\n"
        #expect(CooklangFormat.parse(both).servings == 4)
        #expect(try Self.saved(both, as: .cooklang) { $0.setServings(6) } == "---\nservings: 2\n---\n>> servings: 6\n\nMix.\n")
    }

    /// A `>>` line among the steps is changed in the text, where it is.
    @Test func aMetadataLineAmongTheStepsIsChangedWhereItIs() throws {
        let file = "Mix @flour{200%g}.\n>> servings: 4 people\nBake.\n"
        var recipe = CooklangFormat.parse(file)
        recipe.setServings(6)
        #expect(String(recipe.document.text.characters) == "Mix flour.\n>> servings: 6 people\nBake.")
        #expect(CooklangFormat.serialize(recipe).text == "Mix @flour{200%g}.\n>> servings: 6 people\nBake.\n")
        #expect(try Self.saved(file, as: .cooklang) { $0 = $0.scaled(by: 0.5) } == "Mix @flour{100%g}.\n>> servings: 2 people\nBake.\n")
    }

    /// Imported to Markdown, the `>>` lines are front matter, not a quote in the text.
    @Test func importedToMarkdownTheMetadataLinesAreFrontMatter() throws {
        let file = "---\ntitle: Cake\nservings: 2\n---\n>> servings: 4\n>> source: Mamie\n\nMix @flour{200%g}.\n>> time: 1 hour\nBake.\n"
        let markdown = MarkdownRecipeFormat.serialize(CooklangFormat.parse(file))
        #expect(markdown == "---\ntitle: Cake\nservings: 4\nsource: Mamie\ntime: 1 hour\n---\n"
            + "Mix ^[flour](ingredient: \"flour\", quantity: \"200 g\").\nBake.\n")
        let read = MarkdownRecipeFormat.parse(markdown)
        #expect(read.servings == 4 && read.metadata.value(of: "source") == "Mamie" && read.metadata.value(of: "time") == "1 hour")
    }

    /// The comment after a changed entry stays; a "#" inside quotes is no comment.
    @Test(arguments: [("servings: 4 # adults", "servings: 6 # adults"),
                      ("yield: \"2 loaves\"   # two", "yield: 6 loaves   # two"),
                      ("servings: \"4 #1\"", "servings: \"6 #1\""),
                      ("servings: 4#5", "servings: 6#5")])
    func aChangedEntryKeepsItsComment(line: String, written: String) throws {
        let file = "---\n\(line)\n---\n# Pâte\n"
        #expect(try Self.saved(file, as: .markdown) { $0.setServings(6) } == "---\n\(written)\n---\n# Pâte\n")
    }

    /// Servings are read as quantities are (mixed and vulgar fractions, a
    /// range's first number) and written as decimals, which read back the
    /// same (2.5 was written "2 1/2", read back as 2, then set to "3 1/2").
    @Test(arguments: [("servings: 2 1/2 people", 2.5, 3.0, "servings: 3 people"),
                      ("serves: 1½", 1.5, 2.5, "serves: 2.5"),
                      ("servings: 4-6", 4.0, 8.0, "servings: 8"),
                      ("servings: 8 to 10", 8.0, 12.0, "servings: 12"),
                      ("yield: about 12 pieces", 12.0, 6.0, "yield: about 6 pieces"),
                      ("servings: 4", 4.0, 2.5, "servings: 2.5")])
    func servingsReadAsWrittenAndWrittenAsRead(line: String, read: Double, set: Double, written: String) throws {
        let file = "---\n\(line)\n---\n# Pâte\n"
        #expect(MarkdownRecipeFormat.read(file, path: "x.md").recipe.servings == read)
        let saved = try Self.saved(file, as: .markdown) { $0.setServings(set) }
        #expect(saved == "---\n\(written)\n---\n# Pâte\n")
        #expect(MarkdownRecipeFormat.read(saved, path: "x.md").recipe.servings == set)
    }

    @Test func cooklangMetadataLinesChangeOneByOne() throws {
        let cook = ">> title: Pâte\n>>servings:4\n>> tags: [a, b]\n\nDu @beurre{20%g}.\n"
        #expect(try Self.saved(cook, as: .cooklang) { $0.setServings(8) } == ">> title: Pâte\n>> servings: 8\n>> tags: [a, b]\n\nDu @beurre{20%g}.\n")
    }

    /// The ingredient list is patched item by item: editing one quantity
    /// changes that line only; the other items keep their quoting, comments,
    /// order and the ids they did not write.
    static let listed = """
    ---
    title: Pancakes
    ingredients:
      # the dry ones first
      - name: farine
        quantity: 700 g # T55
      - lait
      - name: oeufs
        quantity: "3"
        origin: poules du voisin
      - id: sucre
        name: sugar
        quantity: 1/4 cup
    ---
    Du ^[lait](ingredient: "lait").

    """

    @Test func editingOneQuantityChangesOneLine() throws {
        let saved = try Self.saved(Self.listed, as: .markdown) { recipe in
            recipe.ingredients[2].quantity = Quantity(amount: "4")
        }
        #expect(saved == Self.listed.replacingOccurrences(of: "    quantity: \"3\"\n", with: "    quantity: 4\n"))
        let noted = try Self.saved(Self.listed, as: .markdown) { recipe in
            recipe.ingredients[0].note = "bio"
            recipe.ingredients[3].quantity = nil
        }
        #expect(noted == Self.listed.replacingOccurrences(of: "    quantity: 700 g # T55\n", with: "    quantity: 700 g # T55\n    note: bio\n")
            .replacingOccurrences(of: "    quantity: 1/4 cup\n", with: ""))
    }

    @Test func addingRemovingAndRenamingTouchOnlyTheirItems() throws {
        let added = try Self.saved(Self.listed, as: .markdown) { recipe in
            recipe.ingredients.append(Ingredient(id: IngredientID("sel"), name: "sel", quantity: Quantity(amount: "1", unit: "pincée")))
        }
        #expect(added == Self.listed.replacingOccurrences(of: "    quantity: 1/4 cup\n", with: "    quantity: 1/4 cup\n  - name: sel\n    quantity: 1 pincée\n"))
        let removed = try Self.saved(Self.listed, as: .markdown) { recipe in recipe.ingredients.remove(at: 1) }
        #expect(removed == Self.listed.replacingOccurrences(of: "  - lait\n", with: ""))
        // A renamed item says its id, which its new name no longer gives.
        let renamed = try Self.saved(Self.listed, as: .markdown) { recipe in recipe.ingredients[0].name = "farine de blé" }
        #expect(renamed == Self.listed.replacingOccurrences(of: "  - name: farine\n    quantity: 700 g # T55\n",
                                                             with: "  - name: farine de blé\n    quantity: 700 g # T55\n    id: farine\n"))
        let back = MarkdownRecipeFormat.read(renamed, path: "x.md").recipe
        #expect(back.ingredients.map(\.id.rawValue) == ["farine", "lait", "oeufs", "sucre"])
        #expect(back.ingredients[0].name == "farine de blé")
    }

    /// A list written in flow style is written anew whole (and reads back).
    @Test func aFlowListIsWrittenWhole() throws {
        let file = "---\ningredients: [farine, lait]\n---\nDu lait.\n"
        let saved = try Self.saved(file, as: .markdown) { $0.ingredients[1].quantity = Quantity(amount: "1", unit: "l") }
        let back = MarkdownRecipeFormat.read(saved, path: "x.md").recipe
        #expect(back.ingredients.map(\.name) == ["farine", "lait"])
        #expect(back.ingredients[1].quantity?.description == "1 l")
    }
}
