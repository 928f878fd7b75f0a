public import Foundation

/// Attributes merged onto many ranges a part at a time, for an editor to do
/// between keystrokes (marking the 150,000 occurrences of a word in a large
/// book): the parts are merged into a copy of the text, so the document is
/// untouched until `RichTextDocument.finish(_:)` makes the whole merge one
/// edit and one undo step. Dropping a merge cancels it with nothing half done.
public struct AttributeMerge: Sendable {
    /// The document version the merge was made from; it finishes only on that one.
    public let version: Int
    /// Sorted, disjoint UTF-8 ranges.
    let ranges: [Range<Int>]
    /// The attributes as the definition allows them.
    let attributes: AttributeContainer
    /// Whether merging them could break a constraint (then it is enforced around the ranges).
    let needsCheck: Bool
    let definition: FormattingDefinition
    /// The text with the parts merged so far.
    private(set) var text: AttributedString
    /// Where the definition rewrote runs around the parts merged (UTF-8 ranges).
    private(set) var rewritten: [Range<Int>] = []
    /// Each run's attributes with the merged ones, made once for all parts:
    /// the marks of every part share them.
    private var merges: [AttributeContainer: AttributeContainer] = [:]
    /// How many ranges are merged.
    public private(set) var merged = 0

    public var count: Int { ranges.count }
    public var isComplete: Bool { merged == ranges.count }

    init(version: Int, ranges: [Range<Int>], attributes: AttributeContainer, needsCheck: Bool, definition: FormattingDefinition,
         text: AttributedString) {
        self.version = version
        self.definition = definition
        self.ranges = ranges
        self.attributes = attributes
        self.needsCheck = needsCheck
        self.text = text
    }

    /// Merges the attributes onto the next `count` ranges (at least one).
    public mutating func mergeNext(_ count: Int) {
        let upper = min(ranges.count, merged + max(1, count))
        guard merged < upper else { return }
        let part = ranges[merged ..< upper]
        text.mergeSharingStorage(attributes, atSortedUTF8Offsets: part, merges: &merges)
        // The definition is enforced around each part as it is merged, so
        // finishing is only swapping the texts.
        if needsCheck { rewritten += definition.enforce(on: &text, around: text.characterRanges(atSortedUTF8Offsets: Array(part))) }
        if let first = part.first, let last = part.last { text.packRuns(inUTF8: first.lowerBound ..< last.upperBound) }
        merged = upper
    }

    /// Merges the rest at once.
    public mutating func mergeAll() {
        mergeNext(ranges.count - merged)
    }
}

extension AttributedString {
    /// Merges `attributes` onto every range (sorted, disjoint UTF-8 offsets)
    /// so that ranges whose runs had equal attributes share one storage.
    ///
    /// Merging gives each run it touches a dictionary of its own: 150,000
    /// marks made so each cost a dictionary, several times what Foundation's
    /// run costs. A range inside one run is *set* to that run's attributes
    /// merged with the new ones (the same attributes, character for
    /// character), and every range whose run had the same attributes is set
    /// to the one container; a range over several runs is merged.
    mutating func mergeSharingStorage(_ attributes: AttributeContainer, atSortedUTF8Offsets offsets: ArraySlice<Range<Int>>,
                                      merges: inout [AttributeContainer: AttributeContainer]) {
        var inRuns: [(range: Range<Index>, attributes: AttributeContainer)] = []
        var spanning: [Range<Index>] = []
        let ranges = characterRanges(atSortedUTF8Offsets: Array(offsets))
        for range in ranges where !range.isEmpty {
            let run = runs[range.lowerBound]
            if run.range.upperBound >= range.upperBound {
                let old = run.attributes
                let new = merges[old] ?? old.merging(attributes)
                merges[old] = new
                inRuns.append((range, new))
            } else {
                spanning.append(range)
            }
        }
        // One range at a time in the order of the text: through a `RangeSet`
        // per container Foundation does more work for the same runs.
        for (range, container) in inRuns { self[range].setAttributes(container) }
        if !spanning.isEmpty { self[RangeSet(spanning)].mergeAttributes(attributes) }
    }
}

extension AttributedString {
    /// The runs of `offsets` (UTF-8) stored again, the same runs, packed.
    ///
    /// Foundation keeps runs in a rope whose full leaves split in two
    /// half-full ones where a run is added: a mark on every line of a text
    /// loaded with full leaves left the marked text's runs taking nearly
    /// twice the memory of the same runs packed (and the undo step keeps the
    /// text before). Replacing a stretch with itself from a copy that shares
    /// its characters changes attributes only, and Foundation builds the
    /// stretch's runs anew, leaf after full leaf. The stretch is whole
    /// paragraphs: Foundation gives the rest of the first and last
    /// paragraphs the paragraph attributes found at the stretch's start.
    mutating func packRuns(inUTF8 offsets: Range<Int>) {
        let lower = characterIndex(atUTF8Offset: offsets.lowerBound)
        let upper = characterIndex(atUTF8Offset: offsets.upperBound)
        guard lower < upper else { return }
        let range = paragraphRange(around: lower).lowerBound ..< paragraphRange(around: characters.index(before: upper)).upperBound
        let copy = self
        replaceSubrange(range, with: copy[range])
    }
}

extension RichTextDocument {
    /// A merge of `attributes` onto `offsets` (UTF-8 ranges) to be done in
    /// parts; nil when there is nothing to merge.
    public func attributeMerge(_ attributes: AttributeContainer, toUTF8Offsets offsets: [Range<Int>]) -> AttributeMerge? {
        let sorted = Self.union(of: offsets)
        guard !sorted.isEmpty else { return nil }
        let effective = definition.constrained(attributes)
        let mergedKeys = definition.keyNames(in: effective)
        let needsCheck = definition.constraints.contains { !$0.staysSatisfied(afterMerging: mergedKeys) }
        return AttributeMerge(version: version, ranges: sorted, attributes: effective, needsCheck: needsCheck,
                              definition: definition, text: text)
    }

    /// Makes a complete merge one edit (and undo step), as `addAttributes`
    /// would have made it. False, changing nothing, when the text changed
    /// since the merge began or it is not complete.
    @discardableResult
    public mutating func finish(_ merge: AttributeMerge) -> Bool {
        guard merge.version == version, merge.isComplete, let first = merge.ranges.first, let last = merge.ranges.last else {
            return false
        }
        performAttributeOnlyEdit(.other, span: first.lowerBound ..< last.upperBound, constrain: nil, rewritten: merge.rewritten) { _ in
            merge.text
        }
        return true
    }
}
