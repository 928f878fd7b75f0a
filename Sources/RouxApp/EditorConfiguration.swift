import Foundation
import RecipeFormats
import RecipeStorage
import Recipes
import RichText
import TerminalUI
import TOMLKit

/// The editor's settings, read from `$XDG_CONFIG_HOME/roux/config.toml`:
///
/// ```toml
/// text-width = 100            # columns at most, or "full"
/// mark-as-you-type = true
/// [theme]
/// ingredient = "green"        # also cookware, timer
/// [theme.highlights]
/// yellow = "#5f5f00"          # how a yellow highlight is shown
/// [keys]
/// "ctrl-k" = "Mark as an ingredient"
/// "f9" = "none"
/// ```
///
/// Reading never fails: each line that cannot be taken is a problem, with
/// its line, and is ignored; the rest applies (a file that is not TOML at
/// all applies nothing). The editor opens whatever the file holds.
public struct EditorConfiguration: Sendable {
    /// What could not be taken, and where.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// 1-based; 0 when the line is not known.
        public var line: Int
        public var column = 0
        public var message: String

        /// `12: message`, `3:5: message`, or the message alone.
        public var description: String {
            (line > 0 ? "\(line):" + (column > 0 ? "\(column):" : "") + " " : "") + message
        }
    }

    /// The text width chosen: columns at most, or the whole pane (nil inside).
    public var textWidth: Int??
    public var marksAsYouType: Bool?
    public var theme = Theme()
    var bindings: [KeyBinding] = []
    public internal(set) var problems: [Problem] = []
    /// The file read, if one was.
    public internal(set) var path: String?

    public init() {}

    /// How a hint names the key of the command `name` with these bindings.
    public func keyHint(_ name: String) -> String {
        CommandTable(bindings: bindings).keyHint(name)
    }

    static let settings = ["text-width", "mark-as-you-type", "theme", "keys"]
    static let themeSettings = ["ingredient", "cookware", "timer", "highlights"]
    static let colourExamples = "green, brightBlue, orange, #5f8700, palette(208)"

    /// How many lines the parser may refuse before the whole file is.
    static let linesLeftOutAtMost = 10

    public init(parsing original: String) {
        // A line TOML refuses (a binding written twice, a typo) is left out
        // and the file read again, so one slip does not lose every setting;
        // the lines stay numbered as the user wrote them.
        var contents = original
        var table: TOMLTable?
        var leftOut: [Problem] = []
        while table == nil {
            do {
                table = try TOMLTable(string: contents)
            } catch let failure as TOMLParseError {
                let line = failure.source.begin.line
                var lines = contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let reason = Self.notTOML(failure.description, line: line, of: contents)
                guard lines.indices.contains(line - 1), !lines[line - 1].trimmingCharacters(in: .whitespaces).isEmpty,
                      leftOut.count < Self.linesLeftOutAtMost else {
                    problems = leftOut + [Problem(line: line, column: failure.source.begin.column, message: reason + ": nothing in the file is used")]
                    return
                }
                leftOut.append(Problem(line: line, column: failure.source.begin.column, message: reason + ": this line is left out"))
                lines[line - 1] = ""
                contents = lines.joined(separator: "\n")
            } catch {
                problems = [Problem(line: 0, message: "not TOML (\(error)): nothing in the file is used")]
                return
            }
        }
        guard let table else { return }
        problems = leftOut
        let lines = TOMLKeyLines(contents)
        for key in table.keys.sorted(by: { lines.line(of: $0, in: nil) < lines.line(of: $1, in: nil) }) {
            guard let value = table[key] else { continue }
            let line = lines.line(of: key, in: nil)
            switch Self.settingName(key) {
            case "text-width": readTextWidth(value, line: line)
            case "mark-as-you-type":
                if let flag = value.bool { marksAsYouType = flag } else { problem(line, "mark-as-you-type: true or false expected") }
            case "theme": readTheme(value, lines: lines, line: lines.line(of: key, in: nil))
            case "keys": readKeys(value, lines: lines)
            default:
                problem(line, "\"\(key)\" is not a setting (\(Self.settings.joined(separator: ", ")))")
            }
        }
        problems.sort { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The file at `path` (`ConfigurationFiles.editorFile`): none there
    /// is no setting and no problem; one that cannot be read is one problem.
    public static func read(path: String) -> EditorConfiguration {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return EditorConfiguration() }
        var configuration: EditorConfiguration
        if isFolder.boolValue {
            configuration = EditorConfiguration()
            configuration.problem(0, "is a folder, not a file: no settings read")
        } else if let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20,
                  let text = String(data: data, encoding: .utf8) {
            configuration = EditorConfiguration(parsing: text)
        } else {
            configuration = EditorConfiguration()
            configuration.problem(0, "cannot be read as a UTF-8 text file of at most 1 MB: no settings read")
        }
        configuration.path = path
        return configuration
    }

    /// Each problem as `file:line: message`.
    public var messages: [String] {
        let shown = path.map(PathText.shown) ?? ConfigurationFiles.editorFileName
        return problems.map { problem in
            "\(shown):" + (problem.line > 0 ? "" : " ") + problem.description
        }
    }

    /// What the file sets, in a line: "text width 100, a theme, 2 keys bound".
    public var summary: String {
        var parts: [String] = []
        if let width = textWidth { parts.append("text width " + (width.map(String.init) ?? "full")) }
        if let marks = marksAsYouType { parts.append("marking as you type " + (marks ? "on" : "off")) }
        if theme != Theme() { parts.append("a theme") }
        if !bindings.isEmpty { parts.append("\(bindings.count) key\(bindings.count == 1 ? "" : "s") bound") }
        let problemsText = problems.isEmpty ? "" : " (\(problems.count) problem\(problems.count == 1 ? "" : "s") ignored)"
        return (parts.isEmpty ? "no settings" : parts.joined(separator: ", ")) + problemsText
    }

    /// What the status line says when the editor opens: the first problem,
    /// that it was ignored, and how many more there are.
    public var startupNotice: String? {
        guard let first = messages.first else { return nil }
        let more = problems.count - 1
        return first + " (ignored" + (more > 0 ? "; \(more) more: roux check --config)" : ")")
    }

    /// Why the file is not TOML. A key written twice (a binding repeated)
    /// is named: the parser's own words garble it.
    private static func notTOML(_ reason: String, line: Int, of contents: String) -> String {
        let lines = contents.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard reason.contains("redefine"), lines.indices.contains(line - 1),
              let key = lines[line - 1].split(separator: "=", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) else {
            return "not TOML (\(reason))"
        }
        return "\(key) is written twice (TOML takes each key once)"
    }

    /// `text_width` reads as `text-width`: both are usual in TOML.
    private static func settingName(_ key: String) -> String {
        key.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    mutating func problem(_ line: Int, _ message: String) {
        problems.append(Problem(line: line, message: message))
    }

    private mutating func readTextWidth(_ value: any TOMLValueConvertible, line: Int) {
        if let columns = value.int, (20...1000).contains(columns) {
            textWidth = .some(columns)
        } else if let word = value.string, ["full", "whole", "none"].contains(word.lowercased()) {
            textWidth = .some(nil)
        } else {
            problem(line, "text-width: a number of columns from 20 to 1000 (80, 100, 120) or \"full\" (the whole pane) expected")
        }
    }

    private mutating func readTheme(_ value: any TOMLValueConvertible, lines: TOMLKeyLines, line: Int) {
        guard let theme = value.table else { return problem(line, "theme: a table expected ([theme])") }
        for key in theme.keys {
            guard let entry = theme[key] else { continue }
            let line = lines.line(of: key, in: "theme")
            switch Self.settingName(key) {
            case "ingredient": if let color = color(entry, line: line, for: "theme.ingredient") { self.theme.ingredient = color }
            case "cookware": if let color = color(entry, line: line, for: "theme.cookware") { self.theme.cookware = color }
            case "timer": if let color = color(entry, line: line, for: "theme.timer") { self.theme.timer = color }
            case "highlights": readHighlights(entry, lines: lines, line: line)
            default: problem(line, "\"\(key)\" is not a theme setting (\(Self.themeSettings.joined(separator: ", ")))")
            }
        }
    }

    /// `[theme.highlights]`: a highlight colour as saved → the colour shown.
    private mutating func readHighlights(_ value: any TOMLValueConvertible, lines: TOMLKeyLines, line: Int) {
        guard let table = value.table else { return problem(line, "theme.highlights: a table expected ([theme.highlights])") }
        for key in table.keys {
            guard let entry = table[key] else { continue }
            let line = lines.line(of: key, in: "theme.highlights")
            guard let saved = TerminalColor(fileName: key), saved != .default else {
                problem(line, "\"\(key)\" is not a highlight colour (the colour menu's: yellow, green, cyan, magenta, red, blue, gray)")
                continue
            }
            if let shown = color(entry, line: line, for: "theme.highlights.\(key)") { theme.highlights[saved] = shown }
        }
    }

    private mutating func color(_ value: any TOMLValueConvertible, line: Int, for setting: String) -> TerminalColor? {
        guard let name = value.string else {
            problem(line, "\(setting): a colour name in quotes expected (\(Self.colourExamples))")
            return nil
        }
        guard let color = TerminalColor(fileName: name) else {
            problem(line, "\(setting): \"\(name)\" is not a colour (\(Self.colourExamples))")
            return nil
        }
        return color
    }
}
