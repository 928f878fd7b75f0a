import Foundation
import RecipeFormats
import RecipeStorage
@testable import RouxApp
import Testing

/// Kept work and switching recipes: a recipe opened from inside Roux (the
/// list, Ctrl-O) offers its kept work as one opened from the command line
/// does, and what this session kept of a recipe it leaves unchanged is not
/// offered back later.
@Suite("Kept work when switching recipes")
struct SwitchingRecoveryTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-switch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "# Rec\n\nText.\n".write(to: folder.appendingPathComponent("rec.md"), atomically: true, encoding: .utf8)
        try "# Other\n\nMore.\n".write(to: folder.appendingPathComponent("other.md"), atomically: true, encoding: .utf8)
        return folder
    }

    static func editor(_ file: URL, state: URL) throws -> EditorController {
        EditorController(session: EditorSession(opened: try RecipeFiles.open(path: file.path)), width: 100, height: 24,
                         recovery: BackgroundRecovery(store: RecoveryStore(directory: state)))
    }

    @Test func aRecipeOpenedFromInsideRouxOffersItsKeptWork() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state")
        let rec = folder.appendingPathComponent("rec.md")
        // An earlier session kept unsaved work of rec.md.
        let earlier = BackgroundRecovery(store: RecoveryStore(directory: state))
        earlier.keepNow(MarkdownRecipeFormat.parse("# Rec\n\nText and more.\n"), as: .markdown, for: rec.path)
        let app = try Self.editor(folder.appendingPathComponent("other.md"), state: state)
        app.switchTo(path: rec.path)
        #expect(app.screen.allText.contains("Unsaved work from an earlier session was kept. r restore it"))
        app.type("r")
        #expect(String(app.session.document.text.characters).contains("Text and more."))
    }

    @Test func workUndoneBeforeLeavingIsNotOfferedAgain() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state")
        let rec = folder.appendingPathComponent("rec.md")
        let app = try Self.editor(rec, state: state)
        app.type(Array("\u{1B}[1;5F".utf8) + Array(" junk".utf8))
        app.keepUnsavedWork(now: true)
        #expect(app.recovery.store.find(for: rec.path) != nil, "the work was kept while it was unsaved")
        app.type(Keys.control("z"))
        #expect(!app.session.isModified)
        app.switchTo(path: folder.appendingPathComponent("other.md").path)
        #expect(app.recovery.store.find(for: rec.path) == nil)
        app.switchTo(path: rec.path)
        #expect(app.prompt == nil)
        #expect(String(app.session.document.text.characters) == "Rec\n\nText.")
    }
}
