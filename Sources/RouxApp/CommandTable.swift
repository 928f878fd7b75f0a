import TerminalUI

/// The commands with the keys this editor runs them by: the defaults
/// (`EditorCommand.all`) with the user's bindings applied. The key dispatch,
/// the help (F1), the palette (Ctrl-P), the key bar and the status line's
/// hints all read it, so they show the keys actually bound.
///
/// A binding adds its key to its command, first (the key bar and hints show
/// it), and takes the key from any command that had it where the bound one
/// works; the command's default keys keep working unless they are bound to
/// something else or to `none`, as in micro and helix.
struct CommandTable: Sendable {
    private(set) var commands: [EditorCommand]
    /// A key bound to a command that does not list it by default, and the
    /// default key the command runs as (Move reads which arrow it was).
    private var boundKeys: [Key: Key] = [:]

    static let standard = CommandTable(commands: EditorCommand.all)

    init(commands: [EditorCommand]) {
        self.commands = commands
    }

    /// The table with `bindings` applied, in order (a later binding of the
    /// same key wins; the configuration refuses a key bound twice first).
    init(bindings: [KeyBinding], base: [EditorCommand] = EditorCommand.all) {
        commands = base
        for binding in bindings { bind(binding) }
    }

    private mutating func bind(_ binding: KeyBinding) {
        let target = binding.command.flatMap { name in commands.firstIndex { $0.name == name } }
        let scope = target.map { commands[$0].scope }
        // The key leaves every command it would be found for first where the bound one works.
        for index in commands.indices where index != target && commands[index].keys.contains(binding.key) {
            guard scope.map({ Self.overlap(commands[index].scope, $0) }) ?? true else { continue }
            commands[index].keys.removeAll { $0 == binding.key }
            // A label written for the default keys ("F6, Shift-F6") would name the lost one.
            commands[index].keyLabel = nil
        }
        guard let target else { return }
        let standard = EditorCommand.all.first { $0.name == commands[target].name }?.keys ?? []
        if !standard.contains(binding.key) { boundKeys[binding.key] = standard.first ?? binding.key }
        commands[target].keys.removeAll { $0 == binding.key }
        commands[target].keys.insert(binding.key, at: 0)
        if let label = commands[target].keyLabel { commands[target].keyLabel = binding.key.description + ", " + label }
    }

    private static func overlap(_ first: EditorCommand.Scope, _ second: EditorCommand.Scope) -> Bool {
        first == .everywhere || second == .everywhere || first == second
    }

    // MARK: Reading the table

    /// The command a key runs in `pane`.
    func command(for key: Key, in pane: EditorController.Pane) -> EditorCommand? {
        commands.first { $0.scope.applies(in: pane) && $0.keys.contains(key) }
    }

    /// The command of `key` in another pane (to say where it works).
    func commandElsewhere(for key: Key) -> EditorCommand? {
        commands.first { $0.keys.contains(key) }
    }

    /// The command named `name` (the palette's name).
    func command(named name: String) -> EditorCommand? {
        commands.first { $0.name == name }
    }

    /// Runs `command` as `key` ran it: a bound key runs it as its first
    /// default key would, the palette (no key) likewise.
    func run(_ command: EditorCommand, key: Key?, controller: EditorController) {
        let standardFirst = EditorCommand.all.first { $0.name == command.name }?.keys.first
        let runKey = key.map { boundKeys[$0] ?? $0 } ?? standardFirst ?? command.keys.first ?? Key(.escape)
        command.run(controller, runKey)
    }

    /// How the status line names the keys of the command `name`: its first
    /// key ("Ctrl-Z"), or `Ctrl-P "Undo"` when it has none left.
    func keyHint(_ name: String) -> String {
        guard let command = command(named: name) else { return "Ctrl-P \"\(name)\"" }
        if let key = command.keys.first { return key.description }
        let palette = self.command(named: "Commands")?.keys.first?.description ?? "F1"
        return "\(palette) \"\(name)\""
    }

    /// The palette's commands whose name, summary or keys hold every word of
    /// `query`, in any order; those whose name holds them first.
    /// `extra`: entries of the moment beside the table's (each running timer's).
    /// `among`: entries offered instead of the commands (a word's spelling suggestions).
    func matching(_ query: String, extra: [EditorCommand] = [], among entries: [EditorCommand]? = nil) -> [EditorCommand] {
        let query = WordQuery(query)
        let offered = entries ?? (commands + extra).filter(\.inPalette)
        let hits = offered.filter { query.matches("\($0.name) \($0.summary) \($0.keysText)") }
        let inName = hits.filter { query.matches($0.name) }
        return inName + hits.filter { command in !inName.contains { $0.name == command.name } }
    }

    /// Keys that two commands claim in one pane (the first would always win).
    var keysBoundTwice: [String] {
        var seen: [String: String] = [:]
        var twice: [String] = []
        for command in commands {
            for key in command.keys {
                for pane in EditorController.Pane.allCases where command.scope.applies(in: pane) {
                    let slot = "\(key) in \(pane)"
                    if let other = seen[slot] { twice.append("\(slot): \(other) and \(command.name)") }
                    seen[slot] = command.name
                }
            }
        }
        return twice
    }
}

/// One line of the configuration's `[keys]`: a key and the command it runs
/// (nil: the key does nothing, `"none"`).
struct KeyBinding: Equatable, Sendable {
    var key: Key
    var command: String?
}
