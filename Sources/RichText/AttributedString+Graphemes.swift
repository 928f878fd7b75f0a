public import Foundation

/// Grapheme boundaries found by Swift's own grapheme breaking on a short
/// String, not by `AttributedString.characters`.
///
/// Why: the rope under `AttributedString` (swift-collections' `BigString`)
/// can misplace a character boundary where a grapheme crosses one of its
/// chunks after edits (swift-collections PR 485: "sometimes miscounts
/// distances in its character view due to alignment issues"). Here `:` + a
/// combining dagesh typed after it gave `characters.index(before:)` the
/// dagesh alone, while a String of the same text (what layout draws) saw one
/// grapheme. So boundaries are computed from a String that starts at a place
/// where every grapheme breaking rule allows a break whatever came before.
extension AttributedString {
    /// The UTF-8 range of the grapheme holding byte `offset` (an empty range
    /// at the end of the text).
    public func graphemeBounds(containingUTF8Offset offset: Int) -> Range<Int> {
        let count = utf8.count
        guard offset < count else { return count ..< count }
        let offset = Swift.max(0, offset)
        var back = 64
        var forward = 64
        while true {
            let lower = Swift.max(0, offset - back)
            let upper = Swift.min(count, offset + forward)
            let slice = characters[utf8.index(startIndex, offsetBy: lower) ..< utf8.index(startIndex, offsetBy: upper)]
            // Slicing rounds both ends down to a Unicode scalar.
            let base = utf8Offset(of: slice.startIndex)
            let string = String(slice)
            let target = offset - base
            guard let breakable = Self.lastSureBreak(in: string, atOrBefore: target, textStart: base == 0) else {
                if back >= 4 << 10 { return foundationBounds(containingUTF8Offset: offset) }
                back *= 4
                continue
            }
            switch Self.grapheme(in: string, from: breakable, holding: target, endsText: upper == count) {
            case .found(let range):
                return base + range.lowerBound ..< base + range.upperBound
            case .runsPastTheEnd where forward < 4 << 10:
                forward *= 4
            case .runsPastTheEnd:
                return foundationBounds(containingUTF8Offset: offset)
            }
        }
    }

    private enum GraphemeSearch {
        case found(Range<Int>)
        /// The grapheme holding the target ends where the string does, and may go on after it.
        case runsPastTheEnd
    }

    /// The grapheme holding byte `target` of `string`, breaking graphemes from `start` on.
    private static func grapheme(in string: String, from start: Int, holding target: Int, endsText: Bool) -> GraphemeSearch {
        var position = start
        for character in Substring(string.utf8[string.utf8.index(string.startIndex, offsetBy: start)...]) {
            let end = position + character.utf8.count
            if end > target {
                return end == string.utf8.count && !endsText ? .runsPastTheEnd : .found(position ..< end)
            }
            position = end
        }
        return endsText ? .found(position ..< position) : .runsPastTheEnd
    }

    /// What `characters` says, for text with no sure break for 4 KB.
    private func foundationBounds(containingUTF8Offset offset: Int) -> Range<Int> {
        let index = utf8.index(startIndex, offsetBy: offset)
        let next = characters.index(after: index)
        let start = characters.index(before: next)
        return utf8Offset(of: start) ..< utf8Offset(of: next)
    }

    /// The last offset at or before `target` in `string`'s UTF-8 where a grapheme starts whatever precedes the
    /// bytes: after a line feed or another control (but a carriage return
    /// before a line feed), or at a letter no rule joins to what precedes it
    /// (ASCII, Latin, Hebrew, Arabic, Han, kana) unless a prepended mark
    /// comes right before it. Nil when there is none (the bytes' start
    /// counts only at the text's start).
    static func lastSureBreak(in string: String, atOrBefore target: Int, textStart: Bool) -> Int? {
        var result: Int?
        var position = 0
        var previous: Unicode.Scalar?
        for scalar in string.unicodeScalars {
            guard position <= target else { break }
            if let previous {
                if Self.breaksAfter(previous, before: scalar) { result = position }
            } else if textStart {
                result = 0
            }
            previous = scalar
            position += scalar.utf8.count
        }
        return result
    }

    private static func breaksAfter(_ previous: Unicode.Scalar, before scalar: Unicode.Scalar) -> Bool {
        let before = previous.value
        if before == 0x0D { return scalar.value != 0x0A }
        if before < 0x20 || (0x7F ... 0x9F).contains(before) { return true }
        if scalar.value < 0x20 { return true }
        if (0xAC00 ... 0xD7A3).contains(scalar.value) {
            // A Hangul syllable joins a leading jamo before it.
            return !(0x1100 ... 0x115F).contains(before) && !(0xA960 ... 0xA97C).contains(before) && !isPrepend(before)
        }
        return isIndependentLetter(scalar.value) && !isPrepend(before)
    }

    /// Letters no grapheme rule joins to the scalar before them (not Extend,
    /// SpacingMark, ZWJ, regional indicators, Hangul jamo, pictographs or
    /// Indic consonants): ASCII, Latin, Greek, Cyrillic, Hebrew, Arabic and
    /// Thai letters, kana and Han.
    private static func isIndependentLetter(_ value: UInt32) -> Bool {
        switch value {
        case 0x20 ... 0x7E, 0xC0 ... 0x24F, 0x391 ... 0x3C9, 0x410 ... 0x44F, 0x5D0 ... 0x5EA, 0x620 ... 0x64A,
             0xE01 ... 0xE2E, 0x3041 ... 0x3096, 0x30A1 ... 0x30FA, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF:
            return true
        default:
            return false
        }
    }

    /// Grapheme_Cluster_Break = Prepend (Unicode 15): no break after these.
    private static func isPrepend(_ value: UInt32) -> Bool {
        switch value {
        case 0x600 ... 0x605, 0x6DD, 0x70F, 0x890 ... 0x891, 0x8E2, 0xD4E, 0x110BD, 0x110CD, 0x111C2 ... 0x111C3,
             0x1193F, 0x11941, 0x11A3A, 0x11A84 ... 0x11A89, 0x11D46, 0x11F02:
            return true
        default:
            return false
        }
    }
}
