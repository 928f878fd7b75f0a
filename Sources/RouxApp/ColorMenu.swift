import Foundation
public import RichText
import TerminalUI

/// Alt-C: text colours and highlight (background) colours for the selection,
/// or for what is typed next at a caret. Each entry carries the formatting
/// definition's verdict, worked out when the menu opens: in a recipe only
/// ingredients have a text colour (IngredientsAreGreen), so those entries are
/// greyed out and say why, while highlights are allowed and saved.
public struct ColorMenu: Equatable {
    public enum Target: Equatable, Sendable {
        case text, highlight
    }

    public struct Entry: Equatable, Sendable {
        public var target: Target
        public var name: String
        /// nil: no colour of its own (the theme's).
        public var color: TerminalColor?
        public var verdict: FormattingVerdict
    }

    public internal(set) var entries: [Entry]
    public internal(set) var row = 0
    /// The menu's lines (group titles and entries) on screen: a short
    /// terminal shows a window of them that follows the chosen entry.
    var lines = ScrollingList()

    static let textColors: [(String, TerminalColor?)] = [
        ("Default", nil), ("Red", .ansi(.red)), ("Green", .ansi(.green)), ("Yellow", .ansi(.yellow)),
        ("Blue", .ansi(.blue)), ("Magenta", .ansi(.magenta)), ("Cyan", .ansi(.cyan)),
        ("Orange", .rgb(red: 255, green: 165, blue: 0)),
    ]

    static let highlights: [(String, TerminalColor?)] = [
        ("None", nil), ("Yellow", .ansi(.yellow)), ("Green", .ansi(.green)), ("Cyan", .ansi(.cyan)),
        ("Magenta", .ansi(.magenta)), ("Red", .ansi(.red)), ("Blue", .ansi(.blue)),
        ("Gray", .rgb(red: 128, green: 128, blue: 128)),
    ]

    init(document: RichTextDocument) {
        entries = Self.textColors.map { name, color in
            Entry(target: .text, name: name, color: color,
                  verdict: document.verdict(setting: ForegroundColorAttribute.self, to: color))
        } + Self.highlights.map { name, color in
            Entry(target: .highlight, name: name, color: color,
                  verdict: document.verdict(setting: BackgroundColorAttribute.self, to: color))
        }
        // Start on the first entry that can be applied.
        row = entries.firstIndex { $0.verdict.isAllowed } ?? 0
    }

    /// The line of each entry among the menu's lines: a title line for each
    /// group comes before its entries.
    func line(ofEntry index: Int) -> Int {
        index + (entries[index].target == .highlight ? 2 : 1)
    }

    /// The entry shown on a line, if it is not a group title.
    func entry(onLine line: Int) -> Int? {
        entries.indices.first { self.line(ofEntry: $0) == line }
    }

    var lineCount: Int { entries.count + 2 }

    /// The box's title, the lines, the foot and the bottom border.
    var height: Int { lineCount + 3 }

    /// The window of lines follows the chosen entry in a box of `boxHeight`.
    mutating func fit(boxHeight: Int) {
        lines.setCount(lineCount)
        lines.setVisibleRows(max(1, boxHeight - 3))
        // The group title shows with its first entry.
        let line = line(ofEntry: row)
        lines.select(line > 0 && entry(onLine: line - 1) == nil ? line - 1 : line)
        lines.select(line)
    }
    static let width = 46
}
