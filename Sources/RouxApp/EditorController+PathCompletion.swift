import Foundation
import RecipeStorage
import TerminalUI

/// Tab in a prompt that takes a path (Ctrl-O, Save As), as a shell's:
/// the path completed as far as every name that matches agrees; with
/// several names, they are listed above the prompt (fish's way: at once,
/// not on a second Tab as bash does), as many as fit a few rows, then how
/// many more; with none, the prompt says so.
extension EditorController {
    /// What Tab makes of a typed path.
    struct PathCompletion: Equatable {
        /// The path completed as far as the matching names agree.
        var text: String
        /// The names that match, sorted; a folder's ends with "/".
        var matches: [String]
    }

    /// The rows the names take at most, above the prompt.
    static let completionRows = 4

    /// The completion of `typed`, relative to `base`. Hidden files only
    /// when the name typed starts with a dot.
    static func complete(_ typed: String, base: String) -> PathCompletion {
        let expanded = typed.hasPrefix("~") ? NSString(string: typed).expandingTildeInPath : typed
        let absolute = expanded.hasPrefix("/") ? expanded : (base as NSString).appendingPathComponent(expanded)
        let directory = typed.hasSuffix("/") || typed.isEmpty ? absolute : PathText.folder(of: absolute)
        let prefix = typed.hasSuffix("/") || typed.isEmpty ? "" : (absolute as NSString).lastPathComponent
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix(prefix) && (!$0.hasPrefix(".") || prefix.hasPrefix(".")) }.sorted()
        let matches = names.map { name in
            var isFolder: ObjCBool = false
            let path = (directory as NSString).appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? name + "/" : name
        }
        guard var common = matches.first else { return PathCompletion(text: typed, matches: []) }
        for name in matches.dropFirst() {
            while !name.hasPrefix(common) { common.removeLast() }
        }
        return PathCompletion(text: typed + common.dropFirst(prefix.count), matches: matches)
    }

    /// Tab in a path prompt: completes the line, lists the names that
    /// match when there are several, says so when there are none.
    func completePath(in line: LinePrompt) {
        var line = line
        let completion = Self.complete(line.editor.text, base: openRecipeFolder)
        line.editor.setText(completion.text)
        line.completions = completion.matches.count > 1 ? completion.matches : []
        if completion.matches.isEmpty {
            let typed = (completion.text as NSString).lastPathComponent
            line.problem = completion.text.isEmpty || completion.text.hasSuffix("/") ? "no files there"
                : "no file or folder starts with \"\(typed)\""
        } else {
            line.problem = nil
        }
        prompt = .line(line)
    }

    /// The names listed under a path prompt, in rows of `width` columns,
    /// two spaces apart, at most `rows` of them; when they do not all fit,
    /// the last row ends with how many more there are.
    static func completionRows(_ names: [String], width: Int, rows: Int = completionRows) -> [String] {
        var lines: [[String]] = [[]]
        func columns(_ line: [String]) -> Int {
            line.reduce(0) { $0 + CellGrid.columns(of: $1) } + 2 * max(0, line.count - 1)
        }
        var shown = 0
        for name in names {
            let fitted = Self.fitted(name, columns: width)
            if !lines[lines.count - 1].isEmpty, columns(lines[lines.count - 1] + [fitted]) > width {
                guard lines.count < rows else { break }
                lines.append([])
            }
            lines[lines.count - 1].append(fitted)
            shown += 1
        }
        if shown < names.count {
            // Room for the count on the last row, a name at a time.
            while !lines[lines.count - 1].isEmpty,
                  columns(lines[lines.count - 1] + ["… \(names.count - shown) more"]) > width {
                lines[lines.count - 1].removeLast()
                shown -= 1
            }
            lines[lines.count - 1].append("… \(names.count - shown) more")
        }
        return lines.map { $0.map(Self.label).joined(separator: "  ") }
    }

    /// Draws the names listed under a path prompt on the rows above the
    /// status row `y`.
    func renderCompletions(_ names: [String], above y: Int, into grid: inout CellGrid) {
        // Below the title row.
        guard !names.isEmpty, y > 1 else { return }
        let rows = Self.completionRows(names, width: width, rows: min(Self.completionRows, y - 1))
        let top = y - rows.count
        for (number, row) in rows.enumerated() {
            grid.fill(x: 0, y: top + number, width: width, height: 1)
            grid.write(row, x: 0, y: top + number)
        }
    }
}
