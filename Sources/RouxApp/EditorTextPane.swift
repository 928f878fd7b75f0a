import Foundation
import Recipes
import RichText
import TerminalUI
import TextLayout

/// The text pane as a component: it draws the shown session's lines (the
/// open recipe's, or a preview's while a command waits for a large file),
/// takes what is typed, and handles clicks, drags, double-clicks and the
/// wheel in the text. Each recipe keeps its own scroll, goal column and
/// drawn rows (`TextPane`, in its session); this keeps what belongs to the
/// pane whichever recipe is open: the caret's cell last drawn, the last
/// press (for a double-click), the last Markdown shortcut typed, and
/// whether a word typed is marked as an ingredient, and what find found.
final class EditorTextPane: EditorPane {
    let focus = EditorController.Pane.editor
    /// The text says nothing when F6 gives it the keys back.
    var focusHint: String? { nil }

    /// Where the caret was drawn in the last frame (the terminal's cursor).
    private(set) var caretCell: (x: Int, y: Int)?
    /// The last press in the text, to tell a double-click (same cell, soon after).
    private var lastPress: (x: Int, y: Int, time: Date)?
    /// The last Markdown shortcut typed, for Backspace and Ctrl-Z right after it.
    var typedMarkup = EditorController.TypedMarkupMemory()
    /// A word typed that spells an ingredient's name is marked once finished.
    var marksAsYouType = true
    /// The last search, and the match it selected.
    var search = Search()

    /// What find remembers.
    struct Search {
        /// The text searched for last (Ctrl-F and Ctrl-R offer it again, F3 finds it).
        var needle: String?
        /// The match the last search selected, while it is still the selection
        /// of an unchanged text: Enter then goes on to the next match rather
        /// than replacing it with a line break.
        var shownMatch: (session: ObjectIdentifier, version: Int, selection: TextSelection)?
    }

    /// What a frame's rows look like besides their text, worked out once a frame.
    private struct Look {
        var frame: EditorController.Frame
        var gutterWidth: Int
        var showsLineNumbers: Bool
        var firstBodyLine: Int
        var useColor: Bool
        var theme: Theme
    }

    // MARK: Typing

    /// Text typed while the text has the keys goes into the document.
    func handleInput(_ event: InputEvent, controller: EditorController) -> Bool {
        guard case .text(let text) = event else { return false }
        // Fast typing (and tmux send-keys) arrives in one read: markup it
        // closes on the way (`**pepper** now`) is taken where it closes, as
        // if typed a character at a time.
        let pieces = text.count > 1 && text.utf8.contains(where: EditorController.closesInlineMarkup.contains)
            ? text.map(String.init) : [text]
        for piece in pieces { insert(piece, controller: controller) }
        controller.scrollToCaret()
        return true
    }

    private func insert(_ text: String, controller: EditorController) {
        let session = controller.session
        let typedFrom = session.document.text.utf8Offset(of: session.document.selection.primary.lowerBound)
        session.edit { $0.document.insert(text) }
        session.pane.visualAnchor = nil
        // Markup at the line's start first, as if typed a character at a
        // time: a known ingredient typed after `> ` in the same read is not
        // yet a mark that keeps the line a step.
        if text.contains(" ") { controller.convertTypedMarkup(typedFrom: typedFrom) }
        // A burst (fast typing, an unbracketed paste) finishes several words at once.
        if text.count > 1 {
            controller.markFinishedWords(typedFrom: typedFrom)
        } else if let last = text.last, GraphemeClass(last) != .word {
            controller.markFinishedWord()
        }
        controller.convertTypedInlineMarkup()
        controller.convertTypedCooklang(typed: text)
    }

    // MARK: Drawing

    /// Draws the visible lines from the layout, in visual order, with styles
    /// and the selection; returns the caret's cell. A row showing the same
    /// line as last time (same layout generation, number, fold and highlight)
    /// is copied from the last frame instead of drawn.
    func draw(into grid: inout CellGrid, frame: EditorController.Frame, controller: EditorController) {
        let session = controller.shownSession
        let look = Look(frame: frame, gutterWidth: controller.gutterWidth, showsLineNumbers: controller.showsLineNumbers,
                        firstBodyLine: session.firstBodyLine, useColor: controller.useColor, theme: controller.theme)
        let gutterWidth = look.gutterWidth
        // The units view changes without an edit (Alt-M).
        session.showUnitsInText()
        // Pictures take rows of their own, as many as each has now.
        showPicturesInText(of: session, frame: frame, controller: controller)
        let layout = session.layout
        let text = session.document.text
        let known = Set(session.recipe.ingredients.map(\.id))
        let selected = session.document.selection.ranges.filter { !$0.isCaret }.map { text.utf8Offsets(of: $0.bounds) }
        let caret = session.drawnCaret
        let caretLine = layout.linePosition(of: caret)
        let context = EditorRowCache.Context(layout: ObjectIdentifier(layout), frame: frame, gutterWidth: gutterWidth,
                                             useColor: look.useColor, theme: look.theme, knownIngredients: known, gridSize: grid.width * grid.height)
        var keys: [EditorRowCache.RowKey?] = []
        var cursor: (x: Int, y: Int)?
        session.pane.rows.begin(context, width: grid.width, height: grid.height)
        for (row, visible) in layout.lines(from: session.pane.top, count: frame.height).enumerated() {
            let y = frame.y + row
            let x0 = frame.x + gutterWidth
            let fragment = visible.fragment
            if let attachment = fragment.attachment {
                // Drawn each frame (a copy of cells the cache keeps), not kept with the text's rows.
                keys.append(nil)
                drawPictureRow(attachment, row: fragment.attachmentRow, session: session, frame: frame, x: x0, y: y,
                               into: &grid, controller: controller)
                continue
            }
            let highlighted = selected.isEmpty ? [] : layout.highlightedColumns(in: fragment, for: selected)
            let misspelt = misspeltColumns(of: visible, in: layout, spelling: controller.spelling)
            let key = EditorRowCache.RowKey(generation: visible.generation, line: visible.position.line,
                                            lineNumber: look.showsLineNumbers ? visible.lineNumber.map { $0 + session.firstBodyLine - 1 } : nil, isHeading: visible.isHeading,
                                            isCollapsedHeading: visible.isCollapsedHeading, highlighted: highlighted, misspelt: misspelt)
            keys.append(key)
            if visible.position == caretLine {
                cursor = (min(frame.x + frame.width - 1, x0 + layout.column(of: caret)), y)
            }
            if !session.pane.rows.isDrawn(row: row, key: key) {
                session.pane.rows.drawn.fill(x: frame.x, y: y, width: frame.width, height: 1)
                drawLine(visible, highlighted: highlighted, misspelt: misspelt, y: y, into: &session.pane.rows.drawn, knownIngredients: known, look: look)
            }
            grid.copyCells(from: session.pane.rows.drawn, row: y, x: frame.x, count: frame.width)
        }
        session.pane.rows.finish(keys: keys)
        caretCell = cursor
    }

    private func drawLine(_ visible: VisibleLine, highlighted: [Range<Int>], misspelt: [Range<Int>], y: Int, into grid: inout CellGrid,
                          knownIngredients known: Set<IngredientID>, look: Look) {
        let frame = look.frame
        let gutterWidth = look.gutterWidth
        let x0 = frame.x + gutterWidth
        // Lines of the file: the front matter's count too.
        if look.showsLineNumbers, let number = visible.lineNumber {
            let label = String(number + look.firstBodyLine - 1)
            grid.write(String(repeating: " ", count: max(0, gutterWidth - 1 - label.count)) + label, x: frame.x, y: y, style: EditorController.dimStyle)
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
                    drawn = Cell(" ", style: Self.cellStyle(attributes, knownIngredients: known, headingLevel: attributes.headingLevel, useColor: look.useColor, theme: look.theme))
                    previous = (attributes, drawn)
                }
                if !highlighted.isEmpty, highlighted.contains(where: { $0.contains(column) }) {
                    var style = drawn.style
                    style.reverse = true
                    drawn.style = style
                }
                if !misspelt.isEmpty, misspelt.contains(where: { $0.contains(column) }) {
                    var style = drawn.style
                    style.curlyUnderline = true
                    drawn.style = style
                }
                drawn.text = cells[index].text
                drawn.isContinuation = cells[index].isContinuation
                grid[x, y] = drawn
            }
        }
        drawDecoration(of: fragment, x: x0, y: y, limit: frame.x + frame.width, into: &grid)
        if visible.isHeading, let marker = Self.foldMarker(for: fragment, collapsed: visible.isCollapsedHeading, textX: x0) {
            grid.write(marker.text, x: marker.x, y: y, style: EditorController.dimStyle, limit: frame.x + frame.width)
        }
    }

    /// A list item's marker and a quote's bars, beside the text: the bars dim.
    /// The columns of the line's misspelt words, as spell checking last
    /// found them in its paragraph (none before it has looked).
    private func misspeltColumns(of visible: VisibleLine, in layout: TextLayoutManager, spelling: EditorSpelling) -> [Range<Int>] {
        guard let found = spelling.misspelt(generation: visible.generation, in: layout), !found.isEmpty else { return [] }
        let start = layout.range(ofParagraph: visible.position.paragraph).lowerBound
        return layout.highlightedColumns(in: visible.fragment, for: found.map { $0.lowerBound + start ..< $0.upperBound + start })
    }

    private func drawDecoration(of fragment: LineFragment, x x0: Int, y: Int, limit: Int, into grid: inout CellGrid) {
        var x = x0 + fragment.decorationColumn
        for character in fragment.decoration where x < limit {
            grid[x, y] = Cell(String(character), style: character == "│" ? EditorController.dimStyle : CellStyle())
            x += 1
        }
    }

    /// Where a heading's fold marker goes, and what it says: after the text's
    /// end, which is its right for left-to-right text and its left for
    /// right-to-left text (mirrored); nil when a right-to-left heading leaves
    /// no room on its left. A click there folds or unfolds (F5 too).
    static func foldMarker(for fragment: LineFragment, collapsed: Bool, textX x0: Int) -> (x: Int, text: String)? {
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
    /// metadata) dim; an image's text italic after its marker. The theme
    /// gives the marks' colours and how each highlight shows.
    static func cellStyle(_ attributes: AttributeContainer, knownIngredients: Set<IngredientID>, headingLevel: Int?, useColor: Bool,
                          theme: Theme = .standard) -> CellStyle {
        var style = CellStyle()
        style.bold = attributes.bold == true || headingLevel != nil
        style.italic = attributes.italic == true || attributes.image != nil
        style.underline = attributes.underline == true || headingLevel == 1 || attributes.link != nil
        style.strikethrough = attributes.strikethrough == true
        style.dim = attributes.inlineCode == true || attributes.comment == true || attributes.verbatimLine != nil
        let isIngredient = attributes.ingredient.map(knownIngredients.contains) ?? false
        if useColor {
            if let color = attributes.foregroundColor, attributes.ingredient == nil || isIngredient {
                // A mark's colour is derived, never the user's: the theme's.
                style.foreground = isIngredient ? theme.ingredient
                    : attributes.cookware != nil ? theme.cookware : attributes.timer != nil ? theme.timer : color
            }
            if let color = attributes.backgroundColor { style.background = theme.highlight(color) }
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

    // MARK: The mouse

    /// Whatever no other pane claims: the wheel anywhere, a press in its rows.
    func claims(_ mouse: MouseEvent, frame: EditorController.Frame) -> Bool { true }

    func handleMouse(_ mouse: MouseEvent, frame: EditorController.Frame, controller: EditorController) {
        let session = controller.session
        switch mouse.action {
        case .scrollUp: session.pane.scroll(by: -3, in: session.layout)
        case .scrollDown: session.pane.scroll(by: 3, in: session.layout)
        case .press, .drag:
            guard mouse.y >= frame.y, mouse.y < frame.y + frame.height, mouse.x < frame.x + frame.width else { return }
            // A click in the text gives it the keys back, as in any editor with panes.
            controller.focus = .editor
            var line = session.pane.line(onRow: mouse.y - frame.y, in: session.layout)
            let textX = frame.x + controller.gutterWidth
            if mouse.action == .press, clickedFoldMarker(mouse, on: line, textX: textX, session: session) { return }
            var caret = session.layout.caret(atColumn: mouse.x - textX, on: line)
            if mouse.action == .press, controller.closeTypedCooklang(leavingFor: caret) {
                line = session.pane.line(onRow: mouse.y - frame.y, in: session.layout)
                caret = session.layout.caret(atColumn: mouse.x - textX, on: line)
            }
            session.moveCaret(to: caret, extending: mouse.action == .drag)
            if mouse.action == .press { selectWordOnDoubleClick(mouse, session: session) }
        case .release: break
        }
    }

    /// A press on the marker after a heading folds or unfolds its section.
    private func clickedFoldMarker(_ mouse: MouseEvent, on line: LinePosition, textX: Int, session: EditorSession) -> Bool {
        let layout = session.layout
        guard line.line == 0, layout.layout(ofParagraph: line.paragraph).headingLevel != nil else { return false }
        guard let marker = Self.foldMarker(for: layout.fragment(at: line), collapsed: layout.collapsedHeadings.contains(line.paragraph),
                                           textX: textX),
              mouse.x >= marker.x, mouse.x < marker.x + marker.text.count else { return false }
        layout.toggleCollapsed(heading: line.paragraph)
        return true
    }

    /// A second press on the same cell within 0.4 s selects the word there,
    /// as in every GUI editor and micro.
    private func selectWordOnDoubleClick(_ mouse: MouseEvent, session: EditorSession) {
        let now = Date()
        defer { lastPress = (mouse.x, mouse.y, now) }
        guard let last = lastPress, last.x == mouse.x, last.y == mouse.y, now.timeIntervalSince(last.time) < 0.4 else { return }
        session.edit { recipe in
            let word = recipe.document.text.characters.wordRange(around: recipe.document.selection.primary.head)
            guard !word.isEmpty else { return }
            try? recipe.document.select(TextSelection(word))
        }
        session.pane.visualAnchor = nil
    }
}
