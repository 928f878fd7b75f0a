import TerminalUI

/// Something over the panes that has the keys while it is open: the help,
/// the palette, the colour menu, a prompt (replace's questions among them),
/// a command waiting for the rest of a large file. Overlays are kept on a
/// stack (`OverlayStack`); the top one handles every event, so the panes
/// and the command table get a key only when none is open.
protocol EditorOverlay: AnyObject {
    /// An event, while it is the top overlay.
    func handle(_ event: InputEvent, controller: EditorController)
    /// Draws it over the panes, after the key bar and the status line.
    func draw(into grid: inout CellGrid, controller: EditorController)
    /// Draws the status line (row `y`) when it takes it; false leaves the
    /// status line its usual text.
    func drawStatusLine(into grid: inout CellGrid, y: Int, controller: EditorController) -> Bool
    /// Whether the terminal's cursor stays in the text while it is open.
    var keepsTextCursor: Bool { get }
    /// Where the terminal's cursor goes while it is open (nil: hidden).
    func cursor(controller: EditorController) -> (x: Int, y: Int)?
}

extension EditorOverlay {
    func draw(into grid: inout CellGrid, controller: EditorController) {}
    func drawStatusLine(into grid: inout CellGrid, y: Int, controller: EditorController) -> Bool { false }
    var keepsTextCursor: Bool { false }
    func cursor(controller: EditorController) -> (x: Int, y: Int)? { nil }
}

/// The overlays open, the last on top, and what they remember between
/// openings (the answers given to each kind of line prompt).
struct OverlayStack {
    private(set) var items: [any EditorOverlay] = []
    /// Earlier answers to each kind of line prompt (Up/Down recall them).
    var promptHistory = PromptHistory()

    /// The overlay that handles the next event.
    var top: (any EditorOverlay)? { items.last }

    /// The topmost overlay of a kind, if one is open.
    func first<Overlay: EditorOverlay>(_ kind: Overlay.Type) -> Overlay? {
        items.last { $0 is Overlay } as? Overlay
    }

    mutating func push(_ overlay: any EditorOverlay) {
        items.append(overlay)
    }

    /// Closes the overlays of a kind.
    mutating func close<Overlay: EditorOverlay>(_ kind: Overlay.Type) {
        items.removeAll { $0 is Overlay }
    }

    /// Opens an overlay of a kind, or gives the open one its new state:
    /// one of each kind at a time.
    mutating func set<Overlay: EditorOverlay>(_ kind: Overlay.Type, to overlay: Overlay?) {
        guard let overlay else { return close(kind) }
        if let index = items.lastIndex(where: { $0 is Overlay }) {
            items[index] = overlay
        } else {
            items.append(overlay)
        }
    }
}
