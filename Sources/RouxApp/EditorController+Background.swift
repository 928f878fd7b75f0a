import Foundation
import Recipes
import RecipeStorage
import RichText

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
        prompt = .question(RestoreRecoveryQuestion(keptWork: entry, fileChanged: entry.fileChangedSince))
    }

    /// The kept work in place of the text, as one edit the user can undo.
    func restoreRecovery(_ entry: RecoveryStore.Entry) {
        let contents = entry.contents
        let recovered = session.format.parse(contents)
        session.edit { recipe in
            recipe.ingredients = recovered.ingredients
            recipe.metadata = recovered.metadata
            recipe.document.selectAll()
            recipe.document.paste(recovered.document.text)
            try? recipe.document.select(TextSelection(caret: recipe.document.text.startIndex))
        }
        if let base = entry.basedOn { session.restoredWork(basedOn: base) }
        say(entry.fileChangedSince ? "unsaved work restored; the file changed on disk since, so \(keyHint("Save")) asks first"
            : "unsaved work restored; \(keyHint("Undo")) takes it back, \(keyHint("Save")) keeps it")
    }
}

/// Unsaved work from an earlier session was kept: restore it, discard it,
/// or decide later (Esc: it is offered again next time).
struct RestoreRecoveryQuestion: KeyQuestion {
    var keptWork: RecoveryStore.Entry
    /// Whether the file changed on disk since the work began (as it was when offered).
    var fileChanged: Bool

    func text(controller: EditorController) -> String {
        fileChanged
            ? "Unsaved work from an earlier session was kept, but the file has changed since. r restore it (a save then asks) · d discard it · Esc decide later"
            : "Unsaved work from an earlier session was kept. r restore it · d discard it · Esc decide later"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        switch key {
        case "r": { [keptWork] controller in controller.restoreRecovery(keptWork) }
        case "d": { controller in
            if let path = controller.session.path { controller.recovery.discard(for: path) }
            controller.say("recovered work discarded")
        }
        default: nil
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.fileChanged == rhs.fileChanged && lhs.keptWork.originalPath == rhs.keptWork.originalPath
            && lhs.keptWork.contents == rhs.keptWork.contents
    }
}
