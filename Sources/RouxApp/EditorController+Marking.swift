import Foundation
import Recipes
import RichText

extension EditorController {
    /// Ctrl-E's work once the whole file is read: the occurrences found,
    /// then marked at once when they are few or no run loop works between
    /// keystrokes, else a part at a time (`MarkingJob`).
    func startMarking(_ suggestion: IngredientSuggestion) {
        if loadsInBackground, session.document.text.utf8.count >= options.searchesAtOnce {
            // Found on another thread: the progress shows at once and keys are handled meanwhile.
            let job = MarkingJob(session: session, suggestion: suggestion, marking: nil)
            job.search = MarkingSearch(recipe: session.recipe, suggestion: suggestion)
            markingJob = job
            return
        }
        guard let marking = session.recipe.marking(suggestion) else { return say(nothingToMark(suggestion)) }
        let job = MarkingJob(session: session, suggestion: suggestion, marking: marking)
        if !loadsInBackground || (marking.merge?.count ?? 0) < options.marksAtOnce {
            job.marking?.merge?.mergeAll()
            finish(job)
        } else {
            markingJob = job
        }
    }

    /// Why Ctrl-E found nothing to mark. A selection drawn across
    /// right-to-left and left-to-right words is several pieces of the text;
    /// joined, they may be written nowhere.
    func nothingToMark(_ suggestion: IngredientSuggestion) -> String {
        let pieces = session.document.selection.ranges.filter { !$0.isCaret }.count
        if pieces > 1, !String(session.document.text.characters).contains(suggestion.name) {
            return "nothing to mark: the selection is \(pieces) pieces of the text, which together are written nowhere: select one ingredient's words"
        }
        return "nothing to mark: every \(suggestion.name) is in another ingredient's mark, a comment, a note or code"
    }

    /// Whether a marking is under way (the run loop then gives it the time between keys).
    public var isMarking: Bool { markingJob != nil }

    /// Whether the marks of a marking under way are still being found (the
    /// run loop then waits for keys a little instead of calling back at once).
    public var isFindingMarks: Bool { markingJob.map { $0.marking == nil } ?? false }

    /// Merges the next `count` marks of the marking under way; the last
    /// part makes them one edit. An edit made since the marks were found
    /// has them found again first (on another thread for a large text:
    /// without `waiting`, it returns at once while they are searched for).
    /// True when the status line's percentage moved or the marking ended.
    @discardableResult
    public func continueMarking(marks count: Int, waiting: Bool = true) -> Bool {
        guard let job = markingJob else { return false }
        guard job.session === session else {
            markingJob = nil
            return true
        }
        let percent = job.percent
        if let marking = job.marking, marking.version != session.document.version || marking.ingredients != session.recipe.ingredients {
            job.marking = nil
        }
        if job.marking == nil {
            if job.search.map({ $0.version != session.document.version }) ?? true {
                job.search = MarkingSearch(recipe: session.recipe, suggestion: job.suggestion)
            }
            guard let search = job.search, let result = search.take(waiting: waiting) else { return false }
            job.search = nil
            guard let found = result else {
                markingJob = nil
                say(nothingToMark(job.suggestion))
                return true
            }
            // Found before the list changed: found again.
            guard found.ingredients == session.recipe.ingredients else { return false }
            job.marking = found
        }
        guard var marking = job.marking else { return false }
        marking.merge?.mergeNext(count)
        job.marking = marking
        if marking.isComplete {
            markingJob = nil
            finish(job)
            return true
        }
        return job.percent != percent
    }

    /// Runs the marking under way to its end (a caller with no run loop: a benchmark).
    public func finishMarking() {
        while isMarking { continueMarking(marks: Int.max / 2) }
    }

    /// Esc, or a quit, while marking: it stops, nothing marked. False when
    /// no marking was under way.
    @discardableResult
    func stopMarking() -> Bool {
        guard let job = markingJob else { return false }
        markingJob = nil
        say("stopped marking \(job.suggestion.name): nothing was marked")
        return true
    }

    /// The status line's account of a marking under way.
    var markingStatus: String? {
        markingJob.map { "marking \($0.suggestion.name) \($0.percent)%… Esc stops" }
    }

    private func finish(_ job: MarkingJob) {
        guard let marking = job.marking else { return }
        var id: IngredientID?
        session.edit { id = $0.apply(marking) }
        guard let id else {
            // The list changed as the last part was merged: found again, marked again.
            job.marking = nil
            markingJob = job
            return
        }
        // The session's counts follow the edit; the inspector reads the same ones.
        let count = session.occurrenceCounts[id] ?? 0
        say("\(job.suggestion.name) is an ingredient, marked \(count) time\(count == 1 ? "" : "s")")
    }
}
