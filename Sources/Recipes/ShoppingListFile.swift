import Foundation

/// A shopping list as the Cooklang tools keep it (spec proposal 0016,
/// `.shopping-list`): recipe references `./Breakfast/Pancakes{2}`, nested
/// under the recipe or menu that brings them by two spaces a level, and
/// free-hand items `olive oil{4%l}` at the top; `--` and `[- … -]` comments.
///
///     ./Plans/Week
///       ./Breakfast/Pancakes{2}
///     olive oil{4%l}
///     salt  -- at the market
///
/// It names what to shop for; the quantities come from the recipes when the
/// list is read (`ShoppingList`). `parse(text(list)) == list` for every list
/// `text` accepts.
public struct ShoppingListFile: Equatable, Sendable {
    public indirect enum Entry: Equatable, Sendable {
        /// A recipe or a menu, its path relative to the list's folder without
        /// the `./` (and, for a `.cook` file, without the extension), and the
        /// times to make it (nil: once).
        case recipe(path: String, multiplier: Double?, children: [Entry])
        /// A free-hand item and its quantity as written (`4%l`, `2`).
        case item(name: String, quantity: String?)
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// A line the list cannot hold, located in the file.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// 1-based.
        public var line: Int
        public var column: Int
        public var message: String

        public var description: String { "\(line):\(column): \(message)" }

        public init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// `.shopping-list`, or a name ending in it (`week.shopping-list`).
    public static func isListFileName(_ name: String) -> Bool {
        (name as NSString).lastPathComponent.lowercased().hasSuffix(".shopping-list")
    }

    /// A quantity as Cooklang's braces write it: `4%l`, `2`, `500 g`, `a bunch`.
    public static func quantity(_ written: String) -> Quantity {
        let text = written.trimmingCharacters(in: .whitespaces)
        guard let percent = text.firstIndex(of: "%") else { return Quantity(parsing: text) }
        let unit = text[text.index(after: percent)...].trimmingCharacters(in: .whitespaces)
        return Quantity(amount: text[..<percent].trimmingCharacters(in: .whitespaces), unit: unit.isEmpty ? nil : unit)
    }

    // MARK: Reading

    private struct Line {
        var number: Int
        var indent: Int
        var content: Substring
    }

    public init(parsing text: String) throws(Problem) {
        let lines = try Self.lines(of: text)
        var position = 0
        entries = try Self.entries(lines, level: 0, at: &position)
    }

    /// The lines with something on them: comments gone, their indentation counted.
    private static func lines(of text: String) throws(Problem) -> [Line] {
        var lines: [Line] = []
        var inBlockComment: (line: Int, column: Int)?
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            var line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            var kept = ""
            // Block comments may span lines; what is outside them stays, a
            // comment between two words leaves a space so they stay apart.
            while !line.isEmpty {
                if inBlockComment != nil {
                    guard let end = line.range(of: "-]") else { line = ""; break }
                    line = line[end.upperBound...]
                    inBlockComment = nil
                    kept += " "
                } else if let start = line.range(of: "[-") {
                    kept += line[..<start.lowerBound]
                    inBlockComment = (index + 1, line.distance(from: raw.startIndex, to: start.lowerBound) + 1)
                    line = line[start.upperBound...]
                } else {
                    kept += line
                    line = ""
                }
            }
            if let comment = kept.range(of: "--") { kept = String(kept[..<comment.lowerBound]) }
            let content = kept.trimmingCharacters(in: .whitespaces)
            guard !content.isEmpty else { continue }
            if let tab = kept.prefix(while: { $0 == " " || $0 == "\t" }).firstIndex(of: "\t") {
                throw Problem(line: index + 1, column: kept.distance(from: kept.startIndex, to: tab) + 1,
                              message: "a tab in the indentation; nest with two spaces a level")
            }
            let indent = kept.prefix(while: { $0 == " " }).count
            lines.append(Line(number: index + 1, indent: indent, content: Substring(content)))
        }
        if let open = inBlockComment {
            throw Problem(line: open.line, column: open.column, message: "\"[-\" is not closed with \"-]\"")
        }
        return lines
    }

    private static func entries(_ lines: [Line], level: Int, at position: inout Int) throws(Problem) -> [Entry] {
        var entries: [Entry] = []
        while position < lines.count, lines[position].indent >= level * 2 {
            let line = lines[position]
            guard line.indent == level * 2 else {
                throw Problem(line: line.number, column: 1, message: line.indent % 2 == 1
                    ? "indented by \(line.indent) spaces; nest with two spaces a level"
                    : "indented deeper than the line above allows (two spaces under a recipe)")
            }
            position += 1
            let (name, braces) = try nameAndBraces(line)
            if name.hasPrefix("./") {
                let path = normalized(name.dropFirst(2))
                guard !path.isEmpty else { throw Problem(line: line.number, column: 1, message: "\"./\" names no recipe") }
                let multiplier = try braces.map { written throws(Problem) -> Double in
                    guard let value = Quantity(amount: written.trimmingCharacters(in: .whitespaces)).value,
                          value > 0, value.isFinite else {
                        throw Problem(line: line.number, column: line.indent + name.count + 2,
                                      message: "\"\(written)\" is not a multiplier (a number: {2}, {0.5})")
                    }
                    return value
                }
                let children = try Self.entries(lines, level: level + 1, at: &position)
                entries.append(.recipe(path: path, multiplier: multiplier, children: children))
            } else {
                guard level == 0 else {
                    throw Problem(line: line.number, column: line.indent + 1,
                                  message: "\"\(name)\" is nested, but only recipes (./path) may be; free items go at the start of the line")
                }
                entries.append(.item(name: normalized(Substring(name)), quantity: braces))
            }
        }
        return entries
    }

    /// `name{braces}` → the name and what the braces hold (nil without braces).
    private static func nameAndBraces(_ line: Line) throws(Problem) -> (String, String?) {
        let content = line.content
        guard content.hasSuffix("}"), let open = content.lastIndex(of: "{") else {
            if let brace = content.firstIndex(where: { $0 == "{" || $0 == "}" }) {
                throw Problem(line: line.number, column: line.indent + content.distance(from: content.startIndex, to: brace) + 1,
                              message: "\"\(content[brace])\" outside a quantity at the line's end ({500%g})")
            }
            return (String(content), nil)
        }
        let name = content[..<open].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw Problem(line: line.number, column: line.indent + 1, message: "a quantity without a name") }
        return (name, String(content[content.index(after: open) ..< content.index(before: content.endIndex)]))
    }

    private static func normalized(_ text: Substring) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
