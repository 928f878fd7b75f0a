import CFriBidi
import Foundation
import RichText

/// A long paragraph laid out in pieces. Its lines are known as their starts,
/// found by wrapping a window of text at a time from lean graphemes
/// (`WrapGrapheme`); a line's cells are built only when it is asked for, and
/// the lines built are kept near the view. An edit re-wraps from two lines
/// before it until a new line start meets an old one past the edit: from
/// there the lines are the old ones, moved. So a keystroke in a 5 MB
/// paragraph costs a few lines, not the paragraph.
///
/// A line starts with a fresh wrap state (`LineBreaker`), so the line breaks
/// do not depend on what came before. In a paragraph that needs no bidi
/// (`WrapGrapheme.isPlainLeftToRight`) a line is laid out alone, all levels
/// 0. In one that does, a line is laid out in a window of text around it
/// that resolves it as the whole paragraph would (`ParagraphBidiIndex`), and
/// the cells of Arabic text are counted shaped. Paragraphs with explicit
/// embeddings or isolates are laid out whole.
public final class WrappedParagraph: @unchecked Sendable {
    /// When a paragraph is wrapped in pieces, and how big a piece is.
    public struct Limits: Equatable, Sendable {
        /// Paragraphs at least this long (UTF-8 bytes) are wrapped in pieces.
        public var minimumLength: Int
        /// Bytes wrapped at a time; tests make it small to cross windows often.
        public var windowBytes: Int
        /// In a paragraph that needs bidi, the longest stretch without an
        /// anchor, and the longest bracket pair, that still lets lines be laid
        /// out from small windows (`ParagraphBidiIndex`); longer, it is laid out whole.
        public var bidiReach: Int

        public init(minimumLength: Int = 32 << 10, windowBytes: Int = 16 << 10, bidiReach: Int = 8 << 10) {
            self.minimumLength = max(1, minimumLength)
            self.windowBytes = max(16, windowBytes)
            self.bidiReach = max(1, bidiReach)
        }
    }

    static let keptLines = 512

    /// The document this was wrapped in, and where the paragraph lies in it.
    let text: AttributedString
    let start: Int
    let length: Int
    let paragraph: Int
    let configuration: LayoutConfiguration
    let limits: Limits
    let paragraphAttributes: AttributeContainer
    /// A list marker or quote bars beside every line.
    let decoration: ParagraphDecoration?
    /// How its lines resolve bidi from windows; nil when it needs none.
    private(set) var bidi: ParagraphBidiIndex?
    var isRightToLeft: Bool { bidi?.direction == .rightToLeft }
    /// The paragraph's text as the bidi windows read it.
    private var paragraphText: ParagraphText { ParagraphText(text: text, start: start, length: length) }
    /// Each line's first byte, from the paragraph's start; the first is 0.
    private(set) var lineStarts: [Int]
    /// The graphemes before each line, for the caret's column in characters.
    private(set) var graphemesBefore: [Int]
    /// For each line, how far (in bytes from the paragraph's start) the text
    /// was read to decide where it and the lines before it end: an edit past
    /// that leaves them as they are. Never decreasing.
    private(set) var reach: [Int]
    private var built: [Int: LineFragment] = [:]
    /// With bidi, where the window each built line was resolved in ends.
    private var builtWindowEnds: [Int: Int] = [:]
    /// With bidi, the whole paragraph laid out, for lines whose window is too long.
    private var wholeLayout: ParagraphLayout?
    /// Whether some of its text is an image's (which gets a marker). Most
    /// paragraphs have none, and asking each window walks all its runs.
    /// Kept true once true: an edit only adds what it brought.
    private let hasImages: Bool

    var lineCount: Int { lineStarts.count }

    /// What of a run's attributes holds for its whole paragraph: what a
    /// wrapped paragraph is drawn with beside and around its text.
    static func paragraphAttributes(of attributes: AttributeContainer) -> AttributeContainer {
        var kept = AttributeContainer()
        kept[AlignmentAttribute.self] = attributes[AlignmentAttribute.self]
        kept[BaseWritingDirectionAttribute.self] = attributes[BaseWritingDirectionAttribute.self]
        kept[HeadingLevelAttribute.self] = attributes[HeadingLevelAttribute.self]
        kept[ListItemAttribute.self] = attributes[ListItemAttribute.self]
        kept[BlockQuoteAttribute.self] = attributes[BlockQuoteAttribute.self]
        return kept
    }

    /// Wraps the paragraph `range` of `text`; nil when it is to be laid out
    /// whole (it does not wrap, or its bidi needs the whole paragraph).
    /// `paragraphAttributes`: see `paragraphAttributes(of:)`.
    init?(text: AttributedString, range: Range<Int>, paragraph: Int, configuration: LayoutConfiguration,
          limits: Limits, paragraphAttributes: AttributeContainer) {
        guard configuration.wrapWidth != nil else { return nil }
        switch ParagraphBidiIndex.assess(ParagraphText(text: text, start: range.lowerBound, length: range.count),
                                         direction: paragraphAttributes[BaseWritingDirectionAttribute.self],
                                         reach: limits.bidiReach) {
        case .whole: return nil
        case .plain: bidi = nil
        case .bidi(let index): bidi = index
        }
        self.text = text
        self.start = range.lowerBound
        self.length = range.count
        self.paragraph = paragraph
        self.configuration = configuration
        self.limits = limits
        self.paragraphAttributes = paragraphAttributes
        decoration = ParagraphDecoration(paragraphAttributes, isRightToLeft: bidi?.direction == .rightToLeft)
        hasImages = Self.hasImages(in: text, range)
        lineStarts = []
        graphemesBefore = []
        reach = []
        guard let lines = wrap(from: 0, graphemes: 0, checking: nil, stop: { _, _ in false }) else { return nil }
        lineStarts = lines.starts
        graphemesBefore = lines.graphemes
        reach = Self.runningMaximum(lines.reach, after: 0)
    }

    /// The same wrapping for a later state of the document.
    private init(moving other: WrappedParagraph, to text: AttributedString, start: Int, length: Int, paragraph: Int,
                 lineStarts: [Int], graphemesBefore: [Int], reach: [Int], bidi: ParagraphBidiIndex?, hasImages: Bool) {
        self.text = text
        self.start = start
        self.length = length
        self.paragraph = paragraph
        configuration = other.configuration
        limits = other.limits
        paragraphAttributes = other.paragraphAttributes
        decoration = other.decoration
        self.bidi = bidi
        self.lineStarts = lineStarts
        self.graphemesBefore = graphemesBefore
        self.reach = reach
        self.hasImages = hasImages
    }

    private static func hasImages(in text: AttributedString, _ range: Range<Int>) -> Bool {
        let characters = text.characterRange(atUTF8Offsets: range)
        return text[characters].runs[\.image].contains { image, _ in image != nil }
    }

    /// The paragraph where an edit before it moved it: the same lines.
    func moved(to text: AttributedString, start: Int, paragraph: Int) -> WrappedParagraph {
        WrappedParagraph(moving: self, to: text, start: start, length: length, paragraph: paragraph,
                         lineStarts: lineStarts, graphemesBefore: graphemesBefore, reach: reach, bidi: bidi,
                         hasImages: hasImages)
    }

    /// The paragraph after an edit inside it, which replaces this one (its
    /// lines are not to be asked for any more) (`old` and `new`: the edited
    /// bytes, from the paragraph's start) in `text`, where it now has
    /// `length` bytes. Nil when it must be laid out anew: the edit brought
    /// right-to-left text into a paragraph that had none, changed the
    /// direction or what holds for the whole paragraph, or made its bidi
    /// need the whole paragraph (`ParagraphBidiIndex.edit`).
    func edited(_ old: Range<Int>, becoming new: Range<Int>, in text: AttributedString, length: Int,
                paragraphAttributes: AttributeContainer) -> WrappedParagraph? {
        guard paragraphAttributes == self.paragraphAttributes else { return nil }
        // The bidi index moves to the result (this paragraph is replaced by
        // it): a copy would cost O(brackets) a keystroke.
        var bidi = self.bidi
        self.bidi = nil
        let bidiEdit = bidi?.edit(old, becoming: new, in: ParagraphText(text: text, start: start, length: length))
        if bidiEdit == .reassess { return nil }
        let delta = new.count - old.count
        // Lines whose ends were decided before the edit stay; the grapheme
        // before it may take in what was typed (a combining mark), so it counts as edited.
        let from = firstLine(reachingPast: graphemeStart(before: old.lowerBound))
        let edited = WrappedParagraph(moving: self, to: text, start: start, length: length, paragraph: paragraph,
                                      lineStarts: [], graphemesBefore: [], reach: [], bidi: bidi,
                                      hasImages: hasImages || Self.hasImages(in: text, start + new.lowerBound ..< start + new.upperBound))
        // Stop at a new line start past the edit that is an old one, moved:
        // from there on the text, so the lines, are the old ones. Not at the
        // edit's end: whether the grapheme there starts an image's text
        // (and has a marker) depends on what precedes it.
        var resumed: (old: Int, graphemeShift: Int)?
        // Typing meets the old lines within a few: a small window first.
        guard let lines = edited.wrap(from: lineStarts[from], graphemes: graphemesBefore[from],
                                      checking: bidi == nil ? new : nil,
                                      firstWindow: min(limits.windowBytes, max(1024, 4 * new.count)),
                                      stop: { start, graphemes in
            guard start > new.upperBound, let index = self.index(ofLineStart: start - delta) else { return false }
            resumed = (index, graphemes - self.graphemesBefore[index])
            return true
        }) else { return nil }
        var starts = Array(lineStarts[..<from]) + lines.starts
        var graphemes = Array(graphemesBefore[..<from]) + lines.graphemes
        var reached = Array(reach[..<from]) + Self.runningMaximum(lines.reach, after: from > 0 ? reach[from - 1] : 0)
        if let resumed {
            starts += lineStarts[resumed.old...].map { $0 + delta }
            graphemes += graphemesBefore[resumed.old...].map { $0 + resumed.graphemeShift }
            // Old maxima moved with the text can only be later than the new ones: safe.
            let before = reached.last ?? 0
            reached += reach[resumed.old...].map { max(before, $0 + delta) }
        }
        edited.lineStarts = starts
        edited.graphemesBefore = graphemes
        edited.reach = reached
        // Lines before the edit are drawn as they were; with bidi, those
        // resolved in a window that ends before the edit, and only when the
        // pairs of brackets are the same (a bracket typed far after its
        // partner changes the partner's line).
        for (number, line) in built where number < from {
            if bidiEdit == nil {
                edited.built[number] = line
            } else if bidiEdit == .samePairs, let end = builtWindowEnds[number], end < old.lowerBound {
                edited.built[number] = line
                edited.builtWindowEnds[number] = end
            }
        }
        return edited
    }

    // MARK: Lines

    /// The line that holds byte `offset` of the paragraph (the last one for its end).
    func line(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }

    /// The first line whose end was decided reading past byte `offset`.
    private func firstLine(reachingPast offset: Int) -> Int {
        var low = 0
        var high = reach.count - 1
        while low < high {
            let middle = (low + high) / 2
            if reach[middle] > offset { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Where the grapheme before byte `offset` starts (in the text as wrapped).
    private func graphemeStart(before offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        let boundary = text.graphemeBounds(containingUTF8Offset: start + offset).lowerBound
        guard boundary > start else { return 0 }
        return max(0, text.graphemeBounds(containingUTF8Offset: boundary - 1).lowerBound - start)
    }

    static func runningMaximum(_ values: [Int], after initial: Int) -> [Int] {
        var maximum = initial
        return values.map { value in
            maximum = max(maximum, value)
            return maximum
        }
    }

    private func index(ofLineStart offset: Int) -> Int? {
        let line = line(containing: offset)
        return lineStarts[line] == offset ? line : nil
    }

    /// Line `number`, with its cells, laid out alone as its paragraph would lay it out.
    func line(_ number: Int) -> LineFragment {
        if let line = built[number] { return line }
        let lower = lineStarts[number]
        let upper = number + 1 < lineStarts.count ? lineStarts[number + 1] : length
        var line: LineFragment
        var windowEnd: Int?
        if let bidi, let window = bidi.window(around: lower ..< upper, in: paragraphText,
                                              limit: bidi.reach) {
            windowEnd = window.upperBound
            line = ParagraphLayout.line(
                inWindow: source(of: start + window.lowerBound ..< start + window.upperBound),
                line: lower - window.lowerBound ..< upper - window.lowerBound, number: number,
                isLast: number == lineStarts.count - 1, decoration: decoration, paragraph: paragraph,
                documentOffset: start + window.lowerBound, configuration: configuration)
        } else if bidi != nil {
            // A window too long to be worth it: the paragraph laid out whole
            // (as a short one is), kept until the next edit.
            let whole = wholeLayout ?? ParagraphLayout(source(of: start ..< start + length), paragraph: paragraph,
                                                       documentOffset: start, configuration: configuration)
            wholeLayout = whole
            line = whole.lines[min(number, whole.lines.count - 1)]
        } else {
            let source = self.source(of: start + lower ..< start + upper)
            let alone = ParagraphLayout(source, paragraph: paragraph, documentOffset: start + lower, configuration: configuration)
            line = alone.lines[0]
            line.lineInParagraph = number
            line.isLastInParagraph = number == lineStarts.count - 1
            if let decoration {
                line.decoration = decoration.text(forLine: number)
            }
        }
        if built.count >= Self.keptLines {
            built = built.filter { abs($0.key - number) < Self.keptLines / 4 }
            builtWindowEnds = builtWindowEnds.filter { built[$0.key] != nil }
        }
        built[number] = line
        builtWindowEnds[number] = windowEnd
        return line
    }

    /// A line's text as a paragraph of its own, with the whole paragraph's attributes.
    private func source(of range: Range<Int>) -> ParagraphLayout.Source {
        let lower = text.utf8.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.utf8.index(lower, offsetBy: range.count)
        var runs: [(start: Int, attributes: AttributeContainer)] = []
        var marked: Set<Int> = []
        var offset = 0
        var previousImage = hasImages ? imageBefore(lower) : nil
        for run in text[lower ..< upper].runs {
            let image = run.attributes.image
            if image != nil, image != previousImage { marked.insert(runs.count) }
            previousImage = image
            runs.append((offset, run.attributes))
            offset += text.utf8.distance(from: run.range.lowerBound, to: run.range.upperBound)
        }
        return ParagraphLayout.Source(
            text: String(text.characters[lower ..< upper]), runs: runs, direction: bidi?.direction ?? .leftToRight,
            alignment: paragraphAttributes[AlignmentAttribute.self],
            headingLevel: paragraphAttributes[HeadingLevelAttribute.self],
            paragraphAttributes: paragraphAttributes, markedRuns: marked)
    }

    // MARK: Wrapping

    /// Wraps from line start `from` (with `graphemes` before it) to the end,
    /// or until `stop` accepts a line start (and the graphemes before it),
    /// which is then left out. Nil when the text in `checking` needs bidi.
    private func wrap(from: Int, graphemes: Int, checking: Range<Int>?, firstWindow: Int? = nil,
                      stop: (Int, Int) -> Bool) -> (starts: [Int], graphemes: [Int], reach: [Int])? {
        var starts = [from]
        var counts = [graphemes]
        var reached: [Int] = []
        var lineStart = from
        var before = graphemes
        var window = firstWindow ?? limits.windowBytes
        let paragraphStart = text.utf8.index(text.startIndex, offsetBy: start)
        let wrapWidth = configuration.wrapWidth.map { max(1, $0 - (decoration?.width ?? 0)) }
        while lineStart < length {
            let lower = text.utf8.index(paragraphStart, offsetBy: lineStart)
            let upper = text.utf8.index(lower, offsetBy: min(length, lineStart + window) - lineStart)
            let string = String(text.characters[lower ..< upper])
            let reachesEnd = lineStart + string.utf8.count == length
            if let checking, Self.needsBidi(string, at: lineStart, checking: checking) { return nil }
            var shaped: [WrapGrapheme]
            if bidi != nil, Self.hasArabicLetter(string) {
                guard let graphemes = shapedGraphemes(string, at: lineStart, markedStarts: markedStarts(lower ..< upper))
                else { return nil }
                shaped = graphemes
            } else {
                shaped = WrapGrapheme.graphemes(of: string, markedStarts: markedStarts(lower ..< upper))
            }
            // Past the window the last grapheme may go on (a mark after it), and the last line surely does.
            if !reachesEnd, shaped.count > 1 { shaped.removeLast() }
            var lines = LineBreaker.decidedLines(&shaped, width: wrapWidth, tabWidth: configuration.tabWidth)
            lines.removeLast()
            if lines.isEmpty, !reachesEnd {
                window *= 2 // a line longer than the window
                continue
            }
            var ends = [0]
            ends.reserveCapacity(shaped.count + 1)
            for grapheme in shaped { ends.append(ends[ends.count - 1] + grapheme.length) }
            var offset = lineStart
            for line in lines {
                reached.append(lineStart + ends[line.decidedBy + 1])
                offset = lineStart + ends[line.range.upperBound]
                before += line.range.count
                if stop(offset, before) { return (starts, counts, reached) }
                starts.append(offset)
                counts.append(before)
            }
            if reachesEnd { break }
            lineStart = offset
            window = limits.windowBytes
        }
        reached.append(length) // the last line reads to the end
        return (starts, counts, reached)
    }

    /// Whether the part of `string` (which starts at byte `start` of the
    /// paragraph) inside `checking` needs bidi.
    private static func needsBidi(_ string: String, at start: Int, checking: Range<Int>) -> Bool {
        let utf8 = string.utf8
        let lower = min(utf8.count, max(0, checking.lowerBound - start))
        let upper = min(utf8.count, max(0, checking.upperBound - start))
        guard lower < upper else { return false }
        let slice = string[utf8.index(utf8.startIndex, offsetBy: lower) ..< utf8.index(utf8.startIndex, offsetBy: upper)]
        return !WrapGrapheme.isPlainLeftToRight(slice)
    }

    /// Whether shaping may change cells in `string`: it has an Arabic letter.
    private static func hasArabicLetter(_ string: String) -> Bool {
        string.unicodeScalars.contains { $0.value >= 0x600 && roux_fribidi_is_arabic_letter($0.value) != 0 }
    }

    /// The graphemes of `string` (the paragraph's text from byte `offset`,
    /// whole graphemes) with their shaped cells, resolved in a window around
    /// them. Nil when the window would be too long: the paragraph is then laid out whole.
    private func shapedGraphemes(_ string: String, at offset: Int, markedStarts: [Int]) -> [WrapGrapheme]? {
        guard let bidi else { preconditionFailure("shaping is only needed with bidi") }
        let paragraphText = paragraphText
        guard let window = bidi.window(around: offset ..< offset + string.utf8.count, in: paragraphText, limit: bidi.reach)
        else { return nil }
        let text = paragraphText.string(window)
        let scalars = text.unicodeScalars.map(\.value)
        let shaped = BidiParagraph(scalars: scalars, direction: bidi.direction).shapedScalars()
        let before = text.utf8.index(text.utf8.startIndex, offsetBy: offset - window.lowerBound)
        let first = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: before)
        return WrapGrapheme.shapedGraphemes(of: string, markedStarts: markedStarts,
                                            original: scalars[first...], shaped: shaped[first...])
    }

    /// Where images' texts start in a window, as `ParagraphShaper` marks them.
    private func markedStarts(_ range: Range<AttributedString.Index>) -> [Int] {
        guard hasImages else { return [] }
        var starts: [Int] = []
        var previous = imageBefore(range.lowerBound)
        for (image, runRange) in text[range].runs[\.image] {
            if let image, image != previous {
                starts.append(text.utf8.distance(from: range.lowerBound, to: runRange.lowerBound))
            }
            previous = image
        }
        return starts
    }

    /// The image whose text goes on at `index` from before it: none at the
    /// paragraph's start, where each paragraph's image text gets a marker.
    private func imageBefore(_ index: AttributedString.Index) -> String? {
        guard text.utf8.distance(from: text.startIndex, to: index) > start else { return nil }
        return text.runs[text.utf8.index(before: index)].attributes.image
    }
}
