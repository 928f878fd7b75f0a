import Foundation
import RecipeStorage
@testable import RouxApp
import Testing
import TerminalUI

/// Prompt answers kept between sessions in the state folder's
/// `history.json`: recalled by the next editor, private, bounded, never a
/// control character, and a damaged file is said once and never in the way.
@Suite("Prompt history between sessions")
final class PromptHistoryPersistenceTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-history-\(UUID().uuidString)")
    var state: URL { folder.appendingPathComponent("state/roux") }
    var file: String { state.appendingPathComponent("history.json").path }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func session() -> EditorController {
        let app = editor("# Pain\n\nFarine, eau, sel.\nLigne quatre.\n")
        #expect(app.keepPromptHistory(in: HistoryStore(directory: state)) == nil)
        return app
    }

    /// Find and go-to-line answers of one editor come back in the next, with Up.
    @Test func answersComeBackInTheNextSession() throws {
        let first = session()
        first.type(Keys.control("f"))
        first.type("sel\r")
        first.type(Keys.escape)
        first.type(Keys.control("l"))
        first.type("3\r")
        #expect(StateFolderModes.mode(file) == 0o600)
        #expect(StateFolderModes.mode(state.path) == 0o700)
        let second = session()
        second.type(Keys.control("f"))
        second.type(Array("\u{1B}[A".utf8))
        #expect(second.prompt == .line(FindQuestion(), "sel"))
        second.type(Keys.escape)
        second.type(Keys.control("l"))
        second.type(Array("\u{1B}[A".utf8))
        #expect(second.prompt == .line(GoToLineQuestion(), "3"))
        // Without a store (the tests' editors, a store refused), nothing is recalled.
        let plain = editor("# Pain\n")
        plain.type(Keys.control("f"))
        plain.type(Array("\u{1B}[A".utf8))
        #expect(plain.prompt == .line(FindQuestion(), ""))
    }

    /// The last 100 of a kind are kept, the newest last, each once.
    @Test func eachKindKeepsItsLastHundred() throws {
        let store = HistoryStore(directory: state)
        for number in 1...130 { #expect(store.record("mot \(number)", for: "find") == nil) }
        #expect(store.record("mot 50", for: "find") == nil)
        let kept = try #require(store.load().histories["find"])
        #expect(kept.count == 100)
        #expect(kept.first == "mot 31")
        #expect(kept.last == "mot 50")
        #expect(kept.filter { $0 == "mot 50" }.count == 1)
    }

    /// An answer holding a control character is never written, and one
    /// written into the file by hand is never read back.
    @Test func controlCharactersNeverReachTheFileOrThePrompt() throws {
        let store = HistoryStore(directory: state)
        #expect(store.record("bon", for: "find") == nil)
        #expect(store.record("\u{1B}]52;c;bWFs\u{07}", for: "find") == nil)
        #expect(store.record("a\u{9B}b", for: "find") == nil)
        #expect(store.load().histories == ["find": ["bon"]])
        try #"{"find": ["ok", "\u001b[2J", "x\u0085y"], "li\nne": ["1"]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(store.load().histories == ["find": ["ok"]])
    }

    /// A damaged file: one message, the editor opens and works, and the
    /// next answer writes the file anew.
    @Test func aDamagedFileIsSaidOnceAndIgnored() throws {
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try "{\"find\": [\"sel\"".write(toFile: file, atomically: true, encoding: .utf8)
        let app = editor("# Pain\n\nFarine, eau, sel.\n")
        #expect(app.keepPromptHistory(in: HistoryStore(directory: state))
            == "prompt history \(file) is damaged: not used, and written anew")
        #expect(app.message == "prompt history \(file) is damaged: not used, and written anew")
        app.type(Keys.control("f"))
        app.type("eau\r")
        #expect(app.session.document.selection.primary.isCaret == false)
        #expect(HistoryStore(directory: state).load().histories == ["find": ["eau"]])
    }

    /// A history file someone else can write to is not read (it would put
    /// words in the user's prompts); as an unprivileged user, the folder
    /// and the file stay the user's own.
    @Test func aFolderOthersCanWriteIsNotRead() throws {
        let store = HistoryStore(directory: state)
        #expect(store.record("sel", for: "find") == nil)
        #expect(chmod(state.path, 0o777) == 0)
        #expect(store.load().problem == "prompt history \(file) cannot be read (not a private file of yours): not used")
        // The next answer makes the folder private again.
        #expect(store.record("eau", for: "find") == nil)
        #expect(StateFolderModes.mode(state.path) == 0o700)
        #expect(store.load().histories["find"] == ["eau"])
    }
}

enum StateFolderModes {
    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }
}
