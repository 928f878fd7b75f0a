import Foundation
import RichText
import TerminalUI
import TextLayout

/// Ctrl-L: going to a line of the file, and showing a place in the text a
/// third of the way down the pane (also a place not read yet, from a preview).
extension EditorController {
    /// Goes to a line of the file (counted from its first line, front matter
    /// included) and a column (in characters); a line before the text's is
    /// its first. `onRow`: the pane's row the line is shown on (else a
    /// third of the way down).
    func goToLine(_ number: Int, column: Int = 1, onRow row: Int? = nil) {
        let paragraphNumber = number - session.firstBodyLine + 1
        // Slices end at line ends, so once the line is read it is whole: no
        // need to wait for the rest of a large file. Until it is, its lines
        // show from a preview.
        whenLoaded("going to line \(number)", paragraphs: paragraphNumber, preview: {
            previewOfUnread(paragraph: paragraphNumber, column: column)
        }) { [unowned self] in
            let count = session.layout.paragraphCount
            show(paragraph: min(max(1, paragraphNumber), count) - 1, column: column, in: session, onRow: row)
            // Said, not silent: the caret is not on the line asked for.
            if paragraphNumber < 1 {
                say("line \(number) is in the file's front matter, which Roux keeps as written: here is the first line of the text")
            } else if paragraphNumber > count {
                say("the file has \(count + session.firstBodyLine - 1) lines: here is the last")
            }
        }
    }

    /// A place not read yet (paragraph from 1; nil: the end), as a preview
    /// placed as `show` would place it.
    func previewOfUnread(paragraph: Int?, column: Int) -> EditorSession? {
        let rows = editorFrame.height
        guard let (preview, target) = session.preview(ofParagraph: paragraph, linesBefore: rows, linesAfter: 2 * rows) else {
            return nil
        }
        if paragraph != nil {
            show(paragraph: target, column: column, in: preview)
        } else {
            // The end, at the bottom of the pane, as Ctrl-End leaves it.
            let layout = preview.layout
            preview.moveCaret(to: CaretPosition(offset: preview.document.text.utf8.count), extending: false)
            preview.pane.show(layout.linePosition(of: preview.drawnCaret), onRow: editorFrame.height - 1, in: layout)
        }
        return preview
    }

    /// The caret at `column` (in characters) of `paragraph` (from 0), a
    /// third of the way down the pane, so the lines above it (its section)
    /// show, or on `row`.
    private func show(paragraph: Int, column: Int, in shown: EditorSession, onRow row: Int? = nil) {
        let layout = shown.layout
        let range = layout.range(ofParagraph: paragraph)
        let text = shown.document.text
        var offset = range.lowerBound
        if column > 1 {
            let lower = text.characterIndex(atUTF8Offset: range.lowerBound)
            let upper = text.characterIndex(atUTF8Offset: range.upperBound)
            let characters = text.characters[lower ..< upper]
            let index = characters.index(lower, offsetBy: min(column - 1, characters.count))
            offset = text.utf8Offset(of: index)
        }
        shown.moveCaret(to: CaretPosition(offset: offset), extending: false)
        if shown === session { scrollToCaret() } // opens a fold the line is in
        shown.pane.show(layout.linePosition(of: shown.drawnCaret), onRow: row ?? editorFrame.height / 3, in: layout)
    }

    /// The caret's paragraph (from 0), its column (in characters) and the
    /// pane's row it is on.
    var caretPlace: (paragraph: Int, column: Int, row: Int) {
        let layout = session.layout
        let caret = session.caret
        let paragraph = layout.paragraph(containing: caret.offset)
        let line = layout.linePosition(of: caret)
        var row = 0
        while row < editorFrame.height, session.pane.line(onRow: row, in: layout) != line { row += 1 }
        return (paragraph, layout.graphemeCount(inParagraph: paragraph, before: caret.offset) + 1,
                row < editorFrame.height ? row : editorFrame.height / 3)
    }
}

/// Ctrl-L: a line of the file, or LINE:COLUMN.
struct GoToLineQuestion: LineQuestion {
    var label: String { "Go to line (LINE or LINE:COLUMN): " }
    var historyKey: String { "line" }

    func submit(_ answer: String, controller: EditorController) -> String? {
        let parts = answer.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (1 ... 2).contains(parts.count), let line = Int(parts[0]), line > 0,
              parts.count == 1 || Int(parts[1]).map({ $0 > 0 }) == true else {
            return "type a line number, or LINE:COLUMN (12 or 12:5)"
        }
        controller.prompt = nil
        controller.goToLine(line, column: parts.count == 2 ? Int(parts[1]) ?? 1 : 1)
        return nil
    }
}
