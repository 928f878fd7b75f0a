import TerminalUI

extension CommandTable {
    /// The help screen's lines: for each scope its title, then each command
    /// as keys and summary, the summary wrapped to `width`.
    func helpLines(width: Int) -> [(text: String, isTitle: Bool)] {
        // The introduction wraps like the summaries: at 40 columns it was cut.
        var lines: [(String, Bool)] = [("Roux keys", true)]
        for intro in ["PgUp/PgDn scroll, any other key closes", "\(keyHint("Commands")) runs any command by name"] {
            lines += CellGrid.wrapped(intro, width: max(10, width)).map { ($0, false) }
        }
        for scope in EditorCommand.Scope.allCases {
            lines.append(("", false))
            lines.append((scope.title, true))
            // One column for the summaries of a scope, as wide as its keys
            // need up to 24: longer keys take a line of their own.
            let scoped = commands.filter { $0.scope == scope }
            let column = min(24, max(14, scoped.map { CellGrid.columns(of: keysText(of: $0)) + 2 }.filter { $0 <= 24 }.max() ?? 14))
            let indent = String(repeating: " ", count: column)
            for command in scoped {
                let keys = keysText(of: command)
                var pieces = CellGrid.wrapped(command.summary, width: max(10, width - column))
                // Keys wider than their column get a line of their own.
                if CellGrid.columns(of: keys) + 2 > column {
                    lines.append((keys, false))
                } else {
                    lines.append((keys + String(repeating: " ", count: column - CellGrid.columns(of: keys)) + pieces.removeFirst(), false))
                }
                lines += pieces.map { (indent + $0, false) }
            }
        }
        lines.append(("", false))
        lines.append(("Mouse", true))
        lines.append(("click, drag, double-click a word, wheel;", false))
        lines.append(("click the ▾ after a heading to fold it", false))
        return lines
    }

    /// A command's keys as the help writes them; one without a key is run
    /// by the palette's key as bound here.
    private func keysText(of command: EditorCommand) -> String {
        command.keys.isEmpty && command.keyLabel == nil ? keyHint(command.name) : command.keysText
    }
}
