import Foundation
import RouxTestSupport
import Testing

/// The command line says a recipe's title by the one rule (front matter,
/// heading, file name) and names the recipe extensions from the one list.
@Suite("Command line: titles and folders")
struct TitlesAndFoldersCommandLineTests {
    static let twoTitles = "---\ntitle: Tarte Tatin\n---\n# Tarte renversée\nDes ^[pommes](ingredient: \"pommes\").\n"

    @Test func theCommandLineSaysTheSameTitles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-titles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tatin = folder.appendingPathComponent("tatin.md").path
        try Self.twoTitles.write(toFile: tatin, atomically: true, encoding: .utf8)
        try "Add @sel{1%pincée}.\n".write(to: folder.appendingPathComponent("sauce.cook"), atomically: true, encoding: .utf8)
        let runs = try RouxCommand.roux("open", "--runs", tatin)
        #expect(runs.output.hasPrefix("== \(tatin) — Tarte Tatin\n"), "\(runs.output)")
        let html = try RouxCommand.roux("export", tatin, "-f", "html")
        #expect(html.output.contains("<title>Tarte Tatin</title>"))
        let shopping = try RouxCommand.roux("shopping-list", folder.path)
        #expect(shopping.output.contains("(Tarte Tatin)"), "\(shopping.output)")
        #expect(shopping.output.contains("(sauce)"), "\(shopping.output)")
    }

    @Test func anEmptyFolderIsSaidWithTheRecipeExtensions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try RouxCommand.roux("check", folder.path)
        #expect(result.errors.hasPrefix("\(folder.path): no recipe files (.md, .cook, .markdown, .menu, .txt) in this folder or below\n"), "\(result.errors)")
    }
}
