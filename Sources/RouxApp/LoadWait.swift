import Foundation
import TerminalUI

/// A command that needs text not read yet — a line far into a large file,
/// or the whole document for find, replace, marking and saving — waits
/// while the rest loads at full speed, its progress in the status line; Esc
/// cancels it. A place far into the file shows at once from a preview (its
/// lines read on their own) while the text before it loads. Keys typed
/// meanwhile are kept and handled, in order, once the command has run.
/// It is an overlay without a box: it takes the keys, the text stays in view.
final class LoadWait: EditorOverlay {
    /// What is waiting, as the status line says it ("going to line 900").
    let purpose: String
    /// The document paragraphs it needs (nil: all of the file).
    let paragraphs: Int?
    let action: () -> Void
    /// The place asked for, shown while the text before it loads.
    let preview: EditorSession?
    private(set) var typed: [InputEvent] = []

    init(purpose: String, paragraphs: Int?, action: @escaping () -> Void, preview: EditorSession?) {
        self.purpose = purpose
        self.paragraphs = paragraphs
        self.action = action
        self.preview = preview
    }

    /// While a command waits: Esc cancels it (and what was typed for it);
    /// anything else waits with it.
    func handle(_ event: InputEvent, controller: EditorController) {
        if case .key(let key) = event, key == Key(.escape) {
            controller.overlays.close(LoadWait.self)
            controller.say("stopped \(purpose); the rest of the file goes on loading")
            return
        }
        typed.append(event)
    }

    var keepsTextCursor: Bool { true }
}

extension EditorController {
    /// A command waiting for the rest of a large file (`whenLoaded`).
    var loadWait: LoadWait? { overlays.first(LoadWait.self) }

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
            overlays.set(LoadWait.self, to: LoadWait(purpose: purpose, paragraphs: paragraphs, action: action, preview: preview()))
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
        overlays.close(LoadWait.self)
        wait.action()
        for event in wait.typed { handle(event) }
        return true
    }

    /// The status line's account of a wait.
    var loadWaitStatus: String? {
        loadWait.map { "loading \(session.loadedPercent)%… \($0.purpose) — Esc stops" }
    }
}
