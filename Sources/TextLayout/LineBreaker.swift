/// Greedy soft wrapping of a paragraph's graphemes into lines of at most
/// `width` cells.
///
/// Break opportunities: after white space, after a hyphen, on either side of a
/// wide letter (CJK ideographs, kana, Hangul) except before closing and after
/// opening punctuation. A word longer than the line is broken between
/// graphemes, never inside one. White space that does not fit hangs at the end
/// of the line with no cells, as CSS's `pre-wrap` does, so a line never
/// begins with the space it broke at. Tabs expand to the next multiple of
/// `tabWidth` counted from the line start, clipped at the line's end.
enum LineBreaker {
    /// The lines as ranges of grapheme indices; widths (tabs, hanging space) are set in `graphemes`.
    static func wrap(_ graphemes: inout [ShapedGrapheme], width: Int?, tabWidth: Int) -> [Range<Int>] {
        guard !graphemes.isEmpty else { return [0 ..< 0] }
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        var column = 0
        var lastBreak: Int?
        while index < graphemes.count {
            var cells = graphemes[index].width
            if graphemes[index].isTab {
                // A tab reaches the next stop but never past the line's end.
                cells = tabWidth - column % tabWidth
                if let width { cells = min(cells, max(0, width - column)) }
            }
            if let width, column + cells > width, index > start {
                if graphemes[index].breakClass == .space {
                    graphemes[index].width = max(0, width - column) // hangs
                    column = width
                    if canBreak(before: index + 1, in: graphemes) { lastBreak = index + 1 }
                    index += 1
                    continue
                }
                let end = (lastBreak.map { $0 > start ? $0 : nil } ?? nil) ?? index
                lines.append(start ..< end)
                start = end
                index = end
                column = 0
                lastBreak = nil
                continue
            }
            if graphemes[index].isTab { graphemes[index].width = cells }
            column += graphemes[index].width
            if canBreak(before: index + 1, in: graphemes) { lastBreak = index + 1 }
            index += 1
        }
        lines.append(start ..< graphemes.count)
        return lines
    }

    /// Whether a line may start at grapheme `index`.
    static func canBreak(before index: Int, in graphemes: [ShapedGrapheme]) -> Bool {
        guard index > 0, index < graphemes.count else { return false }
        let previous = graphemes[index - 1].breakClass
        let next = graphemes[index].breakClass
        if next == .space || next == .closingPunctuation { return false }
        if previous == .openingPunctuation { return false }
        switch previous {
        case .space, .hyphen, .ideograph: return true
        default: return next == .ideograph
        }
    }
}
