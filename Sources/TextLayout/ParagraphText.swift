import CFriBidi
import Foundation
import RichText

/// One paragraph of a document, read a stretch at a time: offsets are UTF-8
/// bytes from the paragraph's start. Scans walk the bytes of Strings a few
/// hundred bytes long, so looking around a line of a 5 MB paragraph never
/// reads the paragraph.
struct ParagraphText {
    let text: AttributedString
    let start: Int
    let length: Int

    /// `range` widened to whole graphemes, within the paragraph.
    func graphemeAligned(_ range: Range<Int>) -> Range<Int> {
        let lower = text.graphemeBounds(containingUTF8Offset: start + min(range.lowerBound, length)).lowerBound
        let upperOffset = start + min(range.upperBound, length)
        let upperGrapheme = text.graphemeBounds(containingUTF8Offset: upperOffset)
        let upper = upperGrapheme.lowerBound == upperOffset ? upperOffset : upperGrapheme.upperBound
        return max(0, lower - start) ..< min(length, upper - start)
    }

    /// The text of `range` as a String. `range` must be grapheme-aligned:
    /// slicing characters rounds an unaligned start down, and the String
    /// would then not start at `range.lowerBound`.
    func string(_ range: Range<Int>) -> String {
        let lower = text.utf8.index(text.startIndex, offsetBy: start + range.lowerBound)
        let upper = text.utf8.index(lower, offsetBy: range.count)
        return String(text.characters[lower ..< upper])
    }

    /// The paragraph's first strong letter (UAX #9's P2): where it ends and
    /// whether it is right-to-left; nil for none. Read a piece at a time, so
    /// a paragraph that starts with a letter is not read further.
    func firstStrong() -> (end: Int, isRightToLeft: Bool)? {
        var scan = BidiScan()
        var reachEnd = 0
        while scan.firstStrong == nil, reachEnd < length {
            let piece = graphemeAligned(reachEnd ..< min(length, reachEnd + 1024))
            var string = self.string(piece)
            scan.read(&string, at: piece.lowerBound)
            reachEnd = piece.upperBound
        }
        return scan.firstStrong
    }

    /// Where the last anchor (`roux_fribidi_is_anchor`) before `offset`
    /// starts; with `pastOne`, the last one before the first character
    /// that joining does not skip (the neighbour a line's first character
    /// joins to, whose level joining compares and whose shape a lam-alef
    /// ligature reads). 0 when the paragraph's start comes first; nil when
    /// none is found within `limit` bytes.
    func anchor(before offset: Int, pastOne: Bool, limit: Int) -> Int? {
        var end = offset
        var skipping = pastOne
        var chunk = 256
        while end > 0 {
            let piece = graphemeAligned(max(0, end - chunk) ..< end)
            var string = self.string(piece)
            let found: Int? = string.withUTF8 { bytes in
                var index = bytes.count
                while index > 0 {
                    let scalarStart = UTF8Scalar.start(before: index, in: bytes)
                    let scalar = UTF8Scalar.joining(bytes, at: scalarStart)
                    if skipping {
                        if !scalar.isSkipped { skipping = false }
                    } else if scalar.isAnchor {
                        return scalarStart
                    }
                    index = scalarStart
                }
                return nil
            }
            if let found { return piece.lowerBound + found }
            if offset - piece.lowerBound > limit { return nil }
            end = piece.lowerBound
            chunk *= 4
        }
        return 0
    }

    /// Where the first anchor at or after `offset` ends; with `pastOne`, the
    /// first one after the first character joining does not skip. The
    /// paragraph's length when its end comes first; nil when none is found
    /// within `limit` bytes.
    func anchorEnd(from offset: Int, pastOne: Bool, limit: Int) -> Int? {
        var lower = offset
        var skipping = pastOne
        var chunk = 256
        while lower < length {
            let piece = graphemeAligned(lower ..< min(length, lower + chunk))
            var string = self.string(piece)
            let skip = lower - piece.lowerBound
            let found: Int? = string.withUTF8 { bytes in
                var index = skip
                while index < bytes.count {
                    let scalar = UTF8Scalar.joining(bytes, at: index)
                    if skipping {
                        if !scalar.isSkipped { skipping = false }
                    } else if scalar.isAnchor {
                        return index + scalar.length
                    }
                    index += scalar.length
                }
                return nil
            }
            if let found { return piece.lowerBound + found }
            if piece.upperBound - offset > limit { return nil }
            lower = piece.upperBound
            chunk *= 4
        }
        return length
    }
}

/// Decoding UTF-8 a scalar at a time from a String's bytes (valid UTF-8).
enum UTF8Scalar {
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
            | UInt32(bytes[index + 3] & 0x3F), 4)
    }

    /// Where the scalar that ends at `end` starts.
    static func start(before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = end - 1
        while index > 0, bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }

    /// What the anchor scans need of the scalar at `index`: whether it is an
    /// anchor (`roux_fribidi_is_anchor`), whether cursive joining skips it,
    /// and its length. ASCII is never skipped; its letters are anchors.
    static func joining(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (isAnchor: Bool, isSkipped: Bool, length: Int) {
        let byte = bytes[index]
        if byte < 0x80 { return (isASCIILetter(byte), false, 1) }
        let (value, length) = decode(bytes, at: index)
        return (roux_fribidi_is_anchor(value) != 0, roux_fribidi_is_join_skipped(value) != 0, length)
    }

    /// ASCII letters are strong left-to-right and joining does not skip them: anchors.
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }
}
