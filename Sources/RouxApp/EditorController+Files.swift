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
        ask(.renameRecipe(path: path), (path as NSString).lastPathComponent)
    }

    /// Delete in the recipe list: asks before deleting the file.
    func askDeleteRecipe() {
        guard let path = panes.list.selectedRecipe else { return }
        prompt = .deleteRecipe(path)
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
            prompt = .switchUnsaved(path)
            return
        }
        switchTo(path: path)
    }

    func switchTo(path: String, reading: RecipeFiles.Reading = .asItsFormat) {
        do {
            let (session, said) = try EditorSession.open(path, reading: reading, unnamed: naming.unnamed.contains(path), save: keyHint("Save"))
            replaceSession(session)
            announceOpened(warnings: said)
        } catch {
            // A binary file is not a recipe, but the user may open it anyway.
            if let binary = error.binary {
                prompt = .openBinary(path: path, line: binary.line, column: binary.column)
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

    /// Ctrl-N: a new recipe beside the open one (its first Ctrl-S asks for
    /// a name, offering one made from its title).
    func newRecipe() {
        // Not the open recipe's name either: a new one not yet saved is not on disk,
        // and saving it first (when asked) must not make Ctrl-N reopen it.
        let path = RecipeFolder(recipeFolder ?? openRecipeFolder).newRecipePath(title: nil, avoiding: session.path)
        naming.unnamed.insert(path)
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
