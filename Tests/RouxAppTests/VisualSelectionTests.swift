import Foundation
import PropertyBased
import RecipeFormats
@testable import RouxApp
import TerminalUI
import Testing
import TextLayout

/// Shift-arrows in mixed Hebrew and English: what the caret sweeps on screen
/// is what is highlighted and counted, whatever the directions it crosses.
@Suite("Visual selection")
struct VisualSelectionTests {
    /// Words of one cell a letter, Hebrew and English, digits, brackets
    /// (mirrored in right-to-left text) and punctuation.
    static let words = ["Put", "the", "סופגניות", "in", "pan", "שלום", "עם", "250", "(ab)", "(שלום)", "3,5", "ab!", "אב", "x"]

    /// Random mixed lines, wide or wrapped, in either paragraph direction; the
    /// caret put on a random place, then random Shift-Left, Shift-Right,
    /// Shift-Home and Shift-End:
    /// after every press the highlighted cells are exactly the cells between
    /// the anchor's and the caret's places on screen, read in the paragraph's
    /// direction (a caret stands on the leading edge of the cell it is drawn
    /// on: its left edge in a left-to-right paragraph, its right edge in a
    /// right-to-left one), and on one line the selection has as many characters.
    @Test func theHighlightedCellsAreTheCellsTheCaretSwept() async {
        let lines = Gen.int(in: 0 ..< Self.words.count).array(of: 1 ... 14).map { $0.map { Self.words[$0] }.joined(separator: " ") }
        let moves = Gen.int(in: 0 ... 1_000).array(of: 2 ... 16)
        await propertyCheck(count: 300, input: lines, moves) { line, moves in
            let app = Self.editor(line, width: [100, 30, 24][moves[0] % 3])
            app.type(Keys.home + Array(repeating: Keys.right, count: moves[1] % (line.count + 3)).flatMap { $0 })
            let anchor = Self.place(of: app)
            for move in moves.dropFirst(2) {
                app.type(move % 8 == 7 ? Keys.shiftEnd : move % 8 == 6 ? Keys.shiftHome : move % 2 == 0 ? Keys.shiftRight : Keys.shiftLeft)
                let head = Self.place(of: app)
                let expected = Self.cellsBetween(anchor, head, in: app)
                #expect(Self.highlighted(in: app) == expected, "\(line): from \(anchor) to \(head)")
                if app.session.layout.layout(ofParagraph: 0).lines.count == 1 {
                    let count = expected.values.reduce(0) { $0 + $1.count }
                    #expect(Self.selectedCount(in: app) == count, "\(line): from \(anchor) to \(head)")
                }
            }
        }
    }

    /// Inside a Hebrew word of an English line the caret goes right while the
    /// text goes back: the status line's column is the caret's own place
    /// (before י, the 14th character), not the selection's logical end.
    @Test func theStatusColumnFollowsTheCaretThroughHebrew() {
        let app = Self.editor("Put the סופגניות in the pan", width: 100)
        app.type(Keys.home + Array(repeating: Keys.right, count: 8).flatMap { $0 } + Keys.shiftRight + Keys.shiftRight)
        let text = app.session.document.text
        #expect(app.session.document.selection.ranges.map { String(text.characters[$0.bounds]) } == ["ות"])
        #expect(Self.highlighted(in: app) == [0: [8, 9]])
        #expect(app.screen.line(app.height - 2).hasPrefix("1:14  LTR  Body  1 range · 2 characters"))
    }

    /// Right at the end of a wrapped line goes to the next line's leftmost
    /// cell, which in `(שלום)` is the end of the bracket: Shift-Right there
    /// passes over no cell and selects nothing (it selected the hidden
    /// `(שלום` the caret skipped in the text).
    @Test func shiftRightOntoAWrappedLineThatStartsInHebrewSelectsNothing() {
        let app = Self.editor("Put Put Put Put שלום (שלום) (ab)", width: 24)
        app.type(Keys.home + Keys.end)
        #expect(app.editorLines.prefix(2) == ["Put Put Put Put םולש", "(םולש) (ab)"])
        app.type(Keys.shiftRight)
        #expect(!app.session.document.selection.hasSelectedText)
        #expect(Self.highlighted(in: app).isEmpty)
        app.type(Keys.shiftRight)
        // The ")" drawn leftmost (the end of the bracket, mirrored) is what the caret passed.
        let text = app.session.document.text
        #expect(app.session.document.selection.ranges.map { String(text.characters[$0.bounds]) } == [")"])
        #expect(Self.highlighted(in: app) == [1: [0]])
    }

    /// A selection drawn across a folded section takes what the fold hides
    /// with it: a delete takes the whole section, never the pieces drawn
    /// around the fold with the hidden lines glued to them.
    @Test func aSelectionAcrossAFoldTakesTheFoldedLines() {
        let app = EditorController(session: EditorSession(recipe: MarkdownRecipeFormat.parse(
            "# Pancakes\n\n## Ingredients\n\n- flour\n- milk\n\n## Steps\n\nWhisk.\n"), path: nil), width: 100, height: 20)
        app.type(Keys.down + Keys.down)
        app.type(Array("\u{1B}[15~".utf8)) // F5 folds "Ingredients"
        app.type(Keys.end + Array("\u{1B}[1;2B".utf8) + Keys.shiftEnd)
        let text = app.session.document.text
        #expect(app.session.document.selection.ranges.map { String(text.characters[$0.bounds]) } == ["\n\nflour\nmilk\n\nSteps"])
        app.type([0x7F])
        #expect(String(app.session.document.text.characters) == "Pancakes\n\nIngredients\n\nWhisk.")
    }

    /// Ctrl-E on a selection drawn from English into Hebrew: its pieces,
    /// joined, are written nowhere, and the message says so (it said they
    /// were all in other marks, in a recipe without any).
    @Test func ctrlEOnPiecesWrittenNowhereSaysSo() {
        let app = Self.editor("Mix the dark chocolate שוקולד מריר with sugar.", width: 100)
        app.type(Keys.home + Array(String(repeating: "\u{1B}[1;5C", count: 3).utf8))
        app.type(Array(String(repeating: "\u{1B}[1;2C", count: 12).utf8))
        #expect(app.session.document.selection.ranges.count == 2)
        app.type(Keys.control("e"))
        #expect(app.message == "nothing to mark: the selection is 2 pieces of the text, which together are written nowhere: select one ingredient's words")
        #expect(app.session.recipe.ingredients.isEmpty)
    }

    /// The editor on one line; under 60 columns the text has the whole
    /// width, and lines wrap.
    static func editor(_ line: String, width: Int) -> EditorController {
        EditorController(session: EditorSession(recipe: MarkdownRecipeFormat.parse(line + "\n"), path: nil), width: width, height: 20)
    }

    /// Where the caret stands: its visual line and the cell boundary it is
    /// on, worked out from the cell it is drawn on.
    static func place(of app: EditorController) -> (line: Int, boundary: Int) {
        let layout = app.session.layout
        let caret = app.session.drawnCaret
        let position = layout.linePosition(of: caret)
        let column = layout.column(of: caret)
        return (position.line, isRightToLeft(app) ? column + 1 : column)
    }

    static func isRightToLeft(_ app: EditorController) -> Bool {
        app.session.layout.layout(ofParagraph: 0).isRightToLeft
    }

    /// The text cells of each visual line between two places, in reading order.
    static func cellsBetween(_ anchor: (line: Int, boundary: Int), _ head: (line: Int, boundary: Int),
                             in app: EditorController) -> [Int: [Int]] {
        let rightToLeft = isRightToLeft(app)
        let (first, last) = anchor.line <= head.line ? (anchor, head) : (head, anchor)
        var cells: [Int: [Int]] = [:]
        for number in first.line ... last.line {
            let fragment = app.session.layout.fragment(at: LinePosition(paragraph: 0, line: number))
            let columns = fragment.graphemes.filter { $0.width > 0 }.map(\.column).sorted()
            let selected = columns.filter { column in
                if first.line == last.line {
                    return min(anchor.boundary, head.boundary) <= column && column < max(anchor.boundary, head.boundary)
                }
                // The reading-order side of the first place, the other side of the last.
                let afterFirst = number > first.line || (rightToLeft ? column < first.boundary : column >= first.boundary)
                let beforeLast = number < last.line || (rightToLeft ? column >= last.boundary : column < last.boundary)
                return afterFirst && beforeLast
            }
            if !selected.isEmpty { cells[number] = selected }
        }
        return cells
    }

    /// The reverse-video cells of each row, as columns of the text.
    static func highlighted(in app: EditorController) -> [Int: [Int]] {
        let grid = app.screen
        let frame = app.editorFrame
        var cells: [Int: [Int]] = [:]
        for row in 0 ..< frame.height {
            let columns = (frame.x ..< frame.x + frame.width).filter { grid[$0, frame.y + row].style.reverse }
            if !columns.isEmpty { cells[row] = columns.map { $0 - frame.x - app.gutterWidth } }
        }
        return cells
    }

    /// The characters selected, as the status line counts them.
    static func selectedCount(in app: EditorController) -> Int {
        let text = app.session.document.text
        return app.session.document.selection.ranges.reduce(0) { $0 + text.characters[$1.bounds].count }
    }
}
