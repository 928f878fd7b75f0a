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
        whenLoaded("marking \(suggestion.name)") { [unowned self] in mark(suggestion) }
    }

    private func mark(_ suggestion: IngredientSuggestion) {
        var id: IngredientID?
        session.edit { id = $0.apply(suggestion) }
        guard let id else {
            say("nothing to mark: every \(suggestion.name) is in another ingredient's mark, a comment, a note or code")
            return
        }
        // The session's counts follow the edit; the inspector reads the same ones.
        let count = session.occurrenceCounts[id] ?? 0
        say("\(suggestion.name) is an ingredient, marked \(count) time\(count == 1 ? "" : "s")")
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

    func toggle<K: AttributedStringKey>(_ key: K.Type, name: String) where K.Value == Bool {
        var verdict = FormattingVerdict.allowed
        session.edit { verdict = $0.document.toggle(key) }
        if case .refused(let reason) = verdict { say("\(name): \(reason)") }
    }

    func cycleHeading() {
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
        if isUnnamed {
            askSaveAs()
            naming.afterSaveAs = then
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
            prompt = .saveReadOnly(folderIsWritable: access(PathText.folder(of: session.path ?? "."), W_OK) == 0)
            return
        }
        report(session.save(force: force, droppingFormatting: droppingFormatting))
    }

    /// Save As: the recipe written to `path` (in the format its extension
    /// names), which becomes the open file.
    func saveAs(_ path: String, replacing: Bool) {
        whenLoaded("saving") { [unowned self] in
            let outcome = session.saveAs(path, replacing: replacing)
            report(outcome)
            let next = naming.afterSaveAs
            naming.afterSaveAs = nil
            if case .saved = outcome { next?() }
        }
    }

    /// Says so when the file changed on disk since it was read or saved
    /// (checked every few seconds while idle); returns whether it did.
    public func noticeDiskChange() -> Bool {
        guard session.noticeDiskChange(), let path = session.path else { return false }
        let name = (path as NSString).lastPathComponent
        if access(path, F_OK) != 0 {
            say("\(name) is no longer on disk (deleted or moved): Ctrl-S asks before writing it again")
            return true
        }
        say(session.isModified ? "\(name) changed on disk: Ctrl-S will ask before overwriting it"
            : "\(name) changed on disk: Ctrl-S asks first; Ctrl-O \(name) reads it again")
        return true
    }

    /// Drops the unsaved changes and reads the file again (after it changed on disk).
    func reload() {
        guard let path = session.path else { return }
        if let path = session.path { recovery.discard(for: path) }
        switchTo(path: path)
        say("reloaded \((path as NSString).lastPathComponent) from the disk")
    }

    private func report(_ outcome: EditorSession.SaveOutcome) {
        switch outcome {
        case .saved(let dropped):
            // The work is in the file now: a recovery of it would only be offered again.
            if let path = session.path { recovery.discard(for: path) }
            say("saved" + (dropped.isEmpty ? "" : "; this format cannot hold \(dropped.joined(separator: ", "))"))
            refreshRecipeList()
        case .conflict: prompt = .overwriteConflict(fileIsGone: session.path.map { access($0, F_OK) != 0 } ?? false)
        case .needsConsent: prompt = .saveLossy
        case .dropsFormatting(let lines): prompt = .saveDroppingFormatting(lines)
        case .failed(let reason): say(reason + (session.isReadOnly || reason.contains("permission denied") ? "; Alt-S saves under another name" : ""))
        case .noPath: askSaveAs()
        }
    }

    func findNext() {
        guard let needle = search.needle, !needle.isEmpty else {
            ask(.find)
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
