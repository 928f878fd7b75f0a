public import TerminalUI

/// A question answered with a line typed (`Prompt.line`): its label, the
/// earlier answers recalled with it, and what an answer does, in one value
/// made where it is asked. Adding one is a type conforming to this beside
/// the code that asks it, and `controller.ask(TheQuestion(…))`; the prompt
/// overlay gives it a line editor, keeps its answers and closes it.
public protocol LineQuestion: Equatable {
    /// What the status line says before the line typed.
    var label: String { get }
    /// The answers to questions with the same key are recalled together (Up/Down).
    var historyKey: String { get }
    /// A key taken before the line editor gets it (Tab completing a path,
    /// or moving through the ingredient form); false by default.
    func handle(_ event: InputEvent, in line: EditorController.LinePrompt, controller: EditorController) -> Bool
    /// Acts on the answer; returns why it cannot be taken (the prompt stays
    /// open, saying so). An answer taken closes the prompt itself, or asks
    /// the next question.
    func submit(_ answer: String, controller: EditorController) -> String?
}

extension LineQuestion {
    func handle(_ event: InputEvent, in line: EditorController.LinePrompt, controller: EditorController) -> Bool { false }

    /// Whether `other` is the same question (what tests compare).
    func isSame(as other: any LineQuestion) -> Bool {
        (other as? Self) == self
    }
}

/// A question answered with a file's path (Ctrl-O, Save As): Tab completes
/// it, and its answers are recalled together.
protocol PathQuestion: LineQuestion {}

extension PathQuestion {
    var historyKey: String { "path" }

    func handle(_ event: InputEvent, in line: EditorController.LinePrompt, controller: EditorController) -> Bool {
        guard event == .key(Key(.tab)) else { return false }
        controller.completePath(in: line)
        return true
    }
}
