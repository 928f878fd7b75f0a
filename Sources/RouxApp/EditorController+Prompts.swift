import Foundation
public import TerminalUI
import TextLayout

extension EditorController {
    /// A question in the status line: answered with one key, or a line typed.
    /// Each question is a value that carries its text and its answers
    /// (`KeyQuestion`, `LineQuestion`), made beside the code that asks it.
    public enum Prompt: Equatable {
        /// A question answered with one key (y, n, Esc…).
        case question(any KeyQuestion)
        case line(LinePrompt)

        var isLine: Bool {
            if case .line = self { return true }
            return false
        }

        /// A line prompt asking `question` with `text` typed (what tests compare with).
        static func line(_ question: some LineQuestion, _ text: String) -> Prompt {
            .line(LinePrompt(question: question, editor: LineEditor(text)))
        }

        public static func == (lhs: Prompt, rhs: Prompt) -> Bool {
            switch (lhs, rhs) {
            case (.question(let left), .question(let right)): left.isSame(as: right)
            case (.line(let left), .line(let right)): left == right
            default: false
            }
        }
    }

    /// A prompt that takes a line of text (`LineEditor`), checked when submitted.
    public struct LinePrompt: Equatable {
        /// What is asked, and what the answer does.
        var question: any LineQuestion
        public var editor: LineEditor
        /// Why the last answer was not taken; shown after the line.
        public var problem: String?
        /// The names Tab found for a path, listed above the line until it changes.
        public var completions: [String] = []

        public static func == (lhs: LinePrompt, rhs: LinePrompt) -> Bool {
            lhs.question.isSame(as: rhs.question) && lhs.editor.text == rhs.editor.text
        }
    }

    /// Opens a line prompt, with the earlier answers of its kind for Up/Down;
    /// a pre-filled `text` shows selected and is replaced by what is typed first.
    func ask(_ question: some LineQuestion, _ text: String = "") {
        prompt = .line(LinePrompt(question: question, editor: LineEditor(text, history: overlays.promptHistory.entries(for: question.historyKey))))
    }

    /// The status line while a prompt is open, in the order it is drawn
    /// (Hebrew and Arabic typed or named in it read right to left), and the
    /// cell its cursor is on.
    func promptLine(_ prompt: Prompt) -> (text: String, cursor: Int) {
        switch prompt {
        case .line(let line):
            let typed = VisualLabel.visual(line.editor.text, cursor: line.editor.cursor)
            let problem = line.problem.map { Self.label("  — " + $0) } ?? ""
            // The label names things (a searched word, an ingredient) that may be Hebrew.
            let label = Self.label(line.question.label)
            let cursor = CellGrid.columns(of: label) + CellGrid.columns(of: String(typed.text.prefix(typed.cursor)))
            return (label + typed.text + problem, cursor)
        case .question(let question):
            let text = Self.label(question.text(controller: self))
            return (text, CellGrid.columns(of: text))
        }
    }

    /// The answer typed in a line prompt as drawn, and the cell it starts on.
    func promptAnswer(_ line: LinePrompt) -> (text: String, column: Int) {
        (VisualLabel.visual(line.editor.text, cursor: line.editor.cursor).text, CellGrid.columns(of: Self.label(line.question.label)))
    }

    func handlePrompt(_ current: Prompt, _ event: InputEvent) {
        if case .line(let line) = current {
            handleLinePrompt(line, event)
            return
        }
        // Keys typed ahead arrive as one chunk of text: each is its own
        // answer; what follows an answer that opens a line prompt (a Save As)
        // is typed there. Once the question is gone the rest is dropped: an
        // extra `y` must not land in the recipe.
        if case .text(let chunk) = event, chunk.count > 1 {
            var rest = Substring(chunk)
            while let character = rest.first, let open = prompt, !open.isLine {
                rest = rest.dropFirst()
                handlePrompt(open, .text(String(character)))
            }
            if let open = prompt, open.isLine, !rest.isEmpty { handlePrompt(open, .text(String(rest))) }
            return
        }
        if case .question(let question) = current, question.handle(event, controller: self) { return }
        switch event {
        case .key(Key(.escape, [])), .key(Key(.character("c"), .control)), .key(Key(.character("q"), .control)):
            prompt = nil
            say("cancelled")
        default:
            break
        }
    }

    private func handleLinePrompt(_ line: LinePrompt, _ event: InputEvent) {
        var line = line
        if line.question.handle(event, in: line, controller: self) { return }
        switch line.editor.handle(event) {
        case .edited:
            line.problem = nil
            line.completions = []
            prompt = .line(line)
        case .ignored:
            break
        case .cancelled:
            prompt = nil
            say("cancelled")
        case .submitted(let answer):
            recordAnswer(answer, for: line.question.historyKey)
            if let problem = line.question.submit(answer, controller: self) {
                line.problem = problem
                prompt = .line(line)
            }
        }
    }

    /// A typed path: `~` expanded, relative to the open recipe's folder.
    func absolutePath(_ typed: String) -> String {
        let expanded = NSString(string: typed).expandingTildeInPath
        return expanded.hasPrefix("/") ? expanded : (openRecipeFolder as NSString).appendingPathComponent(expanded)
    }
}
