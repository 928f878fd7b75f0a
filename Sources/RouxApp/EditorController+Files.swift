import Foundation
import Recipes
import RichText
import TerminalUI

/// Opening other recipes: Ctrl-O, Ctrl-N and the folder's recipe list.
extension EditorController {
    /// Shows the recipes of `folder` in the list pane.
    public func showFolder(_ folder: String) {
        recipeFolder = folder
        refreshRecipeList()
        resize(width: width, height: height)
    }

    /// The folder's recipes, most recently changed first, titled from their
    /// front matter or first heading.
    func refreshRecipeList() {
        guard let folder = recipeFolder else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        recipeList = names.filter { name in [".md", ".cook", ".txt"].contains { name.lowercased().hasSuffix($0) } }
            .map { name in
                let path = (folder as NSString).appendingPathComponent(name)
                let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
                let title = RecipeFiles.title(ofFileAt: path)
                return RecipeListEntry(path: path, title: title ?? name, modified: modified)
            }
            .sorted { $0.modified > $1.modified }
        listRow = recipeList.firstIndex { $0.path == session.path } ?? 0
    }

    /// Opens a recipe, asking first when the one open has unsaved changes.
    func open(path: String) {
        if session.isModified {
            prompt = .switchUnsaved(path)
            return
        }
        switchTo(path: path)
    }

    func switchTo(path: String, allowingBinary: Bool = false) {
        do {
            let opened = FileManager.default.fileExists(atPath: path)
                ? try (allowingBinary ? RecipeFiles.openAsPlainText(path: path, allowBinary: true)
                                      : RecipeFiles.open(path: path, progressively: true))
                : nil
            let session = opened.map { EditorSession(opened: $0) }
                ?? EditorSession(recipe: Recipe(), path: path, format: RecipeFormat(path: path))
            replaceSession(session)
            announceOpened(warnings: [opened == nil ? "new recipe: Ctrl-S writes \((path as NSString).lastPathComponent)"
                                          : "opened \((path as NSString).lastPathComponent)"] + (opened?.warnings ?? []))
        } catch {
            // A binary file is not a recipe, but the user may open it anyway.
            if let binary = error.errors.first(where: { $0.message == RecipeFileReader.binaryMessage }) {
                prompt = .openBinary(path: path, line: binary.line, column: binary.column)
                return
            }
            say(error.errors.first?.description ?? "cannot open \(path)")
        }
    }

    /// The folder of the open recipe, or the current directory for a new one:
    /// where typed relative paths start.
    var openRecipeFolder: String {
        session.path.map { ($0 as NSString).deletingLastPathComponent } ?? FileManager.default.currentDirectoryPath
    }

    /// Ctrl-N: a new recipe beside the open one (written on the first Ctrl-S).
    func newRecipe() {
        let folder = recipeFolder ?? openRecipeFolder
        var name = "untitled.md"
        var number = 2
        while FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(name)) {
            name = "untitled-\(number).md"
            number += 1
        }
        open(path: (folder as NSString).appendingPathComponent(name))
    }

    /// Tab in the Ctrl-O prompt: the longest common completion of the path.
    static func complete(_ typed: String, base: String) -> String {
        let expanded = typed.hasPrefix("~") ? NSString(string: typed).expandingTildeInPath : typed
        let absolute = expanded.hasPrefix("/") ? expanded : (base as NSString).appendingPathComponent(expanded)
        let directory = typed.hasSuffix("/") ? absolute : (absolute as NSString).deletingLastPathComponent
        let prefix = typed.hasSuffix("/") ? "" : (absolute as NSString).lastPathComponent
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix(prefix) && !$0.hasPrefix(".") }.sorted()
        guard var common = names.first else { return typed }
        for name in names.dropFirst() {
            while !name.hasPrefix(common) { common.removeLast() }
        }
        var completion = typed + common.dropFirst(prefix.count)
        var isFolder: ObjCBool = false
        if names.count == 1, FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(common), isDirectory: &isFolder),
           isFolder.boolValue {
            completion += "/"
        }
        return completion
    }

    /// A letter typed in the list: `r` renames the recipe under the cursor.
    func handleListText(_ text: String) {
        guard text == "r", recipeList.indices.contains(listRow) else { return }
        let path = recipeList[listRow].path
        ask(.renameRecipe(path: path), (path as NSString).lastPathComponent)
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
        let target = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(newName)
        guard target != path else { return }
        guard !FileManager.default.fileExists(atPath: target) else {
            say("\(newName) already exists; nothing renamed")
            return
        }
        do {
            try FileManager.default.moveItem(atPath: path, toPath: target)
            if session.path == path { session.fileMoved(to: target) }
            refreshRecipeList()
            listRow = recipeList.firstIndex { $0.path == target } ?? listRow
            say("renamed to \(newName)")
        } catch {
            say("not renamed: \(error.localizedDescription)")
        }
    }

    /// Deletes a recipe file (after the user said yes); the open one gives way
    /// to the next recipe, or a new one.
    func deleteRecipe(at path: String) {
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            say("not deleted: \(error.localizedDescription)")
            return
        }
        recovery.discard(for: path)
        let name = (path as NSString).lastPathComponent
        refreshRecipeList()
        if session.path == path {
            if let next = recipeList.first { switchTo(path: next.path) } else { newRecipe() }
        }
        listRow = min(listRow, max(0, recipeList.count - 1))
        say("\(name) deleted")
    }

    /// Keys while the recipe list has the focus.
    func handleListKey(_ key: Key) -> Bool {
        switch (key.code, key.modifiers) {
        case (.up, []): listRow = max(0, listRow - 1)
        case (.down, []): listRow = min(max(0, recipeList.count - 1), listRow + 1)
        case (.enter, []):
            if recipeList.indices.contains(listRow) { open(path: recipeList[listRow].path) }
        case (.delete, []), (.backspace, []):
            if recipeList.indices.contains(listRow) { prompt = .deleteRecipe(recipeList[listRow].path) }
        case (.escape, []): focus = .editor
        default:
            say("in the recipe list: Up/Down choose, Enter open, r rename, Delete delete, F6 next pane, Esc back")
            return false
        }
        return true
    }
}
