public import Foundation
public import RichText

/// Lays out a document for a pane, a paragraph at a time and only where asked:
/// TextKit's viewport idea. Layouts are cached per paragraph; a change
/// re-lays only the paragraphs it touched, and the paragraph index is updated,
/// not rebuilt, so a keystroke costs O(log n + the paragraphs on screen).
///
/// Offsets are UTF-8 offsets into the document; `LinePosition` names a visual
/// line; columns are terminal cells from the pane's left edge.
public final class TextLayoutManager {
    public private(set) var text: AttributedString
    public private(set) var configuration: LayoutConfiguration
    public private(set) var paragraphs: ParagraphIndex
    /// Paragraphs laid out since creation: what a test counts to prove that
    /// an edit re-lays only what it touched.
    public private(set) var layoutCount = 0

    /// Cached layouts with the paragraph start they were made at; a paragraph
    /// moved by an edit before it is translated when next asked for.
    var cache: [Int: ParagraphLayout] = [:]
    /// The attributes of the empty last paragraph, which has no character
    /// to hold them: what text typed there would take (an item Enter began).
    public private(set) var finalParagraphAttributes = AttributeContainer()
    /// Text shown in place of the document's (`DisplaySubstitution`), by
    /// document offset, in order.
    public private(set) var substitutions: [DisplaySubstitution] = []
    /// How many rows the view draws under a paragraph for each of its
    /// images (`TextAttachment`), and what the answers depend on.
    var attachmentRows: TextAttachment.Rows?
    var attachmentState: AnyHashable?
    /// Headings whose sections are hidden.
    public internal(set) var collapsedHeadings: Set<Int> = []
    var sectionEnds: [Int: Int] = [:]
    static let cacheLimit = 2048
    /// Which paragraphs are long enough to be wrapped in pieces (`WrappedParagraph`).
    public let longParagraphs: WrappedParagraph.Limits

    public init(text: AttributedString, configuration: LayoutConfiguration, paragraphs: ParagraphIndex? = nil,
                longParagraphs: WrappedParagraph.Limits = WrappedParagraph.Limits()) {
        self.text = text
        self.configuration = configuration
        self.longParagraphs = longParagraphs
        self.paragraphs = paragraphs ?? ParagraphIndex(text: String(text.characters[...]))
    }

    public func setConfiguration(_ newConfiguration: LayoutConfiguration) {
        guard newConfiguration != configuration else { return }
        configuration = newConfiguration
        cache.removeAll()
    }

    // MARK: Following the document

    /// Shows `substitutions` (document offsets, not overlapping) in place of
    /// the text they cover. A paragraph whose own ones change is laid out
    /// again when next asked for; the others keep their layouts.
    public func setSubstitutions(_ newSubstitutions: [DisplaySubstitution]) {
        substitutions = newSubstitutions.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The substitutions inside `range` (a paragraph's), in its offsets.
    func substitutions(in range: Range<Int>) -> [DisplaySubstitution] {
        guard !substitutions.isEmpty else { return [] }
        // The first ending after the paragraph's start, found by halving.
        var low = 0
        var high = substitutions.count
        while low < high {
            let middle = (low + high) / 2
            if substitutions[middle].range.upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var found: [DisplaySubstitution] = []
        for substitution in substitutions[low...] {
            guard substitution.range.lowerBound < range.upperBound else { break }
            guard range.contains(substitution.range.lowerBound), substitution.range.upperBound <= range.upperBound else { continue }
            found.append(DisplaySubstitution(range: substitution.range.lowerBound - range.lowerBound
                                                 ..< substitution.range.upperBound - range.lowerBound, text: substitution.text))
        }
        return found
    }

    /// Sets what the empty last paragraph shows (its list marker, …).
    public func setFinalParagraphAttributes(_ attributes: AttributeContainer) {
        guard attributes != finalParagraphAttributes else { return }
        finalParagraphAttributes = attributes
        cache[paragraphs.count - 1] = nil
    }

    /// Takes the text after a mutation described by `change`; nil means
    /// anything may have changed and everything is rebuilt.
    public func apply(_ newText: AttributedString, change: TextChange?) {
        defer { text = newText }
        guard let change, change.oldLength == paragraphs.utf8Count, change.newLength == newText.utf8.count else {
            paragraphs = ParagraphIndex(text: String(newText.characters[...]))
            cache.removeAll()
            collapsedHeadings.removeAll()
            sectionEnds.removeAll()
            return
        }
        if change.oldRange.isEmpty, change.newRange.isEmpty { return }
        let first = paragraphs.paragraph(containing: change.prefix)
        let last = paragraphs.paragraph(containing: change.oldRange.upperBound)
        let oldEnd = last.start + paragraphs.length(ofParagraph: last.index)
        let newEnd = oldEnd + change.newLength - change.oldLength
        let lengths = Self.paragraphLengths(in: newText, from: first.start, to: newEnd, changed: change.newRange,
                                            isLast: last.index == paragraphs.count - 1)
        paragraphs.replace(first.index ..< last.index + 1, with: lengths)

        let shift = lengths.count - (last.index - first.index + 1)
        if shift == 0, first.index == last.index, let wrapped = cache[first.index]?.lines.wrapped, wrapped.start == first.start,
           let edited = edited(wrapped, by: change, in: newText) {
            // Typing in a long paragraph: only the lines about the edit are wrapped again.
            layoutCount += 1
            var layout = ParagraphLayout(edited)
            layout.generation = layoutCount
            cache[first.index] = layout
        } else if shift == 0 {
            // Typing within a paragraph: no renumbering, only its layout goes.
            for index in first.index ... last.index { cache[index] = nil }
        } else {
            cache = Self.renumbered(cache, removing: first.index ... last.index, shift: shift)
        }
        collapsedHeadings = Set(collapsedHeadings.compactMap { heading in
            heading < first.index ? heading : (heading > last.index ? heading + shift : nil)
        })
        sectionEnds.removeAll()
    }

    /// Takes the text after an edit that changed attributes only, in
    /// `range` (UTF-8 offsets, the same in both texts): marking every
    /// occurrence of a word, or undoing that. No paragraph moves or changes
    /// length, so the paragraph index stands (reading the whole range for
    /// its line ends cost more than the rest of such an undo); the layouts
    /// of the paragraphs in it go.
    public func applyAttributes(_ newText: AttributedString, changedIn range: Range<Int>) {
        precondition(newText.utf8.count == paragraphs.utf8Count, "an attribute-only change changed the text's length")
        text = newText
        guard !range.isEmpty || range.lowerBound < paragraphs.utf8Count else { return }
        let first = paragraphs.paragraph(containing: range.lowerBound).index
        let last = paragraphs.paragraph(containing: range.upperBound).index
        for index in cache.keys where first <= index && index <= last { cache[index] = nil }
        // Headings are attributes too: where a section ends is worked out again.
        sectionEnds.removeAll()
    }

    /// A wrapped paragraph after `change` inside it, or nil when it is to be laid out anew.
    private func edited(_ wrapped: WrappedParagraph, by change: TextChange, in newText: AttributedString) -> WrappedParagraph? {
        let range = range(ofParagraph: wrapped.paragraph)
        guard range.count >= longParagraphs.minimumLength, range.upperBound >= change.newRange.upperBound else { return nil }
        return wrapped.edited(change.oldRange.lowerBound - range.lowerBound ..< change.oldRange.upperBound - range.lowerBound,
                              becoming: change.newRange.lowerBound - range.lowerBound ..< change.newRange.upperBound - range.lowerBound,
                              in: newText, length: range.count,
                              paragraphAttributes: Self.wholeParagraphAttributes(in: newText, at: range.lowerBound))
    }

    /// The lengths of the paragraphs from `start` (where the paragraph holding
    /// the change starts) to `end` (where the one holding its end ends) in
    /// the new text. Newlines can only be in what the change wrote and at
    /// `end`, so only those bytes are read: typing in a 5 MB paragraph
    /// reads a few bytes, not the paragraph.
    private static func paragraphLengths(in text: AttributedString, from start: Int, to end: Int,
                                         changed: Range<Int>, isLast: Bool) -> [Int] {
        var newlines: [Int] = []
        // Read as Strings of 64 KB, each searched with memchr (one String of a
        // 5 MB paragraph just loaded was 5 MB more at the load's peak). Slicing
        // rounds both ends down to a character boundary, so the pieces meet
        // and each newline (a "\r\n" too) is in exactly one.
        var pieceStart = text.utf8.index(text.startIndex, offsetBy: changed.lowerBound)
        var remaining = changed.count
        while remaining > 0 {
            let count = min(remaining, 64 << 10)
            let pieceEnd = text.utf8.index(pieceStart, offsetBy: count)
            let slice = text.characters[pieceStart ..< pieceEnd]
            let base = text.utf8Offset(of: slice.startIndex)
            var string = String(slice)
            string.withUTF8 { bytes in
                guard let address = bytes.baseAddress else { return }
                var start = 0
                while start < bytes.count, let found = memchr(address + start, 0x0A, bytes.count - start) {
                    let newline = UnsafeRawPointer(address).distance(to: UnsafeRawPointer(found))
                    newlines.append(base + newline)
                    start = newline + 1
                }
            }
            pieceStart = pieceEnd
            remaining -= count
        }
        if !isLast, end - 1 >= changed.upperBound { newlines.append(end - 1) }
        var lengths: [Int] = []
        var paragraphStart = start
        for newline in newlines {
            lengths.append(newline + 1 - paragraphStart)
            paragraphStart = newline + 1
        }
        if isLast || end > paragraphStart || lengths.isEmpty { lengths.append(end - paragraphStart) }
        return lengths
    }

    private static func renumbered(_ cache: [Int: ParagraphLayout], removing removed: ClosedRange<Int>, shift: Int) -> [Int: ParagraphLayout] {
        var result: [Int: ParagraphLayout] = [:]
        for (index, layout) in cache where !removed.contains(index) {
            result[index > removed.upperBound ? index + shift : index] = layout
        }
        return result
    }

    // MARK: Paragraphs

    public var paragraphCount: Int { paragraphs.count }

    /// The paragraph's text, without its newline.
    public func range(ofParagraph index: Int) -> Range<Int> {
        let start = paragraphs.start(ofParagraph: index)
        var length = paragraphs.length(ofParagraph: index)
        if index < paragraphs.count - 1 { length -= 1 }
        return start ..< start + length
    }

    public func paragraph(containing offset: Int) -> Int {
        paragraphs.paragraph(containing: offset).index
    }

    /// The layout of paragraph `index`, from the cache when it is there.
    public func layout(ofParagraph index: Int) -> ParagraphLayout {
        let range = range(ofParagraph: index)
        if let cached = cache[index], cached.lines.wrapped != nil || cached.substitutions == substitutions(in: range) {
            // An edit that joins or splits paragraphs before this one renumbers
            // it without moving it: its lines still carry the old number.
            if cached.range == range, cached.paragraph == index { return cached }
            if cached.range.count == range.count, let wrapped = cached.lines.wrapped {
                var moved = ParagraphLayout(wrapped.moved(to: text, start: range.lowerBound, paragraph: index))
                moved.generation = cached.generation
                cache[index] = moved
                return moved
            }
            if cached.range.count == range.count {
                let moved = cached.translated(by: range.lowerBound - cached.range.lowerBound, paragraph: index)
                cache[index] = moved
                return moved
            }
        }
        var layout = wrappedInPieces(range, paragraph: index).map(ParagraphLayout.init)
            ?? laidOut(source(of: range), paragraph: index, at: range.lowerBound)
        layoutCount += 1
        layout.generation = layoutCount
        if cache.count >= Self.cacheLimit { cache = cache.filter { abs($0.key - index) < Self.cacheLimit / 4 } }
        cache[index] = layout
        return layout
    }

    /// How many lines the paragraph takes. A cached layout whose paragraph
    /// only moved (an edit before it) answers as it is: scrolling past the
    /// paragraphs after a keystroke need not move every one of them.
    public func lineCount(ofParagraph index: Int) -> Int {
        let range = range(ofParagraph: index)
        if let cached = cache[index], cached.range.count == range.count,
           cached.lines.wrapped != nil || cached.substitutions == substitutions(in: range) {
            return cached.lines.count
        }
        return layout(ofParagraph: index).lines.count
    }

    /// A long paragraph wrapped in pieces; nil for the others (`WrappedParagraph.init`).
    private func wrappedInPieces(_ range: Range<Int>, paragraph: Int) -> WrappedParagraph? {
        guard range.count >= longParagraphs.minimumLength else { return nil }
        return WrappedParagraph(text: text, range: range, paragraph: paragraph, configuration: configuration,
                                limits: longParagraphs,
                                paragraphAttributes: Self.wholeParagraphAttributes(in: text, at: range.lowerBound))
    }

    /// What holds for the whole of the (non-empty) paragraph starting at `offset`.
    private static func wholeParagraphAttributes(in text: AttributedString, at offset: Int) -> AttributeContainer {
        let start = text.utf8.index(text.startIndex, offsetBy: offset)
        guard start < text.endIndex else { return AttributeContainer() }
        return WrappedParagraph.paragraphAttributes(of: text.runs[start].attributes)
    }

    /// The paragraph's text and attribute runs, read the fast ways: one
    /// contiguous `String` and the runs of the paragraph's slice.
    private func source(of range: Range<Int>) -> ParagraphLayout.Source {
        let lower = text.utf8.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.utf8.index(lower, offsetBy: range.count)
        let string = String(text.characters[lower ..< upper])
        var runs: [(start: Int, attributes: AttributeContainer)] = []
        var offset = 0
        for run in text[lower ..< upper].runs {
            runs.append((offset, run.attributes))
            offset += text.utf8.distance(from: run.range.lowerBound, to: run.range.upperBound)
        }
        // Paragraph attributes hold for the whole paragraph; an empty one
        // reads its newline's, the empty last one what typing there would give.
        let paragraphAttributes = runs.first?.attributes
            ?? (upper < text.endIndex ? text.runs[upper].attributes : finalParagraphAttributes)
        // An image's text starts after a marker (once, however many runs it spans).
        var marked: Set<Int> = []
        for (index, run) in runs.enumerated() where run.attributes.image != nil {
            if index == 0 || runs[index - 1].attributes.image != run.attributes.image { marked.insert(index) }
        }
        return ParagraphLayout.Source(
            text: string, runs: runs,
            direction: paragraphAttributes[BaseWritingDirectionAttribute.self],
            alignment: paragraphAttributes[AlignmentAttribute.self],
            headingLevel: paragraphAttributes[HeadingLevelAttribute.self],
            paragraphAttributes: paragraphAttributes, markedRuns: marked, substitutions: substitutions(in: range))
    }
}
