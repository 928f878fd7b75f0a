import TerminalUI

/// A pane of the window as a component, after ratatui's stateful widgets:
/// it draws itself into the frame the layout gives it and handles the mouse
/// there; its keys are the commands of its scope in the one key table
/// (`EditorCommand`), which call its methods; the line questions it asks
/// come back to it answered. It keeps its own state from frame to frame
/// (scroll, highlighted row, caches); the controller only routes to it.
///
/// Adding a pane is a type conforming to this (one file, with its commands),
/// a case of `EditorController.Pane` and of `EditorCommand.Scope`, and its
/// rule in the layout (`EditorController.frame(of:)`). ARCHITECTURE notes
/// (the details helper's notes) say how the text pane, the inspector and the
/// recipe list move here.
protocol EditorPane: AnyObject {
    /// The focus it takes; F6 visits the panes in `Pane`'s order.
    var focus: EditorController.Pane { get }
    /// What the status line says when F6 gives it the keys.
    var focusHint: String { get }
    /// Draws the pane into `frame` (which the layout gave it) of `grid`.
    func draw(into grid: inout CellGrid, frame: EditorController.Frame, controller: EditorController)
    /// A press or the wheel inside its frame.
    func handleMouse(_ mouse: MouseEvent, frame: EditorController.Frame, controller: EditorController)
    /// The answer to a line question it asked (`EditorController.ask(_:)`);
    /// returns why the answer cannot be taken (the question stays open).
    func answer(_ question: PaneQuestion, with text: String, controller: EditorController) -> String?
}

/// A line question a pane asks in the status line: its label, which earlier
/// answers Up and Down recall, and what the answer is for, as the pane that
/// asked reads it.
public struct PaneQuestion: Equatable {
    var pane: EditorController.Pane
    var label: String
    var historyKey: String
    /// The pane's own description of the question (`DetailsPane.Question`).
    var purpose: AnyHashable
}

extension EditorController {
    /// The panes that are components, each kept for the whole session.
    var paneComponents: [any EditorPane] { [detailsPane] }

    func component(_ pane: Pane) -> (any EditorPane)? {
        paneComponents.first { $0.focus == pane }
    }

    /// A pane is shown when the layout gives it cells.
    func isShown(_ pane: Pane) -> Bool {
        let frame = frame(of: pane)
        return frame.width > 0 && frame.height > 0
    }

    /// Opens a pane's line question, with its kind's earlier answers.
    func ask(_ question: PaneQuestion, _ text: String = "") {
        ask(.pane(question), text)
    }
}
