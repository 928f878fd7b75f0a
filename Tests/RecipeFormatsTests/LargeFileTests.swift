import Foundation
import RecipeStorage
import Recipes
import RecipeFormats
import RichText
import Testing

/// Files over 4 MB are read where they lie, a slice at a time; what they
/// become must be exactly what reading them whole gives.
@Suite("Large files read in place")
struct LargeFileTests {
    static func write(_ bytes: [UInt8], extension name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-large-\(UUID().uuidString).\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A Markdown book of `bytes` bytes with front matter, marks, several
    /// scripts (multi-byte characters land on every slice boundary sooner or later).
    static func book(bytes: Int, lineEnding: String, finalNewline: Bool, invalid: Bool = false) -> [UInt8] {
        var lines = ["---", "title: Grand livre", "ingredients:", "  - id: beurre", "    name: beurre", "---"]
        var size = 0
        var number = 0
        while size < bytes {
            let line = number % 50 == 0 ? "## Recette \(number)"
                : "Du ^[beurre](ingredient: \"beurre\"), **\(number)** g de סוכר, 砂糖 et 🍩 n°\(number)."
            lines.append(line)
            size += line.utf8.count + lineEnding.utf8.count
            number += 1
        }
        var result = Array(lines.joined(separator: lineEnding).utf8)
        if finalNewline { result += Array(lineEnding.utf8) }
        if invalid {
            // A lone continuation byte and a truncated sequence, far into the body.
            let place = result.count * 3 / 4
            let lineStart = (result[..<place].lastIndex(of: 0x0A) ?? 0) + 1
            result.insert(contentsOf: [0x80, 0x41, 0xE2, 0x82], at: lineStart)
        }
        return result
    }

    @Test(arguments: [("\n", false), ("\r\n", true)])
    func aLargeMarkdownFileBecomesWhatReadingItWholeGives(lineEnding: String, finalNewline: Bool) throws {
        let bytes = Self.book(bytes: 5_000_000, lineEnding: lineEnding, finalNewline: finalNewline)
        let path = try Self.write(bytes, extension: "md")
        defer { unlink(path) }
        let opened = try RecipeFiles.open(path: path, progressively: true)
        var load = try #require(opened.pendingLoad, "a 5 MB file opens with its first slice")
        #expect(opened.recipe.document.text.utf8.count < 1 << 20)
        var recipe = opened.recipe
        while !load.isComplete { load.loadMore(maxBytes: 100_000, into: &recipe) }
        #expect(load.failure == nil)
        #expect(load.warnings.isEmpty)
        let whole = MarkdownRecipeFormat.parse(String(decoding: bytes, as: UTF8.self), path: path)
        let sameText = recipe.document.text == whole.document.text
        #expect(sameText)
        #expect(recipe.metadata == whole.metadata)
        #expect(recipe.ingredients == whole.ingredients)
        #expect(recipe.style == whole.style)
        let savedBack = Array(MarkdownRecipeFormat.serialize(recipe).utf8) == bytes
        #expect(savedBack, "saved back byte for byte")
    }

    @Test func aLargePlainTextFileWithInvalidUTF8IsReadAsWholeAndWarnsTheSame() throws {
        let bytes = Self.book(bytes: 4_500_000, lineEnding: "\r\n", finalNewline: true, invalid: true)
        let path = try Self.write(bytes, extension: "txt")
        defer { unlink(path) }
        let opened = try RecipeFiles.open(path: path)
        #expect(opened.pendingLoad == nil)
        let whole = try RecipeFileReader.decode(Data(bytes), path: path)
        let expected = PlainTextRecipeFormat.parse(whole.text)
        let sameText = opened.recipe.document.text == expected.document.text
        #expect(sameText)
        #expect(opened.recipe.style == expected.style)
        #expect(opened.savingIsLossy)
        #expect(opened.warnings == whole.warnings)
        let lineOfInvalid = bytes[..<(bytes.firstIndex(of: 0x80) ?? 0)].filter { $0 == 0x0A }.count + 1
        #expect(opened.warnings.first?.hasPrefix("\(path):\(lineOfInvalid):1: not valid UTF-8") == true)
    }

    /// A large file read in slices keeps the map of its lines even with
    /// invalid UTF-8 in them: unedited, it is copied whole; edited at its
    /// end, the line with the invalid bytes is still the file's.
    @Test(arguments: ["md", "txt"])
    func aLargeFileWithInvalidUTF8CopiesItsUntouchedLines(extension ext: String) throws {
        let bytes = Self.book(bytes: 4_500_000, lineEnding: "\r\n", finalNewline: true, invalid: true)
        let path = try Self.write(bytes, extension: ext)
        defer { unlink(path) }
        let opened = try RecipeFiles.open(path: path, progressively: true)
        var load = try #require(opened.pendingLoad)
        var recipe = opened.recipe
        while !load.isComplete { load.loadMore(maxBytes: 1 << 20, into: &recipe) }
        #expect(opened.savingIsLossy)
        let format = RecipeFormat(path: path)
        #expect(RecipeFiles.fileContents(recipe, as: format).contents.joined() == bytes)
        try recipe.document.select(TextSelection(caret: recipe.document.text.endIndex))
        recipe.document.insert(" Fin.")
        let contents = RecipeFiles.fileContents(recipe, as: format).contents
        #expect(contents.joined() == Array(bytes.dropLast(2)) + Array(" Fin.\r\n".utf8))
    }

    /// One line longer than a read: characters are cut at every megabyte,
    /// and none is taken for invalid UTF-8; a bad byte far into it is found
    /// at its own column.
    @Test func aLongLineIsValidatedWholeAndABadByteInItIsLocated() throws {
        // "é" is two bytes: after one "a" every megabyte boundary splits one.
        var bytes = Array(("a" + String(repeating: "é", count: 2_300_000) + "\n").utf8)
        let path = try Self.write(bytes, extension: "md")
        defer { unlink(path) }
        let opened = try RecipeFiles.open(path: path)
        #expect(opened.warnings.isEmpty)
        #expect(!opened.savingIsLossy)
        #expect(opened.recipe.document.text.characters.count == 2_300_001)
        bytes[1 + 2 * 1_500_000] = 0xFF // replaces the lead byte of the 1,500,001st "é"
        let broken = try Self.write(bytes, extension: "md")
        defer { unlink(broken) }
        let warned = try RecipeFiles.open(path: broken)
        #expect(warned.savingIsLossy)
        #expect(warned.warnings.first?.hasPrefix("\(broken):1:1500002: not valid UTF-8") == true, "\(warned.warnings)")
    }

    @Test func aLargeBinaryFileIsRefusedWithThePlaceOfItsNul() throws {
        var bytes = Array(String(repeating: "une ligne de texte\n", count: 300_000).utf8)
        bytes[19 * 250_000 + 3] = 0
        let path = try Self.write(bytes, extension: "md")
        defer { unlink(path) }
        #expect {
            try RecipeFiles.open(path: path, progressively: true)
        } throws: { error in
            (error as? RecipeLoadFailure)?.errors.map { [$0.line, $0.column] } == [[250_001, 4]]
        }
    }

    @Test func aFileChangedInPlaceWhileItLoadsStopsWithAMessage() throws {
        let bytes = Array(String(repeating: "une ligne de texte\n", count: 300_000).utf8)
        let path = try Self.write(bytes, extension: "txt")
        defer { unlink(path) }
        let opened = try RecipeFiles.open(path: path, progressively: true)
        var load = try #require(opened.pendingLoad)
        var recipe = opened.recipe
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("ajouté\n".utf8))
        try handle.close()
        load.loadMore(into: &recipe)
        #expect(load.isComplete)
        #expect(load.failure?.message.contains("changed on disk while it was being read") == true)
    }

    @Test func frontMatterLongerThanTheFirstMegabyteStillOpens() throws {
        var text = "---\ntitle: Long\nnotes: |\n"
        text += String(repeating: "  une note très longue\n", count: 60_000)
        text += "---\n" + String(repeating: "Du texte.\n", count: 400_000)
        let path = try Self.write(Array(text.utf8), extension: "md")
        defer { unlink(path) }
        let opened = try RecipeFiles.open(path: path)
        #expect(opened.recipe.title == "Long")
        #expect(MarkdownRecipeFormat.serialize(opened.recipe) == text)
    }
}
