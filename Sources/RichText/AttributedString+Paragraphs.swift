public import Foundation

extension AttributedString {
    /// The paragraph around `index` as Foundation's `runBoundaries = .paragraph`
    /// sees it: from after the previous separator ("\n", "\r", U+2029) through
    /// the next one, inclusive.
    ///
    /// It reads contiguous chunks that double in size outward, never the
    /// attributed views element by element, so it costs O(paragraph) at memory
    /// speed even for a line of several megabytes.
    public func paragraphRange(around index: Index) -> Range<Index> {
        let offset = utf8Offset(of: index)
        let total = utf8.count
        var start = 0
        var window = 4096
        var searched = offset
        while searched > 0 {
            let lower = max(0, searched - window)
            let bytes = Array(String(characters[characterRange(atUTF8Offsets: lower ..< searched)]).utf8)
            let chunkStart = searched - bytes.count
            if let last = Self.lastSeparatorEnd(in: bytes) {
                start = chunkStart + last
                break
            }
            searched = chunkStart
            window *= 2
        }
        var end = total
        window = 4096
        searched = offset
        while searched < total {
            let upper = min(total, searched + window)
            let range = characterRange(atUTF8Offsets: searched ..< upper)
            let bytes = Array(String(characters[range]).utf8)
            if bytes.isEmpty { break }
            if let first = Self.firstSeparatorEnd(in: bytes) {
                end = searched + first
                break
            }
            searched += bytes.count
            window *= 2
        }
        return characterIndex(atUTF8Offset: start) ..< characterIndex(atUTF8Offset: end)
    }

    /// The paragraph around `index` when it is at most `limit` UTF-8 bytes
    /// long (its separator included), else nil: reads at most `limit` bytes
    /// on each side, so asking on every frame whether the caret is in a
    /// short line (an ingredient item) costs nothing in a 5 MB paragraph.
    public func paragraphRange(around index: Index, atMost limit: Int) -> Range<Index>? {
        let offset = utf8Offset(of: index)
        let total = utf8.count
        // A few bytes more on each side: the separator before the paragraph
        // (U+2029 is three bytes) and the whole of a CR LF after it.
        let window = characterRange(atUTF8Offsets: max(0, offset - limit - 3) ..< min(total, offset + limit + 2))
        let base = utf8Offset(of: window.lowerBound)
        let bytes = Array(String(characters[window]).utf8)
        let local = min(bytes.count, max(0, offset - base))
        let start: Int
        if let last = Self.lastSeparatorEnd(in: Array(bytes[..<local])) {
            start = base + last
        } else if base == 0 {
            start = 0
        } else {
            return nil
        }
        let end: Int
        if let first = Self.firstSeparatorEnd(in: Array(bytes[local...])) {
            end = offset + first
        } else if base + bytes.count == total {
            end = total
        } else {
            return nil
        }
        guard end - start <= limit else { return nil }
        return characterIndex(atUTF8Offset: start) ..< characterIndex(atUTF8Offset: end)
    }

    /// Where the last paragraph separator in `bytes` ends.
    static func lastSeparatorEnd(in bytes: [UInt8]) -> Int? {
        var position = bytes.count - 1
        while position >= 0 {
            switch bytes[position] {
            case 0x0A, 0x0D: return position + 1
            case 0xA9 where position >= 2 && bytes[position - 2] == 0xE2 && bytes[position - 1] == 0x80: return position + 1
            default: position -= 1
            }
        }
        return nil
    }

    /// Where the first paragraph separator in `bytes` ends ("\r\n" counts as one).
    private static func firstSeparatorEnd(in bytes: [UInt8]) -> Int? {
        var position = 0
        while position < bytes.count {
            switch bytes[position] {
            case 0x0A: return position + 1
            case 0x0D: return position + 1 < bytes.count && bytes[position + 1] == 0x0A ? position + 2 : position + 1
            case 0xE2 where position + 2 < bytes.count && bytes[position + 1] == 0x80 && bytes[position + 2] == 0xA9:
                return position + 3
            default: position += 1
            }
        }
        return nil
    }
}
