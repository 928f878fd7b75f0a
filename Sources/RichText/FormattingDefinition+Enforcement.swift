import Foundation

extension FormattingDefinition {
    /// Rewrites every run in `spans` whose attributes the definition would
    /// change; returns the UTF-8 ranges it rewrote.
    @discardableResult
    func enforce(on text: inout AttributedString, in spans: [Range<AttributedString.Index>]) -> [Range<Int>] {
        let spans = spans.filter { !$0.isEmpty }
        guard !spans.isEmpty else { return [] }
        // Collect first, mutate after: a mutation invalidates the indices being
        // iterated. One `Runs` view over all spans (building a view costs more
        // than walking a run), and the verdict is memoised per distinct set of
        // attributes: a document has few of those and many runs.
        var verdicts: [AttributeContainer: AttributeContainer?] = [:]
        var fixes: [AttributeContainer: [Range<Int>]] = [:]
        for run in text[RangeSet(spans)].runs {
            let attributes = run.attributes
            let fix: AttributeContainer?
            if let known = verdicts[attributes] {
                fix = known
            } else {
                let wanted = constrained(attributes)
                fix = wanted == attributes ? nil : wanted
                verdicts[attributes] = fix
            }
            if let fix {
                fixes[fix, default: []].append(text.utf8Offsets(of: run.range))
            }
        }
        for (attributes, offsets) in fixes {
            let ranges = text.characterRanges(atSortedUTF8Offsets: offsets.sorted { $0.lowerBound < $1.lowerBound })
            text[RangeSet(ranges)].setAttributes(attributes)
        }
        return fixes.values.flatMap { $0 }
    }

    /// Enforces over the whole runs that touch each of `ranges`, including the
    /// run just before an empty range: editing inside an ingredient removes the
    /// mark from the whole run (Foundation's invalidation), and the colour the
    /// constraint derived from it must go from that whole run too.
    /// Returns the UTF-8 ranges it rewrote.
    @discardableResult
    func enforce(on text: inout AttributedString, around ranges: [Range<AttributedString.Index>]) -> [Range<Int>] {
        guard !text.characters.isEmpty else { return [] }
        return enforce(on: &text, in: Self.spansOfRuns(in: text, touching: ranges))
    }

    /// The whole runs touching each range, merged. A separate function so the
    /// `Runs` view is gone before the text is mutated: a live view holds the
    /// storage, and mutating shared storage copies it without Foundation's
    /// tracked ranges, which breaks `transform(updating:)`.
    private static func spansOfRuns(
        in text: AttributedString, touching ranges: [Range<AttributedString.Index>]
    ) -> [Range<AttributedString.Index>] {
        let runs = text.runs
        var spans: [Range<AttributedString.Index>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let lower = range.lowerBound > text.startIndex
                ? runs[text.characters.index(before: range.lowerBound)].range.lowerBound
                : text.startIndex
            let upper = range.upperBound < text.endIndex ? runs[range.upperBound].range.upperBound : text.endIndex
            if let last = spans.last, lower <= last.upperBound {
                spans[spans.count - 1] = last.lowerBound ..< max(last.upperBound, upper)
            } else {
                spans.append(lower ..< upper)
            }
        }
        return spans
    }
}
