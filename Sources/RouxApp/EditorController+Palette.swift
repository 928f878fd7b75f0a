public import TerminalUI

/// Ctrl-P: every command by name, filtered as the user types (words in any
/// order), Up/Down to choose, Enter to run, Esc to close.
public struct CommandPalette: Equatable {
    static let label = "Command: "

    public internal(set) var editor = LineEditor()
    /// The commands matching what is typed, by name.
    public internal(set) var names: [String] = []
    var rows = ScrollingList()

    init() {
        refilter()
    }

    mutating func refilter() {
        names = EditorCommand.matching(editor.text).map(\.name)
        rows.setCount(names.count)
        rows.select(0)
    }

    public var chosen: String? { names.indices.contains(rows.selected) ? names[rows.selected] : nil }
}

extension EditorController {
    func openPalette() {
        palette = CommandPalette()
    }

    /// Where the palette's box is: the editor pane's top, as wide as it reads well.
    var paletteFrame: Frame {
        let frame = editorFrame
        let boxWidth = min(frame.width, max(40, min(72, frame.width - 4)))
        return Frame(x: frame.x + max(0, (frame.width - boxWidth) / 2), y: frame.y,
                     width: boxWidth, height: max(3, min(frame.height, (palette?.names.count ?? 0) + 2)))
    }

    func handlePalette(_ event: InputEvent) {
        guard var current = palette else { return }
        current.rows.setVisibleRows(paletteFrame.height - 2)
        switch event {
        case .key(let key) where key.modifiers.isEmpty && [.up, .down, .pageUp, .pageDown].contains(key.code):
            _ = current.rows.handle(key)
        case .key(Key(.enter)):
            palette = nil
            guard let name = current.chosen, let command = EditorCommand.all.first(where: { $0.name == name && $0.inPalette }) else {
                say("no command matches \"\(current.editor.text)\"")
                return
            }
            // A command of the text runs on the text.
            if command.scope == .text { focus = .editor }
            command.run(self, command.keys.first ?? Key(.escape))
            if focus == .editor { scrollToCaret() }
            return
        case .key(Key(.escape)), .key(.control("p")), .key(.control("c")):
            palette = nil
            return
        case .mouse(let mouse) where mouse.action == .scrollUp || mouse.action == .scrollDown:
            current.rows.scroll(by: mouse.action == .scrollUp ? -3 : 3)
        case .mouse(let mouse) where mouse.action == .press:
            let frame = paletteFrame
            if let row = current.rows.row(atVisibleRow: mouse.y - frame.y - 1), (frame.x ..< frame.x + frame.width).contains(mouse.x) {
                current.rows.select(row)
                palette = current
                handlePalette(.key(Key(.enter)))
                return
            }
        default:
            if current.editor.handle(event) == .edited {
                current.refilter()
            }
        }
        palette = current
    }

    func renderPalette(_ grid: inout CellGrid) {
        guard var current = palette else { return }
        let frame = paletteFrame
        current.rows.setVisibleRows(frame.height - 2)
        palette = current
        let right = frame.x + frame.width
        grid.fill(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        let titleEnd = grid.write(" Commands — type to filter, Enter runs, Esc closes", x: frame.x, y: frame.y,
                                  style: Self.titleStyle, limit: right)
        grid.fill(x: titleEnd, y: frame.y, width: max(0, right - titleEnd), height: 1, style: Self.titleStyle)
        for y in frame.y + 1 ..< frame.y + frame.height - 1 {
            grid[frame.x, y] = Cell("│", style: Self.dimStyle)
            grid[right - 1, y] = Cell("│", style: Self.dimStyle)
        }
        grid.write("└" + String(repeating: "─", count: max(0, frame.width - 2)) + "┘", x: frame.x, y: frame.y + frame.height - 1,
                   style: Self.dimStyle, limit: right)
        if current.names.isEmpty {
            grid.write(" nothing matches", x: frame.x + 1, y: frame.y + 1, style: Self.dimStyle, limit: right - 1)
        }
        for (screenRow, row) in current.rows.visibleRange.enumerated() {
            guard let command = EditorCommand.all.first(where: { $0.name == current.names[row] && $0.inPalette }) else { continue }
            let y = frame.y + 1 + screenRow
            let style = CellStyle(reverse: row == current.rows.selected)
            grid.fill(x: frame.x + 1, y: y, width: frame.width - 2, height: 1, style: style)
            grid.write(" " + command.name, x: frame.x + 1, y: y, style: style, limit: right - 1)
            let keys = command.keys.first?.description ?? ""
            grid.write(keys, x: max(frame.x + 1, right - 2 - keys.count), y: y, style: CellStyle(reverse: row == current.rows.selected, dim: true),
                       limit: right - 1)
        }
    }
}
