public import RecipeStorage
import TerminalUI

/// The configuration file's settings, applied to a controller, and the
/// keys the status line's hints name.
extension EditorController {
    /// Takes the settings `configuration` holds (what it could not read
    /// is left out of it; the caller says so).
    public func apply(_ configuration: EditorConfiguration) {
        if let width = configuration.textWidth {
            layout.maxTextWidth = width
            resize(width: self.width, height: height)
        }
        if let marks = configuration.marksAsYouType { marksAsYouType = marks }
        theme = configuration.theme
        commands = CommandTable(bindings: configuration.bindings)
    }

    /// How a hint names the key of the command `name` as bound here:
    /// "Ctrl-Z", or `Ctrl-P "Undo"` when no key runs it.
    func keyHint(_ name: String) -> String {
        commands.keyHint(name)
    }
}

extension EditorController {
    /// Keeps the prompts' answers in `store` from now on, and recalls
    /// those of earlier sessions; a file that cannot be read is said (and
    /// returned, for the opening message), and the editor goes on.
    @discardableResult
    public func keepPromptHistory(in store: HistoryStore) -> String? {
        storage.history = store
        let (histories, problem) = store.load()
        overlays.promptHistory = PromptHistory(entries: histories)
        if let problem { say(problem) }
        return problem
    }

    /// An answer, for Up/Down in this session and, when histories are
    /// kept, the next ones (a failure to write is said, the answer is used).
    func recordAnswer(_ answer: String, for kind: String) {
        overlays.promptHistory.record(answer, for: kind)
        // A store that cannot be written is said once, then left alone.
        if let failure = storage.history?.record(answer, for: kind) {
            storage.history = nil
            say(failure)
        }
    }
}
