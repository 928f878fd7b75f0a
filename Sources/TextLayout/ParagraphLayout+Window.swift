import RichText

extension ParagraphLayout {
    /// One line of a long paragraph laid out from a window of text around it
    /// (`ParagraphBidiIndex.window(around:in:limit:)`): `source` is the
    /// window, with the paragraph's direction set; `line`, the line's bytes
    /// in it. Levels, shapes and the line's own wrapping (tabs, hung spaces)
    /// are what the whole paragraph gives that line.
    static func line(inWindow source: Source, line: Range<Int>, number: Int, isLast: Bool,
                     decoration: ParagraphDecoration?, paragraph: Int, documentOffset: Int,
                     configuration: LayoutConfiguration) -> LineFragment {
        let bidi = BidiParagraph(source.text, direction: source.direction)
        let graphemes = ParagraphShaper.graphemes(of: source.text, runStarts: source.runs.map(\.start), bidi: bidi,
                                                  markedRuns: source.markedRuns, marker: imageMarker)
        let first = graphemes.firstIndex { $0.range.lowerBound >= line.lowerBound } ?? graphemes.endIndex
        let end = graphemes[first...].firstIndex { $0.range.lowerBound >= line.upperBound } ?? graphemes.endIndex
        var lineGraphemes = Array(graphemes[first ..< end])
        let wrapWidth = configuration.wrapWidth.map { max(1, $0 - (decoration?.width ?? 0)) }
        _ = LineBreaker.wrap(&lineGraphemes, width: wrapWidth, tabWidth: configuration.tabWidth)
        return Self.line(lineGraphemes[...], number: number, isLast: isLast, bidi: bidi, source: source,
                         decoration: decoration, paragraph: paragraph, documentOffset: documentOffset,
                         configuration: configuration)
    }
}
