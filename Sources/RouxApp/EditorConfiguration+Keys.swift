import RecipeStorage
import Recipes
import TerminalUI
import TOMLKit

/// `[keys]`: a key name → a command's name as the palette (Ctrl-P) shows
/// it, in any case, with `-` or `_` for spaces (`"save-as"`); `"none"`
/// makes a key do nothing.
extension EditorConfiguration {
    mutating func readKeys(_ value: any TOMLValueConvertible, lines: TOMLKeyLines) {
        guard let table = value.table else { return problem(lines.line(of: "keys", in: nil), "keys: a table expected ([keys])") }
        var bound: [Key: (line: Int, name: String)] = [:]
        let entries = table.keys.map { (name: $0, line: lines.line(of: $0, in: "keys")) }.sorted { $0.line < $1.line }
        for (name, line) in entries {
            guard let entry = table[name] else { continue }
            let key: Key
            do {
                key = try Key(name: name)
            } catch {
                problem(line, String(describing: error))
                continue
            }
            guard let commandName = entry.string else {
                problem(line, "\"\(name)\": a command's name in quotes expected (\"Find\", \"Save as\"; \"none\" unbinds the key)")
                continue
            }
            if let earlier = bound[key] {
                problem(line, "\(key) is bound twice: \"\(earlier.name)\" on line \(earlier.line) and \"\(name)\" here (this one is ignored)")
                continue
            }
            guard let command = Self.command(named: commandName, line: line, problems: &problems) else { continue }
            bound[key] = (line, name)
            bindings.append(KeyBinding(key: key, command: command))
        }
    }

    /// The command a configuration names; nil for `none`, a problem when
    /// no command of the palette has that name.
    private static func command(named written: String, line: Int, problems: inout [Problem]) -> String?? {
        let wanted = normalized(written)
        if wanted == "none" { return .some(nil) }
        if let command = EditorCommand.all.first(where: { normalized($0.name) == wanted }) {
            guard command.inPalette else {
                problems.append(Problem(line: line, message: "\"\(written)\" cannot be bound: its keys (\(command.keysText)) say where to go or what to delete"))
                return nil
            }
            return .some(command.name)
        }
        let guess = CommandTable.standard.matching(written).first.map { "; did you mean \"\($0.name)\"?" } ?? " (Ctrl-P lists them)"
        problems.append(Problem(line: line, message: "\"\(written)\" is not a command\(guess)"))
        return nil
    }

    private static func normalized(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
            .split(separator: " ").joined(separator: " ")
    }
}
