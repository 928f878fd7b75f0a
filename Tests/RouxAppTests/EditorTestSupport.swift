import Foundation
import RecipeFormats
import RichText
import RouxApp
import RouxTestSupport
import TerminalUI

/// An editor on a recipe, 100×24 unless said otherwise.
func editor(_ markdown: String, width: Int = 100, height: Int = 24, useColor: Bool = true, path: String? = nil) -> EditorController {
    let recipe = MarkdownRecipeFormat.parse(markdown)
    return EditorController(session: EditorSession(recipe: recipe, path: path), width: width, height: height, useColor: useColor)
}

/// An editor on plain text with a selection written in (`SelectionMarkup`: `|` a caret, `[a|]` a selection).
func editor(markup: String, width: Int = 100, height: Int = 24) throws -> EditorController {
    let parsed = try SelectionMarkup.parse(markup)
    let app = editor(parsed.text, width: width, height: height)
    var document = app.session.document
    try SelectionMarkup.select(markup, in: &document)
    let selection = document.selection
    app.session.edit { try? $0.document.select(selection) }
    return app
}

extension EditorController {
    /// The text with its selection written in.
    var markup: String { SelectionMarkup.markup(of: session.document) }

    /// Feeds bytes as a terminal would send them.
    func type(_ bytes: [UInt8]) {
        var decoder = InputDecoder()
        for event in decoder.feed(bytes) + decoder.flush() { handle(event) }
    }

    func type(_ text: String) { type(Array(text.utf8)) }

    func press(_ keys: Key...) {
        for key in keys { handle(.key(key)) }
    }

    var screen: CellGrid { render().grid }

    /// The editor pane's rows as text, trailing blanks removed.
    var editorLines: [String] {
        let grid = screen
        let frame = editorFrame
        return (frame.y ..< frame.y + frame.height).map { row in
            var line = (frame.x ..< frame.x + frame.width).map { grid[$0, row] }.filter { !$0.isContinuation }.map(\.text).joined()
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    var text: String { String(session.document.text.characters) }

    /// The inspector's rows as text, its edge, scroll marks and blanks left
    /// out, the room before a column at the right written " | ": an
    /// ingredient's row is `[ ] flour 200 g | 1` (its count of marks), the
    /// title's `Ingredients (2) | marks`.
    var inspectorLines: [String] {
        let grid = screen
        let frame = inspectorFrame
        return (frame.y ..< frame.y + frame.height).map { row in
            let cells = (frame.x + 1 ..< frame.x + frame.width - 1).map { grid[$0, row] }.filter { !$0.isContinuation }.map(\.text).joined()
            return cells.trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: " {2,}", with: " | ", options: .regularExpression)
        }.filter { !$0.isEmpty }
    }
}

enum Keys {
    static let escape: [UInt8] = [0x1B]
    static let right: [UInt8] = Array("\u{1B}[C".utf8)
    static let left: [UInt8] = Array("\u{1B}[D".utf8)
    static let shiftRight: [UInt8] = Array("\u{1B}[1;2C".utf8)
    static let shiftLeft: [UInt8] = Array("\u{1B}[1;2D".utf8)
    static let down: [UInt8] = Array("\u{1B}[B".utf8)
    static let end: [UInt8] = Array("\u{1B}[F".utf8)
    static let shiftEnd: [UInt8] = Array("\u{1B}[1;2F".utf8)
    static let home: [UInt8] = Array("\u{1B}[H".utf8)
    static let shiftHome: [UInt8] = Array("\u{1B}[1;2H".utf8)
    static func control(_ letter: Character) -> [UInt8] { letter.asciiValue.map { [$0 - 0x60] } ?? [] }
}

extension CellGrid {
    /// Every row, joined with newlines.
    var allText: String { (0 ..< height).map(line).joined(separator: "\n") }
}
