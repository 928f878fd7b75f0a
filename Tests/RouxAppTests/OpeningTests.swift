import Foundation
import RecipeFormats
import RecipeStorage
import Recipes
import RouxApp
import TerminalUI
import Testing

/// One way to open a recipe (`EditorSession.open`, `RecipeFolder.fileToOpen`):
/// Ctrl-O opens what the command line opens, and says the same.
@Suite("Opening a recipe")
struct OpeningTests {
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-opening-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/desserts", withIntermediateDirectories: true)
        try "# Crêpes\nFarine et lait.\n".write(toFile: folder + "/crepes.md", atomically: true, encoding: .utf8)
        try "# Flan\nDes œufs.\n".write(toFile: folder + "/desserts/flan.md", atomically: true, encoding: .utf8)
        try "# Clafoutis\nDes cerises.\n".write(toFile: folder + "/desserts/clafoutis.md", atomically: true, encoding: .utf8)
        let old = Date(timeIntervalSince1970: 1000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder + "/desserts/clafoutis.md")
        return folder
    }

    static func app(_ folder: String) throws -> EditorController {
        let (session, said) = try EditorSession.open(folder + "/crepes.md")
        let app = EditorController(session: session, width: 120, height: 30)
        app.showFolder(folder)
        app.announceOpened(warnings: said)
        return app
    }

    /// As `roux desserts/` does: the folder's list, and its newest recipe open.
    @Test func ctrlOOnAFolderShowsItsListAndOpensItsNewestRecipe() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = try Self.app(folder)
        #expect(app.message == "opened crepes.md")
        app.type(Keys.control("o") + Array("desserts\r".utf8))
        #expect(app.session.path == folder + "/desserts/flan.md")
        #expect(app.message == "opened flan.md")
        #expect(app.screen.lines.contains { $0.hasPrefix("▸ Flan") })
        #expect(app.screen.lines.contains { $0.hasPrefix("  Clafoutis") })
        #expect(!app.screen.lines.contains { $0.contains("Crêpes") })
    }

    /// The messages of each way in: a new file, a new recipe not named yet,
    /// a file read as Windows-1252.
    @Test func whatTheStatusLineSaysOnOpening() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try EditorSession.open(folder + "/pain.md").said == ["new recipe: Ctrl-S writes pain.md"])
        #expect(try EditorSession.open(folder + "/untitled.md", unnamed: true).said == ["new recipe: Ctrl-S asks for its name"])
        try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: folder + "/vieux.md"))
        let (latin, said) = try EditorSession.open(folder + "/vieux.md", reading: .windows1252)
        #expect(said == ["read vieux.md as Windows-1252: Ctrl-S writes it as UTF-8, Ctrl-Z reads its bytes again"])
        #expect(String(latin.document.text.characters) == "café")
        #expect(latin.isModified)
    }

    /// A binary file is refused with where it shows it is binary; asked to,
    /// it opens as plain text, nothing interpreted.
    @Test func aBinaryFileOpensOnlyAsPlainTextAndOnlyWhenAsked() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data([0x23, 0x20, 0x61, 0x0A, 0x62, 0x00]).write(to: URL(fileURLWithPath: folder + "/photo.md"))
        #expect {
            try EditorSession.open(folder + "/photo.md")
        } throws: { error in
            (error as? RecipeLoadFailure)?.binary.map { [$0.line, $0.column] } == [2, 2]
        }
        let (session, said) = try EditorSession.open(folder + "/photo.md", reading: .binaryAsPlainText)
        #expect(said == ["opened photo.md", folder + "/photo.md:2:2: 1 NUL byte (binary data) shown as ^@, kept by a save"])
        #expect(session.format == .plainText)
        #expect(String(session.document.text.characters) == "# a\nb\u{0}")
    }
}
