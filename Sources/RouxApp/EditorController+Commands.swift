import Foundation
import Recipes
import RichText
import TerminalUI
import TextLayout

extension EditorController {
    func undo(redo: Bool) {
        var done = false
        session.edit { done = redo ? $0.document.redo() : $0.document.undo() }
        if !done { say(redo ? "nothing to redo" : "nothing to undo") }
        session.visualAnchor = nil
    }

    func copy(cut: Bool) {
        guard session.document.selection.hasSelectedText else {
            say("select something to \(cut ? "cut" : "copy") first")
            return
        }
        var copied = AttributedString()
        session.edit { copied = cut ? $0.document.cut() : $0.document.copy() }
        clipboard = copied
        // OSC 52: the terminal puts the text on the system clipboard if it allows it.
        let plain = String(copied.characters)
        clipboardSequences.append("\u{1B}]52;c;" + Data(plain.utf8).base64EncodedString() + "\u{07}")
        session.visualAnchor = nil
    }

    func paste() {
        guard let clipboard else {
            say("the clipboard is empty (paste from other programs with the terminal's own paste)")
            return
        }
        session.edit { $0.document.paste(clipboard) }
        session.visualAnchor = nil
    }

    /// Ctrl-E: the selection becomes an ingredient, marked wherever it occurs.
    func markIngredient() {
        guard let suggestion = session.recipe.suggestion else {
            say("select the words of an ingredient first (one paragraph)")
            return
        }
        var id = IngredientID("")
        session.edit { id = $0.apply(suggestion) }
        // The session's counts follow the edit; the inspector reads the same ones.
        let count = session.occurrenceCounts[id] ?? 0
        say("\(suggestion.name) is an ingredient, marked \(count) time\(count == 1 ? "" : "s")")
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

    func save(force: Bool) {
        // The work goes to the recovery file first, if it is not there yet:
        // whatever stops the save (a crash, a power cut), it is kept.
        if session.isModified, let path = session.path, recovery.keptState.map({ $0 != (session.recipe.document.editState, path) }) ?? true {
            session.finishLoading()
            recovery.keepNow(session.recipe, as: session.format, for: path)
        }
        switch session.save(force: force) {
        case .saved(let dropped):
            // The work is in the file now: a recovery of it would only be offered again.
            if let path = session.path { recovery.discard(for: path) }
            say("saved" + (dropped.isEmpty ? "" : "; this format cannot hold \(dropped.joined(separator: ", "))"))
            refreshRecipeList()
        case .conflict: prompt = .overwriteConflict
        case .needsConsent: prompt = .saveLossy
        case .failed(let reason): say(reason)
        case .noPath: say("this recipe has no file yet")
        }
    }

    func findNext() {
        session.finishLoading()
        guard let needle = lastSearch, !needle.isEmpty else {
            prompt = .find("")
            return
        }
        let text = session.document.text
        let matches = TextSearch(needle, caseInsensitive: true).matches(in: session.document.plainText)
        let caret = text.utf8Offset(of: session.document.selection.ranges.last?.upperBound ?? text.startIndex)
        guard let match = matches.first(where: { $0.lowerBound >= caret }) ?? matches.first else {
            say("\"\(needle)\" not found")
            return
        }
        let range = text.characterRange(atUTF8Offsets: match)
        session.edit { try? $0.document.selectForFind(range) }
        session.visualAnchor = nil
        scrollToCaret()
    }

    func handlePrompt(_ current: Prompt, _ event: InputEvent) {
        switch (current, event) {
        case (.quitUnsaved, .text("y")), (.quitUnsaved, .text("Y")):
            prompt = nil
            save(force: false)
            if !session.isModified { requestQuit() }
        case (.quitUnsaved, .text("n")), (.quitUnsaved, .text("N")):
            prompt = nil
            requestQuit()
        case (.overwriteConflict, .text("y")):
            prompt = nil
            save(force: true)
        case (.saveLossy, .text("y")):
            prompt = nil
            save(force: true)
        case (.switchUnsaved(let path), .text("y")):
            prompt = nil
            save(force: false)
            if !session.isModified { switchTo(path: path) }
        case (.switchUnsaved(let path), .text("n")):
            prompt = nil
            switchTo(path: path)
        case (.renameRecipe(let path, let name), .text(let more)):
            prompt = .renameRecipe(path: path, name: name + more)
        case (.renameRecipe(let path, let name), .key(Key(.backspace, []))):
            prompt = .renameRecipe(path: path, name: String(name.dropLast()))
        case (.renameRecipe(let path, let name), .key(Key(.enter, []))):
            prompt = nil
            renameRecipe(at: path, to: name)
        case (.deleteRecipe(let path), .text("y")):
            prompt = nil
            deleteRecipe(at: path)
        case (.openFile(let typed), .text(let more)):
            prompt = .openFile(typed + more)
        case (.openFile(let typed), .paste(let more)):
            prompt = .openFile(typed + more)
        case (.openFile(let typed), .key(Key(.backspace, []))):
            prompt = .openFile(String(typed.dropLast()))
        case (.openFile(let typed), .key(Key(.tab, []))):
            prompt = .openFile(Self.complete(typed, base: openRecipeFolder))
        case (.openFile(let typed), .key(Key(.enter, []))):
            prompt = nil
            guard !typed.isEmpty else { return }
            let expanded = NSString(string: typed).expandingTildeInPath
            open(path: expanded.hasPrefix("/") ? expanded : (openRecipeFolder as NSString).appendingPathComponent(expanded))
        case (.removeIngredient(let id), .text("y")):
            prompt = nil
            removeIngredient(IngredientID(id))
        case (.restoreRecovery, .text("r")):
            prompt = nil
            restoreRecovery()
        case (.restoreRecovery, .text("d")):
            prompt = nil
            pendingRecovery = nil
            if let path = session.path { recovery.discard(for: path) }
            say("recovered work discarded")
        case (.goToLine(let typed), .text(let more)) where more.allSatisfy(\.isNumber):
            prompt = .goToLine(typed + more)
        case (.find(let typed), .text(let more)):
            prompt = .find(typed + more)
        case (.find(let typed), .paste(let more)):
            prompt = .find(typed + more)
        case (.goToLine(let typed), .key(Key(.backspace, []))):
            prompt = .goToLine(String(typed.dropLast()))
        case (.find(let typed), .key(Key(.backspace, []))):
            prompt = .find(String(typed.dropLast()))
        case (.goToLine(let typed), .key(Key(.enter, []))):
            prompt = nil
            goToLine(Int(typed) ?? 0)
        case (.find(let typed), .key(Key(.enter, []))):
            prompt = nil
            lastSearch = typed
            findNext()
        case (_, .key(Key(.escape, []))), (_, .key(Key(.character("c"), .control))), (_, .key(Key(.character("q"), .control))):
            prompt = nil
            say("cancelled")
        default:
            break
        }
    }

    private func restoreRecovery() {
        guard let contents = pendingRecovery else { return }
        pendingRecovery = nil
        let recovered: Recipe
        switch session.format {
        case .markdown: recovered = MarkdownRecipeFormat.parse(contents)
        case .cooklang: recovered = CooklangFormat.parse(contents)
        case .plainText: recovered = PlainTextRecipeFormat.parse(contents)
        }
        session.edit { recipe in
            recipe.ingredients = recovered.ingredients
            recipe.metadata = recovered.metadata
            recipe.document.selectAll()
            recipe.document.paste(recovered.document.text)
            try? recipe.document.select(TextSelection(caret: recipe.document.text.startIndex))
        }
        say("unsaved work restored; Ctrl-Z takes it back, Ctrl-S keeps it")
    }

    private func goToLine(_ number: Int) {
        // Slices end at line ends, so once the line is read it is whole: no
        // need to wait for the rest of a large file.
        while session.isLoading, session.layout.paragraphCount < number { session.loadMore(bytes: 4 << 20) }
        let layout = session.layout
        let paragraph = min(max(1, number), layout.paragraphCount) - 1
        session.moveCaret(to: CaretPosition(offset: layout.range(ofParagraph: paragraph).lowerBound), extending: false)
        session.top = layout.clamped(LinePosition(paragraph: paragraph, line: 0))
        scrollToCaret()
    }
}

extension RichTextDocument {
    /// The paragraph attributes at the caret (heading, direction).
    var typingAttributesAtCaretParagraph: AttributeContainer {
        let head = selection.primary.head
        if head < text.endIndex { return text.runs[head].attributes }
        if head > text.startIndex { return text.runs[text.characters.index(before: head)].attributes }
        return AttributeContainer()
    }

    /// Selects a find match.
    mutating func selectForFind(_ range: Range<AttributedString.Index>) throws {
        try select(TextSelection(ranges: [.init(anchor: range.lowerBound, head: range.upperBound)]))
    }
}
