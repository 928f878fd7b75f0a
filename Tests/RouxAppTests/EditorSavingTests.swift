import Foundation
import RecipeStorage
import RecipeFormats
import RichText
@testable import RouxApp
import TerminalUI
import Testing

/// Saving from the editor: the lines the file already holds are copied, the
/// file is what writing every line gives, and the recovery file goes.
@Suite("Saving from the editor")
struct EditorSavingTests {
    @Test func aSaveCopiesUnchangedLinesAndDropsTheRecoveryFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-saving-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("livre.md").path
        let lines = (0 ..< 300).map { "Étape \($0) : du ^[beurre](ingredient: \"beurre\") et **du sucre**." }
        try ("---\ntitle: Livre\n---\n" + lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let store = RecoveryStore(directory: folder.appendingPathComponent("state"))
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 100, height: 24,
                                   recovery: BackgroundRecovery(store: store))
        app.type("Sel. ")
        // The recovery copies the lines from the file too, and is exact.
        #expect(MarkdownRecipeFormat.fileContents(app.session.recipe).copySource?.path == path)
        app.recovery.keep(app.session.recipe, as: .markdown, for: path)
        app.recovery.waitUntilIdle()
        #expect(store.find(for: path)?.contents == MarkdownRecipeFormat.serialize(app.session.recipe))

        app.type([0x13]) // Ctrl-S
        #expect(try String(contentsOfFile: path, encoding: .utf8) == MarkdownRecipeFormat.serialize(app.session.recipe))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Sel. Étape 0"))
        #expect(store.find(for: path) == nil, "saved work needs no recovery")

        // The next save copies from the file just written.
        #expect(MarkdownRecipeFormat.fileContents(app.session.recipe).copySource?.path == path)
        app.type(Keys.end)
        app.type(" Fin.")
        app.type([0x13])
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == MarkdownRecipeFormat.serialize(app.session.recipe))
        #expect(saved.contains("du sucre**. Fin.\n"))
    }
}

/// A recipe "Du pain." in a folder of its own, open in an editor with its
/// recovery store there, on an 80×24 terminal in memory; the folder goes
/// with the fixture. For tests of the run loop.
final class RunLoopFixture {
    let folder: URL
    let path: String
    let store: RecoveryStore
    let controller: EditorController
    let terminal = MemoryTerminal(width: 80, height: 24)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("pain.md").path
        try "Du pain.\n".write(toFile: path, atomically: true, encoding: .utf8)
        store = RecoveryStore(directory: folder.appendingPathComponent("state"))
        controller = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 80, height: 24,
                                      recovery: BackgroundRecovery(store: store))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func run() {
        EditorRunLoop(controller: controller, terminal: terminal).run()
    }
}

/// A terminal can go away without a signal reaching the editor (its window
/// closed while `make run` was its parent): the loop must notice, keep the
/// work and stop, not poll a dead terminal at full speed forever.
@Suite("A terminal that goes away")
struct HangUpTests {
    /// Ctrl-End on a last line that ends with a link, then typing: the
    /// words go after the link in the file, not into its text.
    @Test func textTypedAfterALinkIsSavedAfterIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-saving-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pain.md").path
        try "# Pain\n\nOriginally published at [https://x/](https://x/)\n".write(toFile: path, atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 100, height: 24)
        app.type(Array("\u{1B}[1;5F".utf8)) // Ctrl-End
        app.type(" ZZ")
        app.type([0x13]) // Ctrl-S
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# Pain\n\nOriginally published at [https://x/](https://x/) ZZ\n")
        // Written whole, as a new file would be, it says the same.
        #expect(MarkdownRecipeFormat.serialize(app.session.recipe) == "# Pain\n\nOriginally published at [https://x/](https://x/) ZZ\n")
    }

    @Test(.timeLimit(.minutes(1))) func theEditorKeepsTheWorkAndStops() throws {
        let fixture = try RunLoopFixture()
        fixture.terminal.queue(Array("Sel. ".utf8))
        fixture.terminal.hangUpAfterInput()
        fixture.run()
        fixture.controller.recovery.waitUntilIdle()
        #expect(fixture.store.find(for: fixture.path)?.contents == "Sel. Du pain.\n")
        #expect(try String(contentsOfFile: fixture.path, encoding: .utf8) == "Du pain.\n", "the file itself is not touched")
    }
}

/// The run loop gives the terminal's reports to the terminal, and only keys
/// to the editor: a report that came with typing changes no text.
@Suite("Terminal reports in the run loop")
struct TerminalReportTests {
    @Test(.timeLimit(.minutes(1))) func theReportGoesToTheTerminalAndTheTypingToTheText() throws {
        let fixture = try RunLoopFixture()
        fixture.terminal.queue(Array("Sel\u{1B}[?2027;2$y. ".utf8))
        // Quit without saving; the terminal then goes, should the quit not happen.
        fixture.terminal.queue([0x11])
        fixture.terminal.queue(Array("n".utf8))
        fixture.terminal.hangUpAfterInput()
        fixture.run()
        #expect(fixture.controller.quitRequested)
        #expect(fixture.terminal.graphemeClusteringReports == [2])
        #expect(String(fixture.controller.session.document.text.characters) == "Sel. Du pain.")
    }
}

/// Work kept after a crash is based on the file as it was then: restored
/// after another program changed the file, the next save asks instead of
/// overwriting that change.
@Suite("Recovered work and a file changed since")
struct RecoveredWorkTests {
    @Test(.timeLimit(.minutes(1))) func aSaveAfterRestoringAsksWhenTheFileChangedSince() throws {
        let fixture = try RunLoopFixture()
        fixture.terminal.queue(Array("Sel. ".utf8))
        fixture.terminal.hangUpAfterInput()
        fixture.run()
        fixture.controller.recovery.waitUntilIdle()
        #expect(fixture.store.find(for: fixture.path)?.fileChangedSince == false)
        // Another program adds a line; the editor opens the file again.
        let handle = try #require(FileHandle(forWritingAtPath: fixture.path))
        handle.seekToEndOfFile()
        handle.write(Data("Une ligne d'ailleurs.\n".utf8))
        try handle.close()
        #expect(fixture.store.find(for: fixture.path)?.fileChangedSince == true)
        let reopened = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: fixture.path)), width: 80,
                                        height: 24, recovery: BackgroundRecovery(store: fixture.store))
        let terminal = MemoryTerminal(width: 80, height: 24)
        terminal.queue(Array("r".utf8))
        terminal.queue([0x13]) // Ctrl-S
        terminal.hangUpAfterInput()
        EditorRunLoop(controller: reopened, terminal: terminal).run()
        #expect(String(reopened.session.document.text.characters) == "Sel. Du pain.")
        #expect(reopened.prompt.map { reopened.promptLine($0).text }?.hasPrefix("pain.md changed on disk.") == true)
        #expect(try String(contentsOfFile: fixture.path, encoding: .utf8) == "Du pain.\nUne ligne d'ailleurs.\n")
    }
}
