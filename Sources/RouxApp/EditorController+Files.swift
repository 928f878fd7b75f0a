import Foundation
import RecipeStorage
import Recipes
import RecipeFormats
import RichText
import TerminalUI

/// Opening other recipes: Ctrl-O, Ctrl-N and the folder's recipe list.
extension EditorController {
    /// Shows the recipes of `folder` in the list pane.
    public func showFolder(_ folder: String) {
        panes.list.folder = folder
        panes.list.listedFiles = nil
        refreshRecipeList()
        resize(width: width, height: height)
    }

    /// Shows the files given (`roux a.md b.md`) in the list pane, in that order.
    public func showFiles(_ paths: [String]) {
        panes.list.folder = session.path.map { PathText.folder(of: $0) } ?? paths.first
        panes.list.listedFiles = paths
        refreshRecipeList()
        resize(width: width, height: height)
    }

    /// The list pane reads its folder again (a file saved, renamed, deleted).
    func refreshRecipeList() {
        panes.list.refresh(self)
    }

    /// `r` in the recipe list: rename the file under the highlight.
    func askRenameRecipe() {
        guard let path = panes.list.selectedRecipe else { return }
        ask(RenameRecipeQuestion(path: path), (path as NSString).lastPathComponent)
    }

    /// Delete in the recipe list: asks before deleting the file.
    func askDeleteRecipe() {
        guard let path = panes.list.selectedRecipe else { return }
        prompt = .question(DeleteRecipeQuestion(path: path))
    }

    /// F7: the list of the open recipe's folder (also when Roux was started
    /// with a file), shown or hidden.
    /// Under 90 columns the list takes the inspector's place while it shows.
    func toggleRecipeList() {
        let wasShown = listWidth > 0
        if width < 90 { layout.listOnNarrowTerminal = !wasShown }
        if recipeFolder == nil && panes.list.listedFiles == nil {
            layout.showsList = true
            showFolder(openRecipeFolder)
        } else {
            layout.showsList = width < 90 ? true : !showsList
            resize(width: width, height: height)
        }
        if focus == .inspector, inspectorWidth == 0 { focus = .list }
        if focus == .list, listWidth == 0 { focus = .editor }
        if !wasShown, listWidth == 0 { say("the recipe list needs a terminal of 40 columns or more") }
    }

    /// Opens a recipe, asking first when the one open has unsaved changes.
    func open(path: String) {
        if session.isModified {
            prompt = .question(SwitchUnsavedQuestion(path: path))
            return
        }
        switchTo(path: path)
    }

    /// Opens `path` in place of the open recipe (saved, unchanged, or its
    /// changes dropped by the user's answer), offering its kept work back.
    func switchTo(path: String, reading: RecipeFiles.Reading = .asItsFormat) {
        do {
            let previous = session.path
            let (session, said) = try EditorSession.open(path, reading: reading, unnamed: storage.provisionalNames.contains(path), save: keyHint("Save"))
            replaceSession(session)
            // What this session kept of the recipe it leaves is not work to offer back
            // another day (an undone change, changes the user dropped); an earlier
            // session's, still undecided, stays.
            if let previous, recovery.keptState?.path == previous { recovery.discard(for: previous) }
            announceOpened(warnings: said)
            // Opened from the list or Ctrl-O as from the command line: kept work is offered.
            offerKeptWork()
        } catch {
            // A binary file is not a recipe, but the user may open it anyway.
            if let binary = error.binary {
                prompt = .question(OpenBinaryQuestion(path: path, line: binary.line, column: binary.column))
                return
            }
            say(error.errors.first?.description ?? "cannot open \(path)")
        }
    }

    /// The folder of the open recipe, or the current directory for a new one:
    /// where typed relative paths start.
    var openRecipeFolder: String {
        session.path.map { PathText.folder(of: $0) } ?? FileManager.default.currentDirectoryPath
    }

    /// Ctrl-N: a new recipe beside the open one, in the format of the
    /// folder's recipes (`RecipeFolder.newRecipeFormat`: Cooklang beside
    /// `.cook` files, whose markup is then read as typed); its first Ctrl-S
    /// asks for a name, offering one made from its title.
    func newRecipe() {
        let folder = RecipeFolder(recipeFolder ?? openRecipeFolder)
        let format = folder.newRecipeFormat(besides: session.path == nil ? nil : session.format)
        // Not the open recipe's name either: a new one not yet saved is not on disk,
        // and saving it first (when asked) must not make Ctrl-N reopen it.
        let path = folder.newRecipePath(title: nil, extension: format.newFileExtension, avoiding: session.path)
        storage.provisionalNames.insert(path)
        open(path: path)
    }

    /// Renames a recipe file; the extension stays when none is typed, and an
    /// existing file is never overwritten.
    func renameRecipe(at path: String, to name: String) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains("/") else {
            say("a file name cannot be empty or contain /")
            return
        }
        let ext = (path as NSString).pathExtension
        let newName = (trimmed as NSString).pathExtension.isEmpty && !ext.isEmpty ? trimmed + "." + ext : trimmed
        let target = (PathText.folder(of: path) as NSString).appendingPathComponent(newName)
        guard target != path else { return }
        // A rename keeps the bytes: under an extension of another format
        // they would be read as that format (Markdown's "# Title" is no
        // Cooklang heading). Save As converts instead.
        guard RecipeFormat(path: target) == RecipeFormat(path: path) else {
            say("\(newName) would be read as \(RecipeFormat(path: target).displayName), and the file is \(RecipeFormat(path: path).displayName): "
                + "nothing renamed (\(keyHint("Save as")) saves it as \(RecipeFormat(path: target).displayName))")
            return
        }
        guard !FileManager.default.fileExists(atPath: target) else {
            say("\(newName) already exists; nothing renamed")
            return
        }
        do {
            try FileManager.default.moveItem(atPath: path, toPath: target)
            if session.path == path { session.fileMoved(to: target) }
            panes.list.renamed(path, to: target, self)
            say("renamed to \(newName)")
        } catch {
            say("not renamed: \(error.localizedDescription)")
        }
    }

    /// Moves a recipe file to the trash (after the user said yes), where a
    /// file manager can restore it; the open one gives way to the next
    /// recipe, or a new one. Where the trash cannot take it, nothing is deleted.
    func deleteRecipe(at path: String) {
        do {
            try trash.move(path)
        } catch {
            say("not deleted: \(error.description)")
            return
        }
        recovery.discard(for: path)
        let name = (path as NSString).lastPathComponent
        refreshRecipeList()
        if session.path == path {
            if let next = panes.list.entries.first(where: { !$0.isFolder }) { switchTo(path: next.path) } else { newRecipe() }
        }
        say("\(name) moved to the trash (\(trash.shownFolder)): a file manager can restore it")
    }
}

/// Ctrl-O: a file or a folder to open, opened as the command line opens it
/// ("soup" for soup.md, a folder's newest recipe).
struct OpenFileQuestion: PathQuestion {
    var label: String { "Open (Tab completes): " }

    func submit(_ answer: String, controller: EditorController) -> String? {
        guard !answer.isEmpty else { return "type a file name" }
        let path = controller.absolutePath(answer)
        controller.prompt = nil
        let file = RecipeFolder.fileToOpen(for: path)
        if RecipeFolder.isFolder(path) {
            controller.showFolder(path)
            controller.open(path: file)
        } else if FileManager.default.fileExists(atPath: file) {
            controller.open(path: file)
        } else {
            controller.prompt = .question(CreateNewQuestion(path: file))
        }
        return nil
    }
}

/// Ctrl-O named a file that does not exist.
struct CreateNewQuestion: KeyQuestion {
    var path: String

    func text(controller: EditorController) -> String {
        let name = (path as NSString).lastPathComponent
        return (path as NSString).pathExtension.isEmpty
            ? "\(name) does not exist. m new recipe \(name).md · y new file \(name) · Esc"
            : "\(name) does not exist. y new recipe \(name) · Esc"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        switch key {
        case "y": { [path] controller in controller.open(path: path) }
        case "m" where (path as NSString).pathExtension.isEmpty: { [path] controller in controller.open(path: path + ".md") }
        default: nil
        }
    }
}

/// Opening another recipe while this one has unsaved changes.
struct SwitchUnsavedQuestion: KeyQuestion {
    var path: String

    func text(controller: EditorController) -> String {
        "Save changes first? y save and open · n open without saving · Esc stay"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        switch key {
        case "y": { [path] controller in
            controller.save(force: false) { [unowned controller] in if !controller.session.isModified { controller.switchTo(path: path) } }
        }
        case "n": { [path] controller in controller.switchTo(path: path) }
        default: nil
        }
    }
}

/// A binary file (a NUL byte there): opened as plain text only if the user says so.
struct OpenBinaryQuestion: KeyQuestion {
    var path: String
    var line: Int
    var column: Int

    func text(controller: EditorController) -> String {
        "\((path as NSString).lastPathComponent) is a binary file (a NUL byte at \(line):\(column)), not a recipe. "
            + "y open it as plain text anyway · Esc"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        key == "y" ? { [path] controller in controller.switchTo(path: path, reading: .binaryAsPlainText) } : nil
    }
}

/// A file that is not valid UTF-8: read again in a legacy encoding only if
/// the user says so; `w` offers the one its bytes look like (Hebrew bytes
/// read as Latin-1 are gibberish), `l` Latin-1 when that is not it.
struct ReopenInLegacyEncodingQuestion: KeyQuestion {
    var path: String
    var guess: LegacyEncoding

    init(path: String, guess: LegacyEncoding) {
        self.path = path
        self.guess = guess
    }

    /// The question for a file, its encoding guessed from its first megabyte.
    init(path: String) {
        let sample = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 1 << 20) } ?? Data()
        self.init(path: path, guess: LegacyEncoding.guessed(from: [UInt8](sample)))
    }

    func text(controller: EditorController) -> String {
        let latin = guess == .windows1252 ? "" : " · l read it as Windows-1252 (Latin-1)"
        let looks = guess == .windows1252 ? "" : ", as its bytes look"
        return "\((path as NSString).lastPathComponent) is not UTF-8 (bytes shown as \u{FFFD}). "
            + "w read it as \(guess.name) (\(guess.script)\(looks); a save then writes UTF-8)\(latin) · Esc keep its bytes as they are"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        switch key {
        case "w": { [path, guess] controller in controller.switchTo(path: path, reading: .legacyEncoding(guess)) }
        case "l" where guess != .windows1252: { [path] controller in controller.switchTo(path: path, reading: .windows1252) }
        default: nil
        }
    }
}

/// `r` in the recipe list: the file's new name.
struct RenameRecipeQuestion: LineQuestion {
    var path: String
    var label: String { "Rename to: " }
    var historyKey: String { "rename" }

    func submit(_ answer: String, controller: EditorController) -> String? {
        controller.prompt = nil
        controller.renameRecipe(at: path, to: answer)
        return nil
    }
}

/// Delete in the recipe list: the file goes to the trash once the user says so.
struct DeleteRecipeQuestion: KeyQuestion {
    var path: String

    func text(controller: EditorController) -> String {
        let unsaved = path == controller.session.path && controller.session.isModified ? " It is open with unsaved changes." : ""
        return "Move \((path as NSString).lastPathComponent) to the trash?\(unsaved) y move it · Esc keep"
    }

    func answer(_ key: String) -> ((EditorController) -> Void)? {
        key == "y" ? { [path] controller in controller.deleteRecipe(at: path) } : nil
    }
}
