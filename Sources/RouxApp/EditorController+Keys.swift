import Foundation
import Recipes
import RichText
public import TerminalUI
import TextLayout

extension EditorController {
    /// Handles one event; returns false when it was not understood.
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        // An overlay open (a prompt, the palette, a menu, the help, a wait) has the keys.
        if let overlay = overlays.top {
            overlay.handle(event, controller: self)
            return true
        }
        clearMessage()
        if focus == .list, handleRecipeFilter(event) { return true }
        switch event {
        case .text(let text) where focus != .editor:
            // In the ingredient list a letter or a space is a key (Space ticks).
            if text.count == 1, let character = text.first { return handleKey(Key(.character(character))) }
        case .text(let text):
            let typedFrom = session.document.text.utf8Offset(of: session.document.selection.primary.lowerBound)
            session.edit { $0.document.insert(text) }
            session.pane.visualAnchor = nil
            if let last = text.last, GraphemeClass(last) != .word { markFinishedWord() }
            if text.contains(" ") { convertTypedMarkup(typedFrom: typedFrom) }
        case .paste(let text):
            focus = .editor
            pasteFromTerminal(text)
            session.pane.visualAnchor = nil
        case .key(let key):
            return handleKey(key)
        case .mouse(let mouse):
            handleMouse(mouse)
            return true
        case .resize:
            break
        case .modeReport:
            // The run loop answers terminal reports (it has the terminal).
            return false
        }
        scrollToCaret()
        return true
    }

    /// A key runs the command the table gives it in the focused pane.
    func handleKey(_ key: Key) -> Bool {
        // The ingredient list's keys act on its rows as the recipe has them now.
        if focus == .inspector { syncIngredientRows() }
        guard let command = EditorCommand.command(for: key, in: focus) else {
            if let elsewhere = EditorCommand.commandElsewhere(for: key) {
                say("\(key) (\(elsewhere.name.lowercased())) works \(elsewhere.scope.title.lowercased()); Esc goes back to the text")
            } else {
                say("\(key) does nothing here; Ctrl-P lists the commands, F1 the keys")
            }
            return false
        }
        command.run(self, key)
        if focus == .editor { scrollToCaret() }
        return true
    }

    /// F6 goes text → inspector → list → details, through those shown; Shift-F6 the other way.
    func cyclePanes(backwards: Bool) {
        let panes = Pane.allCases.filter { $0 == .editor || isShown($0) }
        let index = panes.firstIndex(of: focus) ?? 0
        focus = panes[(index + (backwards ? panes.count - 1 : 1)) % panes.count]
        if focus == .inspector { say("ingredients: Up/Down choose, Enter edits, s selects its marks, Space ticks, Delete removes, Esc back") }
        if focus == .list { say("recipes: type to filter, Up/Down choose, Enter opens, Alt-R renames, Delete deletes, Esc back") }
        if let pane = component(focus) { say(pane.focusHint) }
    }

    /// F2, F4: a pane or the line numbers shown or hidden.
    func togglePane(_ flag: WritableKeyPath<PaneLayout, Bool>) {
        layout[keyPath: flag].toggle()
        resize(width: width, height: height)
        if !isShown(focus) { focus = .editor }
    }

    func quit() {
        if session.isModified { prompt = .quitUnsaved } else { requestQuit() }
    }

    func askSaveAs() {
        afterSaveAs = nil
        ask(.saveAs, isUnnamed ? suggestedFileName : session.path.map { ($0 as NSString).lastPathComponent } ?? "")
    }

    func askFind() {
        ask(.find, lastSearch ?? "")
    }

    /// Esc in the text: the selection collapses to the caret.
    func collapseSelection() {
        session.pane.visualAnchor = nil
        session.moveCaret(to: session.caret, extending: false)
    }

    /// Ctrl-Home, Ctrl-End.
    func moveToEnd(start: Bool, extending: Bool) {
        guard !start else {
            session.moveCaret(to: CaretPosition(offset: 0), extending: extending)
            return
        }
        // The end of the document is a whole-document place: it shows from a
        // preview while the rest of a large file loads.
        whenLoaded("going to the end", preview: { previewOfUnread(paragraph: nil, column: 1) }) { [unowned self] in
            session.moveCaret(to: CaretPosition(offset: session.document.text.utf8.count), extending: extending)
            scrollToCaret()
        }
    }

    /// Tab and Shift-Tab move list items a level; outside a list Tab types a tab.
    func changeListLevel(deeper: Bool) {
        var result = RichTextDocument.ListLevelChange.notInList
        session.edit { result = $0.document.changeListLevel(deeper: deeper) }
        switch result {
        case .notInList: if deeper { session.edit { $0.document.insert("\t") } }
        case .changed: break
        case .refused(let reason): say(reason)
        }
    }

    // MARK: Motion

    func move(_ code: Key.Code, extending: Bool) {
        let layout = session.layout
        let selection = session.document.selection
        // With a selection, Left/Right collapse it to its left/right edge.
        if !extending, session.document.selection.hasSelectedText, code == .left || code == .right {
            let columns = selection.ranges.flatMap { range -> [CaretPosition] in
                [CaretPosition(offset: session.document.text.utf8Offset(of: range.lowerBound)),
                 CaretPosition(offset: session.document.text.utf8Offset(of: range.upperBound))]
            }
            let sorted = columns.sorted {
                (layout.linePosition(of: $0), layout.column(of: $0)) < (layout.linePosition(of: $1), layout.column(of: $1))
            }
            if let edge = code == .left ? sorted.first : sorted.last { session.moveCaret(to: edge, extending: false) }
            return
        }
        let caret = session.drawnCaret
        switch code {
        case .left: session.moveCaret(to: layout.moveLeft(caret), extending: extending)
        case .right: session.moveCaret(to: layout.moveRight(caret), extending: extending)
        case .home: session.moveCaret(to: layout.lineStart(caret), extending: extending)
        case .end: session.moveCaret(to: layout.lineEnd(caret), extending: extending)
        case .up, .down, .pageUp, .pageDown:
            let goal = session.pane.goalColumn ?? layout.column(of: caret)
            let page = max(1, editorFrame.height - 1)
            let lines = code == .up ? -1 : code == .down ? 1 : code == .pageUp ? -page : page
            session.moveCaret(to: layout.moveVertically(caret, by: lines, goalColumn: goal), extending: extending,
                              keepGoalColumn: true)
            session.pane.goalColumn = goal
            if code == .pageUp || code == .pageDown {
                session.pane.scroll(by: lines, in: layout)
            }
        default: break
        }
    }

    func moveWord(toRight: Bool, extending: Bool) {
        session.moveCaret(to: session.layout.moveWord(session.drawnCaret, toRight: toRight), extending: extending)
    }

    /// Keeps the caret's line inside the editor pane.
    func scrollToCaret() {
        let layout = session.layout
        // The caret never rests in folded text: its sections open.
        if !layout.collapsedHeadings.isEmpty {
            let paragraph = layout.paragraph(containing: session.drawnCaret.offset)
            while let heading = layout.collapsedHeading(hiding: paragraph) { layout.toggleCollapsed(heading: heading) }
        }
        session.pane.reveal(layout.linePosition(of: session.drawnCaret), height: editorFrame.height, in: layout)
    }

    private func handleMouse(_ mouse: MouseEvent) {
        for pane in paneComponents {
            let frame = frame(of: pane.focus)
            guard (frame.x ..< frame.x + frame.width).contains(mouse.x), (frame.y ..< frame.y + frame.height).contains(mouse.y) else { continue }
            pane.handleMouse(mouse, frame: frame, controller: self)
            return
        }
        let frame = editorFrame
        if inspectorWidth > 0, mouse.x >= inspectorFrame.x {
            syncIngredientRows()
            switch mouse.action {
            case .press: clickInspector(row: mouse.y - inspectorFrame.y, x: mouse.x)
            case .scrollUp: ingredientRows.scroll(by: -3)
            case .scrollDown: ingredientRows.scroll(by: 3)
            default: break
            }
            return
        }
        if listWidth > 0, mouse.x < listFrame.width {
            switch mouse.action {
            case .press:
                if let row = recipeRows.row(atVisibleRow: mouse.y - listFrame.y - 1) {
                    recipeRows.select(row)
                    openListRow()
                }
            case .scrollUp: recipeRows.scroll(by: -3)
            case .scrollDown: recipeRows.scroll(by: 3)
            default: break
            }
            return
        }
        switch mouse.action {
        case .scrollUp: session.pane.scroll(by: -3, in: session.layout)
        case .scrollDown: session.pane.scroll(by: 3, in: session.layout)
        case .press, .drag:
            guard mouse.y >= frame.y, mouse.y < frame.y + frame.height, mouse.x < frame.x + frame.width else { return }
            // A click in the text gives it the keys back, as in any editor with panes.
            focus = .editor
            let line = session.pane.line(onRow: mouse.y - frame.y, in: session.layout)
            if mouse.action == .press, clickedFoldMarker(mouse, on: line) { return }
            let caret = session.layout.caret(atColumn: mouse.x - frame.x - gutterWidth, on: line)
            session.moveCaret(to: caret, extending: mouse.action == .drag)
            if mouse.action == .press { selectWordOnDoubleClick(mouse) }
        case .release: break
        }
    }

    /// A press on the marker after a heading folds or unfolds its section.
    private func clickedFoldMarker(_ mouse: MouseEvent, on line: LinePosition) -> Bool {
        let layout = session.layout
        guard line.line == 0, layout.layout(ofParagraph: line.paragraph).headingLevel != nil else { return false }
        guard let marker = foldMarker(for: layout.fragment(at: line), collapsed: layout.collapsedHeadings.contains(line.paragraph)),
              mouse.x >= marker.x, mouse.x < marker.x + marker.text.count else { return false }
        layout.toggleCollapsed(heading: line.paragraph)
        return true
    }

    /// A second press on the same cell within 0.4 s selects the word there,
    /// as in every GUI editor and micro.
    private func selectWordOnDoubleClick(_ mouse: MouseEvent) {
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
