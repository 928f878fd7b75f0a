public import Foundation

/// UTF-8 offsets are the one position that survives a mutation and a copy of
/// the text; `AttributedString.Index` does not. Converting costs O(log n)
/// (cheap even in a large text), unlike character offsets, which are O(n).
extension AttributedString {
    public func utf8Offset(of index: Index) -> Int {
        utf8.distance(from: startIndex, to: index)
    }

    /// The index at a UTF-8 offset, clamped to the text and rounded down to a
    /// character boundary, so it can never split a grapheme.
    public func characterIndex(atUTF8Offset offset: Int) -> Index {
        let clamped = Swift.max(0, Swift.min(offset, utf8.count))
        return characterBoundary(atOrBefore: utf8.index(startIndex, offsetBy: clamped))
    }

    /// The start of the character containing `index` (or `index` itself on a
    /// boundary), found by Swift's grapheme breaking (`graphemeBounds`):
    /// `characters` can misplace a boundary where a grapheme crosses a chunk
    /// of the rope.
    public func characterBoundary(atOrBefore index: Index) -> Index {
        guard index < endIndex else { return endIndex }
        guard index > startIndex else { return startIndex }
        // The common case, read from two bytes: printable ASCII after ASCII
        // other than a carriage return starts a grapheme whatever came before.
        let byte = utf8[index]
        if byte >= 0x20, byte < 0x7F {
            let before = utf8[utf8.index(before: index)]
            if before < 0x80, before != 0x0D { return index }
        }
        let offset = utf8Offset(of: index)
        let start = graphemeBounds(containingUTF8Offset: offset).lowerBound
        return start == offset ? index : utf8.index(index, offsetBy: start - offset)
    }

    public func utf8Offsets(of range: Range<Index>) -> Range<Int> {
        let lower = utf8Offset(of: range.lowerBound)
        return lower ..< lower + utf8.distance(from: range.lowerBound, to: range.upperBound)
    }

    public func characterRange(atUTF8Offsets offsets: Range<Int>) -> Range<Index> {
        let lower = characterIndex(atUTF8Offset: offsets.lowerBound)
        let upper = characterIndex(atUTF8Offset: offsets.upperBound)
        return lower ..< Swift.max(lower, upper)
    }

    /// Indices for many sorted offset ranges, walking forward from the previous
    /// one instead of from the start each time (each walk is then short).
    public func characterRanges(atSortedUTF8Offsets offsets: [Range<Int>]) -> [Range<Index>] {
        var result: [Range<Index>] = []
        result.reserveCapacity(offsets.count)
        var previous = startIndex
        var previousOffset = 0
        for range in offsets {
            let lower = utf8.index(previous, offsetBy: range.lowerBound - previousOffset)
            let upper = utf8.index(lower, offsetBy: range.count)
            result.append(lower ..< upper)
            previous = lower
            previousOffset = range.lowerBound
        }
        return result
    }
}
