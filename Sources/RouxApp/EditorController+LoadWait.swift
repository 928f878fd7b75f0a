import Foundation
import TerminalUI

/// A command that needs text not read yet — a line far into a large file,
/// or the whole document for find, replace, marking and saving — waits
/// while the rest loads at full speed, its progress in the status line; Esc
/// cancels it. A place far into the file shows at once from a preview (its
/// lines read on their own) while the text before it loads. Keys typed
/// meanwhile are kept and handled, in order, once the command has run.
struct LoadWait {
    /// What is waiting, as the status line says it ("going to line 900").
    var purpose: String
    /// The document paragraphs it needs (nil: all of the file).
    var paragraphs: Int?
    var action: () -> Void
    /// The place asked for, shown while the text before it loads.
    var preview: EditorSession?
    var typed: [InputEvent] = []
}

extension EditorController {
    public var isWaitingForLoad: Bool { loadWait != nil }

    /// The session the text pane shows: a preview while one waits.
    var shownSession: EditorSession { loadWait?.preview ?? session }

    /// Runs `action` once the document has `paragraphs` paragraphs (nil: the
    /// whole file). Headless (no run loop to load in the background) the
    /// text is read first, then the action runs.
    func whenLoaded(_ purpose: String, paragraphs: Int? = nil, preview: () -> EditorSession? = { nil },
                    _ action: @escaping () -> Void) {
        if isLoaded(enoughFor: paragraphs) {
            action()
        } else if !loadsInBackground {
            if let paragraphs { session.loadParagraphs(paragraphs) } else { session.finishLoading() }
            action()
        } else {
            loadWait = LoadWait(purpose: purpose, paragraphs: paragraphs, action: action, preview: preview())
        }
    }

    private func isLoaded(enoughFor paragraphs: Int?) -> Bool {
        !session.isLoading || paragraphs.map { session.layout.paragraphCount >= $0 } ?? false
    }

    /// Reads the next slice for the waiting command, and runs it (then the
    /// keys typed meanwhile) once its text is in. True when the screen changed.
    @discardableResult
    public func continueLoadWait(bytes: Int = 256 << 10) -> Bool {
        guard let wait = loadWait else { return false }
        let percent = session.loadedPercent
        for problem in session.loadMore(bytes: bytes) { say(problem) }
        guard isLoaded(enoughFor: wait.paragraphs) else { return session.loadedPercent != percent }
        loadWait = nil
        wait.action()
        for event in wait.typed { handle(event) }
        return true
    }

    /// While a command waits: Esc cancels it (and what was typed for it);
    /// anything else waits with it.
    func handleDuringLoadWait(_ event: InputEvent) {
        guard let wait = loadWait else { return }
        if case .key(let key) = event, key == Key(.escape) {
            loadWait = nil
            say("stopped \(wait.purpose); the rest of the file goes on loading")
            return
        }
        loadWait?.typed.append(event)
    }

    /// The status line's account of a wait.
    var loadWaitStatus: String? {
        loadWait.map { "loading \(session.loadedPercent)%… \($0.purpose) — Esc stops" }
    }
}
