import Foundation
public import RichText
import TerminalUI

/// Alt-C: text colours and highlight (background) colours for the selection,
/// or for what is typed next at a caret. Each entry carries the formatting
/// definition's verdict, worked out when the menu opens: in a recipe only
/// ingredients have a text colour (IngredientsAreGreen), so those entries are
/// greyed out and say why, while highlights are allowed and saved.
public struct ColorMenu: Equatable {
    public enum Target: Equatable, Sendable {
        case text, highlight
    }

    public struct Entry: Equatable, Sendable {
        public var target: Target
        public var name: String
        /// nil: no colour of its own (the theme's).
        public var color: TerminalColor?
        public var verdict: FormattingVerdict
    }

    public internal(set) var entries: [Entry]
    public internal(set) var row = 0
    /// The menu's lines (group titles and entries) on screen: a short
    /// terminal shows a window of them that follows the chosen entry.
    var lines = ScrollingList()

    static let textColors: [(String, TerminalColor?)] = [
        ("Default", nil), ("Red", .ansi(.red)), ("Green", .ansi(.green)), ("Yellow", .ansi(.yellow)),
        ("Blue", .ansi(.blue)), ("Magenta", .ansi(.magenta)), ("Cyan", .ansi(.cyan)),
        ("Orange", .rgb(red: 255, green: 165, blue: 0)),
    ]

    static let highlights: [(String, TerminalColor?)] = [
        ("None", nil), ("Yellow", .ansi(.yellow)), ("Green", .ansi(.green)), ("Cyan", .ansi(.cyan)),
        ("Magenta", .ansi(.magenta)), ("Red", .ansi(.red)), ("Blue", .ansi(.blue)),
        ("Gray", .rgb(red: 128, green: 128, blue: 128)),
    ]

    init(document: RichTextDocument) {
        entries = Self.textColors.map { name, color in
            Entry(target: .text, name: name, color: color,
                  verdict: document.verdict(setting: ForegroundColorAttribute.self, to: color))
        } + Self.highlights.map { name, color in
            Entry(target: .highlight, name: name, color: color,
                  verdict: document.verdict(setting: BackgroundColorAttribute.self, to: color))
        }
        // Start on the first entry that can be applied.
        row = entries.firstIndex { $0.verdict.isAllowed } ?? 0
    }

    /// The line of each entry among the menu's lines: a title line for each
    /// group comes before its entries.
    func line(ofEntry index: Int) -> Int {
        index + (entries[index].target == .highlight ? 2 : 1)
    }

    /// The entry shown on a line, if it is not a group title.
    func entry(onLine line: Int) -> Int? {
        entries.indices.first { self.line(ofEntry: $0) == line }
    }

    var lineCount: Int { entries.count + 2 }

    /// The box's title, the lines, the foot and the bottom border.
    var height: Int { lineCount + 3 }

    /// The window of lines follows the chosen entry in a box of `boxHeight`.
    mutating func fit(boxHeight: Int) {
        lines.setCount(lineCount)
        lines.setVisibleRows(max(1, boxHeight - 3))
        // The group title shows with its first entry.
        let line = line(ofEntry: row)
        lines.select(line > 0 && entry(onLine: line - 1) == nil ? line - 1 : line)
        lines.select(line)
    }
    static let width = 46
}

extension EditorController {
    func openColorMenu() {
        colorMenu = ColorMenu(document: session.document)
    }

    /// Where the menu's box is: the editor pane's top left, inset.
    public var colorMenuFrame: Frame {
        let frame = editorFrame
        let height = colorMenu?.height ?? 0
        return Frame(x: frame.x + min(2, max(0, frame.width - ColorMenu.width)), y: frame.y,
                     width: min(ColorMenu.width, frame.width), height: min(height, frame.height))
    }

    func handleColorMenu(_ event: InputEvent) {
        guard var menu = colorMenu else { return }
        switch event {
        case .key(let key) where key.code == .up:
            menu.row = (menu.row + menu.entries.count - 1) % menu.entries.count
        case .key(let key) where key.code == .down || key.code == .tab:
            menu.row = (menu.row + 1) % menu.entries.count
        case .key(let key) where key.code == .enter:
            colorMenu = menu
            applyColorMenuEntry(menu.row)
            return
        case .mouse(let mouse) where mouse.action == .press:
            let frame = colorMenuFrame
            // Only entries drawn inside the box (a short terminal clips it).
            menu.fit(boxHeight: frame.height)
            if let line = menu.lines.row(atVisibleRow: mouse.y - frame.y - 1), let index = menu.entry(onLine: line),
               mouse.x >= frame.x, mouse.x < frame.x + frame.width {
                menu.row = index
                colorMenu = menu
                applyColorMenuEntry(index)
                return
            }
            if !(frame.x ..< frame.x + frame.width).contains(mouse.x) || !(frame.y ..< frame.y + frame.height).contains(mouse.y) {
                colorMenu = nil
                return
            }
        case .mouse, .resize:
            break
        default:
            // Esc, or any other key, closes the menu without a change.
            colorMenu = nil
            return
        }
        colorMenu = menu
    }

    /// Applies an entry; a refused one keeps the menu open and says why.
    private func applyColorMenuEntry(_ index: Int) {
        guard let entry = colorMenu?.entries[index] else { return }
        let what = entry.target == .text ? "text colour" : "highlight"
        guard entry.verdict.isAllowed else {
            if case .refused(let reason) = entry.verdict { say("\(what): \(reason)") }
            return
        }
        var verdict = FormattingVerdict.allowed
        session.edit { recipe in
            verdict = switch entry.target {
            case .text: recipe.document.setAttribute(ForegroundColorAttribute.self, to: entry.color)
            case .highlight: recipe.document.setAttribute(BackgroundColorAttribute.self, to: entry.color)
            }
        }
        colorMenu = nil
        if case .refused(let reason) = verdict {
            say("\(what): \(reason)")
        } else {
            let selected = session.document.selection.hasSelectedText
            let name = entry.color == nil ? "none" : entry.name.lowercased()
            say("\(what) \(name)" + (selected ? "" : " for what you type next") + (useColor ? "" : " (colours are off: NO_COLOR)"))
        }
    }

    func renderColorMenu(_ grid: inout CellGrid) {
        guard var menu = colorMenu else { return }
        let frame = colorMenuFrame
        menu.fit(boxHeight: frame.height)
        colorMenu = menu
        let right = frame.x + frame.width
        grid.fill(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        let titleEnd = grid.write(" Colour — Enter applies, Esc closes", x: frame.x, y: frame.y, style: Self.titleStyle, limit: right)
        grid.fill(x: titleEnd, y: frame.y, width: right - titleEnd, height: 1, style: Self.titleStyle)
        // A border, so the text behind does not run into the menu.
        for y in frame.y + 1 ..< frame.y + frame.height - 1 {
            grid[frame.x, y] = Cell("│", style: Self.dimStyle)
            grid[right - 1, y] = Cell("│", style: Self.dimStyle)
        }
        grid.write("└" + String(repeating: "─", count: max(0, frame.width - 2)) + "┘", x: frame.x, y: frame.y + frame.height - 1,
                   style: Self.dimStyle, limit: right)
        for (screenRow, line) in menu.lines.visibleRange.enumerated() {
            let y = frame.y + 1 + screenRow
            guard let index = menu.entry(onLine: line) else {
                grid.write(line == 0 ? "Text colour" : "Highlight", x: frame.x + 2, y: y, style: CellStyle(bold: true), limit: right)
                continue
            }
            let entry = menu.entries[index]
            let style = CellStyle(reverse: index == menu.row, dim: !entry.verdict.isAllowed)
            let x = grid.write(index == menu.row ? " ▸ " : "   ", x: frame.x + 1, y: y, style: style, limit: right - 1)
            // A swatch: the colour as text, or behind two blanks.
            var swatch = CellStyle(dim: !entry.verdict.isAllowed)
            if useColor, let color = entry.color {
                if entry.target == .text { swatch.foreground = color } else { swatch.background = color }
            }
            let after = grid.write(entry.target == .text ? "Aa" : "  ", x: x, y: y, style: swatch, limit: right - 1)
            grid.write(" " + entry.name, x: after, y: y, style: style, limit: right - 1)
        }
        if menu.lines.top > 0 { grid[right - 2, frame.y + 1] = Cell("▲", style: Self.dimStyle) }
        if menu.lines.top + menu.lines.visibleRows < menu.lines.count {
            grid[right - 2, frame.y + menu.lines.visibleRows] = Cell("▼", style: Self.dimStyle)
        }
        // The foot: why the chosen entry is greyed out, if it is.
        let foot: String = if case .refused(let reason) = menu.entries[menu.row].verdict { "not here: \(reason)" } else { "" }
        grid.write(foot, x: frame.x + 2, y: frame.y + frame.height - 2, style: Self.dimStyle, limit: right - 1)
    }
}
