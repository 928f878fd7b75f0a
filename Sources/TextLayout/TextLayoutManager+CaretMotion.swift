import Foundation
import RichText

/// Caret motion in visual terms: Left and Right move where the arrow points
/// even inside right-to-left text; Up and Down keep a goal column; Home and End
/// go to the visual line's logical ends.
extension TextLayoutManager {
    /// The visual line that shows a caret.
    public func linePosition(of caret: CaretPosition) -> LinePosition {
        let paragraph = paragraph(containing: caret.offset)
        if let heading = collapsedHeading(hiding: paragraph) { return LinePosition(paragraph: heading, line: 0) }
        let lines = layout(ofParagraph: paragraph).lines
        if let wrapped = lines.wrapped {
            // Lines meet: an offset where one ends and the next starts is on the next, unless upstream.
            let relative = caret.offset - wrapped.start
            let line = wrapped.line(containing: relative)
            let endsPrevious = line > 0 && caret.isUpstream && lines[line].range.lowerBound == caret.offset
            return LinePosition(paragraph: paragraph, line: endsPrevious ? line - 1 : line)
        }
        for (number, line) in lines.enumerated() {
            let isEnd = caret.offset == line.range.upperBound
            if line.range.contains(caret.offset) || (isEnd && (caret.isUpstream || line.isLastInParagraph)) {
                return LinePosition(paragraph: paragraph, line: number)
            }
        }
        return LinePosition(paragraph: paragraph, line: lines.count - 1)
    }

    /// The cell the caret is drawn on.
    public func column(of caret: CaretPosition) -> Int {
        fragment(at: linePosition(of: caret)).column(ofCaretAt: caret.offset) ?? 0
    }

    /// The cell boundary the caret stands on, as a selection's end (`LineFragment.boundaryColumn`).
    public func boundaryColumn(of caret: CaretPosition) -> Int {
        let line = fragment(at: linePosition(of: caret))
        return line.boundaryColumn(ofCaretAt: caret.offset) ?? line.endColumn
    }

    /// The caret for a click on `column` of a visual line.
    public func caret(atColumn column: Int, on position: LinePosition) -> CaretPosition {
        let line = fragment(at: position)
        // A row drawn for an image: its text, where it can be edited.
        if let attachment = line.attachment { return CaretPosition(offset: attachment.range.lowerBound) }
        let offset = line.caretOffset(atColumn: column)
        return CaretPosition(offset: offset, isUpstream: offset == line.range.upperBound && !line.isLastInParagraph)
    }

    /// One visual step right: to the next grapheme drawn to the right. Past the
    /// right edge it goes to the leftmost place of the line the text flows to:
    /// the next line in left-to-right text, the previous one in right-to-left
    /// text; past a paragraph's last place, on to the next paragraph in the
    /// document's direction (`leaveParagraph`).
    public func moveRight(_ caret: CaretPosition) -> CaretPosition {
        moveHorizontally(caret, toRight: true)
    }

    /// One visual step left; past the left edge, the rightmost place of the
    /// previous line in left-to-right text, of the next one in right-to-left text.
    public func moveLeft(_ caret: CaretPosition) -> CaretPosition {
        moveHorizontally(caret, toRight: false)
    }

    private func moveHorizontally(_ caret: CaretPosition, toRight: Bool) -> CaretPosition {
        let position = linePosition(of: caret)
        let line = fragment(at: position)
        let stops = caretStops(of: line)
        let column = line.column(ofCaretAt: caret.offset) ?? line.endColumn
        if let here = stops.firstIndex(where: { $0.column == column }) {
            let target = toRight ? here + 1 : here - 1
            if stops.indices.contains(target) { return stops[target].caret }
        }
        // Past the edge: on to the line of the paragraph the text flows to (the
        // next one when the arrow points along the paragraph's direction),
        // entering it from the side the caret left by: moving right lands on
        // its leftmost stop, moving left on its rightmost, so the opposite
        // arrow comes straight back.
        let along = toRight != line.isRightToLeftParagraph
        let nextLine = position.line + (along ? 1 : -1)
        if nextLine >= 0, nextLine < textLineCount(ofParagraph: position.paragraph) {
            let targetStops = caretStops(of: fragment(at: LinePosition(paragraph: position.paragraph, line: nextLine)))
            return (toRight ? targetStops.first : targetStops.last)?.caret ?? caret
        }
        return leaveParagraph(position.paragraph, toRight: toRight) ?? caret
    }

    /// Past a paragraph's last place in the arrow's direction. The arrows
    /// cross paragraphs in the document's direction (that of its first
    /// paragraph with a direction of its own): Left goes to the previous
    /// paragraph in a left-to-right document, to the next in a right-to-left
    /// one, whatever the direction of the paragraph left or of a blank line.
    /// Each paragraph is entered where the arrow starts through it (Left: at
    /// the end of left-to-right text, the start of right-to-left text), so
    /// one arrow walks through every place of the document once and the
    /// other walks back the same way. Deciding by the paragraph left instead
    /// sends Left from a right-to-left paragraph onwards and from the blank
    /// or left-to-right line after it back: the caret went round for ever.
    private func leaveParagraph(_ paragraph: Int, toRight: Bool) -> CaretPosition? {
        let forward = toRight != documentIsRightToLeft
        let neighbour = forward
            ? next(after: LinePosition(paragraph: paragraph, line: max(0, lineCount(ofParagraph: paragraph) - 1)))
            : previous(before: LinePosition(paragraph: paragraph, line: 0))
        guard let target = neighbour?.paragraph else { return nil }
        let isRightToLeft = layout(ofParagraph: target).isRightToLeft
        let line = toRight == isRightToLeft ? textLineCount(ofParagraph: target) - 1 : 0
        let stops = caretStops(of: fragment(at: LinePosition(paragraph: target, line: line)))
        return (toRight ? stops.first : stops.last)?.caret
    }

    /// The lines of a paragraph that hold text: the rows drawn for its
    /// pictures come after them; a collapsed heading shows one.
    private func textLineCount(ofParagraph paragraph: Int) -> Int {
        guard !collapsedHeadings.contains(paragraph) else { return 1 }
        let lines = layout(ofParagraph: paragraph).lines
        var count = lines.count
        while count > 1, lines[count - 1].attachment != nil { count -= 1 }
        return count
    }

    /// Whether the document reads right to left: its first paragraph with a
    /// direction set or a strong letter decides (UAX #9's P2 over the whole
    /// text); blank lines and numbers alone do not.
    var documentIsRightToLeft: Bool {
        for index in 0 ..< paragraphCount {
            let range = range(ofParagraph: index)
            if let set = directionSet(at: range.lowerBound) { return set == .rightToLeft }
            if let strong = ParagraphText(text: text, start: range.lowerBound, length: range.count).firstStrong() {
                return strong.isRightToLeft
            }
        }
        return false
    }

    private func directionSet(at offset: Int) -> ParagraphDirection? {
        let index = text.utf8.index(text.startIndex, offsetBy: offset)
        guard index < text.endIndex else { return finalParagraphAttributes[BaseWritingDirectionAttribute.self] }
        return text.runs[index].attributes[BaseWritingDirectionAttribute.self]
    }

    /// The places a caret can be on a line, left to right: each grapheme that
    /// has cells, and the line end (right of left-to-right text, left of right-to-left).
    func caretStops(of line: LineFragment) -> [(column: Int, caret: CaretPosition)] {
        var stops = line.graphemes.filter { $0.width > 0 }.map { ($0.column, CaretPosition(offset: $0.range.lowerBound)) }
        let end = (line.endColumn, endCaret(of: line))
        if line.isRightToLeftParagraph { stops.insert(end, at: 0) } else { stops.append(end) }
        return stops
    }

    private func endCaret(of line: LineFragment) -> CaretPosition {
        CaretPosition(offset: line.range.upperBound, isUpstream: !line.isLastInParagraph)
    }

    /// Up (negative) or down by `lines` visual lines at `goalColumn`; past the
    /// first or last line, to the document's start or end.
    public func moveVertically(_ caret: CaretPosition, by lines: Int, goalColumn: Int) -> CaretPosition {
        let start = linePosition(of: caret)
        // Rows drawn for an image are passed over, to the next line of text.
        guard let target = textLine(from: position(start, movedBy: lines), forward: lines > 0), target != start else {
            return lines < 0 ? CaretPosition(offset: 0) : CaretPosition(offset: text.utf8.count)
        }
        return self.caret(atColumn: goalColumn, on: target)
    }

    public func lineStart(_ caret: CaretPosition) -> CaretPosition {
        CaretPosition(offset: fragment(at: linePosition(of: caret)).range.lowerBound)
    }

    public func lineEnd(_ caret: CaretPosition) -> CaretPosition {
        endCaret(of: fragment(at: linePosition(of: caret)))
    }

    /// Word motion: the end of the next word in the direction the arrow
    /// points, which in a right-to-left paragraph is logically backwards.
    public func moveWord(_ caret: CaretPosition, toRight: Bool) -> CaretPosition {
        let forward = toRight != fragment(at: linePosition(of: caret)).isRightToLeftParagraph
        let index = text.characterIndex(atUTF8Offset: caret.offset)
        let target = forward ? text.characters.wordBoundary(after: index) : text.characters.wordBoundary(before: index)
        return CaretPosition(offset: text.utf8Offset(of: target))
    }

    /// How many graphemes of paragraph `paragraph` come before `offset`: the
    /// caret's column in characters for a status line, from the cached layout
    /// rather than by walking the document's characters.
    public func graphemeCount(inParagraph paragraph: Int, before offset: Int) -> Int {
        let lines = layout(ofParagraph: paragraph).lines
        if let wrapped = lines.wrapped {
            let line = wrapped.line(containing: offset - wrapped.start)
            return wrapped.graphemesBefore[line] + lines[line].graphemes.reduce(0) { $0 + ($1.range.lowerBound < offset ? 1 : 0) }
        }
        return lines.reduce(0) { count, line in
            guard line.range.lowerBound < offset else { return count }
            return count + line.graphemes.reduce(0) { $0 + ($1.range.lowerBound < offset ? 1 : 0) }
        }
    }
}
