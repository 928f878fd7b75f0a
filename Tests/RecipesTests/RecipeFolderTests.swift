import Foundation
import RecipeFormats
import RecipeStorage
import Recipes
import Testing

/// `RecipeFolder`: which of a folder's files are recipes, how the list shows
/// them, which one opening the folder opens and what a new one is called.
@Suite("A folder of recipes")
struct RecipeFolderTests {
    /// A folder with recipes of known change times, a subfolder, hidden
    /// files, a pipe named like a recipe and a file that is no recipe.
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-folder-\(UUID().uuidString)").path
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/desserts", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder + "/.cache", withIntermediateDirectories: true)
        let files = [("tarte.md", "---\ntitle: Tarte Tatin\n---\n# Tarte renversée\n", 300), ("soupe.md", "# Soupe\n", 200),
                     ("soupe.cook", ">> title: Soupe\nAdd @sel.\n", 100), ("notes.txt", "Du sel.\n", 400),
                     (".brouillon.md", "# Brouillon\n", 500), ("photo.jpg", "JPEG", 600), ("desserts/flan.md", "# Flan\n", 700),
                     (".cache/vieux.md", "# Vieux\n", 800)]
        for (name, text, time) in files {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            try manager.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(time))], ofItemAtPath: folder + "/" + name)
        }
        #expect(mkfifo(folder + "/tuyau.md", 0o600) == 0)
        return folder
    }

    @Test func theListShowsSubfoldersThenRecipesNewestFirstTitledByTheOneRule() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let entries = RecipeFolder(folder).entries()
        #expect(entries.map(\.label) == ["../", "desserts/", "notes", "Tarte Tatin", "Soupe (soupe.md)", "Soupe (soupe.cook)"])
        #expect(entries.map(\.fileName) == [nil, nil, nil, nil, "soupe.md", "soupe.cook"])
        #expect(entries.map(\.isFolder) == [true, true, false, false, false, false])
        #expect(entries[0].path == PathText.folder(of: folder))
        #expect(RecipeFolder("/").entries().first?.title != "../")
    }

    /// Recipes changed at the same time are listed by name as a file
    /// manager lists them: numbers as numbers (`r2` before `r10`).
    @Test func equalTimesAreInNaturalOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-natural-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for number in [100, 2, 10, 1, 20] {
            let path = folder + "/r\(number).md"
            try "# Recipe \(number)\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: path)
        }
        #expect(RecipeFolder(folder).entries().map(\.title) == ["../", "Recipe 1", "Recipe 2", "Recipe 10", "Recipe 20", "Recipe 100"])
    }

    /// A new recipe is written as most of the folder's recipes are (plain
    /// text does not count); on a tie or in an empty folder, as the recipe
    /// open beside it; else in Markdown.
    @Test func aNewRecipeTakesTheFormatOfMostOfTheFoldersRecipes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-new-format-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recipes = RecipeFolder(folder)
        #expect(recipes.newRecipeFormat(besides: nil) == .markdown)
        #expect(recipes.newRecipeFormat(besides: .cooklang) == .cooklang)
        #expect(recipes.newRecipeFormat(besides: .plainText) == .markdown)
        for (name, text) in [("a.cook", "Add @salt.\n"), ("notes.txt", "Salt.\n"), ("more-notes.txt", "Pepper.\n")] {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        #expect(recipes.newRecipeFormat(besides: nil) == .cooklang)
        #expect(recipes.newRecipeFormat(besides: .plainText) == .cooklang)
        try "# Soup\n".write(toFile: folder + "/soup.md", atomically: true, encoding: .utf8)
        #expect(recipes.newRecipeFormat(besides: .cooklang) == .cooklang)
        #expect(recipes.newRecipeFormat(besides: .markdown) == .markdown)
        #expect(recipes.newRecipeFormat(besides: nil) == .markdown)
        try ">> servings: 2\n".write(toFile: folder + "/week.menu", atomically: true, encoding: .utf8)
        #expect(recipes.newRecipeFormat(besides: .markdown) == .cooklang)
        #expect(RecipeFormat.cooklang.newFileExtension == "cook" && RecipeFormat.markdown.newFileExtension == "md")
    }

    @Test func openingAFolderOpensItsNewestRecipeElseANewOne() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(RecipeFolder(folder).newestRecipe == folder + "/notes.txt")
        #expect(RecipeFolder.fileToOpen(for: folder) == folder + "/notes.txt")
        #expect(RecipeFolder.fileToOpen(for: folder + "/.cache") == folder + "/.cache/vieux.md")
        let empty = folder + "/desserts/vide"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(RecipeFolder.fileToOpen(for: empty) == empty + "/recipe.md")
    }

    /// A name typed without an extension finds its recipe, in the order of
    /// the one list of extensions; a name with one is taken as it is.
    @Test func aNameWithoutExtensionFindsItsRecipe() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(RecipeFormat.extensions == ["md", "cook", "markdown", "menu", "txt"])
        #expect(RecipeFolder.fileToOpen(for: folder + "/soupe") == folder + "/soupe.md")
        #expect(RecipeFolder.fileToOpen(for: folder + "/notes") == folder + "/notes.txt")
        #expect(RecipeFolder.fileToOpen(for: folder + "/pain") == folder + "/pain")
        #expect(RecipeFolder.fileToOpen(for: folder + "/pain.md") == folder + "/pain.md")
        #expect(RecipeFormat.isRecipeFileName("GRATIN.MARKDOWN") && !RecipeFormat.isRecipeFileName("photo.jpg"))
    }

    @Test func theCommandLineWalksSubfoldersButNotHiddenOnes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(RecipeFolder.recipeFiles(below: folder).map { String($0.dropFirst(folder.count + 1)) }
            == ["desserts/flan.md", "notes.txt", "soupe.cook", "soupe.md", "tarte.md", "tuyau.md"])
        #expect(RecipeFolder.recipeFiles(below: folder + "/tarte.md") == [folder + "/tarte.md"])
    }

    /// `roux ingredients FOLDER` (and check, shopping-list) read a folder's
    /// files in the recipe list's order: `recipe9` before `recipe10`, case
    /// aside, a subfolder's files together.
    @Test func theCommandLineReadsAFolderInNaturalOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-natural-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["recipe10.md", "recipe9.md", "Recipe2.cook", "b/recipe1.md", "b/recipe12.md", "b/recipe3.md", "b1/a.md"] {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "Salt.\n".write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(RecipeFolder.recipeFiles(below: folder).map { String($0.dropFirst(folder.count + 1)) }
            == ["b/recipe1.md", "b/recipe3.md", "b/recipe12.md", "b1/a.md", "Recipe2.cook", "recipe9.md", "recipe10.md"])
    }

    @Test func aNewRecipesNameIsFreeInTheFolder() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recipes = RecipeFolder(folder)
        #expect(recipes.newRecipePath(title: nil) == folder + "/untitled.md")
        #expect(recipes.newRecipePath(title: nil, avoiding: folder + "/untitled.md") == folder + "/untitled-2.md")
        #expect(recipes.newRecipeName(title: "Tarte", extension: "md") == "tarte-2.md")
        #expect(recipes.newRecipeName(title: "Soupe", extension: "cook") == "soupe-2.cook")
    }
}
