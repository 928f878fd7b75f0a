import RichText
import TerminalUI

/// Alt-C's box at the text pane's top left (`ColorMenu`): Up/Down/Tab
/// choose, Enter or a click applies, a refused entry says why and stays;
/// Esc, any other key or a click outside closes it without a change.
final class ColorMenuOverlay: EditorOverlay {
    var menu: ColorMenu

    init(_ menu: ColorMenu) {
        self.menu = menu
    }

    /// Where the menu's box is: the editor pane's top left, inset.
    static func frame(of menu: ColorMenu?, _ controller: EditorController) -> EditorController.Frame {
        let frame = controller.editorFrame
        let height = menu?.height ?? 0
        return EditorController.Frame(x: frame.x + min(2, max(0, frame.width - ColorMenu.width)), y: frame.y,
                                      width: min(ColorMenu.width, frame.width), height: min(height, frame.height))
    }

    func handle(_ event: InputEvent, controller: EditorController) {
        // A key in the menu clears the status line's message, as a key in the text does.
        controller.clearMessage()
        switch event {
        case .key(let key) where key.code == .up:
            menu.row = (menu.row + menu.entries.count - 1) % menu.entries.count
        case .key(let key) where key.code == .down || key.code == .tab:
            menu.row = (menu.row + 1) % menu.entries.count
        case .key(let key) where key.code == .enter:
            apply(menu.row, controller)
        case .mouse(let mouse) where mouse.action == .press:
            let frame = Self.frame(of: menu, controller)
            // Only entries drawn inside the box (a short terminal clips it).
            menu.fit(boxHeight: frame.height)
            if let line = menu.lines.row(atVisibleRow: mouse.y - frame.y - 1), let index = menu.entry(onLine: line),
               mouse.x >= frame.x, mouse.x < frame.x + frame.width {
                menu.row = index
                apply(index, controller)
                return
            }
            if !(frame.x ..< frame.x + frame.width).contains(mouse.x) || !(frame.y ..< frame.y + frame.height).contains(mouse.y) {
                controller.overlays.close(ColorMenuOverlay.self)
            }
        case .mouse, .resize:
            break
        default:
            // Esc, or any other key, closes the menu without a change.
            controller.overlays.close(ColorMenuOverlay.self)
        }
    }

    /// Applies an entry; a refused one keeps the menu open and says why.
    private func apply(_ index: Int, _ controller: EditorController) {
        let entry = menu.entries[index]
        let what = entry.target == .text ? "text colour" : "highlight"
        guard entry.verdict.isAllowed else {
            if case .refused(let reason) = entry.verdict { controller.say("\(what): \(reason)") }
            return
        }
        var verdict = FormattingVerdict.allowed
        let session = controller.session
        session.edit { recipe in
            verdict = switch entry.target {
            case .text: recipe.document.setAttribute(ForegroundColorAttribute.self, to: entry.color)
            case .highlight: recipe.document.setAttribute(BackgroundColorAttribute.self, to: entry.color)
            }
        }
        controller.overlays.close(ColorMenuOverlay.self)
        if case .refused(let reason) = verdict {
            controller.say("\(what): \(reason)")
        } else {
            let selected = session.document.selection.hasSelectedText
            let name = entry.color == nil ? "none" : entry.name.lowercased()
            controller.say("\(what) \(name)" + (selected ? "" : " for what you type next") + (controller.useColor ? "" : " (colours are off: NO_COLOR)"))
        }
    }

    func draw(into grid: inout CellGrid, controller: EditorController) {
        let frame = Self.frame(of: menu, controller)
        menu.fit(boxHeight: frame.height)
        let right = frame.x + frame.width
        let dim = EditorController.dimStyle
        grid.fill(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        let titleEnd = grid.write(" Colour — Enter applies, Esc closes", x: frame.x, y: frame.y, style: EditorController.titleStyle, limit: right)
        grid.fill(x: titleEnd, y: frame.y, width: right - titleEnd, height: 1, style: EditorController.titleStyle)
        // A border, so the text behind does not run into the menu.
        for y in frame.y + 1 ..< frame.y + frame.height - 1 {
            grid[frame.x, y] = Cell("│", style: dim)
            grid[right - 1, y] = Cell("│", style: dim)
        }
        grid.write("└" + String(repeating: "─", count: max(0, frame.width - 2)) + "┘", x: frame.x, y: frame.y + frame.height - 1,
                   style: dim, limit: right)
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
            if controller.useColor, let color = entry.color {
                if entry.target == .text { swatch.foreground = color } else { swatch.background = color }
            }
            let after = grid.write(entry.target == .text ? "Aa" : "  ", x: x, y: y, style: swatch, limit: right - 1)
            grid.write(" " + entry.name, x: after, y: y, style: style, limit: right - 1)
        }
        if menu.lines.top > 0 { grid[right - 2, frame.y + 1] = Cell("▲", style: dim) }
        if menu.lines.top + menu.lines.visibleRows < menu.lines.count {
            grid[right - 2, frame.y + menu.lines.visibleRows] = Cell("▼", style: dim)
        }
        // The foot: why the chosen entry is greyed out, if it is.
        let foot: String = if case .refused(let reason) = menu.entries[menu.row].verdict { "not here: \(reason)" } else { "" }
        grid.write(foot, x: frame.x + 2, y: frame.y + frame.height - 2, style: dim, limit: right - 1)
    }
}

extension EditorController {
    /// The Alt-C menu while it is open.
    public var colorMenu: ColorMenu? { overlays.first(ColorMenuOverlay.self)?.menu }

    /// Where the menu's box is.
    public var colorMenuFrame: Frame { ColorMenuOverlay.frame(of: colorMenu, self) }

    func openColorMenu() {
        overlays.set(ColorMenuOverlay.self, to: ColorMenuOverlay(ColorMenu(document: session.document)))
    }
}
