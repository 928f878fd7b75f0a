import Foundation
import RecipeStorage
import Recipes
import RecipeFormats
import RecipeExport
import RichText
import TerminalUI
import TextLayout

extension EditorController {
    func undo(redo: Bool) {
        let takesBackMarkup = !redo && undoTakesBackMarkup
        var done = false
        session.edit { done = redo ? $0.document.redo() : $0.document.undo() }
        // A file read in another encoding and not edited since: Ctrl-Z takes
        // back the reading (the file's bytes again, the question asked again).
        if !done, !redo, session.convertsOnSave, let path = session.path {
            switchTo(path: path)
            return
        }
        if !done { say(redo ? "nothing to redo" : "nothing to undo") }
        if done, takesBackMarkup { keepMarkupAsText() }
        session.pane.visualAnchor = nil
    }

    func copy(cut: Bool) {
        guard session.document.selection.hasSelectedText else {
            say("select something to \(cut ? "cut" : "copy") first")
            return
        }
        var copied = AttributedString()
        session.edit { copied = cut ? $0.document.cut() : $0.document.copy() }
        clipboard.keep(copied)
        session.pane.visualAnchor = nil
    }

    func paste() {
        guard let clipboard = clipboard.contents else {
            say("the clipboard is empty (paste from other programs with the terminal's own paste)")
            return
        }
        // Marks copied from another recipe bring their ingredients into the
        // list (as a file's unlisted marks do when it opens): else they would
        // be saved without showing. Ctrl-Z takes them off with the text.
        session.edit { recipe in
            recipe.document.paste(clipboard)
            recipe.addIngredientsForUnknownMarks(in: clipboard)
        }
        session.pane.visualAnchor = nil
    }

    /// Ctrl-E: the selected words (grown to whole words), or the word at
    /// the caret, become an ingredient, marked wherever they occur.
    func markIngredient() {
        guard let suggestion = session.recipe.suggestion else {
            say("put the caret on a word, or select the words of an ingredient (in one paragraph)")
            return
        }
        // Every occurrence is marked: the whole file first.
        whenLoaded("marking \(suggestion.name)") { [unowned self] in startMarking(suggestion) }
    }

    /// After a keystroke that ends a word: the ingredient name it finishes
    /// is marked, in the same undo step as the typing.
    func markFinishedWord() {
        guard marksAsYouType, !session.recipe.ingredients.isEmpty,
              let caret = session.document.selection.ranges.first, caret.isCaret else { return }
        let text = session.document.text
        // The word ends before what was just typed (a space, a comma, a line break).
        var end = caret.bounds.lowerBound
        while end > text.startIndex, GraphemeClass(text.characters[text.characters.index(before: end)]) != .word {
            end = text.characters.index(before: end)
            if text.utf8Offset(of: caret.bounds.lowerBound) - text.utf8Offset(of: end) > 8 { return }
        }
        let offset = text.utf8Offset(of: end)
        let mark = max(0, session.document.undoGroupMark - 1)
        session.edit { recipe in
            if recipe.markTypedOccurrence(endingAt: offset) != nil { recipe.document.groupUndo(since: mark) }
        }
    }

    /// After text typed in one burst from `typedFrom` (a UTF-8 offset) to
    /// the caret: every ingredient name it finished is marked, in the same
    /// undo step as the typing. Not only the last word: a burst is what
    /// typing faster than the terminal is read gives (ssh, a paste the
    /// terminal did not bracket).
    func markFinishedWords(typedFrom: Int) {
        guard marksAsYouType, !session.recipe.ingredients.isEmpty,
              let caret = session.document.selection.ranges.first, caret.isCaret else { return }
        let end = session.document.text.utf8Offset(of: caret.bounds.lowerBound)
        guard typedFrom < end else { return }
        let mark = max(0, session.document.undoGroupMark - 1)
        session.edit { recipe in
            if recipe.markTypedOccurrences(finishedIn: typedFrom ..< end) { recipe.document.groupUndo(since: mark) }
        }
    }

    func toggle<K: AttributedStringKey>(_ key: K.Type, name: String) where K.Value == Bool {
        var verdict = FormattingVerdict.allowed
        session.edit { verdict = $0.document.toggle(key) }
        if case .refused(let reason) = verdict { say("\(name): \(reason)") }
    }

    func cycleHeading() {
        if selectedStepsHoldComponents {
            say(Self.componentsInABlock(block: "a section"))
            return
        }
        let current = session.document.typingAttributesAtCaretParagraph.headingLevel
        let next: Int? = switch current {
        case nil: 1
        case 1: 2
        case 2: 3
        default: nil
        }
        var verdict = FormattingVerdict.allowed
        session.edit { verdict = $0.document.setParagraphAttribute(HeadingLevelAttribute.self, to: next) }
        if case .refused(let reason) = verdict { say(reason) }
    }

    func cycleDirection() {
        let current = session.document.typingAttributesAtCaretParagraph.baseWritingDirection
        let next: ParagraphDirection? = switch current {
        case nil: .rightToLeft
        case .rightToLeft: .leftToRight
        case .leftToRight: nil
        }
        var verdict = FormattingVerdict.allowed
        session.edit { verdict = $0.document.setParagraphAttribute(BaseWritingDirectionAttribute.self, to: next) }
        if case .refused(let reason) = verdict { say(reason) } else { say("direction: \(next.map { $0 == .rightToLeft ? "right to left" : "left to right" } ?? "auto")") }
    }

    func toggleSectionAtCaret() {
        let paragraph = session.layout.paragraph(containing: session.caret.offset)
        if !session.layout.toggleCollapsed(heading: paragraph) { say("put the caret on a heading to fold its section") }
    }

    /// Saves once the whole file is loaded; `then` runs after the save (a
    /// quit that waits for it).
    func save(force: Bool, replacingReadOnly: Bool = false, droppingFormatting: Bool = false, then: @escaping () -> Void = {}) {
        // A component typed last (`@salt`) is closed: saved as typed it would be escaped.
        convertTypedCooklang(typed: nil)
        // So is a heading's closing `#` (`# Crêpes #`): saved as typed it would be escaped.
        closeTypedHeading()
        if isUnnamed {
            askSaveAs(then: then)
            return
        }
        whenLoaded("saving") { [unowned self] in
            save(loadedForce: force, replacingReadOnly: replacingReadOnly, droppingFormatting: droppingFormatting)
            then()
        }
    }

    private func save(loadedForce force: Bool, replacingReadOnly: Bool, droppingFormatting: Bool) {
        // The work goes to the recovery file first, if it is not there yet:
        // whatever stops the save (a crash, a power cut), it is kept.
        if session.isModified, let path = session.path, recovery.keptState.map({ $0 != (session.recipe.document.editState, path) }) ?? true {
            recovery.keepNow(session.recipe, as: session.format, for: path, basedOn: session.fingerprint)
        }
        if session.isReadOnly, !replacingReadOnly, !force {
            prompt = .question(SaveReadOnlyQuestion(folderIsWritable: access(PathText.folder(of: session.path ?? "."), W_OK) == 0))
            return
        }
        report(session.save(force: force, droppingFormatting: droppingFormatting))
    }

    /// Save As: the recipe written to `path` (in the format its extension
    /// names), which becomes the open file; `then` runs once it is saved.
    func saveAs(_ path: String, replacing: Bool, then: (() -> Void)? = nil) {
        whenLoaded("saving") { [unowned self] in
            let converts = RecipeFormat(path: path) != session.format
            let outcome = session.saveAs(path, replacing: replacing)
            report(outcome)
            guard case .saved(let dropped) = outcome else { return }
            // In another format the file holds less than the screen shows
            // (no bold, no list markers in Cooklang): the screen shows the file.
            if converts { showConverted(path, dropped: dropped) }
            then?()
        }
    }

    /// The file just saved in another format, read back as it now is.
    private func showConverted(_ path: String, dropped: [String]) {
        switchTo(path: path)
        guard session.path == path else { return }
        say("saved as \(session.format.displayName); shown as the file reads now"
            + (dropped.isEmpty ? "" : " (it cannot hold \(dropped.joined(separator: ", ")))"))
    }

    /// Says so when the file changed on disk since it was read or saved
    /// (checked every few seconds while idle); returns whether it did.
    public func noticeDiskChange() -> Bool {
        guard session.noticeDiskChange(), let path = session.path else { return false }
        let name = (path as NSString).lastPathComponent
        if access(path, F_OK) != 0 {
            say("\(name) is no longer on disk (deleted or moved): \(keyHint("Save")) asks before writing it again")
            return true
        }
        say(session.isModified ? "\(name) changed on disk: \(keyHint("Save")) will ask before overwriting it"
            : "\(name) changed on disk: \(keyHint("Save")) asks first; \(keyHint("Open")) \(name) reads it again")
        return true
    }

    /// Drops the unsaved changes and reads the file again (after it changed
    /// on disk), the caret on the same line of the text and column, on the
    /// same row, as editors reload. The line of the text, not of the file:
    /// the front matter on disk may be longer or shorter than the one undone.
    func reload() {
        guard let path = session.path else { return }
        recovery.discard(for: path)
        let place = caretPlace
        let previous = session
        switchTo(path: path)
        if session !== previous { goToLine(place.paragraph + session.firstBodyLine, column: place.column, onRow: place.row) }
        say("reloaded \((path as NSString).lastPathComponent) from the disk")
    }

    private func report(_ outcome: EditorSession.SaveOutcome) {
        switch outcome {
        case .saved(let dropped):
            // The work is in the file now: a recovery of it would only be offered again.
            if let path = session.path { recovery.discard(for: path) }
            say("saved" + (dropped.isEmpty ? "" : "; this format cannot hold \(dropped.joined(separator: ", "))"))
            refreshRecipeList()
        case .conflict: prompt = .question(OverwriteConflictQuestion(fileIsGone: session.path.map { access($0, F_OK) != 0 } ?? false))
        case .needsConsent: prompt = .question(SaveLossyQuestion())
        case .dropsFormatting(let lines): prompt = .question(SaveDroppingFormattingQuestion(lines: lines))
        case .failed(let reason): say(reason + (session.isReadOnly || reason.contains("permission denied") ? "; \(keyHint("Save as")) saves under another name" : ""))
        case .noPath: askSaveAs()
        }
    }

    func findNext() {
        guard let needle = search.needle, !needle.isEmpty else {
            ask(FindQuestion())
            return
        }
        whenLoaded("finding \"\(needle)\"") { [unowned self] in find(needle) }
    }

    private func find(_ needle: String) {
        let text = session.document.text
        let matches = TextSearch(needle, caseInsensitive: true).matches(in: session.document.plainText)
        let caret = text.utf8Offset(of: session.document.selection.ranges.last?.upperBound ?? text.startIndex)
        let following = matches.firstIndex { $0.lowerBound >= caret }
        guard let number = following ?? (matches.isEmpty ? nil : 0) else {
            say("\"\(needle)\" not found")
            return
        }
        let range = text.characterRange(atUTF8Offsets: matches[number])
        session.edit { try? $0.document.selectForFind(range) }
        session.pane.visualAnchor = nil
        scrollToCaret()
        search.shownMatch = (ObjectIdentifier(session), session.document.version, session.document.selection)
        // Which of how many, and whether the search went round the end.
        say("\(number + 1) of \(matches.count)" + (following == nil && caret > 0 ? " · wrapped to the top" : ""))
    }

    /// Whether the selection is still the match the last search showed.
    var isShowingFindMatch: Bool {
        guard let shownMatch = search.shownMatch else { return false }
        return shownMatch.session == ObjectIdentifier(session) && shownMatch.version == session.document.version
            && shownMatch.selection == session.document.selection
    }

}

extension RichTextDocument {
    /// The paragraph attributes at the caret (heading, direction).
    var typingAttributesAtCaretParagraph: AttributeContainer {
        let head = selection.primary.head
        if head < text.endIndex { return text.runs[head].attributes }
        // The empty last paragraph has no character of its own: what it
        // shows is what typing there would give (a list Enter began, or none
        // once Enter ended it), not the newline before it.
        if text.characters.last == "\n" || text.characters.isEmpty { return finalParagraphAttributes }
        if head > text.startIndex { return text.runs[text.characters.index(before: head)].attributes }
        return AttributeContainer()
    }

    /// Selects a find match.
    mutating func selectForFind(_ range: Range<AttributedString.Index>) throws {
        try select(TextSelection(ranges: [.init(anchor: range.lowerBound, head: range.upperBound)]))
    }
}

/// The file changed on disk since it was read or saved (or is gone:
/// deleted or moved, nothing to read again).
struct OverwriteConflictQuestion: KeyQuestion {
    var fileIsGone: Bool

    func text(controller: EditorController) -> String {
        let name = controller.session.path.map { ($0 as NSString).lastPathComponent } ?? "the recipe"
        return fileIsGone ? "\(name) is no longer on disk (deleted or moved). y save it there again · a save as… · Esc"
            : "\(name) changed on disk. r reload it (drops your changes) · a save as… · y overwrite it · Esc"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        switch key {
        case "y": { controller in controller.save(force: true) }
        case "r" where !fileIsGone: { controller in controller.reload() }
        case "a": { controller in controller.ask(SaveAsQuestion(), controller.session.path ?? "") }
        default: nil
        }
    }
}

/// A line edited holds invalid UTF-8, which saving writes as U+FFFD.
struct SaveLossyQuestion: KeyQuestion {
    func text(controller: EditorController) -> String {
        "A line you edited has invalid UTF-8, which saving writes as U+FFFD (lines not edited keep their bytes). Save anyway? y · Esc"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        key == "y" ? { controller in controller.save(force: true) } : nil
    }
}

/// The file is read-only: saving replaces it, where its folder lets a file
/// be made beside it.
struct SaveReadOnlyQuestion: KeyQuestion {
    var folderIsWritable: Bool

    func text(controller: EditorController) -> String {
        let name = controller.session.path.map { ($0 as NSString).lastPathComponent } ?? "the recipe"
        return folderIsWritable ? "\(name) is read-only. y save anyway (replaces it) · a save as… · Esc"
            : "\(name) is read-only, and so is its folder. a save as… · Esc"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        switch key {
        case "y" where folderIsWritable: { controller in controller.save(force: false, replacingReadOnly: true) }
        case "a": { controller in controller.ask(SaveAsQuestion(), controller.session.path ?? "") }
        default: nil
        }
    }
}

/// Edited lines (file lines) would lose formatting Roux does not show.
struct SaveDroppingFormattingQuestion: KeyQuestion {
    var lines: [Int]

    func text(controller: EditorController) -> String {
        let where_ = lines.count == 1 ? "line \(lines[0])" : "lines \(lines.prefix(5).map(String.init).joined(separator: ", "))\(lines.count > 5 ? "…" : "")"
        return "Saving drops formatting Roux cannot show (a text colour) on \(where_), which you edited. y save · Esc"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        key == "y" ? { controller in controller.save(force: false, replacingReadOnly: true, droppingFormatting: true) } : nil
    }
}

/// Save As: a file name (Tab completes), where an existing file is replaced
/// only when the user says so.
struct SaveAsQuestion: PathQuestion {
    /// What the save that asked goes on with once saved (a quit, opening
    /// another recipe); dropped with the question when it is cancelled.
    var then: (() -> Void)?
    var label: String { "Save as (Tab completes): " }

    func submit(_ answer: String, controller: EditorController) -> String? {
        guard !answer.isEmpty else { return "type a file name" }
        let path = controller.absolutePath(answer)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return "\(answer) is a folder: add a file name"
        }
        // An existing file is replaced only when the user says so; the
        // open file too once another program has saved it since.
        let session = controller.session
        if FileManager.default.fileExists(atPath: path), !(session.isOpenFile(path) && session.fileIsAsRead) {
            controller.prompt = .question(OverwriteExistingQuestion(path: path, then: then))
            return nil
        }
        controller.prompt = nil
        controller.saveAs(path, replacing: false, then: then)
        return nil
    }

    /// One Save As is another, whatever follows it.
    static func == (lhs: Self, rhs: Self) -> Bool { true }
}

/// Save As named a file that exists.
struct OverwriteExistingQuestion: KeyQuestion {
    var path: String
    /// What follows the save (`SaveAsQuestion.then`).
    var then: (() -> Void)? = nil

    func text(controller: EditorController) -> String {
        controller.session.isOpenFile(path)
            ? "\((path as NSString).lastPathComponent) changed on disk since it was read. y replace it with this version · Esc"
            : "\((path as NSString).lastPathComponent) exists. y replace it · Esc"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        key == "y" ? { [path, then] controller in controller.saveAs(path, replacing: true, then: then) } : nil
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.path == rhs.path }
}

/// Find: the text to look for, from the caret on.
struct FindQuestion: LineQuestion {
    var label: String { "Find: " }
    var historyKey: String { "find" }

    func submit(_ answer: String, controller: EditorController) -> String? {
        controller.prompt = nil
        controller.search.needle = answer
        controller.findNext()
        return nil
    }
}
