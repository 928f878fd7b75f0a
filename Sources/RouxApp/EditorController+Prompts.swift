import Foundation
import Recipes
import RecipeFormats
import RichText
public import TerminalUI
import TextLayout
import RecipeStorage

extension EditorController {
    /// A question in the status line: answered with one key, or a line typed.
    public enum Prompt: Equatable {
        case quitUnsaved
        /// The file changed on disk since it was read or saved (or is gone:
        /// deleted or moved, nothing to read again).
        case overwriteConflict(fileIsGone: Bool)
        case saveLossy
        /// The file is read-only: saving replaces it, where its folder lets
        /// a file be made beside it.
        case saveReadOnly(folderIsWritable: Bool)
        /// Edited lines (file lines) would lose formatting Roux does not show.
        case saveDroppingFormatting([Int])
        /// A file that is not valid UTF-8: read again as Windows-1252 only if the user says so.
        case reopenAsWindows1252(String)
        /// A binary file (a NUL byte there): opened as plain text only if the user says so.
        case openBinary(path: String, line: Int, column: Int)
        /// Save As named a file that exists.
        case overwriteExisting(String)
        /// Ctrl-O named a file that does not exist.
        case createNew(String)
        case restoreRecovery(fileChanged: Bool)
        case removeIngredient(String)
        case switchUnsaved(String)
        case deleteRecipe(String)
        /// Replace (Ctrl-R) offers a match: y, n, a or Esc.
        case replaceMatch(ReplaceRun)
        case line(LinePrompt)

        var isLine: Bool {
            if case .line = self { return true }
            return false
        }

        /// A line prompt of `kind` with `text` typed (what tests compare with).
        public static func line(_ kind: LinePrompt.Kind, _ text: String) -> Prompt {
            .line(LinePrompt(kind: kind, editor: LineEditor(text)))
        }
    }

    /// A prompt that takes a line of text (`LineEditor`), checked when submitted.
    public struct LinePrompt: Equatable {
        public enum Kind: Equatable {
            case goToLine, find, openFile, saveAs
            case renameRecipe(path: String)
            /// Replace: what to look for, then what to put instead of `needle`.
            case replaceFind
            case replaceWith(needle: String)
            case servings, scale
            /// The ingredient form: one field at a time.
            case ingredientField(IngredientForm)
            /// A question a pane asks (`EditorPane`).
            case pane(PaneQuestion)

            /// The answers of this kind are recalled together.
            var historyKey: String {
                switch self {
                case .goToLine: "line"
                case .find, .replaceFind: "find"
                case .replaceWith: "replacement"
                case .openFile, .saveAs: "path"
                case .renameRecipe: "rename"
                case .servings, .scale: "servings"
                case .ingredientField(let form): "ingredient-" + IngredientForm.fields[form.field]
                case .pane(let question): question.historyKey
                }
            }

            var label: String {
                switch self {
                case .goToLine: "Go to line (LINE or LINE:COLUMN): "
                case .find: "Find: "
                case .openFile: "Open (Tab completes): "
                case .saveAs: "Save as (Tab completes): "
                case .renameRecipe: "Rename to: "
                case .replaceFind: "Replace: "
                case .replaceWith(let needle): "Replace \"\(VisualLabel.isolated(needle))\" with: "
                case .servings: "Serves (saved with the recipe): "
                case .scale: "Cook for (servings, ×factor, or what you have: flour=700g; 1 as written): "
                case .ingredientField(let form): form.label
                case .pane(let question): question.label
                }
            }

            var completesPaths: Bool { self == .openFile || self == .saveAs }
        }

        public var kind: Kind
        public var editor: LineEditor
        /// Why the last answer was not taken; shown after the line.
        public var problem: String?
        /// The names Tab found for a path, listed above the line until it changes.
        public var completions: [String] = []

        public static func == (lhs: LinePrompt, rhs: LinePrompt) -> Bool {
            lhs.kind == rhs.kind && lhs.editor.text == rhs.editor.text
        }
    }

    /// Opens a line prompt, with the earlier answers of its kind for Up/Down;
    /// a pre-filled `text` shows selected and is replaced by what is typed first.
    func ask(_ kind: LinePrompt.Kind, _ text: String = "") {
        prompt = .line(LinePrompt(kind: kind, editor: LineEditor(text, history: overlays.promptHistory.entries(for: kind.historyKey))))
    }

    /// The status line while a prompt is open, in the order it is drawn
    /// (Hebrew and Arabic typed or named in it read right to left), and the
    /// cell its cursor is on.
    func promptLine(_ prompt: Prompt) -> (text: String, cursor: Int) {
        switch prompt {
        case .line(let line):
            let typed = VisualLabel.visual(line.editor.text, cursor: line.editor.cursor)
            let problem = line.problem.map { Self.label("  — " + $0) } ?? ""
            // The label names things (a searched word, an ingredient) that may be Hebrew.
            let label = Self.label(line.kind.label)
            let cursor = CellGrid.columns(of: label) + CellGrid.columns(of: String(typed.text.prefix(typed.cursor)))
            return (label + typed.text + problem, cursor)
        default:
            let text = Self.label(questionText(prompt))
            return (text, CellGrid.columns(of: text))
        }
    }

    /// The answer typed in a line prompt as drawn, and the cell it starts on.
    func promptAnswer(_ line: LinePrompt) -> (text: String, column: Int) {
        (VisualLabel.visual(line.editor.text, cursor: line.editor.cursor).text, CellGrid.columns(of: Self.label(line.kind.label)))
    }

    private func questionText(_ prompt: Prompt) -> String {
        let name = session.path.map { ($0 as NSString).lastPathComponent } ?? "the recipe"
        switch prompt {
        case .quitUnsaved: return "Save changes before quitting? y save and quit · n quit without saving · Esc stay"
        case .overwriteConflict(fileIsGone: false):
            return "\(name) changed on disk. r reload it (drops your changes) · a save as… · y overwrite it · Esc"
        case .overwriteConflict(fileIsGone: true):
            return "\(name) is no longer on disk (deleted or moved). y save it there again · a save as… · Esc"
        case .saveLossy: return "A line you edited has invalid UTF-8, which saving writes as U+FFFD (lines not edited keep their bytes). Save anyway? y · Esc"
        case .reopenAsWindows1252(let path):
            return "\((path as NSString).lastPathComponent) is not UTF-8 (bytes shown as \u{FFFD}). "
                + "w read it as Windows-1252 (Latin-1; a save then writes UTF-8) · Esc keep its bytes as they are"
        case .saveReadOnly(let folderIsWritable):
            return folderIsWritable ? "\(name) is read-only. y save anyway (replaces it) · a save as… · Esc"
                : "\(name) is read-only, and so is its folder. a save as… · Esc"
        case .overwriteExisting(let path) where session.isOpenFile(path):
            return "\((path as NSString).lastPathComponent) changed on disk since it was read. y replace it with this version · Esc"
        case .overwriteExisting(let path): return "\((path as NSString).lastPathComponent) exists. y replace it · Esc"
        case .createNew(let path):
            let name = (path as NSString).lastPathComponent
            return (path as NSString).pathExtension.isEmpty
                ? "\(name) does not exist. m new recipe \(name).md · y new file \(name) · Esc"
                : "\(name) does not exist. y new recipe \(name) · Esc"
        case .openBinary(let path, let line, let column):
            return "\((path as NSString).lastPathComponent) is a binary file (a NUL byte at \(line):\(column)), not a recipe. "
                + "y open it as plain text anyway · Esc"
        case .saveDroppingFormatting(let lines):
            let where_ = lines.count == 1 ? "line \(lines[0])" : "lines \(lines.prefix(5).map(String.init).joined(separator: ", "))\(lines.count > 5 ? "…" : "")"
            return "Saving drops formatting Roux cannot show (a text colour) on \(where_), which you edited. y save · Esc"
        case .restoreRecovery(let fileChanged):
            return fileChanged
                ? "Unsaved work from an earlier session was kept, but the file has changed since. r restore it (a save then asks) · d discard it · Esc decide later"
                : "Unsaved work from an earlier session was kept. r restore it · d discard it · Esc decide later"
        case .deleteRecipe(let path):
            let unsaved = path == session.path && session.isModified ? " It is open with unsaved changes." : ""
            return "Move \((path as NSString).lastPathComponent) to the trash?\(unsaved) y move it · Esc keep"
        case .switchUnsaved: return "Save changes first? y save and open · n open without saving · Esc stay"
        case .removeIngredient(let id):
            return "Remove the ingredient \(session.recipe.ingredient(IngredientID(id))?.name ?? id) and its marks? y remove · Esc keep"
        case .replaceMatch(let run):
            return "Replace this one (\(run.number) of \(run.total))? y replace · n skip · a all the rest · Esc stop"
        case .line: return ""
        }
    }

    func handlePrompt(_ current: Prompt, _ event: InputEvent) {
        if case .line(let line) = current {
            handleLinePrompt(line, event)
            return
        }
        // Keys typed ahead arrive as one chunk of text: each is its own
        // answer; what follows an answer that opens a line prompt (a Save As)
        // is typed there. Once the question is gone the rest is dropped: an
        // extra `y` must not land in the recipe.
        if case .text(let chunk) = event, chunk.count > 1 {
            var rest = Substring(chunk)
            while let character = rest.first, let open = prompt, !open.isLine {
                rest = rest.dropFirst()
                handlePrompt(open, .text(String(character)))
            }
            if let open = prompt, open.isLine, !rest.isEmpty { handlePrompt(open, .text(String(rest))) }
            return
        }
        if case .replaceMatch(let run) = current {
            handleReplaceAnswer(run, event)
            return
        }
        switch (current, event) {
        case (.quitUnsaved, .text("y")), (.quitUnsaved, .text("Y")):
            prompt = nil
            save(force: false) { [unowned self] in if !session.isModified { requestQuit() } }
        case (.quitUnsaved, .text("n")), (.quitUnsaved, .text("N")):
            prompt = nil
            requestQuit()
        case (.overwriteConflict, .text("y")), (.saveLossy, .text("y")):
            prompt = nil
            save(force: true)
        case (.overwriteConflict(fileIsGone: false), .text("r")):
            prompt = nil
            reload()
        case (.overwriteConflict, .text("a")), (.saveReadOnly, .text("a")):
            ask(.saveAs, session.path ?? "")
        case (.reopenAsWindows1252(let path), .text("w")):
            prompt = nil
            switchTo(path: path, reading: .windows1252)
        case (.openBinary(let path, _, _), .text("y")):
            prompt = nil
            switchTo(path: path, reading: .binaryAsPlainText)
        case (.saveDroppingFormatting, .text("y")):
            prompt = nil
            save(force: false, replacingReadOnly: true, droppingFormatting: true)
        case (.saveReadOnly(folderIsWritable: true), .text("y")):
            prompt = nil
            save(force: false, replacingReadOnly: true)
        case (.createNew(let path), .text("y")):
            prompt = nil
            open(path: path)
        case (.createNew(let path), .text("m")) where (path as NSString).pathExtension.isEmpty:
            prompt = nil
            open(path: path + ".md")
        case (.overwriteExisting(let path), .text("y")):
            prompt = nil
            saveAs(path, replacing: true)
        case (.switchUnsaved(let path), .text("y")):
            prompt = nil
            save(force: false) { [unowned self] in if !session.isModified { switchTo(path: path) } }
        case (.switchUnsaved(let path), .text("n")):
            prompt = nil
            switchTo(path: path)
        case (.deleteRecipe(let path), .text("y")):
            prompt = nil
            deleteRecipe(at: path)
        case (.removeIngredient(let id), .text("y")):
            prompt = nil
            removeIngredient(IngredientID(id))
        case (.restoreRecovery, .text("r")):
            let keptWork = overlays.first(PromptOverlay.self)?.keptWork
            prompt = nil
            keptWork.map(restoreRecovery)
        case (.restoreRecovery, .text("d")):
            prompt = nil
            if let path = session.path { recovery.discard(for: path) }
            say("recovered work discarded")
        case (_, .key(Key(.escape, []))), (_, .key(Key(.character("c"), .control))), (_, .key(Key(.character("q"), .control))):
            prompt = nil
            naming.afterSaveAs = nil
            say("cancelled")
        default:
            break
        }
    }

    private func handleLinePrompt(_ line: LinePrompt, _ event: InputEvent) {
        var line = line
        if case .ingredientField(let form) = line.kind, event == .key(Key(.tab)) || event == .key(Key(.tab, .shift)) {
            moveIngredientField(line, form, by: event == .key(Key(.tab)) ? 1 : -1)
            return
        }
        if line.kind.completesPaths, event == .key(Key(.tab)) {
            completePath(in: line)
            return
        }
        switch line.editor.handle(event) {
        case .edited:
            line.problem = nil
            line.completions = []
            prompt = .line(line)
        case .ignored:
            break
        case .cancelled:
            prompt = nil
            naming.afterSaveAs = nil
            say("cancelled")
        case .submitted(let answer):
            overlays.promptHistory.record(answer, for: line.kind.historyKey)
            if let problem = submit(answer, for: line.kind) {
                line.problem = problem
                prompt = .line(line)
            }
        }
    }

    /// Acts on a submitted answer; returns why it cannot be taken (the prompt stays open).
    private func submit(_ answer: String, for kind: LinePrompt.Kind) -> String? {
        switch kind {
        case .goToLine:
            let parts = answer.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
            guard (1 ... 2).contains(parts.count), let line = Int(parts[0]), line > 0,
                  parts.count == 1 || Int(parts[1]).map({ $0 > 0 }) == true else {
                return "type a line number, or LINE:COLUMN (12 or 12:5)"
            }
            prompt = nil
            goToLine(line, column: parts.count == 2 ? Int(parts[1]) ?? 1 : 1)
        case .find:
            prompt = nil
            search.needle = answer
            findNext()
        case .openFile:
            guard !answer.isEmpty else { return "type a file name" }
            let path = absolutePath(answer)
            prompt = nil
            // As the command line opens it: "soup" for soup.md, a folder's newest recipe.
            let file = RecipeFolder.fileToOpen(for: path)
            if RecipeFolder.isFolder(path) {
                showFolder(path)
                open(path: file)
            } else if FileManager.default.fileExists(atPath: file) {
                open(path: file)
            } else {
                prompt = .createNew(file)
            }
        case .saveAs:
            guard !answer.isEmpty else { return "type a file name" }
            let path = absolutePath(answer)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                return "\(answer) is a folder: add a file name"
            }
            // An existing file is replaced only when the user says so; the
            // open file too once another program has saved it since.
            if FileManager.default.fileExists(atPath: path), !(session.isOpenFile(path) && session.fileIsAsRead) {
                prompt = .overwriteExisting(path)
                return nil
            }
            prompt = nil
            saveAs(path, replacing: false)
        case .renameRecipe(let path):
            prompt = nil
            renameRecipe(at: path, to: answer)
        case .replaceFind:
            guard !answer.isEmpty else { return "type the text to replace" }
            search.needle = answer
            ask(.replaceWith(needle: answer))
        case .replaceWith(let needle):
            startReplacing(needle, with: answer)
        case .servings: return setServings(answer)
        case .scale: return setScale(answer)
        case .ingredientField(let form): return submitIngredientForm(form, answer: answer)
        case .pane(let question): return panes[question.pane].answer(question, with: answer, controller: self)
        }
        return nil
    }

    /// A typed path: `~` expanded, relative to the open recipe's folder.
    func absolutePath(_ typed: String) -> String {
        let expanded = NSString(string: typed).expandingTildeInPath
        return expanded.hasPrefix("/") ? expanded : (openRecipeFolder as NSString).appendingPathComponent(expanded)
    }

    private func restoreRecovery(_ entry: RecoveryStore.Entry) {
        let contents = entry.contents
        let recovered = session.format.parse(contents)
        session.edit { recipe in
            recipe.ingredients = recovered.ingredients
            recipe.metadata = recovered.metadata
            recipe.document.selectAll()
            recipe.document.paste(recovered.document.text)
            try? recipe.document.select(TextSelection(caret: recipe.document.text.startIndex))
        }
        if let base = entry.basedOn { session.restoredWork(basedOn: base) }
        say(entry.fileChangedSince ? "unsaved work restored; the file changed on disk since, so Ctrl-S asks first"
            : "unsaved work restored; Ctrl-Z takes it back, Ctrl-S keeps it")
    }

    /// Goes to a line of the file (counted from its first line, front matter
    /// included) and a column (in characters); a line before the text's is
    /// its first.
    func goToLine(_ number: Int, column: Int = 1) {
        let paragraphNumber = number - session.firstBodyLine + 1
        // Slices end at line ends, so once the line is read it is whole: no
        // need to wait for the rest of a large file. Until it is, its lines
        // show from a preview.
        whenLoaded("going to line \(number)", paragraphs: paragraphNumber, preview: {
            previewOfUnread(paragraph: paragraphNumber, column: column)
        }) { [unowned self] in
            let count = session.layout.paragraphCount
            show(paragraph: min(max(1, paragraphNumber), count) - 1, column: column, in: session)
            // Said, not silent: the caret is not on the line asked for.
            if paragraphNumber < 1 {
                say("line \(number) is in the file's front matter, which Roux keeps as written: here is the first line of the text")
            } else if paragraphNumber > count {
                say("the file has \(count + session.firstBodyLine - 1) lines: here is the last")
            }
        }
    }

    /// A place not read yet (paragraph from 1; nil: the end), as a preview
    /// placed as `show` would place it.
    func previewOfUnread(paragraph: Int?, column: Int) -> EditorSession? {
        let rows = editorFrame.height
        guard let (preview, target) = session.preview(ofParagraph: paragraph, linesBefore: rows, linesAfter: 2 * rows) else {
            return nil
        }
        if paragraph != nil {
            show(paragraph: target, column: column, in: preview)
        } else {
            // The end, at the bottom of the pane, as Ctrl-End leaves it.
            let layout = preview.layout
            preview.moveCaret(to: CaretPosition(offset: preview.document.text.utf8.count), extending: false)
            preview.pane.show(layout.linePosition(of: preview.drawnCaret), onRow: editorFrame.height - 1, in: layout)
        }
        return preview
    }

    /// The caret at `column` (in characters) of `paragraph` (from 0), a
    /// third of the way down the pane, so the lines above it (its section) show.
    private func show(paragraph: Int, column: Int, in shown: EditorSession) {
        let layout = shown.layout
        let range = layout.range(ofParagraph: paragraph)
        let text = shown.document.text
        var offset = range.lowerBound
        if column > 1 {
            let lower = text.characterIndex(atUTF8Offset: range.lowerBound)
            let upper = text.characterIndex(atUTF8Offset: range.upperBound)
            let characters = text.characters[lower ..< upper]
            let index = characters.index(lower, offsetBy: min(column - 1, characters.count))
            offset = text.utf8Offset(of: index)
        }
        shown.moveCaret(to: CaretPosition(offset: offset), extending: false)
        if shown === session { scrollToCaret() } // opens a fold the line is in
        shown.pane.show(layout.linePosition(of: shown.drawnCaret), onRow: editorFrame.height / 3, in: layout)
    }
}
