import TerminalUI

/// F1: the keys of every command, from the table, in a box over the panes.
/// Up/Down/PgUp/PgDn/Home/End and the wheel scroll it; any other key closes it.
final class HelpOverlay: EditorOverlay {
    /// The help's scroll.
    var rows: ScrollingList

    init(controller: EditorController) {
        rows = ScrollingList(count: controller.commands.helpLines(width: Self.width(controller)).count, visibleRows: Self.height(controller))
    }

    /// The box: the screen but for the title and the bottom rows.
    static func width(_ controller: EditorController) -> Int { max(10, controller.width - 4) }
    static func height(_ controller: EditorController) -> Int { max(1, controller.height - 1 - controller.bottomRows - 2) }

    func handle(_ event: InputEvent, controller: EditorController) {
        let height = Self.height(controller)
        if case .key(let key) = event, [.up, .down, .pageUp, .pageDown, .home, .end].contains(key.code), key.modifiers.isEmpty {
            // The view moves: the first row shown is the one that matters.
            rows.setVisibleRows(height)
            switch key.code {
            case .up: rows.scroll(by: -1)
            case .down: rows.scroll(by: 1)
            case .pageUp: rows.scroll(by: -(height - 1))
            case .pageDown: rows.scroll(by: height - 1)
            case .home: rows.scroll(by: -rows.count)
            default: rows.scroll(by: rows.count)
            }
            return
        }
        if case .mouse(let mouse) = event {
            if mouse.action == .scrollUp { rows.scroll(by: -3) }
            if mouse.action == .scrollDown { rows.scroll(by: 3) }
            return
        }
        controller.overlays.close(HelpOverlay.self)
    }

    func draw(into grid: inout CellGrid, controller: EditorController) {
        let width = controller.width
        let height = Self.height(controller)
        let lines = controller.commands.helpLines(width: Self.width(controller))
        rows.setCount(lines.count)
        rows.setVisibleRows(height)
        let top = 1
        let boxHeight = height + 2
        grid.fill(x: 0, y: top, width: width, height: boxHeight, style: CellStyle(reverse: true))
        for (screenRow, row) in rows.visibleRange.enumerated() {
            let line = lines[row]
            grid.write(line.text, x: 2, y: top + 1 + screenRow, style: CellStyle(bold: line.isTitle, reverse: true), limit: width - 1)
        }
        if rows.top > 0 { grid[width - 1, top + 1] = Cell("▲", style: CellStyle(reverse: true)) }
        if rows.top + rows.visibleRows < rows.count {
            grid[width - 1, top + height] = Cell("▼", style: CellStyle(reverse: true))
            grid.write(" PgDn: more ", x: max(0, width - 14), y: top + boxHeight - 1, style: CellStyle(bold: true, reverse: true), limit: width)
        }
    }
}

extension EditorController {
    public var helpVisible: Bool { overlays.first(HelpOverlay.self) != nil }

    func showHelp() {
        overlays.set(HelpOverlay.self, to: HelpOverlay(controller: self))
    }
}
