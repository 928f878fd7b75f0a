import TerminalUI

/// Ctrl-P's box over the text pane's top, its line in the status line: the
/// commands matching what is typed (`CommandPalette`), Up/Down to choose,
/// Enter or a click to run, Esc to close.
final class PaletteOverlay: EditorOverlay {
    var palette: CommandPalette

    init(_ palette: CommandPalette) {
        self.palette = palette
    }

    /// Where the box is: the editor pane's top, as wide as it reads well.
    func frame(_ controller: EditorController) -> EditorController.Frame {
        let frame = controller.editorFrame
        let boxWidth = min(frame.width, max(40, min(72, frame.width - 4)))
        return EditorController.Frame(x: frame.x + max(0, (frame.width - boxWidth) / 2), y: frame.y,
                                      width: boxWidth, height: max(3, min(frame.height, palette.commands.count + 2)))
    }

    func handle(_ event: InputEvent, controller: EditorController) {
        palette.rows.setVisibleRows(frame(controller).height - 2)
        switch event {
        case .key(let key) where key.modifiers.isEmpty && [.up, .down, .pageUp, .pageDown].contains(key.code):
            _ = palette.rows.handle(key)
        case .key(Key(.enter)):
            run(controller)
        case .key(Key(.escape)), .key(.control("p")), .key(.control("c")):
            controller.overlays.close(PaletteOverlay.self)
        case .mouse(let mouse) where mouse.action == .scrollUp || mouse.action == .scrollDown:
            palette.rows.scroll(by: mouse.action == .scrollUp ? -3 : 3)
        case .mouse(let mouse) where mouse.action == .press:
            let frame = frame(controller)
            if let row = palette.rows.row(atVisibleRow: mouse.y - frame.y - 1), (frame.x ..< frame.x + frame.width).contains(mouse.x) {
                palette.rows.select(row)
                run(controller)
            }
        default:
            if palette.editor.handle(event) == .edited {
                palette.refilter()
            }
        }
    }

    /// Enter: the palette closes and the chosen command runs.
    private func run(_ controller: EditorController) {
        controller.overlays.close(PaletteOverlay.self)
        guard let command = palette.chosenCommand else {
            controller.say("no command matches \"\(palette.editor.text)\"")
            return
        }
        // A command of the text runs on the text.
        if command.scope == .text { controller.focus = .editor }
        controller.commands.run(command, key: nil, controller: controller)
        if controller.focus == .editor { controller.scrollToCaret() }
    }

    func drawStatusLine(into grid: inout CellGrid, y: Int, controller: EditorController) -> Bool {
        let end = grid.write(palette.label, x: 0, y: y, style: CellStyle(bold: true))
        grid.write(palette.editor.text, x: end, y: y, style: CellStyle(bold: true))
        return true
    }

    func cursor(controller: EditorController) -> (x: Int, y: Int)? {
        (min(controller.width - 1, palette.label.count + palette.editor.cursor), controller.height - controller.bottomRows)
    }

    func draw(into grid: inout CellGrid, controller: EditorController) {
        let frame = frame(controller)
        palette.rows.setVisibleRows(frame.height - 2)
        let right = frame.x + frame.width
        let dim = EditorController.dimStyle
        grid.fill(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        let titleEnd = grid.write(" " + palette.title, x: frame.x, y: frame.y,
                                  style: EditorController.titleStyle, limit: right)
        grid.fill(x: titleEnd, y: frame.y, width: max(0, right - titleEnd), height: 1, style: EditorController.titleStyle)
        for y in frame.y + 1 ..< frame.y + frame.height - 1 {
            grid[frame.x, y] = Cell("│", style: dim)
            grid[right - 1, y] = Cell("│", style: dim)
        }
        grid.write("└" + String(repeating: "─", count: max(0, frame.width - 2)) + "┘", x: frame.x, y: frame.y + frame.height - 1,
                   style: dim, limit: right)
        if palette.commands.isEmpty {
            grid.write(" nothing matches", x: frame.x + 1, y: frame.y + 1, style: dim, limit: right - 1)
        }
        for (screenRow, row) in palette.rows.visibleRange.enumerated() {
            let command = palette.commands[row]
            let y = frame.y + 1 + screenRow
            let style = CellStyle(reverse: row == palette.rows.selected)
            grid.fill(x: frame.x + 1, y: y, width: frame.width - 2, height: 1, style: style)
            grid.write(" " + command.name, x: frame.x + 1, y: y, style: style, limit: right - 1)
            let keys = command.keys.first?.description ?? ""
            grid.write(keys, x: max(frame.x + 1, right - 2 - keys.count), y: y, style: CellStyle(reverse: row == palette.rows.selected, dim: true),
                       limit: right - 1)
        }
    }
}

extension EditorController {
    /// The command palette (Ctrl-P) while it is open.
    public var palette: CommandPalette? { overlays.first(PaletteOverlay.self)?.palette }

    func openPalette() {
        overlays.set(PaletteOverlay.self, to: PaletteOverlay(CommandPalette(table: commands, extra: timerPaletteCommands)))
    }
}
