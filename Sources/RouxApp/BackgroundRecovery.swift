import Foundation
public import RecipeStorage
public import Recipes
public import RecipeFormats

/// Keeps unsaved work in the recovery file without stopping the editor.
///
/// Serialising and writing a large recipe is slow enough to notice; done on the
/// main thread after every pause in typing, it froze the editor each time.
/// The recipe is a value, so a snapshot costs nothing and is written on a
/// serial queue. A newer request makes older ones that have not started
/// yet skip their work; discarding waits for a write under way, so an old
/// write can never bring a discarded file back.
public final class BackgroundRecovery: @unchecked Sendable {
    public let store: RecoveryStore
    private let queue = DispatchQueue(label: "roux.recovery")
    /// Bumped by every request; a queued write runs only if still the newest.
    private var generation = 0
    private let lock = NSLock()
    /// The edit state (`RichTextDocument.editState`) and file of the last
    /// recipe asked to be kept: a save first keeps the work unless it is this.
    public private(set) var keptState: (state: Int, path: String)?
    /// Why the last write of unsaved work failed (nil: it was kept), and
    /// what the status line was last told.
    private var problem: String?
    private var reported: String?

    public init(store: RecoveryStore = RecoveryStore()) {
        self.store = store
    }

    /// Writes `recipe` (fully loaded) as the recovery of `path`, in the
    /// background; `base`: the file as the editor read or last saved it.
    public func keep(_ recipe: Recipe, as format: RecipeFormat, for path: String, basedOn base: FileFingerprint? = nil) {
        keptState = (recipe.document.editState, path)
        let request = nextGeneration()
        queue.async { [self] in
            guard isNewest(request) else { return }
            let contents = RecipeFiles.fileContents(recipe, as: format).contents
            guard isNewest(request) else { return }
            write(contents, of: recipe, as: format, for: path, basedOn: base)
        }
    }

    /// Lines the recipe's file still holds are copied from it; if it changed
    /// meanwhile (the editor saved), everything is written.
    private func write(_ contents: FileContents, of recipe: Recipe, as format: RecipeFormat, for path: String,
                       basedOn base: FileFingerprint?) {
        var failure: SafeFileWriter.Failure?
        do {
            try store.keep(recipe, as: format, for: path, basedOn: base, contents: contents)
        } catch {
            failure = error
        }
        lock.withLock { problem = failure.map { "unsaved work is not being kept: \($0.message)" } }
    }

    /// Why unsaved work is not being kept, when that is news for the status
    /// line: said once, and again if it fails anew after working.
    public func newProblem() -> String? {
        lock.withLock {
            defer { reported = problem }
            return problem != reported ? problem : nil
        }
    }

    /// Writes now and returns when it is on disk (a signal is ending the process).
    public func keepNow(_ recipe: Recipe, as format: RecipeFormat, for path: String, basedOn base: FileFingerprint? = nil) {
        keptState = (recipe.document.editState, path)
        _ = nextGeneration()
        queue.sync {
            write(RecipeFiles.fileContents(recipe, as: format).contents, of: recipe, as: format, for: path, basedOn: base)
        }
    }

    /// Removes the recovery of `path` once any write under way has finished.
    public func discard(for path: String) {
        keptState = nil
        _ = nextGeneration()
        queue.sync { store.discard(for: path) }
    }

    /// Returns once every write asked for so far is done.
    public func waitUntilIdle() {
        queue.sync {}
    }

    private func nextGeneration() -> Int {
        lock.withLock {
            generation += 1
            return generation
        }
    }

    private func isNewest(_ request: Int) -> Bool {
        lock.withLock { generation == request }
    }
}
