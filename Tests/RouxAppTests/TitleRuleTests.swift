import Foundation
import RecipeFormats
import RecipeStorage
import Recipes
@testable import RouxApp
import TerminalUI
import Testing

/// One rule names a recipe everywhere (`Recipe.title`): the front matter's
/// title, else the first heading, else the file's name. A recipe whose front
/// matter says one title and whose heading says another goes by the front
/// matter's in the title bar, the list and the name a first save offers.
@Suite("One title rule in the editor")
struct TitleRuleTests {
    static let twoTitles = "---\ntitle: Tarte Tatin\n---\n# Tarte renversée\nDes pommes.\n"

    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-titles-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try twoTitles.write(toFile: folder + "/tatin.md", atomically: true, encoding: .utf8)
        try "# Crêpes\nFarine et lait.\n".write(toFile: folder + "/crepes.md", atomically: true, encoding: .utf8)
        try "Du sel, du poivre.\n".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        return folder
    }

    static func app(in folder: String, file: String) throws -> EditorController {
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: folder + "/" + file)), width: 120, height: 30)
        app.showFolder(folder)
        return app
    }

    @Test func theTitleBarAndTheListSayTheFrontMatterTitle() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = try Self.app(in: folder, file: "tatin.md")
        #expect(app.session.title == "Tarte Tatin")
        #expect(app.screen.line(0).hasPrefix(" Roux  Tarte Tatin — tatin.md"), "\(app.screen.line(0))")
        #expect(app.screen.lines.contains { $0.hasPrefix("▸ Tarte Tatin") }, "the open recipe's row")
        #expect(!app.screen.lines.contains { $0.hasPrefix("▸ Tarte renversée") || $0.hasPrefix("  Tarte renversée") })
        // The same title when another recipe is open (read from the file).
        let other = try Self.app(in: folder, file: "crepes.md")
        #expect(other.screen.lines.contains { $0.hasPrefix("  Tarte Tatin") })
    }

    @Test func aRecipeWithoutTitleIsListedByItsFileNameWithoutTheExtension() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = try Self.app(in: folder, file: "crepes.md")
        #expect(app.screen.lines.contains { $0.hasPrefix("  notes ") }, "\(app.screen.lines.joined(separator: "\n"))")
        #expect(!app.screen.lines.contains { $0.contains("notes.txt") })
    }

    @Test func aFirstSaveOffersTheFrontMatterTitleAsTheName() throws {
        let app = editor(Self.twoTitles)
        #expect(app.isUnnamed)
        #expect(app.suggestedFileName == "tarte-tatin.md")
    }

    /// While the front matter's title is the heading's (as read), renaming
    /// the heading renames the recipe at once, as its save will.
    @Test func aTitleThatFollowsTheHeadingFollowsItBeforeTheSave() throws {
        let app = editor("---\ntitle: Tarte\n---\n# Tarte\nDes pommes.\n")
        app.type(Keys.end + Array(" Tatin".utf8))
        #expect(app.session.title == "Tarte Tatin")
        #expect(app.screen.line(0).hasPrefix(" Roux  Tarte Tatin — new recipe"), "\(app.screen.line(0))")
    }
}
