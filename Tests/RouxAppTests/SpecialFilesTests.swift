import Foundation
import Recipes
import RecipeFormats
import RouxApp
import Testing

/// A folder holding a pipe and a link to `/dev/tty` named like recipes:
/// the recipe list, its titles and the choice of the newest file read only
/// regular files, and come back (they waited for a writer for ever, or
/// read the user's keys as a title).
@Suite("Pipes and devices in a folder")
struct SpecialFilesTests {
    let folder: String
    let pipe: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-special-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "# Tarte\nDes pommes.\n".write(toFile: folder + "/tarte.md", atomically: false, encoding: .utf8)
        pipe = folder + "/bloque.md"
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(symlink("/dev/tty", folder + "/clavier.md") == 0)
        // The pipe and the link are newer than the recipe.
        var times = [timespec(tv_sec: 4_000_000_000, tv_nsec: 0), timespec(tv_sec: 4_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, pipe, &times, 0) == 0)
    }

    final class Outcome<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// `work`'s result; if it has not come back after 20 s the test fails,
    /// and the pipe is opened for writing, which ends a read waiting on it.
    func returns<Value>(_ work: @escaping @Sendable () -> Value) throws -> Value {
        let outcome = Outcome<Value>()
        let done = DispatchSemaphore(value: 0)
        Thread {
            outcome.value = work()
            done.signal()
        }.start()
        if done.wait(timeout: .now() + 20) == .timedOut {
            Issue.record("still waiting after 20 s: it reads the pipe")
            let writer = open(pipe, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            done.wait()
        }
        return try #require(outcome.value)
    }

    @Test func titlesAreReadFromRegularFilesOnly() throws {
        let (pipe, folder) = (pipe, folder)
        #expect(try returns { RecipeFiles.title(ofFileAt: pipe) } == nil)
        #expect(try returns { RecipeFiles.title(ofFileAt: folder + "/clavier.md") } == nil)
        #expect(RecipeFiles.title(ofFileAt: folder + "/tarte.md") == "Tarte")
    }

    @Test func theNewestFileIsARegularOne() throws {
        let folder = folder
        #expect(try returns { RecipeFolder(folder).newestRecipe } == folder + "/tarte.md")
    }

    @Test func theRecipeListShowsOnlyRegularFiles() throws {
        let folder = folder
        let titles = try returns { () -> [String] in
            let app = EditorController(session: EditorSession(recipe: Recipe(), path: folder + "/tarte.md", format: .markdown),
                                       width: 120, height: 30)
            app.showFolder(folder)
            // The list's column, left of its border.
            return (2 ..< 6).map { app.screen.line($0).components(separatedBy: "│")[0].trimmingCharacters(in: .whitespaces) }
        }
        #expect(titles == ["../", "▸ Tarte", "", ""])
        try? FileManager.default.removeItem(atPath: folder)
    }
}
