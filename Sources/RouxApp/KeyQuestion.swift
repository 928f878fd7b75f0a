public import TerminalUI

/// A question in the status line answered with one key (`Prompt.question`):
/// what it says and what each answer does, in one value made where it is
/// asked. Adding one is a type conforming to this beside the code that asks
/// it, and `controller.prompt = .question(TheQuestion(…))`; the prompt
/// overlay draws it, gives it the keys and closes it.
public protocol KeyQuestion: Equatable {
    /// What the status line says while it is asked (its answers' keys included).
    func text(controller: EditorController) -> String
    /// What typing `key` does, nil when it answers nothing: the prompt
    /// closes before it runs (an answer may open another prompt).
    func answer(_ key: String) -> ((EditorController) -> Void)?
    /// An event while it is asked; false leaves it to the prompt (Esc,
    /// Ctrl-C and Ctrl-Q cancel). By default, the typed key's `answer`.
    func handle(_ event: InputEvent, controller: EditorController) -> Bool
}

extension KeyQuestion {
    func answer(_ key: String) -> ((EditorController) -> Void)? { nil }

    func handle(_ event: InputEvent, controller: EditorController) -> Bool {
        guard case .text(let key) = event, let action = answer(key) else { return false }
        controller.prompt = nil
        action(controller)
        return true
    }

    /// Whether `other` is the same question (what tests compare).
    func isSame(as other: any KeyQuestion) -> Bool {
        (other as? Self) == self
    }
}
