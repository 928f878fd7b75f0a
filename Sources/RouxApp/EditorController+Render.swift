import Foundation
import Recipes
import RichText
public import TerminalUI
import TextLayout

extension EditorController {
    static let titleStyle = CellStyle(reverse: true)
    static let dimStyle = CellStyle(dim: true)

    /// The whole screen and where the hardware cursor goes.
    public func render() -> (grid: CellGrid, cursor: (x: Int, y: Int)?) {
        var grid = CellGrid(width: width, height: height)
        renderTitle(&grid)
        let cursor = renderEditor(&grid)
        if inspectorWidth > 0 { renderInspector(&grid) }
        if listWidth > 0 { renderList(&grid) }
        renderStatus(&grid)
        if showsKeyBar { renderKeyBar(&grid) }
        renderColorMenu(&grid)
        if helpVisible { renderHelp(&grid) }
        return (grid, helpVisible || prompt != nil || colorMenu != nil ? promptCursor : cursor)
    }

    private var promptCursor: (x: Int, y: Int)? {
        guard let prompt else { return nil }
        return (min(width - 1, promptLine(prompt).cursor), height - bottomRows)
    }

    private func renderTitle(_ grid: inout CellGrid) {
        grid.fill(x: 0, y: 0, width: width, height: 1, style: Self.titleStyle)
        let title = session.title ?? "Untitled"
        let file = session.path.map { ($0 as NSString).lastPathComponent } ?? "new recipe"
        grid.write(" Roux  \(title) — \(file)\(session.isModified ? " [modified]" : "")\(session.isReadOnly ? " [read-only]" : "")", x: 0, y: 0, style: Self.titleStyle)
    }

    /// Draws the visible lines from the layout, in visual order, with styles
    /// and the selection; returns the caret's cell. A row showing the same
    /// line as last time (same layout generation, number, fold and highlight)
    /// is copied from the last frame instead of drawn.
    private func renderEditor(_ grid: inout CellGrid) -> (x: Int, y: Int)? {
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
        for (row, visible) in layout.lines(from: session.top, count: frame.height).enumerated() {
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
            if let drawn = editorRows.drawn(row: row, key: key, context: context) {
                grid.copyCells(from: drawn, row: y, x: frame.x, count: frame.width)
                continue
            }
            drawLine(visible, highlighted: highlighted, y: y, into: &grid, knownIngredients: known)
        }
        editorRows.remember(grid, keys: keys, context: context)
        return cursor
    }

    private func drawLine(_ visible: VisibleLine, highlighted: [Range<Int>], y: Int, into grid: inout CellGrid,
                          knownIngredients known: Set<IngredientID>) {
        let frame = editorFrame
        let x0 = frame.x + gutterWidth
        // Lines of the file: the front matter's count too.
        if showsLineNumbers, let number = visible.lineNumber {
            let label = String(number + session.firstBodyLine - 1)
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
    /// and timers in their colours (italic when colours are off, NO_COLOR, as
    /// an ingredient is then underlined, so each stays visible); links
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
        } else if isIngredient {
            style.underline = true
        } else if attributes.cookware != nil || attributes.timer != nil {
            style.italic = true
        }
        return style
    }

    private func renderInspector(_ grid: inout CellGrid) {
        let frame = inspectorFrame
        let right = frame.x + frame.width
        for y in frame.y ..< frame.y + frame.height { grid[frame.x, y] = Cell("│", style: Self.dimStyle) }
        let x = frame.x + 2
        grid.write(focus == .inspector ? "Ingredients (F6: back to the text)" : "Ingredients", x: x, y: frame.y,
                   style: CellStyle(bold: true, underline: focus == .inspector), limit: right)
        let counts = session.occurrenceCounts
        let underCaret = session.document.typingAttributesAtCaretParagraph.ingredient
        let suggestionRows = 3
        var y = frame.y + 1
        for (row, ingredient) in session.recipe.ingredients.enumerated() where y < frame.y + frame.height - suggestionRows {
            let box = session.checked.contains(ingredient.id) ? "[x]" : "[ ]"
            let quantity = ingredient.quantity.map { " \($0)" } ?? ""
            let highlighted = focus == .inspector ? row == inspectorRow : ingredient.id == underCaret
            var style = highlighted ? CellStyle(reverse: true) : CellStyle(foreground: useColor ? .green : .default)
            if session.checked.contains(ingredient.id) { style.dim = true }
            grid.write("\(box) \(ingredient.name)\(quantity) ×\(counts[ingredient.id] ?? 0)", x: x, y: y, style: style, limit: right)
            y += 1
        }
        if session.recipe.ingredients.isEmpty {
            grid.write("none yet: select words, Ctrl-E", x: x, y: y, style: Self.dimStyle, limit: right)
            y += 1
        }
        // Cookware and timers (Cooklang's #pot{} and ~{10%minutes}), in their colours.
        let equipment = session.equipment
        for (title, names, color) in [("Cookware", equipment.cookware, TerminalColor.ansi(.cyan)), ("Timers", equipment.timers, .ansi(.magenta))]
        where !names.isEmpty {
            y += 1
            guard y < frame.y + frame.height - suggestionRows else { break }
            grid.write(title, x: x, y: y, style: CellStyle(bold: true), limit: right)
            y += 1
            for name in names where y < frame.y + frame.height - suggestionRows {
                grid.write(name, x: x, y: y, style: useColor ? CellStyle(foreground: color) : CellStyle(italic: true), limit: right)
                y += 1
            }
        }
        let bottom = frame.y + frame.height - 2
        grid.write("Suggestion", x: x, y: bottom, style: CellStyle(bold: true), limit: right)
        if let suggestion = session.recipe.suggestion {
            let quantity = suggestion.quantity.map { "\($0) " } ?? ""
            grid.write("[+] \(quantity)\(suggestion.name)  ^E", x: x, y: bottom + 1, limit: right)
        } else {
            grid.write("select words to suggest", x: x, y: bottom + 1, style: Self.dimStyle, limit: right)
        }
    }

    private func renderList(_ grid: inout CellGrid) {
        let frame = listFrame
        let edge = frame.x + frame.width - 1
        for y in frame.y ..< frame.y + frame.height { grid[edge, y] = Cell("│", style: Self.dimStyle) }
        grid.write(focus == .list ? "Recipes (F6)" : "Recipes", x: 1, y: frame.y,
                   style: CellStyle(bold: true, underline: focus == .list), limit: edge)
        for (row, entry) in recipeList.enumerated() where frame.y + 1 + row < frame.y + frame.height {
            let isOpen = entry.path == session.path
            let highlighted = focus == .list ? row == listRow : isOpen
            grid.write((isOpen ? "▸ " : "  ") + entry.title, x: 0, y: frame.y + 1 + row,
                       style: CellStyle(reverse: highlighted), limit: edge)
        }
    }

    private func renderStatus(_ grid: inout CellGrid) {
        let y = height - bottomRows
        grid.fill(x: 0, y: y, width: width, height: 1)
        if let prompt {
            if case .line(let line) = prompt, line.editor.isSuggestion {
                // A suggested answer shows selected: typing replaces it.
                let end = grid.write(line.kind.label, x: 0, y: y, style: CellStyle(bold: true))
                grid.write(line.editor.text, x: end, y: y, style: CellStyle(bold: true, reverse: true))
            } else {
                grid.write(promptLine(prompt).text, x: 0, y: y, style: CellStyle(bold: true))
            }
            return
        }
        let layout = session.layout
        let caret = session.caret
        let paragraph = layout.paragraph(containing: caret.offset)
        let head = session.document.text.utf8Offset(of: session.document.selection.primary.head)
        let column = layout.graphemeCount(inParagraph: paragraph, before: head) + 1
        let direction = layout.layout(ofParagraph: paragraph).isRightToLeft ? "RTL" : "LTR"
        var parts = ["\(paragraph + session.firstBodyLine):\(column)", direction]
        let ranges = session.document.selection.ranges.filter { !$0.isCaret }
        if !ranges.isEmpty {
            let characters = ranges.reduce(0) { $0 + session.document.text.characters[$1.bounds].count }
            parts.append("\(ranges.count) range\(ranges.count == 1 ? "" : "s") · \(characters) character\(characters == 1 ? "" : "s")")
        }
        // In steps of a quarter: the screen stays still while the rest loads.
        if session.isLoading { parts.append("loading \(Int(session.loadedFraction * 4) * 25)%…") }
        let status = parts.joined(separator: "  ")
        let end = grid.write(status, x: 0, y: y, style: Self.dimStyle)
        if let message { grid.write("  " + message, x: end, y: y) }
    }

    static let keyBar: [(String, String)] = [
        ("^S", "Save"), ("^Q", "Quit"), ("^E", "Ingredient"), ("^Z", "Undo"), ("^F", "Find"), ("^L", "Line"), ("^B", "Bold"), ("F1", "Help"),
    ]

    private func renderKeyBar(_ grid: inout CellGrid) {
        var x = 0
        for (key, name) in Self.keyBar {
            x = grid.write(key, x: x, y: height - 1, style: Self.titleStyle)
            x = grid.write(" \(name)  ", x: x, y: height - 1)
        }
    }

    static let help: [String] = [
        "Roux keys (any key closes this)",
        "",
        "Ctrl-S save            Ctrl-Q quit            Ctrl-Z / Ctrl-Y undo / redo",
        "Arrows move (Left/Right as they look, also in Hebrew and Arabic)",
        "Shift+move select      Ctrl-A select all      Ctrl-Left/Right by word",
        "Home/End line ends     PgUp/PgDn page         Ctrl-Home/End document ends",
        "Ctrl-C/X/V copy, cut, paste (ingredients kept within Roux)",
        "Ctrl-E mark the selection as an ingredient, everywhere it occurs",
        "Ctrl-B bold   Alt-I italic   Alt-U underline   Alt-K strikethrough",
        "Alt-H heading level   Alt-D paragraph direction   Alt-C colour menu (highlights)",
        "Ctrl-F find   F3 find next   Ctrl-L go to line   F5 fold the section under a heading",
        "F2 show/hide ingredients   F4 line numbers   Esc cancel   Ctrl-W delete word",
        "F6 ingredient list: Up/Down, Enter selects its marks, Space ticks, Delete removes",
        "Ctrl-O open (Tab completes)   Ctrl-N new recipe   F7 show/hide the recipe list",
        "In the recipe list (F6): Up/Down, Enter opens, r renames, Delete deletes (asks)",
        "Shift-F6 goes round the panes the other way; Esc returns to the text",
        "Mouse: click, drag, double-click a word, wheel; click the ▾ after a heading to fold it",
    ]

    private func renderHelp(_ grid: inout CellGrid) {
        let top = 2
        grid.fill(x: 1, y: top, width: width - 2, height: min(height - 3, Self.help.count + 2), style: CellStyle(reverse: true))
        for (row, line) in Self.help.enumerated() where top + 1 + row < height - 1 {
            grid.write(line, x: 3, y: top + 1 + row, style: CellStyle(reverse: true), limit: width - 2)
        }
    }
}
