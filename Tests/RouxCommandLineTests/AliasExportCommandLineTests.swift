import Foundation
import RouxTestSupport
import Testing

/// A Cooklang alias (`@white wine|wine{150%ml}`: the ingredient white wine,
/// shown "wine") exported as Markdown reads back as the same ingredient: the
/// step still shows "wine", and the front matter's list names it white wine
/// (a recipe with its own front matter lost the name: the .md said "wine").
@Suite("Command line: an alias exported as Markdown")
struct AliasExportCommandLineTests {
    static let steps = "Pour in @white wine|wine{150%ml} and @stock{1 1/2%l}.\n"

    @Test(arguments: ["", "---\ntitle: Tricky stew\nservings: 4\n---\n\n", ">> servings: 4\n\n"])
    func theMarkdownReadsBackAsTheSameIngredient(head: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-alias-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cook = folder.appendingPathComponent("stew.cook").path
        let markdown = folder.appendingPathComponent("stew.md").path
        try (head + Self.steps).write(toFile: cook, atomically: true, encoding: .utf8)
        let exported = try RouxCommand.roux("export", "-f", "markdown", cook, "-o", markdown)
        #expect(exported.status == 0, "\(exported.errors)")
        let written = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(written.contains("Pour in ^[wine](ingredient: \"white-wine\", quantity: \"150 ml\")"), "\(written)")
        let fromMarkdown = try RouxCommand.roux("ingredients", markdown)
        let fromCooklang = try RouxCommand.roux("ingredients", cook)
        #expect(fromCooklang.output == "white wine\t150 ml\t×1\nstock\t1 1/2 l\t×1\n")
        #expect(fromMarkdown.output == fromCooklang.output, "\(written)")
    }
}
