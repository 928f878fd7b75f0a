public import TerminalUI

/// Ctrl-P: every command by name, filtered as the user types (words in any
/// order), Up/Down to choose, Enter to run, Esc to close.
public struct CommandPalette: Equatable {
    static let label = "Command: "

    public internal(set) var editor = LineEditor()
    /// The commands matching what is typed, best first.
    var commands: [EditorCommand] = []
    var rows = ScrollingList()
    /// The commands with the keys bound in this editor.
    let table: CommandTable
    /// What the box's title says, and the status line before what is typed.
    var title = "Commands — type to filter, Enter runs, Esc closes"
    var label = Self.label
    /// The entries it offers instead of every command (a word's spelling
    /// suggestions), filtered the same way.
    private var offered: [EditorCommand]?

    /// Entries of the moment beside the table's (each running timer's).
    var extra: [EditorCommand] = []

    init(table: CommandTable = .standard, extra: [EditorCommand] = []) {
        self.table = table
        self.extra = extra
        refilter()
    }

    /// A palette of `entries` of the moment, under `title`.
    init(title: String, offering entries: [EditorCommand]) {
        table = .standard
        self.title = title + " — Enter picks, Esc closes"
        label = "Filter: "
        offered = entries
        refilter()
    }

    mutating func refilter() {
        commands = table.matching(editor.text, extra: extra, among: offered)
        rows.setCount(commands.count)
        rows.select(0)
    }

    /// The names of the matching commands.
    public var names: [String] { commands.map(\.name) }

    var chosenCommand: EditorCommand? { commands.indices.contains(rows.selected) ? commands[rows.selected] : nil }

    public var chosen: String? { chosenCommand?.name }

    public static func == (lhs: CommandPalette, rhs: CommandPalette) -> Bool {
        lhs.editor == rhs.editor && lhs.names == rhs.names && lhs.rows == rhs.rows && lhs.title == rhs.title
    }
}
