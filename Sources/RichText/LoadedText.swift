public import Foundation

/// A piece of a document read from a file, built under a definition: plain
/// text plus attribute spans (UTF-8 ranges per set of attributes) made into
/// an `AttributedString` whose attributes already satisfy the definition.
///
/// A file is read in pieces of whole paragraphs that are built on several
/// threads at once and joined in order (`RichTextDocument.loading`): setting
/// one attribute range is costly in Foundation, more so in a large text than in a
/// small one, and two cores build two pieces at a time.
struct LoadedText: Sendable {
    let text: AttributedString

    /// Each set of attributes is constrained once and applied over all its
    /// ranges; the full pass over the text runs only when applying one could
    /// break a constraint.
    ///
    /// A set whose ranges no other set's touch is *set* rather than merged:
    /// setting gives every run the one storage of the set, merging gives each
    /// run a dictionary of its own (opening a 50 MB recipe book with 150,000
    /// marks peaked far higher merged than set). Overlapping sets (a
    /// heading's line over its bold words) and paragraph attributes are
    /// merged afterwards.
    init(text plain: String, attributeSpans: [AttributeContainer: [Range<Int>]], definition: FormattingDefinition) {
        var attributed = AttributedString(plain)
        var provedSatisfied = true
        let sets = attributeSpans.map { (attributes: definition.constrained($0.key), ranges: $0.value.mergedRanges()) }
            .filter { !$0.ranges.isEmpty }
        // Merged: sets that overlap others, and paragraph attributes (setting
        // another set in their paragraph would take them off all of it).
        var merged = Self.setsOverlappingOthers(sets.map(\.ranges))
        for (number, set) in sets.enumerated() where definition.hasParagraphBoundKey(set.attributes) { merged.insert(number) }
        // The sets that are set go first, every range in the order of the
        // text, one at a time: through a `RangeSet` Foundation does more
        // work for the same runs (`make bench`, dense marks).
        var setRanges: [(range: Range<Int>, attributes: AttributeContainer)] = []
        for (number, set) in sets.enumerated() {
            let keys = definition.keyNames(in: set.attributes)
            if definition.constraints.contains(where: { !$0.staysSatisfied(afterMerging: keys) }) { provedSatisfied = false }
            if !merged.contains(number) { setRanges += set.ranges.map { ($0, set.attributes) } }
        }
        setRanges.sort { $0.range.lowerBound < $1.range.lowerBound }
        for (number, range) in attributed.characterRanges(atSortedUTF8Offsets: setRanges.map(\.range)).enumerated() {
            attributed[range].setAttributes(setRanges[number].attributes)
        }
        for (number, set) in sets.enumerated() where merged.contains(number) {
            attributed[RangeSet(attributed.characterRanges(atSortedUTF8Offsets: set.ranges))].mergeAttributes(set.attributes)
        }
        if !provedSatisfied {
            definition.enforce(on: &attributed, in: [attributed.startIndex ..< attributed.endIndex])
        }
        text = attributed
    }

    /// The numbers of the sets (each sorted, merged ranges) with a range that
    /// overlaps a range of another set.
    static func setsOverlappingOthers(_ sets: [[Range<Int>]]) -> Set<Int> {
        let all = sets.enumerated().flatMap { number, ranges in ranges.map { (range: $0, set: number) } }
            .sorted { $0.range.lowerBound < $1.range.lowerBound }
        var result: Set<Int> = []
        // The range reaching furthest so far, and its set.
        var reach: (end: Int, set: Int)?
        for item in all {
            if let current = reach, item.range.lowerBound < current.end, current.set != item.set {
                result.insert(current.set)
                result.insert(item.set)
            }
            if reach.map({ item.range.upperBound > $0.end }) ?? true { reach = (item.range.upperBound, item.set) }
        }
        return result
    }
}

/// What a loader makes of one piece of a file: its text without markup, its
/// attribute spans, and whatever else the loader learns (errors, names).
public struct ParsedPiece<Findings: Sendable>: Sendable {
    public var text: String
    public var attributeSpans: [AttributeContainer: [Range<Int>]]
    public var findings: Findings

    public init(text: String, attributeSpans: [AttributeContainer: [Range<Int>]], findings: Findings) {
        self.text = text
        self.attributeSpans = attributeSpans
        self.findings = findings
    }
}

extension RichTextDocument {
    /// Builds a document from plain text and attribute spans, as a file
    /// loader produces them. A large text is cut into pieces of whole
    /// paragraphs (a span across a cut is cut too) built on all cores.
    public init(text: String, attributeSpans: [AttributeContainer: [Range<Int>]], definition: FormattingDefinition,
                pieceBytes: Int = 64 << 10) {
        let pieces = Substring(text).piecesOfWholeLines(about: pieceBytes)
        guard pieces.count > 1 else {
            self.init(trustedText: LoadedText(text: text, attributeSpans: attributeSpans, definition: definition).text, definition: definition)
            return
        }
        let cuts = [0] + pieces.map { text.utf8.distance(from: text.startIndex, to: $0.endIndex) }
        // Each piece's spans, in its own offsets.
        var pieceSpans = [[AttributeContainer: [Range<Int>]]](repeating: [:], count: cuts.count - 1)
        for (attributes, ranges) in attributeSpans {
            var piece = 0
            for range in ranges.mergedRanges() {
                while piece + 2 < cuts.count, cuts[piece + 1] <= range.lowerBound { piece += 1 }
                var part = piece
                while part < cuts.count - 1, cuts[part] < range.upperBound {
                    let clipped = max(range.lowerBound, cuts[part]) ..< min(range.upperBound, cuts[part + 1])
                    if !clipped.isEmpty {
                        pieceSpans[part][attributes, default: []].append(clipped.lowerBound - cuts[part] ..< clipped.upperBound - cuts[part])
                    }
                    part += 1
                }
            }
        }
        let texts = pieces.map(String.init)
        let spans = pieceSpans
        self = Self.loading(pieces: texts.count, definition: definition) { number in
            ParsedPiece(text: texts[number], attributeSpans: spans[number], findings: ())
        }.document
    }

    /// Loads a document from `count` pieces of whole paragraphs, in order:
    /// `parse(i)` reads piece `i` (each piece but the last ends with its
    /// newline). Pieces are parsed and built on all cores and joined; what
    /// each parse found is returned in order. Constraints hold within each
    /// piece and look at one run at a time, so the joined text needs no
    /// second pass; Foundation's append mends paragraph attributes at joins.
    public static func loading<Findings: Sendable>(
        pieces count: Int, definition: FormattingDefinition,
        parse: @Sendable (Int) -> ParsedPiece<Findings>
    ) -> (document: RichTextDocument, findings: [Findings]) {
        var built = [(LoadedText, Findings)?](repeating: nil, count: count)
        built.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes only its own slot.
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: count) { index in
                let piece = parse(index)
                slots[index] = (LoadedText(text: piece.text, attributeSpans: piece.attributeSpans, definition: definition), piece.findings)
            }
        }
        var joined = AttributedString()
        var findings: [Findings] = []
        findings.reserveCapacity(count)
        for index in built.indices {
            guard let (piece, found) = built[index] else { continue }
            // Each piece goes as soon as it is joined: never two copies of the text.
            built[index] = nil
            joined.append(piece.text)
            findings.append(found)
        }
        return (RichTextDocument(trustedText: joined, definition: definition), findings)
    }
}
