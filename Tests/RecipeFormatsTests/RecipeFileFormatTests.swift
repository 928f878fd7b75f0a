import Foundation
@testable import RecipeFormats
import RecipeStorage
import Recipes
import Testing

/// The one table of formats (`RecipeFormat.registered`): each format is in it
/// once, names its own files, and is what opening and saving use.
@Suite("The table of formats")
struct RecipeFileFormatTests {
    @Test func everyFormatIsRegisteredOnceWithExtensionsOfItsOwn() {
        for format in RecipeFormat.allCases {
            #expect(RecipeFormat.registered.count { $0.format == format } == 1, "\(format)")
            #expect(format.file.format == format)
        }
        let all = RecipeFormat.registered.flatMap { $0.extensions }
        #expect(Set(all).count == all.count, "an extension claimed twice: \(all)")
        #expect(Set(all) == Set(RecipeFormat.extensions))
    }

    /// A file is read in the format whose extensions name it, in any case;
    /// a name no format claims is Markdown.
    @Test func aPathIsReadInTheFormatItsExtensionNames() {
        for format in RecipeFormat.registered {
            for pathExtension in format.extensions {
                #expect(RecipeFormat(path: "/tmp/soupe." + pathExtension) == format.format)
                #expect(RecipeFormat(path: "/tmp/SOUPE." + pathExtension.uppercased()) == format.format)
                #expect(RecipeFormat.isRecipeFileName("soupe." + pathExtension))
            }
        }
        #expect(RecipeFormat(path: "/tmp/soupe") == .markdown)
        #expect(RecipeFormat(path: "/tmp/soupe.mdx") == .markdown)
        #expect(!RecipeFormat.isRecipeFileName("soupe.mdx"))
        #expect(RecipeFormat.cooklang.displayName == "Cooklang")
        #expect(RecipeFormat.plainText.displayName == "plain text")
    }

    /// Each format's reader and writer, through the table, give a file of
    /// its own back byte for byte, and read it as that format's reader does.
    @Test(arguments: [("soupe.md", "---\ntitle: Soupe\n---\n# Soupe\n\nDu **sel**.\n"),
                      ("soupe.cook", ">> title: Soupe\n\nAdd @sel{1%pincée}.\n"),
                      ("soupe.txt", "Du *sel*.\r\n")])
    func eachFormatReadsAndWritesItsFilesThroughTheTable(name: String, contents: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-formats-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + name
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        let opened = try RecipeFiles.open(path: path)
        #expect(opened.format == RecipeFormat(path: path))
        #expect(RecipeFiles.fileContents(opened.recipe, as: opened.format).contents.joined() == Array(contents.utf8))
        #expect(RecipeFiles.serialize(opened.recipe, as: opened.format).text == contents)
        #expect(opened.format.parse(contents) == opened.recipe)
    }
}
