import Foundation
import Recipes
import TerminalUI
import TextLayout
import RecipeStorage
import RecipeFormats

/// The recipe list at the window's left (F7): the folder's subfolders and
/// recipes, or the files named on the command line, titled from their
/// files, the open one marked. Letters typed while it has the keys filter
/// it (words in any order); Enter opens a recipe or enters a folder.
final class RecipeListPane: EditorPane {
    let focus = EditorController.Pane.list
    var focusHint: String? { "recipes: type to filter, Up/Down choose, Enter opens, Alt-R renames, Delete deletes, Esc back" }

    /// A subfolder or a recipe, as `RecipeFolder` lists it.
    typealias Entry = RecipeFolder.Entry

    /// The folder whose recipes the list shows (nil for a single file).
    var folder: String?
    /// The files named on the command line (`roux a.md b.md`): the list
    /// shows them instead of a folder's recipes, until a folder is entered.
    var listedFiles: [String]?
    /// The rows: `all` as `filter` lets through.
    private(set) var entries: [Entry] = [] {
        didSet { rows.setCount(entries.count) }
    }
    /// Every entry of the folder (or of the files named).
    private var all: [Entry] = []
    /// Typed in the list: only the entries with these words show.
    var filter = LineEditor()
    /// The highlighted row and the scroll.
    var rows = ScrollingList()

    /// Its columns when there is a folder (or files) to list, else none.
    func wantedSize(of room: Int, controller: EditorController) -> Int {
        folder == nil ? 0 : room
    }

    /// The entry under the highlight, if it is a recipe (not a folder).
    var selectedRecipe: String? {
        entries.indices.contains(rows.selected) && !entries[rows.selected].isFolder ? entries[rows.selected].path : nil
    }

    /// Reads the folder (or the files named) again, as `RecipeFolder` lists
    /// it: the subfolders, then the recipes, newest first, titled by the
    /// recipe's one rule.
    func refresh(_ controller: EditorController) {
        if let files = listedFiles {
            let open = controller.session.path
            all = RecipeFolder.entries(forFiles: files.filter { $0 == open || FileManager.default.fileExists(atPath: $0) })
        } else if let folder {
            all = RecipeFolder(folder).entries()
        } else {
            return
        }
        applyFilter(controller)
    }

    /// The list as the filter lets it through (`..` only without one); the
    /// highlight on the open recipe, else the first recipe.
    func applyFilter(_ controller: EditorController) {
        let query = WordQuery(filter.text)
        entries = query.isEmpty ? all : all.filter { entry in
            entry.title != "../" && query.matches(entry.title + " " + (entry.path as NSString).lastPathComponent)
        }
        rows.setVisibleRows(max(1, controller.listFrame.height - 1))
        let open = entries.firstIndex { $0.path == controller.session.path }
        rows.select(query.isEmpty ? open ?? entries.firstIndex { !$0.isFolder } ?? 0
                                   : entries.firstIndex { !$0.isFolder } ?? 0)
    }

    /// Typing, Backspace and Esc edit the filter; true when the event did.
    func handleInput(_ event: InputEvent, controller: EditorController) -> Bool {
        switch event {
        case .text, .paste: break
        case .key(let key) where !filter.text.isEmpty:
            if key == Key(.escape) {
                filter = LineEditor()
                applyFilter(controller)
                return true
            }
            guard key == Key(.backspace) || key == Key(.character("w"), .control) || key == Key(.character("u"), .control) else {
                return false
            }
        default: return false
        }
        var edited = filter
        guard case .edited = edited.handle(event) else { return false }
        filter = edited
        applyFilter(controller)
        return true
    }

    /// Enter: a recipe opens, a folder is entered.
    func openSelected(_ controller: EditorController) {
        guard entries.indices.contains(rows.selected) else { return }
        let entry = entries[rows.selected]
        if entry.isFolder {
            folder = entry.path
            listedFiles = nil
            filter = LineEditor()
            refresh(controller)
            return
        }
        // The filter found it: the whole list again for next time.
        filter = LineEditor()
        controller.open(path: entry.path)
        applyFilter(controller)
    }

    /// A file renamed: the list names it anew, the highlight stays on it.
    func renamed(_ path: String, to target: String, _ controller: EditorController) {
        listedFiles = listedFiles?.map { $0 == path ? target : $0 }
        refresh(controller)
        rows.select(entries.firstIndex { $0.path == target } ?? rows.selected)
    }

    // MARK: Drawing

    func draw(into grid: inout CellGrid, frame: EditorController.Frame, controller: EditorController) {
        let session = controller.session
        let dim = EditorController.dimStyle
        let edge = frame.x + frame.width - 1
        for y in frame.y ..< frame.y + frame.height { grid[edge, y] = Cell("│", style: dim) }
        let name = listedFiles.map { "\($0.count) files" } ?? folder.map { ($0 as NSString).lastPathComponent } ?? ""
        let header = filter.text.isEmpty ? "Recipes · " + VisualLabel.fileName(name) : "Filter: " + VisualLabel.isolated(filter.text)
        grid.write(EditorController.label(header), x: 1, y: frame.y, style: CellStyle(bold: true, underline: controller.focus == .list), limit: edge)
        rows.setVisibleRows(max(1, frame.height - 1))
        if !filter.text.isEmpty, entries.isEmpty {
            grid.write(" no recipe matches", x: 0, y: frame.y + 1, style: dim, limit: edge)
            grid.write(" Esc clears the filter", x: 0, y: frame.y + 2, style: dim, limit: edge)
        } else if !entries.contains(where: { !$0.isFolder }) {
            grid.write(" no recipes here:", x: 0, y: frame.y + 1 + entries.count, style: dim, limit: edge)
            grid.write(" \(controller.keyHint("New recipe")) creates one", x: 0, y: frame.y + 2 + entries.count, style: dim, limit: edge)
        }
        for (screenRow, row) in rows.visibleRange.enumerated() {
            let entry = entries[row]
            let isOpen = entry.path == session.path
            let highlighted = controller.focus == .list ? row == rows.selected : isOpen
            // The open recipe's title as it is now (a heading being renamed), not as last saved.
            let title = isOpen && !entry.isFolder ? session.title ?? entry.title : entry.title
            grid.write(EditorController.label((isOpen ? "▸ " : "  ") + Self.shownTitle(title, fileName: entry.fileName, columns: edge - 1 - 2)),
                       x: 0, y: frame.y + 1 + screenRow, style: CellStyle(reverse: highlighted, dim: entry.isFolder && !highlighted), limit: edge - 1)
        }
        EditorController.drawScrollMarks(rows, x: edge - 1, top: frame.y + 1, into: &grid)
    }

    /// A row's title in `columns`, isolated for bidi. Two recipes of the
    /// same title show their file names, which tell them apart: the title
    /// gives way to it (`Grandma… (recipe.md)`), unless the name leaves it
    /// fewer than four columns.
    static func shownTitle(_ title: String, fileName: String?, columns: Int) -> String {
        guard let fileName else { return VisualLabel.isolated(EditorController.fitted(title, columns: columns)) }
        let suffix = " (" + VisualLabel.fileName(fileName) + ")"
        let room = columns - CellGrid.columns(of: " (\(fileName))")
        guard room >= 4 else { return VisualLabel.isolated(EditorController.fitted(title + " (\(fileName))", columns: columns)) }
        return VisualLabel.isolated(EditorController.fitted(title, columns: room)) + suffix
    }

    // MARK: The mouse

    /// Everything left of its edge, from the title bar to the key bar.
    func claims(_ mouse: MouseEvent, frame: EditorController.Frame) -> Bool {
        mouse.x < frame.x + frame.width
    }

    func handleMouse(_ mouse: MouseEvent, frame: EditorController.Frame, controller: EditorController) {
        switch mouse.action {
        case .press:
            if let row = rows.row(atVisibleRow: mouse.y - frame.y - 1) {
                rows.select(row)
                openSelected(controller)
            }
        case .scrollUp: rows.scroll(by: -3)
        case .scrollDown: rows.scroll(by: 3)
        default: break
        }
    }
}

extension EditorCommand {
    /// The recipe list's keys (its scope), in the one key table.
    static let recipeListPane: [EditorCommand] = [
        EditorCommand(name: "Choose a recipe", summary: "choose (the list scrolls)", scope: .recipes,
                      keys: ([.up, .down, .home, .end, .pageUp, .pageDown] as [Key.Code]).map { Key($0) },
                      keyLabel: "Up, Down, PgUp, PgDn, Home, End", inPalette: false) { controller, key in
            controller.panes.list.rows.handle(key)
        },
        EditorCommand(name: "Open the recipe", summary: "open it (a folder: go into it)", scope: .recipes,
                      keys: [Key(.enter)], inPalette: false) { controller, _ in controller.panes.list.openSelected(controller) },
        EditorCommand(name: "Filter the recipes", summary: "type words of a title or file name: the list shows those that have them all (Backspace, Esc clears)",
                      scope: .recipes, keys: [], keyLabel: "letters", inPalette: false) { _, _ in },
        EditorCommand(name: "Rename the recipe", summary: "rename the file (keeping its format: Alt-S saves it as another)", scope: .recipes,
                      keys: [.alt("r")], inPalette: false) { controller, _ in controller.askRenameRecipe() },
        EditorCommand(name: "Delete the recipe", summary: "move the file to the desktop's trash (asks; a file manager restores it)", scope: .recipes,
                      keys: [Key(.delete), Key(.backspace)], keyLabel: "Delete", inPalette: false) { controller, _ in
            controller.askDeleteRecipe()
        },
        EditorCommand(name: "Back to the text", summary: "back to the text", scope: .recipes,
                      keys: [Key(.escape)], keyLabel: "Esc", inPalette: false) { controller, _ in controller.focus = .editor },
    ]
}
