import Foundation
@testable import RecipeFormats
import RecipeStorage
import Recipes
import Testing

/// What a format needs to write a file back is the format's (`FileOrigin`),
/// held by the recipe as an opaque `origin` that the domain only copies.
@Suite("A recipe's origin")
struct FileOriginTests {
    @Test func aRecipeMadeInTheDomainHasNoOriginAndANewFilesStyle() {
        let recipe = Recipe(title: "Soupe")
        #expect(recipe.origin == nil)
        #expect(recipe.style == Recipe.FileStyle())
        #expect(recipe.firstBodyLine == 1)
        #expect(!recipe.headIsVerbatim)
        #expect(!recipe.keepsIngredientsOnMarks)
    }

    /// Read from a file, the recipe carries the format's origin; a copy the
    /// domain makes (scaled) carries it too, so its file is written in the
    /// same style (byte-order mark, CRLF) with its head where it was.
    @Test(arguments: [("soupe.md", "\u{FEFF}---\r\ntitle: Soupe\r\nservings: 2\r\n---\r\nDu sel.\r\n", false,
                       "\u{FEFF}---\r\ntitle: Soupe\r\nservings: 4\r\n---\r\nDu sel.\r\n"),
                      ("soupe.cook", "\u{FEFF}>> servings: 2\r\n\r\nAdd @sel{1%g}.\r\n", true,
                       "\u{FEFF}>> servings: 4\r\n\r\nAdd @sel{2%g}.\r\n")])
    func theOriginTravelsWithTheRecipe(name: String, contents: String, onMarks: Bool, scaled: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-origin-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        let opened = try RecipeFiles.open(path: path)
        let origin = try #require(opened.recipe.origin as? FileOrigin)
        #expect(origin.style.lineEnding == "\r\n")
        #expect(origin.style.hasByteOrderMark)
        #expect(opened.recipe.keepsIngredientsOnMarks == onMarks)
        #expect(opened.recipe.firstBodyLine == (onMarks ? 3 : 5))
        let doubled = opened.recipe.scaled(by: 2)
        #expect(doubled.origin is FileOrigin)
        #expect(RecipeFiles.serialize(doubled, as: opened.format).text == scaled)
    }
}
