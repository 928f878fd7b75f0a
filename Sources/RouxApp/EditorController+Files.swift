import Foundation
import Recipes
import RichText
import TerminalUI

/// Opening other recipes: Ctrl-O, Ctrl-N and the folder's recipe list.
extension EditorController {
    /// Shows the recipes of `folder` in the list pane.
    public func showFolder(_ folder: String) {
        recipeFolder = folder
        listedFiles = nil
        refreshRecipeList()
        resize(width: width, height: height)
    }

    /// Shows the files given (`roux a.md b.md`) in the list pane, in that order.
    public func showFiles(_ paths: [String]) {
        recipeFolder = session.path.map { PathText.folder(of: $0) } ?? paths.first
        listedFiles = paths
        refreshRecipeList()
        resize(width: width, height: height)
    }

    /// The list as `RecipeFolder` makes it: the folder's subfolders, then
    /// its recipes, newest first, titled by the recipe's one rule.
    func refreshRecipeList() {
        if let files = listedFiles {
            allRecipes = RecipeFolder.entries(forFiles: files.filter { $0 == session.path || FileManager.default.fileExists(atPath: $0) })
        } else if let folder = recipeFolder {
            allRecipes = RecipeFolder(folder).entries()
        } else {
            return
        }
        applyRecipeFilter()
    }

    /// The list as the filter lets it through (`..` only without one); the
    /// highlight on the open recipe, else the first recipe.
    func applyRecipeFilter() {
        let query = WordQuery(recipeFilter.text)
        recipeList = query.isEmpty ? allRecipes : allRecipes.filter { entry in
            entry.title != "../" && query.matches(entry.title + " " + (entry.path as NSString).lastPathComponent)
        }
        recipeRows.setVisibleRows(max(1, listFrame.height - 1))
        let open = recipeList.firstIndex { $0.path == session.path }
        recipeRows.select(query.isEmpty ? open ?? recipeList.firstIndex { !$0.isFolder } ?? 0
                                         : recipeList.firstIndex { !$0.isFolder } ?? 0)
    }

    /// Typing, Backspace and Esc in the recipe list edit its filter; true when the event did.
    func handleRecipeFilter(_ event: InputEvent) -> Bool {
        switch event {
        case .text, .paste: break
        case .key(let key) where !recipeFilter.text.isEmpty:
            if key == Key(.escape) {
                recipeFilter = LineEditor()
                applyRecipeFilter()
                return true
            }
            guard key == Key(.backspace) || key == Key(.character("w"), .control) || key == Key(.character("u"), .control) else {
                return false
            }
        default: return false
        }
        var filter = recipeFilter
        guard case .edited = filter.handle(event) else { return false }
        recipeFilter = filter
        applyRecipeFilter()
        return true
    }

    /// Enter in the recipe list: a recipe opens, a folder is entered.
    func openListRow() {
        guard recipeList.indices.contains(listRow) else { return }
        let entry = recipeList[listRow]
        if entry.isFolder {
            recipeFolder = entry.path
            listedFiles = nil
            recipeFilter = LineEditor()
            refreshRecipeList()
            return
        }
        // The filter found it: the whole list again for next time.
        recipeFilter = LineEditor()
        open(path: entry.path)
        applyRecipeFilter()
    }

    /// `r` in the recipe list: rename the file under the highlight.
    func askRenameRecipe() {
        guard recipeList.indices.contains(listRow), !recipeList[listRow].isFolder else { return }
        let path = recipeList[listRow].path
        ask(.renameRecipe(path: path), (path as NSString).lastPathComponent)
    }

    /// Delete in the recipe list: asks before deleting the file.
    func askDeleteRecipe() {
        guard recipeList.indices.contains(listRow), !recipeList[listRow].isFolder else { return }
        prompt = .deleteRecipe(recipeList[listRow].path)
    }

    /// F7: the list of the open recipe's folder (also when Roux was started
    /// with a file), shown or hidden.
    /// Under 90 columns the list takes the inspector's place while it shows.
    func toggleRecipeList() {
        let wasShown = listWidth > 0
        if width < 90 { listOnNarrowTerminal = !wasShown }
        if recipeFolder == nil && listedFiles == nil {
            showsList = true
            showFolder(openRecipeFolder)
        } else {
            showsList = width < 90 ? true : !showsList
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
            let (session, said) = try EditorSession.open(path, reading: reading, unnamed: unnamedRecipes.contains(path))
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
        unnamedRecipes.insert(path)
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
                + "nothing renamed (Alt-S saves it as \(RecipeFormat(path: target).displayName))")
            return
        }
        guard !FileManager.default.fileExists(atPath: target) else {
            say("\(newName) already exists; nothing renamed")
            return
        }
        do {
            try FileManager.default.moveItem(atPath: path, toPath: target)
            if session.path == path { session.fileMoved(to: target) }
            listedFiles = listedFiles?.map { $0 == path ? target : $0 }
            refreshRecipeList()
            recipeRows.select(recipeList.firstIndex { $0.path == target } ?? listRow)
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
            if let next = recipeList.first(where: { !$0.isFolder }) { switchTo(path: next.path) } else { newRecipe() }
        }
        say("\(name) moved to the trash (\(trash.shownFolder)): a file manager can restore it")
    }
}
