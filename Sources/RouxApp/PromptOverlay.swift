import TerminalUI

/// A prompt in the status line (`EditorController.Prompt`): a question
/// answered with a key (replace's "this one?" among them) or a line typed,
/// with the names Tab found above it. It has the keys until it is answered
/// or Esc cancels it; what the answers do is the question's own
/// (`KeyQuestion`, `LineQuestion`).
final class PromptOverlay: EditorOverlay {
    let prompt: EditorController.Prompt

    init(_ prompt: EditorController.Prompt) {
        self.prompt = prompt
    }

    func handle(_ event: InputEvent, controller: EditorController) {
        controller.handlePrompt(prompt, event)
    }

    func drawStatusLine(into grid: inout CellGrid, y: Int, controller: EditorController) -> Bool {
        let width = controller.width
        if case .line(let typed) = prompt {
            // A line being typed: scrolled sideways so the cursor stays on screen.
            let line = controller.promptLine(prompt)
            var text = line.text
            var dropped = 0
            while line.cursor - dropped >= width, let first = text.first {
                dropped += CellGrid.columns(of: String(first))
                text.removeFirst()
            }
            grid.write(text, x: 0, y: y, style: CellStyle(bold: true))
            if typed.editor.isSelected {
                // A pre-filled answer shows selected: typing replaces it.
                let answer = controller.promptAnswer(typed)
                grid.write(answer.text, x: answer.column - dropped, y: y, style: CellStyle(bold: true, reverse: true))
            }
            controller.renderCompletions(typed.completions, above: y, into: &grid)
        } else {
            // A question is read whole: on a narrow terminal it takes the
            // rows above the status line it needs (its answers were cut).
            let (rows, top) = controller.questionRows(controller.promptLine(prompt).text)
            for (number, row) in rows.enumerated() {
                grid.fill(x: 0, y: top + number, width: width, height: 1)
                grid.write(row, x: 0, y: top + number, style: CellStyle(bold: true))
            }
        }
        return true
    }

    func cursor(controller: EditorController) -> (x: Int, y: Int)? {
        let width = controller.width
        let line = controller.promptLine(prompt)
        // A question's cursor rests after its text, which may have wrapped onto more rows.
        if !prompt.isLine, line.cursor >= width {
            let (rows, top) = controller.questionRows(line.text)
            return (min(width - 1, CellGrid.columns(of: rows.last ?? "")), top + rows.count - 1)
        }
        return (min(width - 1, line.cursor), controller.height - controller.bottomRows)
    }
}

extension EditorController {
    /// The prompt open in the status line, if one is.
    public internal(set) var prompt: Prompt? {
        get { overlays.first(PromptOverlay.self)?.prompt }
        set { overlays.set(PromptOverlay.self, to: newValue.map { PromptOverlay($0) }) }
    }
}
