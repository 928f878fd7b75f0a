import Foundation
import RecipeStorage
import Recipes
import RecipeFormats
import RichText
import RouxApp
import Testing

/// Unsaved work is written to the recovery file off the main thread; what
/// lands there is always the newest request, and a discard is final.
@Suite("Recovery in the background")
struct BackgroundRecoveryTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-recovery-\(UUID().uuidString)")

    func recipe(_ body: String) throws -> Recipe {
        MarkdownRecipeFormat.parse(body)
    }

    @Test func theNewestWorkIsKept() throws {
        let keeper = BackgroundRecovery(store: RecoveryStore(directory: folder))
        let path = folder.appendingPathComponent("tarte.md").path
        for number in 0 ..< 20 { keeper.keep(try recipe("version \(number)\n"), as: .markdown, for: path) }
        keeper.waitUntilIdle()
        #expect(keeper.store.find(for: path)?.contents == "version 19\n")
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func aDiscardIsNotUndoneByAWriteAskedForBefore() throws {
        let keeper = BackgroundRecovery(store: RecoveryStore(directory: folder))
        let path = folder.appendingPathComponent("gros.md").path
        // Large enough that the write is still under way when discard comes.
        let big = try recipe(String(repeating: "Du ^[beurre](ingredient: \"beurre\") et du sucre.\n", count: 40_000))
        keeper.keep(big, as: .markdown, for: path)
        keeper.discard(for: path)
        keeper.waitUntilIdle()
        #expect(keeper.store.find(for: path) == nil)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(leftovers.isEmpty, "no temporary file left behind: \(leftovers)")
        try? FileManager.default.removeItem(at: folder)
    }

    /// A state folder that cannot be made (under a file): the status line
    /// is told once why unsaved work is not being kept.
    @Test func aFailureIsToldOnce() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("un-fichier")
        try Data("x".utf8).write(to: file)
        let keeper = BackgroundRecovery(store: RecoveryStore(directory: file.appendingPathComponent("roux")))
        let path = folder.appendingPathComponent("tarte.md").path
        keeper.keep(try recipe("travail\n"), as: .markdown, for: path)
        keeper.waitUntilIdle()
        #expect(keeper.newProblem() == "unsaved work is not being kept: cannot create the state folder \(file.path)/roux: "
            + "a part of the path is not a folder")
        #expect(keeper.newProblem() == nil, "said once")
        keeper.keep(try recipe("encore\n"), as: .markdown, for: path)
        keeper.waitUntilIdle()
        #expect(keeper.newProblem() == nil, "the same problem is not said again")
    }

    @Test func keepNowIsOnDiskWhenItReturns() throws {
        let keeper = BackgroundRecovery(store: RecoveryStore(directory: folder))
        let path = folder.appendingPathComponent("signal.md").path
        keeper.keep(try recipe("ancien\n"), as: .markdown, for: path)
        keeper.keepNow(try recipe("dernier\n"), as: .markdown, for: path)
        #expect(keeper.store.find(for: path)?.contents == "dernier\n")
        keeper.waitUntilIdle()
        #expect(keeper.store.find(for: path)?.contents == "dernier\n", "the older request never overwrites it")
        try? FileManager.default.removeItem(at: folder)
    }
}
