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
    /// The marks found and the part of them merged so far.
    var marking: IngredientMarking

    init(session: EditorSession, suggestion: IngredientSuggestion, marking: IngredientMarking) {
        self.session = session
        self.suggestion = suggestion
        self.marking = marking
    }

    /// How far it is, in whole percent.
    var percent: Int { Int(marking.fraction * 100) }
}
