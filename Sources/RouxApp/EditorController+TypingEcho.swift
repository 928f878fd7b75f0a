import Recipes
import RichText
public import TerminalUI
import TextLayout

/// The typed character on screen before the edit is made (the "zero-latency
/// typing" of IntelliJ): inserting it into the document, enforcing the
/// formatting definition, laying the paragraph out again and drawing the
/// whole frame takes most of a millisecond when the caches are cold, while
/// the character's place on screen is known from the frame already shown.
/// So the run loop first shows the frame it showed with the character put in
/// at the caret and the rest of the row moved one cell right (broken by the
/// line breaker where it no longer fits), then handles the key and draws the
/// real frame, which is what the terminal keeps.
///
/// An echo is made only where that row is certain to be the real frame's
/// row: one letter, digit or space typed at a caret in left-to-right text
/// that is plain or drawn as the typed character will be (bold, italic),
/// the caret staying on its row, with no prompt, menu or help over the
/// text. Anything else (a selection, bidi text, a mark, a tab after the
/// caret, a line that breaks anywhere but among ASCII characters, a space
/// that may mark an ingredient, end markup that makes a block (`- `) or a style (`*a*`), or let
/// part of a word move up to the line before, the text shown in other units,
/// where a letter may end a temperature's match) goes straight to the real frame.
extension EditorController {
    public func typingEcho(for events: [InputEvent], on frame: CellGrid,
                           cursor: (x: Int, y: Int)?) -> (grid: CellGrid, cursor: (x: Int, y: Int))? {
        guard events.count == 1, case .text(let text) = events[0], let cursor,
              text.utf8.count == 1, let byte = text.utf8.first, Self.echoes(byte),
              byte != 0x20 || session.recipe.ingredients.isEmpty, byte != 0x20 || !spaceWouldConvertMarkup,
              !followsInlineDelimiter(back: 0), (byte != 0x29 && byte != 0x3E) || session.format != .markdown,
              frame.width == width, frame.height == height, editsTypedText,
              session.document.selection.ranges.count == 1, session.document.selection.primary.isCaret,
              session.layout.configuration.wraps, session.layout.substitutions.isEmpty
        else { return nil }
        let layout = session.layout
        let caret = session.drawnCaret
        let position = layout.linePosition(of: caret)
        let line = layout.fragment(at: position)
        let pane = editorFrame
        let textX = pane.x + gutterWidth
        // A space splits a word: on a wrapped line its first part could move up to the line before.
        guard byte != 0x20 || line.lineInParagraph == 0,
              let column = line.column(ofCaretAt: caret.offset), cursor.x == textX + column,
              cursor.y >= pane.y, cursor.y < pane.y + pane.height,
              Self.rowStaysPut(line, inserting: column, caretAt: caret.offset, isSpace: isSpace),
              !tabFollows(caret.offset, on: line, at: position)
        else { return nil }
        // The style the character takes: its left neighbour's, or at the
        // paragraph's start the first character's. Plain is certain; another
        // (bold, italic, a link, code) when the typing attributes draw it so.
        let textStart = textX + line.leadingColumns
        let styleFrom = cursor.x > textStart ? cursor.x - 1 : line.lineInParagraph == 0 && !line.cells.isEmpty ? cursor.x : nil
        guard let styleFrom else { return nil }
        let style = frame[styleFrom, cursor.y].style
        guard style == .plain || style == styleOfTypedText else { return nil }

        // The line's cells with the character put in; a line that no longer
        // fits is broken by the line breaker, and the words after its end go
        // to the next line (drawn by the edit's frame). The caret must stay
        // on this row.
        let right = pane.x + pane.width
        let caretIndex = cursor.x - textStart
        var cells = Array(frame.row(cursor.y)[textStart ..< min(right, textStart + line.cells.count)])
        guard cells.count == line.cells.count else { return nil }
        cells.insert(Cell(text, style: style), at: caretIndex)
        let room = layout.configuration.width - 1 - line.leadingColumns
        if cells.count > room {
            guard let ascii = Self.asciiText(of: cells) else { return nil }
            let first = LineBreaker.firstLine(ofASCII: ascii, width: room)
            guard caretIndex + 1 < first.characters else { return nil }
            cells.removeSubrange(first.cells...)
        }
        var grid = frame
        for x in textStart ..< right {
            grid[x, cursor.y] = x - textStart < cells.count ? cells[x - textStart] : Cell()
        }
        return (grid, (cursor.x + 1, cursor.y))
    }

    /// How a character typed at the caret is drawn, where that is certain:
    /// the look of the typing attributes (what `insert` gives it), with no
    /// mark (typing in an ingredient's name is the marking's business) and
    /// no heading (its fold marker follows the text on the row).
    private var styleOfTypedText: CellStyle? {
        let attributes = session.document.typingAttributes
        guard attributes.ingredient == nil, attributes.cookware == nil, attributes.timer == nil,
              attributes.headingLevel == nil else { return nil }
        return EditorTextPane.cellStyle(attributes, knownIngredients: [], headingLevel: nil, useColor: useColor, theme: theme)
    }

    /// The text of cells that each hold one printable ASCII character (a
    /// character a cell, as the line breaker counts them), or nil.
    private static func asciiText(of cells: [Cell]) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(cells.count)
        for cell in cells {
            guard !cell.holdsCluster, !cell.isContinuation, let scalar = cell.text.unicodeScalars.first,
                  (0x20 ..< 0x7F).contains(scalar.value) else { return nil }
            bytes.append(UInt8(scalar.value))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a tab comes between the caret and the next line's text: its
    /// width depends on its column, so the line could grow or shrink by
    /// other than one cell, and a word could move across the line's end.
    private func tabFollows(_ offset: Int, on line: LineFragment, at position: LinePosition) -> Bool {
        let layout = session.layout
        let end = line.isLastInParagraph ? line.range.upperBound
            : layout.fragment(at: LinePosition(paragraph: position.paragraph, line: position.line + 1)).range.lowerBound
        guard end > offset else { return false }
        let utf8 = session.document.text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return utf8[start ..< utf8.index(start, offsetBy: end - offset)].contains(0x09)
    }

    /// Letters, digits and the space: characters with no say in bidi levels
    /// of left-to-right text or in where a line may break but at a space.
    private static func echoes(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x30 ... 0x39, 0x41 ... 0x5A, 0x61 ... 0x7A: return true
        default: return false
        }
    }

    /// Whether typed text goes into the document as it is shown: no wait,
    /// prompt, menu, palette or help takes the key, and the text pane has it.
    private var editsTypedText: Bool {
        overlays.top == nil && focus == .editor
    }

    /// Whether the line, with one more cell at `column`, is drawn as it is
    /// with the cells from there on one to the right (up to where it then
    /// breaks): left-to-right text at the paragraph's natural place (no
    /// alignment room), and nothing after the caret whose width depends on
    /// its column (a tab) or that is wider or narrower than a cell. A caret
    /// at the end of a line that wraps belongs to the next line's text.
    ///
    /// A space that hangs after a full line takes no cell: the line breaker
    /// breaks there, and breaks the lengthened row the same way (its words
    /// up to the last that still fits), so it does not stop the echo. Every
    /// few keys typed into a wrapped paragraph a word moves down, and the
    /// row before that move ends with such a space.
    private static func rowStaysPut(_ line: LineFragment, inserting column: Int, caretAt offset: Int,
                                    isSpace: (Range<Int>) -> Bool) -> Bool {
        guard !line.isRightToLeftParagraph, line.leadingColumns == line.decoration.count,
              line.isLastInParagraph || offset < line.range.upperBound
        else { return false }
        for grapheme in line.graphemes {
            // Not only right-to-left letters: digits after a Hebrew word on
            // the line before sit at level 2, and a digit typed beside them
            // joins their run ("2 " then "1" is drawn "1 2").
            if grapheme.isRightToLeft || grapheme.level != 0 { return false }
            let hangs = grapheme.width == 0 && grapheme.column == line.width && isSpace(grapheme.range)
            if grapheme.column >= column, grapheme.width != 1, !hangs { return false }
        }
        return true
    }

    /// Whether the text at UTF-8 `range` is one space.
    private func isSpace(_ range: Range<Int>) -> Bool {
        guard range.count == 1 else { return false }
        let utf8 = session.document.text.utf8
        return utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)] == 0x20
    }
}
