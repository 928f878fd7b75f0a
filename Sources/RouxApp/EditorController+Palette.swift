public import TerminalUI

/// Ctrl-P: every command by name, filtered as the user types (words in any
/// order), Up/Down to choose, Enter to run, Esc to close.
public struct CommandPalette: Equatable {
    static let label = "Command: "

    public internal(set) var editor = LineEditor()
    /// The commands matching what is typed, best first.
    var commands: [EditorCommand] = []
    var rows = ScrollingList()

    init() {
        refilter()
    }

    mutating func refilter() {
        commands = EditorCommand.matching(editor.text)
        rows.setCount(commands.count)
        rows.select(0)
    }

    /// The names of the matching commands.
    public var names: [String] { commands.map(\.name) }

    var chosenCommand: EditorCommand? { commands.indices.contains(rows.selected) ? commands[rows.selected] : nil }

    public var chosen: String? { chosenCommand?.name }

    public static func == (lhs: CommandPalette, rhs: CommandPalette) -> Bool {
        lhs.editor == rhs.editor && lhs.names == rhs.names && lhs.rows == rhs.rows
    }
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
                     width: boxWidth, height: max(3, min(frame.height, (palette?.commands.count ?? 0) + 2)))
    }

    func handlePalette(_ event: InputEvent) {
        guard var current = palette else { return }
        current.rows.setVisibleRows(paletteFrame.height - 2)
        switch event {
        case .key(let key) where key.modifiers.isEmpty && [.up, .down, .pageUp, .pageDown].contains(key.code):
            _ = current.rows.handle(key)
        case .key(Key(.enter)):
            palette = nil
            guard let command = current.chosenCommand else {
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
        if current.commands.isEmpty {
            grid.write(" nothing matches", x: frame.x + 1, y: frame.y + 1, style: Self.dimStyle, limit: right - 1)
        }
        for (screenRow, row) in current.rows.visibleRange.enumerated() {
            let command = current.commands[row]
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
