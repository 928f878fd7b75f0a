import Foundation
import Recipes
import RecipeStorage

/// What the run loop asks of the editor between keys: the rest of a large
/// file a slice at a time, unsaved work kept in the recovery file, the
/// recovery's problems, the work kept from an earlier session. The run loop
/// decides when (it has the clock and the terminal); the editor and its
/// session do the work, so the loop never reaches into the session.
extension EditorController {
    /// What reading a slice of a large file changed on screen.
    public struct LoadedSlice {
        /// A problem was found in it (now in the status line).
        public var foundProblems: Bool
        /// The percentage the status line shows moved.
        public var percentMoved: Bool
        /// The whole file is in now.
        public var isComplete: Bool
    }

    /// Whether the rest of a large file is still being read.
    public var isLoadingFile: Bool { session.isLoading }

    /// Whether the status line says how much of the file is loaded. A run
    /// loop turns it on only once a load lasts: a load that ends sooner
    /// would draw the screen twice (with the percentage, then without it).
    public var saysLoadingProgress: Bool {
        get { options.saysLoadingProgress }
        set { options.saysLoadingProgress = newValue }
    }

    /// Reads the next slice (about `bytes`) of a large file; its problems go to the status line.
    public func loadSlice(bytes: Int) -> LoadedSlice {
        let before = session.loadedPercent
        let problems = session.loadMore(bytes: bytes)
        for problem in problems { say(problem) }
        return LoadedSlice(foundProblems: !problems.isEmpty, percentMoved: before != session.loadedPercent,
                           isComplete: !session.isLoading)
    }

    /// The document's version while it has unsaved work (nil when it has none).
    public var unsavedWorkVersion: Int? {
        session.isModified ? session.document.version : nil
    }

    /// Unsaved work to the recovery file: in the background while editing,
    /// at once (`now`) when a signal ends the process.
    public func keepUnsavedWork(now: Bool) {
        guard let path = session.path, session.isModified else { return }
        session.finishLoading()
        if now {
            recovery.keepNow(session.recipe, as: session.format, for: path, basedOn: session.fingerprint)
        } else {
            recovery.keep(session.recipe, as: session.format, for: path, basedOn: session.fingerprint)
        }
    }

    /// A write of unsaved work that failed is not silent: true when it was said.
    public func showRecoveryProblem() -> Bool {
        guard let problem = recovery.newProblem() else { return false }
        say(problem)
        return true
    }

    /// On open, unsaved work from an earlier session is offered back when
    /// it is not the file as it is on disk: compared with the file's bytes,
    /// a large file need not be loaded whole first.
    public func offerKeptWork() {
        guard let path = session.path, let entry = recovery.store.find(for: path) else { return }
        let onDisk = try? Data(contentsOf: URL(fileURLWithPath: path))
        if onDisk.map({ !entry.contents.utf8.elementsEqual($0) }) ?? true { offerRecovery(entry) }
    }

    /// Quitting on purpose: saved or discarded, the recovery file has done its job.
    public func discardKeptWork() {
        if let path = session.path { recovery.discard(for: path) }
    }

    /// On open, unsaved work from an earlier session is offered back.
    func offerRecovery(_ entry: RecoveryStore.Entry) {
        overlays.set(PromptOverlay.self, to: PromptOverlay(.restoreRecovery(fileChanged: entry.fileChangedSince), keptWork: entry))
    }
}
