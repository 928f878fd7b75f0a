import Foundation

extension AttributedString {
    /// A copy with `attributes` merged onto every range (sorted, disjoint
    /// UTF-8 offsets), built in `pieces` pieces on all cores.
    ///
    /// Foundation's cost to set an attribute range grows with the text, less in
    /// a small one, and a mark touches no character: the text is cut between
    /// ranges (slicing and appending share the rope's storage: cheap even for
    /// 5 MB), each piece is marked on its own thread with storage of its own
    /// (no reference counts shared between threads), and the pieces joined.
    /// Foundation keeps a run that a cut split whole when the pieces join,
    /// ingredient marks included (appending is not a change to their text).
    func mergingAttributes(_ attributes: AttributeContainer, atSortedUTF8Offsets offsets: [Range<Int>],
                           pieces: Int) -> AttributedString {
        // Cut at the start of every (count / pieces)-th range, on a character
        // boundary, never inside the range before.
        var cuts: [Int] = [0]
        var firstRange: [Int] = [0]
        for piece in 1 ..< max(1, pieces) {
            let rangeNumber = offsets.count * piece / pieces
            guard rangeNumber > firstRange.last!, rangeNumber < offsets.count else { continue }
            let cut = utf8Offset(of: characterIndex(atUTF8Offset: offsets[rangeNumber].lowerBound))
            guard cut >= offsets[rangeNumber - 1].upperBound, cut > cuts.last! else { continue }
            cuts.append(cut)
            firstRange.append(rangeNumber)
        }
        cuts.append(utf8.count)
        firstRange.append(offsets.count)
        let count = cuts.count - 1
        let (pieceStarts, pieceRanges) = (cuts, firstRange)
        var parts = [AttributedString?](repeating: nil, count: count)
        var lower = startIndex
        for piece in 0 ..< count {
            let upper = utf8.index(lower, offsetBy: cuts[piece + 1] - cuts[piece])
            parts[piece] = AttributedString(self[lower ..< upper])
            lower = upper
        }
        parts.withUnsafeMutableBufferPointer { slots in
            // Each iteration changes only its own piece.
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: count) { piece in
                guard var part = slots[piece] else { return }
                slots[piece] = nil
                let shift = pieceStarts[piece]
                let local = offsets[pieceRanges[piece] ..< pieceRanges[piece + 1]].map {
                    $0.lowerBound - shift ..< $0.upperBound - shift
                }
                if !local.isEmpty {
                    part[RangeSet(part.characterRanges(atSortedUTF8Offsets: local))].mergeAttributes(attributes)
                }
                slots[piece] = part
            }
        }
        var joined = AttributedString()
        for index in parts.indices {
            guard let part = parts[index] else { continue }
            parts[index] = nil
            joined.append(part)
        }
        return joined
    }
}
