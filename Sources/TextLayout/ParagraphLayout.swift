public import Foundation
public import RichText

/// A paragraph laid out as visual lines.
public struct ParagraphLayout: Equatable, Sendable {
    public var paragraph: Int
    /// The paragraph's text in the document, without its newline.
    public var range: Range<Int>
    public var isRightToLeft: Bool
    public var headingLevel: Int?
    public var lines: LineFragments
    /// Which layout this is, kept when it is only moved (`translated`): a
    /// view may reuse what it drew for the same generation. Not part of `==`.
    public internal(set) var generation = 0
    /// What it shows in place of its own text (offsets in the paragraph):
    /// the layout is made again when the view's substitutions change.
    var substitutions: [DisplaySubstitution] = []
    /// Whether its text holds an image, which a view may draw rows for
    /// (`TextAttachment`): laid out again when those rows may change.
    var holdsImages = false

    public static func == (lhs: ParagraphLayout, rhs: ParagraphLayout) -> Bool {
        lhs.paragraph == rhs.paragraph && lhs.range == rhs.range && lhs.isRightToLeft == rhs.isRightToLeft
            && lhs.headingLevel == rhs.headingLevel && lhs.lines == rhs.lines
    }

    /// The paragraph as the layout needs it from the document.
    public struct Source: Sendable {
        public var text: String
        /// Where each attribute run starts (UTF-8 offset in the paragraph) and its attributes.
        public var runs: [(start: Int, attributes: AttributeContainer)]
        public var direction: ParagraphDirection?
        public var alignment: ParagraphAlignment?
        public var headingLevel: Int?
        /// The paragraph's attributes, for what is drawn beside its text (`ParagraphDecoration`).
        public var paragraphAttributes: AttributeContainer
        /// Runs (by index) whose first grapheme is drawn after a marker: an image's text.
        public var markedRuns: Set<Int>
        /// Text shown in place of the paragraph's own (offsets in the paragraph).
        public var substitutions: [DisplaySubstitution]

        public init(text: String, runs: [(start: Int, attributes: AttributeContainer)] = [],
                    direction: ParagraphDirection? = nil, alignment: ParagraphAlignment? = nil, headingLevel: Int? = nil,
                    paragraphAttributes: AttributeContainer = AttributeContainer(), markedRuns: Set<Int> = [],
                    substitutions: [DisplaySubstitution] = []) {
            self.text = text
            self.substitutions = substitutions
            self.runs = runs.isEmpty ? [(0, AttributeContainer())] : runs
            self.direction = direction
            self.alignment = alignment
            self.headingLevel = headingLevel
            self.paragraphAttributes = paragraphAttributes
            self.markedRuns = markedRuns
        }
    }

    /// The marker drawn before an image's text.
    public static let imageMarker = "⧉"

    /// Lays out paragraph number `paragraph`, whose text starts at UTF-8
    /// offset `documentOffset`: bidi levels, shaping, wrapping, then per line
    /// rule L1 (FriBidi) and L2 over graphemes, so a grapheme is never split.
    public init(_ source: Source, paragraph: Int, documentOffset: Int, configuration: LayoutConfiguration) {
        let bidi = BidiParagraph(source.text, direction: source.direction)
        var graphemes = ParagraphShaper.substituting(
            source.substitutions,
            in: ParagraphShaper.graphemes(of: source.text, runStarts: source.runs.map(\.start), bidi: bidi,
                                          markedRuns: source.markedRuns, marker: Self.imageMarker))
        let decoration = ParagraphDecoration(source.paragraphAttributes, isRightToLeft: bidi.isRightToLeft)
        let decorationWidth = decoration?.width ?? 0
        let wrapWidth = configuration.wrapWidth.map { max(1, $0 - decorationWidth) }
        let lineRanges = LineBreaker.wrap(&graphemes, width: wrapWidth, tabWidth: configuration.tabWidth)
        self.paragraph = paragraph
        self.substitutions = source.substitutions
        self.range = documentOffset ..< documentOffset + source.text.utf8.count
        self.isRightToLeft = bidi.isRightToLeft
        self.headingLevel = source.headingLevel
        self.lines = LineFragments(lineRanges.enumerated().map { number, lineRange in
            Self.line(
                graphemes[lineRange], number: number, isLast: number == lineRanges.count - 1,
                bidi: bidi, source: source, decoration: decoration, paragraph: paragraph,
                documentOffset: documentOffset, configuration: configuration)
        })
    }

    /// A long paragraph wrapped in pieces, its lines built when asked for.
    init(_ wrapped: WrappedParagraph) {
        paragraph = wrapped.paragraph
        range = wrapped.start ..< wrapped.start + wrapped.length
        isRightToLeft = wrapped.isRightToLeft
        headingLevel = wrapped.paragraphAttributes[HeadingLevelAttribute.self]
        lines = LineFragments(wrapped)
    }

    static func line(
        _ graphemes: ArraySlice<ShapedGrapheme>, number: Int, isLast: Bool, bidi: BidiParagraph,
        source: Source, decoration: ParagraphDecoration?, paragraph: Int, documentOffset: Int, configuration: LayoutConfiguration
    ) -> LineFragment {
        let first = graphemes.first
        let lineStart = documentOffset + (first?.range.lowerBound ?? source.text.utf8.count)
        let lineEnd = documentOffset + (graphemes.last?.range.upperBound ?? source.text.utf8.count)
        let scalarStart = first?.scalars.lowerBound ?? 0
        let scalarEnd = graphemes.last?.scalars.upperBound ?? 0
        let lineLevels = bidi.lineLevels(scalarStart ..< scalarEnd)
        let levels = graphemes.map { lineLevels.isEmpty ? bidi.baseLevel : lineLevels[$0.scalars.lowerBound - scalarStart] }
        let visualOrder = reorder(levels: levels)

        let textWidth = graphemes.reduce(0) { $0 + $1.width }
        // The decoration takes its width on the paragraph's starting side;
        // the text is placed in what is left.
        let decorationWidth = decoration?.width ?? 0
        let decorationLeads = !bidi.isRightToLeft || !configuration.wraps
        var textArea = configuration
        textArea.width = max(2, configuration.width - decorationWidth)
        let leading = leadingColumns(textWidth: textWidth, isRightToLeft: bidi.isRightToLeft,
                                     alignment: source.alignment, configuration: textArea) + (decorationLeads ? decorationWidth : 0)
        var cells: [LayoutCell] = []
        var placed: [PlacedGrapheme] = []
        cells.reserveCapacity(visualOrder.count)
        placed.reserveCapacity(visualOrder.count)
        var column = leading
        for position in visualOrder {
            let grapheme = graphemes[graphemes.startIndex + position]
            let range = documentOffset + grapheme.range.lowerBound ..< documentOffset + grapheme.range.upperBound
            let attributes = source.runs[grapheme.runIndex].attributes
            placed.append(PlacedGrapheme(range: range, column: column, width: grapheme.width,
                                         isRightToLeft: levels[position] & 1 == 1, level: levels[position]))
            Self.appendCells(for: grapheme, attributes: attributes, to: &cells)
            column += grapheme.width
        }
        var fragment = LineFragment(
            paragraph: paragraph, lineInParagraph: number, isLastInParagraph: isLast,
            range: lineStart ..< lineEnd, isRightToLeftParagraph: bidi.isRightToLeft,
            leadingColumns: leading, cells: cells, graphemes: placed)
        if let decoration {
            fragment.decoration = decoration.text(forLine: number)
            fragment.decorationColumn = decorationLeads ? leading - decorationWidth : leading + cells.count
        }
        return fragment
    }

    /// Rule L2 on graphemes: from the highest level down to the lowest odd
    /// one, reverse every run at that level or higher. Returns positions in
    /// the line, left to right.
    static func reorder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var index = 0
            while index < order.count {
                guard levels[order[index]] >= level else { index += 1; continue }
                var end = index
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[index ..< end].reverse()
                index = end
            }
            level -= 1
        }
        return order
    }

    private static func leadingColumns(textWidth: Int, isRightToLeft: Bool, alignment: ParagraphAlignment?,
                                       configuration: LayoutConfiguration) -> Int {
        guard configuration.wraps else { return isRightToLeft ? 1 : 0 }
        let room = max(0, configuration.width - 1 - textWidth)
        let shift = isRightToLeft ? 1 : 0 // the end caret sits left of right-to-left text
        switch alignment ?? .natural {
        case .natural: return isRightToLeft ? room + shift : 0
        case .left: return shift
        case .right: return room + shift
        case .center: return room / 2 + shift
        }
    }

    /// Appends the cells that draw `grapheme` (none for a zero-width one).
    private static func appendCells(for grapheme: ShapedGrapheme, attributes: AttributeContainer, to cells: inout [LayoutCell]) {
        if let marker = grapheme.marker {
            // The marker's cell, on the side the text starts, then the grapheme's own.
            var unmarked = grapheme
            unmarked.marker = nil
            unmarked.width -= 1
            let markerCell = LayoutCell(text: marker, isContinuation: false, attributes: attributes)
            if grapheme.level & 1 == 0 { cells.append(markerCell) }
            appendCells(for: unmarked, attributes: attributes, to: &cells)
            if grapheme.level & 1 == 1 { cells.append(markerCell) }
            return
        }
        guard grapheme.width > 0 else { return }
        if grapheme.width == 1, !grapheme.isTab {
            cells.append(LayoutCell(text: grapheme.breakClass == .space ? " " : grapheme.display, isContinuation: false,
                                    attributes: attributes))
            return
        }
        if grapheme.isTab || grapheme.breakClass == .space {
            for _ in 0 ..< grapheme.width { cells.append(LayoutCell(text: " ", isContinuation: false, attributes: attributes)) }
            return
        }
        let characters = Array(grapheme.display)
        if characters.count == grapheme.width, characters.count > 1 {
            // A placeholder such as "^[": one narrow character per cell.
            for character in characters { cells.append(LayoutCell(text: String(character), isContinuation: false, attributes: attributes)) }
            return
        }
        cells.append(LayoutCell(text: grapheme.display, isContinuation: false, attributes: attributes))
        for _ in 1 ..< grapheme.width { cells.append(LayoutCell(text: "", isContinuation: true, attributes: attributes)) }
    }
}
