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
        renderTitle(&grid)
        let cursor = renderEditor(&grid)
        if inspectorWidth > 0 { renderInspector(&grid) }
        if listWidth > 0 { renderList(&grid) }
        for pane in paneComponents where isShown(pane.focus) { pane.draw(into: &grid, frame: frame(of: pane.focus), controller: self) }
        if showsKeyBar { renderKeyBar(&grid) }
        // After the key bar: a message or question too long for one row takes its row too.
        renderStatus(&grid)
        renderColorMenu(&grid)
        renderPalette(&grid)
        if helpVisible { renderHelp(&grid) }
        return (grid, helpVisible || prompt != nil || colorMenu != nil || palette != nil ? promptCursor : cursor)
    }

    private var promptCursor: (x: Int, y: Int)? {
        if let palette { return (min(width - 1, CommandPalette.label.count + palette.editor.cursor), height - bottomRows) }
        guard let prompt else { return nil }
        let line = promptLine(prompt)
        // A question's cursor rests after its text, which may have wrapped onto more rows.
        if !prompt.isLine, line.cursor >= width {
            let (rows, top) = questionRows(line.text)
            return (min(width - 1, CellGrid.columns(of: rows.last ?? "")), top + rows.count - 1)
        }
        return (min(width - 1, line.cursor), height - bottomRows)
    }

    private func renderTitle(_ grid: inout CellGrid) {
        // Without a title (most Cooklang files), the recipe goes by its file's name alone.
        let title = session.title ?? (session.path == nil ? "Untitled" : "")
        let (path, modified, readOnly) = (session.path, session.isModified, session.isReadOnly)
        memoizedRows.row("title", 0, key: [title, path ?? "", "\(modified)\(readOnly)"], in: &grid) { grid in
            grid.fill(x: 0, y: 0, width: width, height: 1, style: Self.titleStyle)
            let file = path.map { ($0 as NSString).lastPathComponent } ?? "new recipe"
            grid.write(Self.label(" Roux  \(title.isEmpty ? "" : VisualLabel.isolated(title) + " — ")\(VisualLabel.isolated(file))\(modified ? " [modified]" : "")\(readOnly ? " [read-only]" : "")"),
                       x: 0, y: 0, style: Self.titleStyle)
        }
    }

    /// Draws the visible lines from the layout, in visual order, with styles
    /// and the selection; returns the caret's cell. A row showing the same
    /// line as last time (same layout generation, number, fold and highlight)
    /// is copied from the last frame instead of drawn.
    private func renderEditor(_ grid: inout CellGrid) -> (x: Int, y: Int)? {
        let session = shownSession
        let frame = editorFrame
        let layout = session.layout
        let text = session.document.text
        let known = Set(session.recipe.ingredients.map(\.id))
        let selected = session.document.selection.ranges.filter { !$0.isCaret }.map { text.utf8Offsets(of: $0.bounds) }
        let caret = session.drawnCaret
        let caretLine = layout.linePosition(of: caret)
        let context = EditorRowCache.Context(layout: ObjectIdentifier(layout), frame: frame, gutterWidth: gutterWidth,
                                             useColor: useColor, knownIngredients: known, gridSize: grid.width * grid.height)
        var keys: [EditorRowCache.RowKey?] = []
        var cursor: (x: Int, y: Int)?
        session.pane.rows.begin(context, width: grid.width, height: grid.height)
        for (row, visible) in layout.lines(from: session.pane.top, count: frame.height).enumerated() {
            let y = frame.y + row
            let x0 = frame.x + gutterWidth
            let fragment = visible.fragment
            let highlighted = selected.isEmpty ? [] : layout.highlightedColumns(in: fragment, for: selected)
            let key = EditorRowCache.RowKey(generation: visible.generation, line: visible.position.line,
                                            lineNumber: showsLineNumbers ? visible.lineNumber.map { $0 + session.firstBodyLine - 1 } : nil, isHeading: visible.isHeading,
                                            isCollapsedHeading: visible.isCollapsedHeading, highlighted: highlighted)
            keys.append(key)
            if visible.position == caretLine {
                cursor = (min(frame.x + frame.width - 1, x0 + layout.column(of: caret)), y)
            }
            if !session.pane.rows.isDrawn(row: row, key: key) {
                session.pane.rows.drawn.fill(x: frame.x, y: y, width: frame.width, height: 1)
                drawLine(visible, highlighted: highlighted, y: y, into: &session.pane.rows.drawn, knownIngredients: known)
            }
            grid.copyCells(from: session.pane.rows.drawn, row: y, x: frame.x, count: frame.width)
        }
        session.pane.rows.finish(keys: keys)
        return cursor
    }

    private func drawLine(_ visible: VisibleLine, highlighted: [Range<Int>], y: Int, into grid: inout CellGrid,
                          knownIngredients known: Set<IngredientID>) {
        let frame = editorFrame
        let x0 = frame.x + gutterWidth
        // Lines of the file: the front matter's count too.
        if showsLineNumbers, let number = visible.lineNumber {
            let label = String(number + shownSession.firstBodyLine - 1)
            grid.write(String(repeating: " ", count: max(0, gutterWidth - 1 - label.count)) + label, x: frame.x, y: y, style: Self.dimStyle)
        }
        let fragment = visible.fragment
        // Cells of one run share their attributes: their look is worked
        // out once, as a cell to copy. Read in place, not copied out.
        var previous: (attributes: AttributeContainer, look: Cell)?
        fragment.cells.withUnsafeBufferPointer { cells in
            for index in cells.indices {
                let column = fragment.leadingColumns + index
                let x = x0 + column
                guard x < frame.x + frame.width else { break }
                var drawn: Cell
                if let previous, previous.attributes == cells[index].attributes {
                    drawn = previous.look
                } else {
                    let attributes = cells[index].attributes
                    drawn = Cell(" ", style: cellStyle(attributes, knownIngredients: known, headingLevel: attributes.headingLevel))
                    previous = (attributes, drawn)
                }
                if !highlighted.isEmpty, highlighted.contains(where: { $0.contains(column) }) {
                    var style = drawn.style
                    style.reverse = true
                    drawn.style = style
                }
                drawn.text = cells[index].text
                drawn.isContinuation = cells[index].isContinuation
                grid[x, y] = drawn
            }
        }
        drawDecoration(of: fragment, x: x0, y: y, into: &grid)
        if visible.isHeading, let marker = foldMarker(for: fragment, collapsed: visible.isCollapsedHeading) {
            grid.write(marker.text, x: marker.x, y: y, style: Self.dimStyle, limit: frame.x + frame.width)
        }
    }

    /// A list item's marker and a quote's bars, beside the text: the bars dim.
    private func drawDecoration(of fragment: LineFragment, x x0: Int, y: Int, into grid: inout CellGrid) {
        let limit = editorFrame.x + editorFrame.width
        var x = x0 + fragment.decorationColumn
        for character in fragment.decoration where x < limit {
            grid[x, y] = Cell(String(character), style: character == "│" ? Self.dimStyle : CellStyle())
            x += 1
        }
    }

    /// Where a heading's fold marker goes, and what it says: after the text's
    /// end, which is its right for left-to-right text and its left for
    /// right-to-left text (mirrored); nil when a right-to-left heading leaves
    /// no room on its left. A click there folds or unfolds (F5 too).
    func foldMarker(for fragment: LineFragment, collapsed: Bool) -> (x: Int, text: String)? {
        let x0 = editorFrame.x + gutterWidth
        guard fragment.isRightToLeftParagraph else { return (x0 + fragment.width, collapsed ? " ▸ …" : " ▾") }
        let text = collapsed ? "… ◂ " : "▾ "
        guard fragment.leadingColumns >= text.count else { return nil }
        return (x0 + fragment.leadingColumns - text.count, text)
    }

    /// A document cell's look: its attributes; headings bold (level 1 also
    /// underlined); an ingredient green when its ID is in the list, cookware
    /// and timers in their colours (without colours, NO_COLOR: an ingredient
    /// bold underlined, cookware and timers italic, highlights reversed); links
    /// underlined; code, comments and lines kept as written (HTML, fences,
    /// metadata) dim; an image's text italic after its marker.
    func cellStyle(_ attributes: AttributeContainer, knownIngredients: Set<IngredientID>, headingLevel: Int?) -> CellStyle {
        var style = CellStyle()
        style.bold = attributes.bold == true || headingLevel != nil
        style.italic = attributes.italic == true || attributes.image != nil
        style.underline = attributes.underline == true || headingLevel == 1 || attributes.link != nil
        style.strikethrough = attributes.strikethrough == true
        style.dim = attributes.inlineCode == true || attributes.comment == true || attributes.verbatimLine != nil
        let isIngredient = attributes.ingredient.map(knownIngredients.contains) ?? false
        if useColor {
            if let color = attributes.foregroundColor, attributes.ingredient == nil || isIngredient { style.foreground = color }
            if let color = attributes.backgroundColor { style.background = color }
        } else {
            // Without colours each kind keeps a look of its own: an ingredient
            // bold and underlined (a user's underline is underline only), a
            // highlight reversed, cookware and timers italic.
            if isIngredient {
                style.underline = true
                style.bold = true
            } else if attributes.cookware != nil || attributes.timer != nil {
                style.italic = true
            }
            if attributes.backgroundColor != nil { style.reverse = true }
        }
        return style
    }

    private func renderInspector(_ grid: inout CellGrid) {
        let frame = inspectorFrame
        let right = frame.x + frame.width
        for y in frame.y ..< frame.y + frame.height { grid[frame.x, y] = Cell("│", style: Self.dimStyle) }
        let x = frame.x + 2
        let ingredients = session.recipe.ingredients
        grid.write(ingredients.isEmpty ? "Ingredients" : "Ingredients (\(ingredients.count))", x: x, y: frame.y,
                   style: CellStyle(bold: true, underline: focus == .inspector), limit: right)
        if let servings = servingsLine {
            grid.write(servings, x: x, y: frame.y + 1, style: viewScale == 1 ? CellStyle() : CellStyle(bold: true), limit: right)
        }
        let counts = session.occurrenceCounts
        let underCaret = session.document.typingAttributesAtCaretParagraph.ingredient
        syncIngredientRows()
        var y = frame.y + inspectorHeaderRows
        for row in ingredientRows.visibleRange {
            let ingredient = ingredients[row]
            let box = session.checked.contains(ingredient.id) ? "[x]" : "[ ]"
            let quantity = session.shownQuantity(of: ingredient, scaledBy: viewScale).map { " \($0)" } ?? ""
            let highlighted = focus == .inspector ? row == inspectorRow : ingredient.id == underCaret
            // A reference to another recipe: "→ sauce", in the links' blue.
            let isRecipe = Self.recipePath(of: ingredient) != nil
            var style = highlighted ? CellStyle(reverse: true)
                : CellStyle(foreground: useColor ? (isRecipe ? .ansi(.blue) : .green) : .default, bold: !useColor, underline: !useColor)
            if session.checked.contains(ingredient.id) { style.dim = true }
            // A long name gives way, with "…", to its quantity and count.
            let tail = "\(quantity) ×\(counts[ingredient.id] ?? 0)"
            let shownName = (isRecipe ? "→ " : "") + ingredient.name
            let room = right - 1 - x - CellGrid.columns(of: box + " " + tail)
            let name = room >= 4 ? Self.fitted(shownName, columns: room) : shownName
            grid.write(Self.label("\(box) \(VisualLabel.isolated(name))\(tail)"), x: x, y: y, style: style, limit: right - 1)
            y += 1
        }
        drawScrollMarks(ingredientRows, x: right - 1, top: frame.y + inspectorHeaderRows, into: &grid)
        if ingredients.isEmpty {
            grid.write("none yet: select words, Ctrl-E", x: x, y: y, style: Self.dimStyle, limit: right)
        }
        if ingredients.isEmpty { y += 1 }
        let suggestionRows = 3
        // Cookware and timers (Cooklang's #pot{} and ~{10%minutes}), in their colours.
        let equipment = session.equipment
        for (title, names, color) in [("Cookware", equipment.cookware, TerminalColor.ansi(.cyan)), ("Timers", equipment.timers, .ansi(.magenta))]
        where !names.isEmpty {
            y += 1
            guard y < frame.y + frame.height - suggestionRows else { break }
            grid.write(title, x: x, y: y, style: CellStyle(bold: true), limit: right)
            y += 1
            for name in names where y < frame.y + frame.height - suggestionRows {
                grid.write(Self.label(name), x: x, y: y, style: useColor ? CellStyle(foreground: color) : CellStyle(italic: true), limit: right)
                y += 1
            }
        }
        let bottom = frame.y + frame.height - 2
        grid.write("Suggestion", x: x, y: bottom, style: CellStyle(bold: true), limit: right)
        if let (suggestion, existing) = session.shownSuggestion {
            if let index = existing {
                // Already an ingredient: nothing to add, say which.
                let existing = session.recipe.ingredients[index]
                grid.write(Self.label("✓ \(VisualLabel.isolated(existing.name)) ×\(counts[existing.id] ?? 0)"), x: x, y: bottom + 1,
                           style: Self.dimStyle, limit: right)
            } else {
                let quantity = suggestion.quantity.map { "\($0) " } ?? ""
                grid.write(Self.label("[+] \(quantity)\(VisualLabel.isolated(suggestion.name))  ^E"), x: x, y: bottom + 1, limit: right)
            }
        } else {
            grid.write("select words to suggest", x: x, y: bottom + 1, style: Self.dimStyle, limit: right)
        }
    }

    /// ▲ and ▼ at a list's right edge when rows are hidden above or below.
    private func drawScrollMarks(_ list: ScrollingList, x: Int, top: Int, into grid: inout CellGrid) {
        if list.top > 0 { grid[x, top] = Cell("▲", style: Self.dimStyle) }
        if list.top + list.visibleRows < list.count { grid[x, top + list.visibleRows - 1] = Cell("▼", style: Self.dimStyle) }
    }

    private func renderList(_ grid: inout CellGrid) {
        let frame = listFrame
        let edge = frame.x + frame.width - 1
        for y in frame.y ..< frame.y + frame.height { grid[edge, y] = Cell("│", style: Self.dimStyle) }
        let folder = listedFiles.map { "\($0.count) files" } ?? recipeFolder.map { ($0 as NSString).lastPathComponent } ?? ""
        let header = recipeFilter.text.isEmpty ? "Recipes · " + VisualLabel.isolated(folder) : "Filter: " + VisualLabel.isolated(recipeFilter.text)
        grid.write(Self.label(header), x: 1, y: frame.y, style: CellStyle(bold: true, underline: focus == .list), limit: edge)
        recipeRows.setVisibleRows(max(1, frame.height - 1))
        if !recipeFilter.text.isEmpty, recipeList.isEmpty {
            grid.write(" no recipe matches", x: 0, y: frame.y + 1, style: Self.dimStyle, limit: edge)
            grid.write(" Esc clears the filter", x: 0, y: frame.y + 2, style: Self.dimStyle, limit: edge)
        } else if !recipeList.contains(where: { !$0.isFolder }) {
            grid.write(" no recipes here:", x: 0, y: frame.y + 1 + recipeList.count, style: Self.dimStyle, limit: edge)
            grid.write(" Ctrl-N creates one", x: 0, y: frame.y + 2 + recipeList.count, style: Self.dimStyle, limit: edge)
        }
        for (screenRow, row) in recipeRows.visibleRange.enumerated() {
            let entry = recipeList[row]
            let isOpen = entry.path == session.path
            let highlighted = focus == .list ? row == listRow : isOpen
            // The open recipe's title as it is now (a heading being renamed), not as last saved.
            let title = isOpen && !entry.isFolder ? session.title ?? entry.title : entry.title
            let shown = Self.fitted(title, columns: edge - 1 - 2)
            grid.write(Self.label((isOpen ? "▸ " : "  ") + VisualLabel.isolated(shown)), x: 0, y: frame.y + 1 + screenRow,
                       style: CellStyle(reverse: highlighted, dim: entry.isFolder && !highlighted), limit: edge - 1)
        }
        drawScrollMarks(recipeRows, x: edge - 1, top: frame.y + 1, into: &grid)
    }

    private func renderStatus(_ grid: inout CellGrid) {
        let y = height - bottomRows
        grid.fill(x: 0, y: y, width: width, height: 1)
        if let palette {
            let end = grid.write(CommandPalette.label, x: 0, y: y, style: CellStyle(bold: true))
            grid.write(palette.editor.text, x: end, y: y, style: CellStyle(bold: true))
            return
        }
        if let prompt {
            if case .line(let typed) = prompt {
                // A line being typed: scrolled sideways so the cursor stays on screen.
                let line = promptLine(prompt)
                var text = line.text
                var dropped = 0
                while line.cursor - dropped >= width, let first = text.first {
                    dropped += CellGrid.columns(of: String(first))
                    text.removeFirst()
                }
                grid.write(text, x: 0, y: y, style: CellStyle(bold: true))
                if typed.editor.isSelected {
                    // A pre-filled answer shows selected: typing replaces it.
                    let answer = promptAnswer(typed)
                    grid.write(answer.text, x: answer.column - dropped, y: y, style: CellStyle(bold: true, reverse: true))
                }
                renderCompletions(typed.completions, above: y, into: &grid)
            } else {
                // A question is read whole: on a narrow terminal it takes the
                // rows above the status line it needs (its answers were cut).
                let (rows, top) = questionRows(promptLine(prompt).text)
                for (number, row) in rows.enumerated() {
                    grid.fill(x: 0, y: top + number, width: width, height: 1)
                    grid.write(row, x: 0, y: top + number, style: CellStyle(bold: true))
                }
            }
            return
        }
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
        } else if self.session.isLoading {
            parts.append("loading \(self.session.loadedPercent)%…")
        }
        let status = parts.joined(separator: "  ")
        let end = grid.write(status, x: 0, y: y, style: Self.dimStyle)
        if let message { writeWrapped(Self.label("  " + message), x: end, y: y, style: .plain, into: &grid) }
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
    private func writeWrapped(_ text: String, x: Int, y: Int, style: CellStyle, into grid: inout CellGrid) {
        let rows = CellGrid.wrapped(text, firstWidth: width - x, width: width, rows: showsKeyBar && y + 1 < height ? 2 : 1)
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

    /// The key bar: the table's commands that have a label there, while they fit.
    private func renderKeyBar(_ grid: inout CellGrid) {
        memoizedRows.row("key bar", height - 1, key: 0, in: &grid) { grid in
            var x = 0
            for command in EditorCommand.all {
                guard let label = command.keyBar else { continue }
                let needed = command.shortKey.count + label.count + 3
                guard x + needed <= width + 2 else { break }
                x = grid.write(command.shortKey, x: x, y: height - 1, style: Self.titleStyle)
                x = grid.write(" \(label)  ", x: x, y: height - 1)
            }
        }
    }

    /// The help screen's box: the screen but for the title and the bottom rows.
    var helpWidth: Int { max(10, width - 4) }
    var helpHeight: Int { max(1, height - 1 - bottomRows - 2) }

    /// F1: the keys of every command, from the table, scrolled.
    private func renderHelp(_ grid: inout CellGrid) {
        let lines = EditorCommand.helpLines(width: helpWidth)
        helpRows.setCount(lines.count)
        helpRows.setVisibleRows(helpHeight)
        let top = 1
        let boxHeight = helpHeight + 2
        grid.fill(x: 0, y: top, width: width, height: boxHeight, style: CellStyle(reverse: true))
        for (screenRow, row) in helpRows.visibleRange.enumerated() {
            let line = lines[row]
            grid.write(line.text, x: 2, y: top + 1 + screenRow, style: CellStyle(bold: line.isTitle, reverse: true), limit: width - 1)
        }
        if helpRows.top > 0 { grid[width - 1, top + 1] = Cell("▲", style: CellStyle(reverse: true)) }
        if helpRows.top + helpRows.visibleRows < helpRows.count {
            grid[width - 1, top + helpHeight] = Cell("▼", style: CellStyle(reverse: true))
            grid.write(" PgDn: more ", x: max(0, width - 14), y: top + boxHeight - 1, style: CellStyle(bold: true, reverse: true), limit: width)
        }
    }
}
