import RichText

/// Visual selections: what is selected is what looks contiguous on screen, so
/// in bidi text one drag can be several logical ranges.
extension TextLayoutManager {
    /// The logical ranges covered by a drag from `anchor` to `head`, each a
    /// visual line and a cell boundary (`LineFragment.boundaryColumn`): the
    /// cells between them, read in each paragraph's direction (from the
    /// earlier place leftwards in a right-to-left paragraph). Lines in between
    /// are selected whole, newlines included.
    public func logicalRanges(from anchor: (line: LinePosition, column: Int),
                              to head: (line: LinePosition, column: Int)) -> [Range<Int>] {
        let headFirst = head.line < anchor.line
            || (head.line == anchor.line && fragment(at: head.line).reads(head.column, before: anchor.column))
        let (start, end) = headFirst ? (head, anchor) : (anchor, head)
        var ranges: [Range<Int>] = []
        var position: LinePosition? = start.line
        while let current = position, current <= end.line {
            let line = fragment(at: current)
            let graphemes = line.graphemes(readAfter: current == start.line ? start.column : nil,
                                           before: current == end.line ? end.column : nil)
            ranges.append(contentsOf: graphemes.map(\.range))
            if current != end.line {
                // The rest of the line's text, and its newline when the selection goes on.
                var tail = line.isLastInParagraph && line.range.upperBound < text.utf8.count
                    ? line.range.upperBound + 1 : line.range.upperBound
                let following = next(after: current)
                // Paragraphs a fold hides between this line and the next one drawn go
                // with the selection whole (as in VS Code and Obsidian): a delete
                // never takes the pieces drawn around a fold and leaves what it hides.
                if line.isLastInParagraph, let following { tail = max(tail, fragment(at: following).range.lowerBound) }
                if line.range.upperBound < tail { ranges.append(line.range.upperBound ..< tail) }
                position = following
                continue
            }
            position = next(after: current)
        }
        return Self.merged(ranges)
    }

    /// The column spans of `line` whose graphemes lie in `ranges`: the cells to highlight.
    public func highlightedColumns(in line: LineFragment, for ranges: [Range<Int>]) -> [Range<Int>] {
        let sorted = Self.merged(ranges)
        var spans: [Range<Int>] = []
        for grapheme in line.graphemes where grapheme.width > 0 && Self.contains(sorted, grapheme.range) {
            let span = grapheme.column ..< grapheme.column + grapheme.width
            if let last = spans.last, last.upperBound == span.lowerBound {
                spans[spans.count - 1] = last.lowerBound ..< span.upperBound
            } else {
                spans.append(span)
            }
        }
        return spans
    }

    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        ranges.mergedRanges()
    }

    /// Whether `range` is inside one of the sorted, merged `ranges` (binary search).
    static func contains(_ ranges: [Range<Int>], _ range: Range<Int>) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].lowerBound <= range.lowerBound && ranges[low].upperBound >= range.upperBound
    }
}
