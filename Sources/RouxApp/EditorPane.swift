import TerminalUI

/// A pane of the window as a component, after ratatui's stateful widgets:
/// it draws itself into the frame the layout gives it and handles the mouse
/// there; its keys are the commands of its scope in the one key table
/// (`EditorCommand`), which call its methods; the line questions it asks
/// come back to it answered. It keeps its own state from frame to frame
/// (scroll, highlighted row, caches); the controller only routes to it.
///
/// Adding a pane is a type conforming to this (one file, with its commands),
/// its case of `EditorController.Pane` (with its scope's title and its
/// commands, and its place in `PaneComponents`), and its rule in the layout
/// (`PaneLayout.frame(of:)`): ARCHITECTURE.md, "A pane".
protocol EditorPane: AnyObject {
    /// The focus it takes; F6 visits the panes in `Pane`'s order.
    var focus: EditorController.Pane { get }
    /// What the status line says when F6 gives it the keys (nil: nothing).
    var focusHint: String? { get }
    /// How much of `room` (the columns or rows its rule in `PaneLayout`
    /// gives it) it wants for what it shows now; by default all of it.
    func wantedSize(of room: Int, controller: EditorController) -> Int
    /// Draws the pane into `frame` (which the layout gave it) of `grid`.
    func draw(into grid: inout CellGrid, frame: EditorController.Frame, controller: EditorController)
    /// Whether a mouse event is its own: by default, one inside its frame.
    func claims(_ mouse: MouseEvent, frame: EditorController.Frame) -> Bool
    /// A press or the wheel it claims.
    func handleMouse(_ mouse: MouseEvent, frame: EditorController.Frame, controller: EditorController)
    /// An event while it has the keys, before the command table: true when
    /// it took it (text typed, the recipe list's filter).
    func handleInput(_ event: InputEvent, controller: EditorController) -> Bool
    /// Before a key of its scope runs (its rows brought up to date with the recipe).
    func willHandleKey(_ controller: EditorController)
    /// Another recipe was opened: what it showed of the last one goes.
    func recipeReplaced()
}

extension EditorPane {
    func claims(_ mouse: MouseEvent, frame: EditorController.Frame) -> Bool {
        (frame.x ..< frame.x + frame.width).contains(mouse.x) && (frame.y ..< frame.y + frame.height).contains(mouse.y)
    }

    func wantedSize(of room: Int, controller: EditorController) -> Int { room }
    func handleInput(_ event: InputEvent, controller: EditorController) -> Bool { false }
    func willHandleKey(_ controller: EditorController) {}
    func recipeReplaced() {}
}

extension EditorController {
    /// The panes, in the order F6 goes through them (and they are drawn in).
    /// Each is a scope of the key table: its title and its commands are here.
    public enum Pane: Equatable, CaseIterable, Sendable {
        case editor, inspector, list, details, cook

        /// The title of its keys in F1's help and the README's key tables.
        var scopeTitle: String {
            switch self {
            case .editor: "In the text"
            case .inspector: "In the ingredient list (F6)"
            case .list: "In the recipe list (F6)"
            case .details: "In the recipe's details (F8)"
            case .cook: "In cook mode (F9)"
            }
        }

        /// Its commands in the one key table (`EditorCommand.all`).
        var commands: [EditorCommand] {
            switch self {
            case .editor: EditorCommand.text
            case .inspector: EditorCommand.inspectorPane
            case .list: EditorCommand.recipeListPane
            case .details: EditorCommand.detailsPane
            case .cook: EditorCommand.cookPane
            }
        }
    }
}

/// The panes, one of each, kept for the whole session (`Pane` names them),
/// and the bars drawn around them.
final class PaneComponents {
    let editor = EditorTextPane()
    let inspector = InspectorPane()
    let list = RecipeListPane()
    let details = DetailsPane()
    let cook = CookPane()
    /// The title bar and the key bar, drawn around the panes.
    var bars = WindowBars()

    subscript(pane: EditorController.Pane) -> any EditorPane {
        switch pane {
        case .editor: editor
        case .inspector: inspector
        case .list: list
        case .details: details
        case .cook: cook
        }
    }

    /// Every pane, in `Pane`'s order (F6's, and the order they are drawn in).
    var all: [any EditorPane] { EditorController.Pane.allCases.map { self[$0] } }
}

extension EditorController {
    /// A pane is shown when the layout gives it cells.
    func isShown(_ pane: Pane) -> Bool {
        // Cook mode takes the window: the panes under it are not drawn.
        if pane != .cook, focus == .cook { return false }
        let frame = frame(of: pane)
        return frame.width > 0 && frame.height > 0
    }

}
