/// What the line breaker needs of a grapheme: its cells (a tab's are set
/// when placed), whether it is a tab, and its break class.
protocol WrappableGrapheme {
    var width: Int { get set }
    var isTab: Bool { get }
    var breakClass: ShapedGrapheme.BreakClass { get }
}

extension ShapedGrapheme: WrappableGrapheme {}

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
///
/// Each line depends only on the graphemes from its start on: a space hung
/// while trying a line that then broke earlier gets its own width back. So a
/// paragraph can be wrapped from any line start (`WrappedParagraph`).
public enum LineBreaker {
    /// The lines as ranges of grapheme indices; widths (tabs, hanging space) are set in `graphemes`.
    static func wrap<Grapheme: WrappableGrapheme>(_ graphemes: inout [Grapheme], width: Int?, tabWidth: Int) -> [Range<Int>] {
        decidedLines(&graphemes, width: width, tabWidth: tabWidth).map(\.range)
    }

    /// The lines, each with the last grapheme looked at to decide where it
    /// ends: an edit after that one cannot move the line's end.
    static func decidedLines<Grapheme: WrappableGrapheme>(_ graphemes: inout [Grapheme], width: Int?,
                                                          tabWidth: Int) -> [(range: Range<Int>, decidedBy: Int)] {
        guard !graphemes.isEmpty else { return [(0 ..< 0, 0)] }
        var lines: [(range: Range<Int>, decidedBy: Int)] = []
        var start = 0
        var index = 0
        var column = 0
        var lastBreak: Int?
        // Spaces hung on the line being tried, with their own widths.
        var hung: [(index: Int, width: Int)] = []
        while index < graphemes.count {
            var cells = graphemes[index].width
            if graphemes[index].isTab {
                // A tab reaches the next stop but never past the line's end.
                cells = tabWidth - column % tabWidth
                if let width { cells = min(cells, max(0, width - column)) }
            }
            if let width, column + cells > width, index > start {
                if graphemes[index].breakClass == .space {
                    if !graphemes[index].isTab { hung.append((index, graphemes[index].width)) }
                    graphemes[index].width = max(0, width - column) // hangs
                    column = width
                    if canBreak(before: index + 1, in: graphemes) { lastBreak = index + 1 }
                    index += 1
                    continue
                }
                let end = (lastBreak.map { $0 > start ? $0 : nil } ?? nil) ?? index
                for space in hung where space.index >= end { graphemes[space.index].width = space.width }
                hung.removeAll(keepingCapacity: true)
                lines.append((start ..< end, index))
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
        lines.append((start ..< graphemes.count, graphemes.count - 1))
        return lines
    }

    /// Whether a line may start at grapheme `index`.
    static func canBreak<Grapheme: WrappableGrapheme>(before index: Int, in graphemes: [Grapheme]) -> Bool {
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

extension LineBreaker {
    /// The first line of `text`, printable ASCII, wrapped at `width` cells:
    /// how many characters it takes and how many cells it draws (spaces hung
    /// at its end take none). The typing echo asks it of the row it lengthens.
    public static func firstLine(ofASCII text: String, width: Int) -> (characters: Int, cells: Int) {
        var graphemes = WrapGrapheme.graphemes(of: text)
        let first = decidedLines(&graphemes, width: width, tabWidth: 1).first?.range ?? 0 ..< 0
        return (first.count, graphemes[first].reduce(0) { $0 + $1.width })
    }
}
