import Foundation
import RouxTestSupport
@testable import Recipes
@testable import RecipeFormats
@testable import RecipeExport
import RichText
import Testing

/// Golden files, one folder per construct: `Fixtures/markdown/<case>/in.md`
/// or `Fixtures/cooklang/<case>/in.cook` is opened as a file; `out.txt` says
/// what it was read as (`RecipeDescription`). Every case also checks that
/// saving it unedited gives it back byte for byte and that writing every
/// line anew reads back the same. A case with `edits.txt` makes those edits
/// and saves: the file must be `edited.md` (or `edited.cook`), which shows
/// which lines an edit may change. A Cooklang case may have `import.md`
/// (its Markdown import) and `canonical.json` (the specification's data
/// model). Outputs are never written by the test.
@Suite("Recipe file fixtures")
struct FixtureTests {
    static let root = recipeFixtures

    /// Every case, as "format/name". A missing fixture folder is a case of its own that fails.
    static let cases: [String] = ["markdown", "cooklang"].flatMap { format -> [String] in
        let folder = root.appendingPathComponent(format).path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder), !names.isEmpty else {
            return ["\(format)/(the folder \(folder) is missing or empty)"]
        }
        return names.sorted().map { "\(format)/\($0)" }
    }

    @Test(arguments: cases)
    func fixture(_ name: String) throws {
        let directory = Self.root.appendingPathComponent(name)
        let isCooklang = name.hasPrefix("cooklang/")
        let input = directory.appendingPathComponent(isCooklang ? "in.cook" : "in.md")
        let bytes = try #require(FileManager.default.contents(atPath: input.path), "\(input.path) is missing")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-fixture-\(UUID().uuidString)")
            .appendingPathExtension(isCooklang ? "cook" : "md").path
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let opened = try RecipeFiles.open(path: path)
        let text = String(decoding: bytes, as: UTF8.self)
        let warnings = isCooklang ? CooklangFormat.read(text, path: "in.cook").warnings : MarkdownRecipeFormat.read(text, path: "in.md").warnings
        let described = RecipeDescription.of(opened.recipe, warnings: warnings)
        let expected = try #require(try? String(contentsOf: directory.appendingPathComponent("out.txt"), encoding: .utf8),
                                    "\(name)/out.txt is missing; the file reads as:\n\(described)")
        #expect(described == expected, "\(name) reads as:\n\(described)")

        // Saved unedited: the file, byte for byte.
        let format = opened.format
        #expect(RecipeFiles.fileContents(opened.recipe, as: format).contents.joined() == [UInt8](bytes), "\(name): unedited save")
        // Every line written anew still means the same.
        let rewritten = RecipeFiles.serialize(opened.recipe, as: format).text
        let reread = isCooklang ? CooklangFormat.parse(rewritten) : MarkdownRecipeFormat.parse(rewritten)
        #expect(reread.paragraphsDiffering(from: opened.recipe).isEmpty, "\(name): written anew as\n\(rewritten)")

        // A golden file under another name would be skipped silently.
        let known: Set<String> = [input.lastPathComponent, "out.txt", "import.md", "canonical.json", "edits.txt",
                                  isCooklang ? "edited.cook" : "edited.md"]
        let present = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(Set(present).subtracting(known).isEmpty, "\(name): files no check reads: \(Set(present).subtracting(known).sorted())")

        // Optional golden exports: the Markdown import of a Cooklang file, the spec's data model.
        if let imported = try Self.golden("import.md", in: directory) {
            let markdown = MarkdownRecipeFormat.serialize(opened.recipe)
            #expect(markdown == imported, "\(name): imported as\n\(markdown)")
            #expect(MarkdownRecipeFormat.parse(markdown).paragraphsDiffering(from: opened.recipe).isEmpty, "\(name): the import reads back the same")
        }
        if let canonical = try Self.golden("canonical.json", in: directory) {
            let json = RecipeExport.cooklangJSON(opened.recipe)
            #expect(json == canonical, "\(name): the data model is\n\(json)")
        }

        if let script = try Self.golden("edits.txt", in: directory) {
            try Self.expectEdits(script, of: opened, text: text, format: format, name: name, directory: directory, isCooklang: isCooklang)
        }
    }

    /// An optional golden file: nil when there is none, an error when it cannot be read.
    static func golden(_ name: String, in directory: URL) throws -> String? {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The case's `edits.txt` applied, saved, and compared with its edited file.
    static func expectEdits(_ script: String, of opened: RecipeFiles.Opened, text: String, format: RecipeFormat, name: String,
                            directory: URL, isCooklang: Bool) throws {
        var recipe = opened.recipe
        let headLines = text.utf8.count { $0 == 0x0A } + (text.utf8.last == 0x0A ? 0 : 1)
            - ParagraphReader.paragraphs(of: recipe.document.text, in: 0 ..< recipe.document.text.utf8.count).count
        for command in script.split(separator: "\n") where !command.isEmpty {
            try FixtureEdit.apply(String(command), to: &recipe, headLines: headLines)
        }
        let saved = try #require(RecipeFiles.fileContents(recipe, as: format).contents.joined())
        let editedURL = directory.appendingPathComponent(isCooklang ? "edited.cook" : "edited.md")
        let savedText = String(decoding: saved, as: UTF8.self)
        let edited = try #require(try? String(contentsOf: editedURL, encoding: .utf8), "\(editedURL.path) is missing; saved:\n\(savedText)")
        #expect(savedText == edited, "\(name): saved after the edits:\n\(savedText)")
        let back = isCooklang ? CooklangFormat.parse(savedText) : MarkdownRecipeFormat.parse(savedText)
        #expect(back.paragraphsDiffering(from: recipe).isEmpty, "\(name): the edited file reads back as the document")
    }
}

/// An edit of a fixture's `edits.txt`, by file line and column (1-based,
/// columns in characters of the line's text):
/// `type 3:5 text` (`\n` for a line break), `delete 3:5-3:9`,
/// `bold 3:5-3:9`, `mark 3:5-3:9` (Ctrl-E), `undo`.
enum FixtureEdit {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func apply(_ command: String, to recipe: inout Recipe, headLines: Int) throws {
        let parts = command.split(separator: " ", maxSplits: 2).map(String.init)
        func index(_ place: Substring) throws -> AttributedString.Index {
            let numbers = place.split(separator: ":").compactMap { Int($0) }
            guard numbers.count == 2 else { throw Failure(description: "not line:column: \(place)") }
            let text = recipe.document.text
            var index = text.startIndex
            var paragraph = 0
            while paragraph < numbers[0] - 1 - headLines {
                guard let newline = text.characters[index...].firstIndex(of: "\n") else { throw Failure(description: "no line \(numbers[0])") }
                index = text.characters.index(after: newline)
                paragraph += 1
            }
            return text.characters.index(index, offsetBy: numbers[1] - 1)
        }
        func range(_ text: String) throws -> Range<AttributedString.Index> {
            let ends = text.split(separator: "-")
            guard ends.count == 2 else { throw Failure(description: "not a range: \(text)") }
            return try index(ends[0]) ..< index(ends[1])
        }
        switch parts.first {
        case "type"?:
            guard parts.count == 3 else { throw Failure(description: command) }
            try recipe.document.select(TextSelection(caret: index(Substring(parts[1]))))
            recipe.document.insert(parts[2].replacingOccurrences(of: "\\n", with: "\n"))
        case "delete"?:
            try recipe.document.select(TextSelection(range(parts[1])))
            recipe.document.deleteBackward()
        case "bold"?:
            try recipe.document.select(TextSelection(range(parts[1])))
            _ = recipe.document.toggle(BoldAttribute.self)
        case "mark"?:
            try recipe.document.select(TextSelection(range(parts[1])))
            guard let suggestion = recipe.suggestion(for: recipe.document.selection) else { throw Failure(description: "no suggestion: \(command)") }
            recipe.apply(suggestion)
        case "undo"?:
            recipe.document.undo()
        default:
            throw Failure(description: "unknown edit: \(command)")
        }
    }
}
