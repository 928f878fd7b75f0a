import Foundation
import Recipes
import RichText
public import TerminalUI
import TextLayout

extension EditorController {
    /// Handles one event; returns false when it was not understood.
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        dismissFinishedTimers(after: event)
        // An overlay open (a prompt, the palette, a menu, the help, a wait) has the keys.
        if let overlay = overlays.top {
            overlay.handle(event, controller: self)
            return true
        }
        // Esc while marking stops it, nothing marked; other keys are handled as the marking goes on.
        if case .key(let key) = event, key == Key(.escape), stopMarking() { return true }
        clearMessage()
        // Then the pane with the keys: the text takes what is typed, the recipe list its filter.
        if panes[focus].handleInput(event, controller: self) { return true }
        switch event {
        case .text(let text):
            // In the ingredient list a letter or a space is a key (Space ticks).
            if text.count == 1, let character = text.first { return handleKey(Key(.character(character))) }
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
        case .modeReport, .deviceAttributes, .graphicsReply:
            // The run loop answers terminal reports (it has the terminal).
            return false
        }
        scrollToCaret()
        return true
    }

    /// A key runs the command the table gives it in the focused pane.
    func handleKey(_ key: Key) -> Bool {
        panes[focus].willHandleKey(self)
        guard let command = commands.command(for: key, in: focus) else {
            if let elsewhere = commands.commandElsewhere(for: key) {
                say("\(key) (\(elsewhere.name.lowercased())) works \(elsewhere.scope.title.lowercased()); Esc goes back to the text")
            } else {
                say("\(key) does nothing here; \(keyHint("Commands")) lists the commands, \(keyHint("Help")) the keys")
            }
            return false
        }
        commands.run(command, key: key, controller: self)
        if focus == .editor { scrollToCaret() }
        return true
    }

    /// F6 goes text → inspector → list → details, through those shown; Shift-F6 the other way.
    func cyclePanes(backwards: Bool) {
        let shown = Pane.allCases.filter { $0 == .editor || isShown($0) }
        let index = shown.firstIndex(of: focus) ?? 0
        focus = shown[(index + (backwards ? shown.count - 1 : 1)) % shown.count]
        if let hint = panes[focus].focusHint { say(hint) }
    }

    /// F2, F4: a pane or the line numbers shown or hidden.
    func togglePane(_ flag: WritableKeyPath<PaneLayout, Bool>) {
        layout[keyPath: flag].toggle()
        resize(width: width, height: height)
        if !isShown(focus) { focus = .editor }
    }

    func quit(timersAsked: Bool = false) {
        // Marks not made yet are not the user's work: quitting does not wait for them.
        stopMarking()
        // Timers end with the editor: a cook who quits is told before the oven's is lost.
        if !timersAsked, !kitchen.timers.active.isEmpty { return prompt = .question(QuitWithTimersQuestion()) }
        if session.isModified { prompt = .question(QuitUnsavedQuestion()) } else { requestQuit() }
    }

    /// Save As, offering the name the recipe has (a new one's made from its
    /// title); `then` runs once it has saved (a quit, opening another recipe).
    func askSaveAs(then: (() -> Void)? = nil) {
        ask(SaveAsQuestion(then: then), isUnnamed ? suggestedFileName : session.path.map { ($0 as NSString).lastPathComponent } ?? "")
    }

    func askFind() {
        ask(FindQuestion(), search.needle ?? "")
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
        let page = max(1, editorFrame.height - 1)
        let lines = code == .up ? -1 : code == .down ? 1 : code == .pageUp ? -page : page
        let vertical = [.up, .down, .pageUp, .pageDown].contains(code)
        let goal = vertical ? session.pane.goalColumn ?? layout.column(of: session.drawnCaret) : 0
        func destination() -> CaretPosition? {
            let caret = session.drawnCaret
            switch code {
            case .left: return layout.moveLeft(caret)
            case .right: return layout.moveRight(caret)
            case .home: return layout.lineStart(caret)
            case .end: return layout.lineEnd(caret)
            case .up, .down, .pageUp, .pageDown: return layout.moveVertically(caret, by: lines, goalColumn: goal)
            default: return nil
            }
        }
        guard var target = destination() else { return }
        if !extending, closeTypedCooklang(leavingFor: target), let again = destination() { target = again }
        switch code {
        case .up, .down, .pageUp, .pageDown:
            session.moveCaret(to: target, extending: extending, keepGoalColumn: true)
            session.pane.goalColumn = goal
            if code == .pageUp || code == .pageDown {
                session.pane.scroll(by: lines, in: layout)
            }
        default: session.moveCaret(to: target, extending: extending)
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

    /// A click or the wheel goes to the pane that claims it: the details,
    /// the list and the inspector by where they are, the text otherwise.
    private func handleMouse(_ mouse: MouseEvent) {
        for pane in panes.all.reversed() where isShown(pane.focus) {
            let frame = frame(of: pane.focus)
            guard pane.claims(mouse, frame: frame) else { continue }
            pane.handleMouse(mouse, frame: frame, controller: self)
            return
        }
    }
}

/// Quitting with unsaved changes: save first, quit without saving, or stay.
/// Quitting while timers run: they end with the editor.
struct QuitWithTimersQuestion: KeyQuestion {
    func text(controller: EditorController) -> String {
        let active = controller.kitchen.timers.active
        let running = active.map { $0.shown(at: controller.kitchen.clock()) }.joined(separator: " · ")
        return "\(active.count == 1 ? "1 timer runs" : "\(active.count) timers run") (\(running)); they end with Roux. Quit anyway? y quit · Esc stay"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        key == "y" || key == "Y" ? { controller in controller.quit(timersAsked: true) } : nil
    }
}

struct QuitUnsavedQuestion: KeyQuestion {
    func text(controller: EditorController) -> String {
        "Save changes before quitting? y save and quit · n quit without saving · Esc stay"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        switch key {
        case "y", "Y": { controller in controller.save(force: false) { [unowned controller] in if !controller.session.isModified { controller.requestQuit() } } }
        case "n", "N": { controller in controller.requestQuit() }
        default: nil
        }
    }
}
