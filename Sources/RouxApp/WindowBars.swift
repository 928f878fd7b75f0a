import Foundation
import TerminalUI
import TextLayout

/// The title bar (the recipe's title, its file, modified, read-only) and
/// the key bar (the table's commands with a label there, while they fit).
/// Each is drawn again only when what it shows changes; otherwise its
/// cells are copied from the frame that drew them.
struct WindowBars {
    private var memoized = MemoizedRows()

    mutating func drawTitle(of session: EditorSession, into grid: inout CellGrid) {
        // Without a title (most Cooklang files), the recipe goes by its file's name alone.
        let title = session.title ?? (session.path == nil ? "Untitled" : "")
        let (path, modified, readOnly) = (session.path, session.isModified, session.isReadOnly)
        let width = grid.width
        memoized.row("title", 0, key: [title, path ?? "", "\(modified)\(readOnly)"], in: &grid) { grid in
            grid.fill(x: 0, y: 0, width: width, height: 1, style: EditorController.titleStyle)
            let file = path.map { ($0 as NSString).lastPathComponent } ?? "new recipe"
            grid.write(EditorController.label(" Roux  \(title.isEmpty ? "" : VisualLabel.isolated(title) + " — ")\(VisualLabel.fileName(file))\(modified ? " [modified]" : "")\(readOnly ? " [read-only]" : "")"),
                       x: 0, y: 0, style: EditorController.titleStyle)
        }
    }

    /// The key bar, on the screen's last row.
    mutating func drawKeyBar(into grid: inout CellGrid, commands: CommandTable) {
        let (width, y) = (grid.width, grid.height - 1)
        memoized.row("key bar", y, key: 0, in: &grid) { grid in
            var x = 0
            for command in commands.commands {
                guard let label = command.keyBar else { continue }
                let needed = command.shortKey.count + label.count + 3
                guard x + needed <= width + 2 else { break }
                x = grid.write(command.shortKey, x: x, y: y, style: EditorController.titleStyle)
                x = grid.write(" \(label)  ", x: x, y: y)
            }
        }
    }
}
