import Foundation
import RecipeStorage
import Recipes
import RichText
import Testing

/// The state folder (unsaved work, ticks) is the user's own and private,
/// its files 0600, and nothing in it is followed to somewhere else.
@Suite("The state folder")
final class StateFolderTests {
    let folder: URL
    let state: URL
    let victim: String
    static let secret = Data("le secret de la maison\n".utf8)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-state-\(UUID().uuidString)")
        state = folder.appendingPathComponent("state/roux")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        victim = folder.appendingPathComponent("secret.md").path
        try Self.secret.write(to: URL(fileURLWithPath: victim))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    /// A tick before any recovery makes the folders 0700 and ticks.json
    /// (which lists the paths of the user's recipes) 0600.
    @Test func aTickMakesEverythingPrivate() throws {
        #expect(TickStore(directory: state).save([IngredientID("sel")], for: "/recettes/tarte.md") == nil)
        #expect(Self.mode(folder.appendingPathComponent("state").path) == 0o700)
        #expect(Self.mode(state.path) == 0o700)
        #expect(Self.mode(state.appendingPathComponent("ticks.json").path) == 0o600)
        #expect(TickStore(directory: state).ticks(for: "/recettes/tarte.md") == [IngredientID("sel")])
    }

    /// A recovery file made 0666 and a folder made 0755 are made private
    /// again by the next write.
    @Test func anOpenRecoveryFileAndFolderAreMadePrivate() throws {
        let store = RecoveryStore(directory: state)
        let path = folder.appendingPathComponent("tarte.md").path
        try store.save("avant\n", for: path)
        #expect(chmod(store.url(for: path).path, 0o666) == 0)
        #expect(chmod(state.path, 0o755) == 0)
        try store.save("après\n", for: path)
        #expect(Self.mode(store.url(for: path).path) == 0o600)
        #expect(Self.mode(state.path) == 0o700)
        #expect(store.find(for: path)?.contents == "après\n")
    }

    /// `roux/` owned by another user (in a shared `XDG_STATE_HOME`): nothing
    /// is written there or read from there.
    @Test func anotherUsersFolderIsRefused() throws {
        try #require(geteuid() == 0, "this test gives the folder to another user: run it as root")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        #expect(chown(state.path, 65534, 65534) == 0)
        #expect(chmod(state.path, 0o777) == 0)
        let ticks = state.appendingPathComponent("ticks.json").path
        #expect(symlink(victim, ticks) == 0)
        let store = RecoveryStore(directory: state)
        let path = folder.appendingPathComponent("tarte.md").path
        #expect {
            try store.save("travail\n", for: path)
        } throws: { error in
            (error as? SafeFileWriter.Failure)?.message == "the state folder \(self.state.path) belongs to another user (uid 65534)"
        }
        #expect(TickStore(directory: state).save([IngredientID("sel")], for: path)
            == "ticks not kept: the state folder \(state.path) belongs to another user (uid 65534)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Self.secret)
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path) == ["ticks.json"])
        // Work another user put there is not offered as the user's.
        #expect(chown(state.path, 0, 0) == 0)
        try store.save("travail\n", for: path)
        #expect(chown(state.path, 65534, 65534) == 0)
        #expect(store.find(for: path) == nil)
    }

    /// A recovery file or ticks.json that is a link: the file it names is
    /// never written.
    @Test func aLinkInTheFolderIsNotFollowed() throws {
        let store = RecoveryStore(directory: state)
        let path = folder.appendingPathComponent("tarte.md").path
        try store.save("avant\n", for: path)
        let recovery = store.url(for: path).path
        #expect(unlink(recovery) == 0)
        #expect(symlink(victim, recovery) == 0)
        #expect(symlink(victim, state.appendingPathComponent("ticks.json").path) == 0)
        #expect {
            try store.save("travail\n", for: path)
        } throws: { error in
            (error as? SafeFileWriter.Failure)?.message == "a symbolic link, never followed in the state folder"
        }
        #expect(TickStore(directory: state).save([IngredientID("sel")], for: path)
            == "ticks not kept: a symbolic link, never followed in the state folder")
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Self.secret)
        #expect(store.find(for: path) == nil, "a link is not read either")
    }

    /// A name with a newline, and a name of 235 bytes: their work is kept
    /// and offered back.
    @Test(arguments: ["a\nb.md", String(repeating: "é", count: 115) + "xx.md"])
    func unusualNamesAreKeptAndFound(_ name: String) throws {
        let store = RecoveryStore(directory: state)
        let path = folder.appendingPathComponent(name).path
        try store.save("travail\n", for: path)
        let entry = try #require(store.find(for: path))
        #expect(entry.contents == "travail\n")
        #expect(entry.originalPath == path)
        #expect(store.find(for: folder.appendingPathComponent("a").path) == nil)
    }
}
