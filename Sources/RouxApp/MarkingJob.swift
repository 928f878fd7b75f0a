import Foundation
import Recipes

/// Ctrl-E on a word found many times, marked a part at a time between
/// keystrokes (`EditorController.continueMarking`): the status line shows
/// how far it is, Esc stops it with nothing marked, and keys typed
/// meanwhile are handled at once. The recipe is untouched until the last
/// part is merged; then every mark goes in as one edit, one undo step. An
/// edit made meanwhile (typing, an undo) changes the text the marks were
/// found in: they are found again in the new text and marking starts over.
final class MarkingJob {
    /// The session whose recipe is being marked (another one opened drops the job).
    let session: EditorSession
    let suggestion: IngredientSuggestion
    /// The marks found and the part of them merged so far; nil while they are being found.
    var marking: IngredientMarking?
    /// Finding the marks in a large text, on another thread.
    var search: MarkingSearch?

    init(session: EditorSession, suggestion: IngredientSuggestion, marking: IngredientMarking?) {
        self.session = session
        self.suggestion = suggestion
        self.marking = marking
    }

    /// How far it is, in whole percent.
    var percent: Int { marking.map { Int($0.fraction * 100) } ?? 0 }
}

/// `Recipe.marking(_:)` on a copy of the recipe (the text's storage is
/// shared, not copied), on another thread: in a 20 MB book it reads every
/// run of the text, longer than a key may wait.
final class MarkingSearch: @unchecked Sendable {
    /// The document version it searches.
    let version: Int
    private let lock = NSLock()
    private var result: IngredientMarking??
    private let finished = DispatchSemaphore(value: 0)

    init(recipe: Recipe, suggestion: IngredientSuggestion) {
        version = recipe.document.version
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let found = recipe.marking(suggestion)
            lock.withLock { result = .some(found) }
            finished.signal()
        }
    }

    /// What it found (nil inside: nothing to mark) once it has ended; nil
    /// while it goes on, unless `waiting`.
    func take(waiting: Bool) -> IngredientMarking?? {
        if waiting {
            finished.wait()
            finished.signal()
        }
        return lock.withLock { result }
    }
}
