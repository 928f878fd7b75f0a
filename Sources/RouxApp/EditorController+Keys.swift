import Foundation
import Recipes
import RichText
public import TerminalUI
import TextLayout

extension EditorController {
    /// Handles one event; returns false when it was not understood.
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        if helpVisible {
            helpVisible = false
            return true
        }
        if let prompt {
            handlePrompt(prompt, event)
            return true
        }
        clearMessage()
        if colorMenu != nil {
            handleColorMenu(event)
            return true
        }
        switch event {
        case .text(let text) where focus == .inspector:
            handleInspectorText(text)
        case .text(let text) where focus == .list:
            handleListText(text)
        case .text(let text):
            session.edit { $0.document.insert(text) }
            session.visualAnchor = nil
        case .paste(let text):
            session.edit { $0.document.paste(plainText: text) }
            session.visualAnchor = nil
        case .key(let key):
            return handleKey(key)
        case .mouse(let mouse):
            handleMouse(mouse)
        case .resize:
            break
        }
        scrollToCaret()
        return true
    }

    private func handleKey(_ key: Key) -> Bool {
        if key.code == .function(6) {
            // F6 goes editor → inspector → list; Shift-F6 the other way.
            var panes: [Pane] = [.editor]
            if inspectorWidth > 0 { panes.append(.inspector) }
            if listWidth > 0 { panes.append(.list) }
            let index = panes.firstIndex(of: focus) ?? 0
            let step = key.modifiers.contains(.shift) ? panes.count - 1 : 1
            focus = panes[(index + step) % panes.count]
            return true
        }
        if focus == .inspector { return handleInspectorKey(key) }
        if focus == .list { return handleListKey(key) }
        let shift = key.modifiers.contains(.shift)
        switch (key.code, key.modifiers.subtracting(.shift)) {
        case (.left, []), (.right, []), (.up, []), (.down, []), (.home, []), (.end, []), (.pageUp, []), (.pageDown, []):
            move(key.code, extending: shift)
        case (.left, .control), (.right, .control):
            moveWord(toRight: key.code == .right, extending: shift)
        case (.home, .control), (.end, .control):
            if key.code == .end { session.finishLoading() } // the end of the document is a whole-document place
            session.moveCaret(to: CaretPosition(offset: key.code == .home ? 0 : session.document.text.utf8.count), extending: shift)
        case (.enter, _): session.edit { $0.document.insertParagraphBreak() }
        case (.tab, []): changeListLevel(deeper: !shift)
        case (.backspace, []):
            session.edit { recipe in
                if !recipe.document.removeBlockMarkersAtCarets() { recipe.document.deleteBackward() }
            }
        case (.backspace, _), (.character("w"), .control): session.edit { $0.document.deleteWordBackward() }
        case (.delete, []): session.edit { $0.document.deleteForward() }
        case (.delete, _): session.edit { $0.document.deleteWordForward() }
        case (.character("a"), .control): session.edit { $0.document.selectAll() }
        case (.character("z"), .control): undo(redo: false)
        case (.character("y"), .control): undo(redo: true)
        case (.character("c"), .control): copy(cut: false)
        case (.character("x"), .control): copy(cut: true)
        case (.character("v"), .control): paste()
        case (.character("e"), .control): markIngredient()
        case (.character("b"), .control): toggle(BoldAttribute.self, name: "bold")
        case (.character("i"), .alt): toggle(ItalicAttribute.self, name: "italic")
        case (.character("u"), .alt): toggle(UnderlineAttribute.self, name: "underline")
        case (.character("k"), .alt): toggle(StrikethroughAttribute.self, name: "strikethrough")
        case (.character("c"), .alt): openColorMenu()
        case (.character("h"), .alt): cycleHeading()
        case (.character("d"), .alt): cycleDirection()
        case (.character("s"), .control): save(force: false)
        case (.character("q"), .control):
            if session.isModified { prompt = .quitUnsaved } else { requestQuit() }

        case (.character("l"), .control): ask(.goToLine)
        case (.character("o"), .control): ask(.openFile)
        case (.character("s"), .alt): ask(.saveAs, session.path.map { ($0 as NSString).lastPathComponent } ?? "", suggested: true)
        case (.character("n"), .control): newRecipe()
        case (.function(7), []): showsList.toggle(); resize(width: width, height: height)
        case (.character("f"), .control): ask(.find, lastSearch ?? "", suggested: true)
        case (.function(3), []): findNext()
        case (.function(1), []), (.character("g"), .control): helpVisible = true
        case (.function(2), []): showsInspector.toggle(); resize(width: width, height: height)
        case (.function(4), []): showsLineNumbers.toggle(); resize(width: width, height: height)
        case (.function(5), []): toggleSectionAtCaret()
        case (.escape, []):
            session.visualAnchor = nil
            session.moveCaret(to: session.caret, extending: false)
        default:
            say("\(key) does nothing here; F1 lists the keys")
            return false
        }
        scrollToCaret()
        return true
    }

    /// Tab and Shift-Tab move list items a level; outside a list Tab types a tab.
    private func changeListLevel(deeper: Bool) {
        var result = RichTextDocument.ListLevelChange.notInList
        session.edit { result = $0.document.changeListLevel(deeper: deeper) }
        switch result {
        case .notInList: if deeper { session.edit { $0.document.insert("\t") } }
        case .changed: break
        case .refused(let reason): say(reason)
        }
    }

    // MARK: Motion

    private func move(_ code: Key.Code, extending: Bool) {
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
            let goal = session.goalColumn ?? layout.column(of: caret)
            let page = max(1, editorFrame.height - 1)
            let lines = code == .up ? -1 : code == .down ? 1 : code == .pageUp ? -page : page
            session.moveCaret(to: layout.moveVertically(caret, by: lines, goalColumn: goal), extending: extending,
                              keepGoalColumn: true)
            session.goalColumn = goal
            if code == .pageUp || code == .pageDown {
                session.top = layout.position(session.top, movedBy: lines)
            }
        default: break
        }
    }

    private func moveWord(toRight: Bool, extending: Bool) {
        session.moveCaret(to: session.layout.moveWord(session.drawnCaret, toRight: toRight), extending: extending)
    }

    /// Keeps the caret's line inside the editor pane.
    func scrollToCaret() {
        let layout = session.layout
        let line = layout.linePosition(of: session.drawnCaret)
        session.top = layout.clamped(session.top)
        if line < session.top {
            session.top = line
            return
        }
        let bottom = layout.position(session.top, movedBy: editorFrame.height - 1)
        if line > bottom { session.top = layout.position(line, movedBy: -(editorFrame.height - 1)) }
    }

    private func handleMouse(_ mouse: MouseEvent) {
        let frame = editorFrame
        if inspectorWidth > 0, mouse.x >= inspectorFrame.x, mouse.action == .press {
            clickInspector(row: mouse.y - inspectorFrame.y)
            return
        }
        if listWidth > 0, mouse.x < listFrame.width, mouse.action == .press {
            let row = mouse.y - listFrame.y - 1
            if recipeList.indices.contains(row) {
                listRow = row
                open(path: recipeList[row].path)
            }
            return
        }
        switch mouse.action {
        case .scrollUp: session.top = session.layout.position(session.top, movedBy: -3)
        case .scrollDown: session.top = session.layout.position(session.top, movedBy: 3)
        case .press, .drag:
            guard mouse.y >= frame.y, mouse.y < frame.y + frame.height, mouse.x < frame.x + frame.width else { return }
            // A click in the text gives it the keys back, as in any editor with panes.
            focus = .editor
            let line = session.layout.position(session.top, movedBy: mouse.y - frame.y)
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
        session.visualAnchor = nil
    }
}
