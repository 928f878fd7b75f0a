import Foundation
import Recipes
@testable import RecipeFormats
import Testing

/// Which references an expansion follows (`ReferenceSelection`), and how a
/// `.shopping-list`'s nesting says it (`ShoppingListFile.resolved(in:)`).
@Suite("Reference selection")
struct ReferenceSelectionTests {
    static func collection() throws -> String {
        try ReferenceExpansionTests.folder([
            "sauce.cook": "Simmer @tomatoes{4}.\n",
            "sides/bread.cook": "Knead @flour{500%g}.\n",
            "dinner.cook": "Prepare @./sauce{2} and @./sides/bread{}. Serve with @rice{300%g}.\n",
            "soup.cook": "Boil @leeks{2}.\n",
            "plans/week.menu": "@../dinner{3}\n@../soup{}\n",
        ])
    }

    static func leaves(_ folder: String, _ selection: ReferenceSelection) throws -> [String] {
        let path = folder + "/dinner.cook"
        let recipe = try RecipeFiles.open(path: path).recipe.readingIngredientLists()
        return ReferenceExpansionTests.leaves(ReferenceExpansion(of: recipe, at: path, following: selection))
    }

    @Test func allNoneOrOnlyTheNamedReferences() throws {
        let folder = try Self.collection()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.leaves(folder, .all) == ["tomatoes 8", "flour 500 g", "rice 300 g"])
        #expect(try Self.leaves(folder, .none) == ["sauce 2", "bread", "rice 300 g"])
        // Named by its path as a list writes it, or by the same file.
        #expect(try Self.leaves(folder, .only([.init(path: "sauce.cook")])) == ["tomatoes 8", "rice 300 g"])
        #expect(try Self.leaves(folder, .only([.init(path: "elsewhere/bread", file: folder + "/sides/bread.cook")]))
            == ["flour 500 g", "rice 300 g"])
    }

    /// CookCLI's store: a plan's recipes under it at their own times, each
    /// one's chosen references under it; a recipe alone reads all of its own.
    @Test func aListsNestingResolvesToRecipesAndTheirSelections() throws {
        let folder = try Self.collection()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = try ShoppingListFile(parsing: "./plans/week.menu{2}\n  ./dinner{6}\n    ./sauce\n  ./soup{2}\n./plans/week\n./soup\n")
        let resolved = list.resolved(in: folder)
        #expect(resolved.recipes.map { ($0.file as NSString).lastPathComponent } == ["dinner.cook", "soup.cook", "week.menu", "soup.cook"])
        #expect(resolved.recipes.map(\.factor) == [6, 2, 1, 1])
        #expect(resolved.recipes.map(\.selection) == [.only([.init(path: "sauce", file: folder + "/sauce.cook")]), .all, .all, .all])
        #expect(resolved.missing.isEmpty)
        #expect(ShoppingListFile.recipeFile("plans/week", in: folder) == folder + "/plans/week.menu")
    }
}
