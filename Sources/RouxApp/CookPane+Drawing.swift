import Foundation
import TerminalUI
import TextLayout

/// Cook mode's screen: the step's number and section at the top, the
/// step's words centred in bold (a blank row between lines when there is
/// room: read from across the kitchen), its timers under them, the
/// ingredients and cookware in a column at the right (under the words on
/// a narrow terminal), the steps as marks (✓ done, ● shown, ○ to come) and
/// the next step at the bottom.
extension CookPane {
    /// The column of ingredients and cookware, from this width of window.
    static let sideColumnFrom = 70

    func draw(into grid: inout CellGrid, frame: EditorController.Frame, controller: EditorController) {
        grid.fill(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        let session = controller.session
        let steps = steps(session)
        guard steps.indices.contains(step), frame.height >= 4 else { return }
        let shown = steps[step]
        let dim = EditorController.dimStyle
        let right = frame.x + frame.width
        let sideWidth = frame.width >= Self.sideColumnFrom ? min(34, frame.width / 3) : 0
        let main = EditorController.Frame(x: frame.x, y: frame.y, width: frame.width - sideWidth, height: frame.height)
        // The step's number and section; how many are done at the right.
        let section = shown.section.map { " · " + VisualLabel.isolated($0) } ?? ""
        grid.write(EditorController.label(" Step \(step + 1) of \(steps.count)\(section)"), x: frame.x, y: frame.y, style: CellStyle(bold: true),
                   limit: right)
        let done = "✓ \(tickCount(in: session)) of \(steps.count) done "
        grid.write(done, x: right - CellGrid.columns(of: done), y: frame.y, style: dim)
        // The bottom: the steps as marks, then the next step.
        let bottom = frame.y + frame.height - 1
        let next = steps.indices.contains(step + 1) ? "Next: " + steps[step + 1].text.replacing("\n", with: " ") : "Last step"
        grid.write(EditorController.label(EditorController.fitted(next, columns: frame.width - 2)), x: frame.x + 1, y: bottom, style: dim,
                   limit: right - 1)
        let marks = steps.indices.map { isTicked($0, in: session) ? "✓" : $0 == step ? "●" : "○" }.joined(separator: " ")
        let fitted = EditorController.fitted(marks, columns: main.width - 2)
        grid.write(fitted, x: main.x + max(1, (main.width - CellGrid.columns(of: fitted)) / 2), y: bottom - 1, style: dim, limit: right)
        // The middle: the step's words and timers, and beside them what it uses.
        let middle = EditorController.Frame(x: main.x, y: frame.y + 2, width: main.width, height: max(1, frame.height - 5))
        var side = sideLines(shown, width: max(10, sideWidth > 0 ? sideWidth - 3 : main.width - 4), controller: controller)
        if sideWidth > 0 {
            for y in middle.y ..< middle.y + middle.height { grid[main.x + main.width, y] = Cell("│", style: dim) }
            for (row, line) in side.prefix(middle.height).enumerated() {
                grid.write(EditorController.label(line.text), x: main.x + main.width + 2, y: middle.y + row, style: line.style, limit: right)
            }
            side = []
        }
        drawStep(shown, below: side, in: middle, into: &grid, controller: controller)
    }

    /// The words centred in `area`, the step's timers under them, then
    /// `below` (the ingredients on a narrow window).
    private func drawStep(_ shown: CookStep, below: [(text: String, style: CellStyle)], in area: EditorController.Frame,
                          into grid: inout CellGrid, controller: EditorController) {
        let textWidth = max(10, min(area.width - 4, 64))
        let timers = timerLines(shown, controller: controller)
        let ticked = isTicked(step, in: controller.session)
        let room = max(1, area.height - timers.count - (timers.isEmpty ? 0 : 1) - (ticked ? 2 : 0) - (below.isEmpty ? 0 : below.count + 1))
        // A line break the step keeps (Cooklang's `\` at a line's end) starts a line here too.
        let pieces = shown.text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { CellGrid.wrapped(String($0), width: textWidth) }
        let lines = pieces.count <= room ? pieces : Array(pieces.prefix(max(0, room - 1))) + ["…"]
        let spaced = lines.count * 2 - 1 <= room && lines.count > 1
        let textRows = spaced ? lines.count * 2 - 1 : lines.count
        let used = textRows + (ticked ? 2 : 0) + (timers.isEmpty ? 0 : timers.count + 1) + (below.isEmpty ? 0 : below.count + 1)
        var y = area.y + max(0, (area.height - used) / 2)
        let limit = area.x + area.width
        func centred(_ text: String, style: CellStyle) {
            guard y < area.y + area.height else { return }
            let shown = EditorController.label(text)
            grid.write(shown, x: area.x + max(1, (area.width - CellGrid.columns(of: shown)) / 2), y: y, style: style, limit: limit)
        }
        if ticked {
            centred("✓ done", style: CellStyle(foreground: controller.useColor ? .green : .default, bold: true))
            y += 2
        }
        for line in lines {
            centred(line, style: CellStyle(bold: true, dim: ticked))
            y += spaced ? 2 : 1
        }
        if spaced { y -= 1 }
        if !timers.isEmpty { y += 1 }
        for timer in timers {
            centred(timer, style: controller.useColor ? CellStyle(foreground: .ansi(.magenta)) : CellStyle(italic: true))
            y += 1
        }
        if !below.isEmpty { y += 1 }
        for line in below where y < area.y + area.height {
            grid.write(EditorController.label(line.text), x: area.x + 2, y: y, style: line.style, limit: limit)
            y += 1
        }
    }

    /// Each timer of the step: its name and length, and while one of its
    /// timers runs, what it has left.
    private func timerLines(_ shown: CookStep, controller: EditorController) -> [String] {
        let now = controller.kitchen.clock()
        return shown.timers.map { timer in
            let running = controller.kitchen.timers.all.first {
                $0.name == timer.name && $0.origin.step == step && $0.origin.recipePath == controller.session.path
            }
            let length = CookTimer.countdown(TimeInterval(timer.seconds))
            let state = switch running?.state {
            case nil: "t starts it"
            case .running?: CookTimer.countdown(running?.remaining(at: now) ?? 0) + " left"
            case .paused(let remaining)?: "⏸ " + CookTimer.countdown(remaining) + " left"
            case .finished?: "done"
            }
            return "⏲ \(timer.name) · \(length) · \(state)"
        }
    }

    /// The ingredients (quantity first, as a list is read) and the cookware.
    private func sideLines(_ shown: CookStep, width: Int, controller: EditorController) -> [(text: String, style: CellStyle)] {
        let useColor = controller.useColor
        var lines: [(String, CellStyle)] = []
        if !shown.ingredients.isEmpty {
            lines.append(("Ingredients", CellStyle(bold: true)))
            let style = useColor ? CellStyle(foreground: .green) : CellStyle(bold: true)
            for ingredient in shown.ingredients {
                let text = (ingredient.quantity.map { $0 + " " } ?? "") + ingredient.name
                lines += CellGrid.wrapped(text, width: width).map { ($0, style) }
            }
        }
        if !shown.cookware.isEmpty {
            if !lines.isEmpty { lines.append(("", CellStyle())) }
            lines.append(("Cookware", CellStyle(bold: true)))
            let style = useColor ? CellStyle(foreground: .ansi(.cyan)) : CellStyle(italic: true)
            for name in shown.cookware { lines += CellGrid.wrapped(name, width: width).map { ($0, style) } }
        }
        return lines
    }
}
