import Foundation
import Recipes
import RichText
public import TerminalUI
import TextLayout

extension EditorController {
    static let titleStyle = CellStyle(reverse: true)
    static let dimStyle = CellStyle(dim: true)

    /// A line of the interface as the terminal must draw it (bidi, shaping).
    static func label(_ text: String) -> String { VisualLabel.visual(text) }

    /// `name` shortened with "…" at its logical end to fit `columns`, before
    /// it is put in visual order: a right-to-left name cut after reordering
    /// would lose its start (its right side), and show its end.
    static func fitted(_ name: String, columns: Int) -> String {
        guard columns >= 2, CellGrid.columns(of: name) > columns else { return name }
        return CellGrid.wrapped(name, width: columns, rows: 1).first ?? name
    }

    /// The whole screen and where the hardware cursor goes.
    public func render() -> (grid: CellGrid, cursor: (x: Int, y: Int)?) {
        var grid = CellGrid(width: width, height: height)
        // Pictures in pixels are placed by the panes, kept where nothing covers them.
        run.pixels.beginFrame()
        defer { run.pixels.finishFrame(on: grid) }
        panes.bars.drawTitle(of: session, into: &grid)
        // Each pane the layout gives cells draws itself there, in `Pane`'s order.
        for pane in panes.all where isShown(pane.focus) { pane.draw(into: &grid, frame: frame(of: pane.focus), controller: self) }
        // Cook mode hides the text, and its caret.
        let cursor = focus == .cook ? nil : panes.editor.caretCell
        if showsKeyBar { panes.bars.drawKeyBar(into: &grid, commands: commands) }
        // After the key bar: a message or question too long for one row takes its row too.
        renderStatus(&grid)
        for overlay in overlays.items { overlay.draw(into: &grid, controller: self) }
        // An overlay with a line or a box of its own takes the terminal's cursor there.
        guard let top = overlays.top, !top.keepsTextCursor else { return (grid, cursor) }
        return (grid, top.cursor(controller: self))
    }

    /// ▲ and ▼ at a list's right edge when rows are hidden above or below.
    static func drawScrollMarks(_ list: ScrollingList, x: Int, top: Int, into grid: inout CellGrid) {
        if list.top > 0 { grid[x, top] = Cell("▲", style: dimStyle) }
        if list.top + list.visibleRows < list.count { grid[x, top + list.visibleRows - 1] = Cell("▼", style: dimStyle) }
    }

    private func renderStatus(_ grid: inout CellGrid) {
        let y = height - bottomRows
        grid.fill(x: 0, y: y, width: width, height: 1)
        // A prompt or the palette takes the status line.
        if overlays.items.reversed().contains(where: { $0.drawStatusLine(into: &grid, y: y, controller: self) }) { return }
        let status = focus == .cook ? cookPane.status(self) : caretStatus
        // The timers at the right end; a message goes on the key bar's row rather than under them.
        let timersStart = drawTimers(into: &grid, y: y)
        let end = grid.write(status, x: 0, y: y, style: Self.dimStyle, limit: timersStart)
        if let message { writeWrapped(Self.label("  " + message), x: end, y: y, right: timersStart, style: .plain, into: &grid) }
    }

    /// Where the caret is, the paragraph's style, the selection, the loading.
    private var caretStatus: String {
        let session = shownSession
        let layout = session.layout
        // Where the caret is drawn: in a visual selection through bidi text
        // the selection's logical ends need not be the caret's place.
        let caret = session.drawnCaret
        let paragraph = layout.paragraph(containing: caret.offset)
        let column = layout.graphemeCount(inParagraph: paragraph, before: caret.offset) + 1
        let direction = layout.layout(ofParagraph: paragraph).isRightToLeft ? "RTL" : "LTR"
        var parts = ["\(paragraph + session.firstBodyLine):\(column)", direction, paragraphStyleName]
        let ranges = session.document.selection.ranges.filter { !$0.isCaret }
        if !ranges.isEmpty {
            let characters = ranges.reduce(0) { $0 + session.document.text.characters[$1.bounds].count }
            parts.append("\(ranges.count) range\(ranges.count == 1 ? "" : "s") · \(characters) character\(characters == 1 ? "" : "s")")
        }
        if let loadWaitStatus {
            parts.append(loadWaitStatus)
        } else if let markingStatus {
            parts.append(markingStatus)
        } else if self.session.isLoading, options.saysLoadingProgress {
            parts.append("loading \(self.session.loadedPercent)%…")
        }
        return parts.joined(separator: "  ")
    }

    /// A question's rows and the row they start on: the status line's, then
    /// the key bar's, and as many above them as it needs, up to half the
    /// screen (what is left after that ends with "…").
    func questionRows(_ text: String) -> (rows: [String], top: Int) {
        let rows = CellGrid.wrapped(text, width: width, rows: max(bottomRows, height / 2))
        return (rows, min(height - bottomRows, height - rows.count))
    }

    /// Writes status text from `x`; what does not fit goes on the key bar's
    /// row (when it is shown), and what does not fit there ends with "…".
    private func writeWrapped(_ text: String, x: Int, y: Int, right: Int? = nil, style: CellStyle, into grid: inout CellGrid) {
        let rows = CellGrid.wrapped(text, firstWidth: (right ?? width) - x, width: width, rows: showsKeyBar && y + 1 < height ? 2 : 1)
        for (number, row) in rows.enumerated() {
            if number > 0 { grid.fill(x: 0, y: y + number, width: width, height: 1) }
            grid.write(row, x: number == 0 ? x : 0, y: y + number, style: style)
        }
    }


    /// The caret paragraph's style, as the status line names it.
    var paragraphStyleName: String {
        let attributes = shownSession.document.typingAttributesAtCaretParagraph
        if let level = attributes.headingLevel { return "Heading \(level)" }
        if let item = attributes.listItem { return item.isOrdered ? "Numbered item" : "List item" }
        if attributes.blockQuote != nil { return "Quote" }
        switch attributes.verbatimLine {
        case .code?, .codeFence?: return "Code"
        case .html?: return "HTML"
        case .comment?: return "Comment"
        case .metadata?: return "Metadata"
        default: return "Body"
        }
    }
}
