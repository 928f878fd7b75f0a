package import Foundation

extension AttributedString {
    /// The UTF-8 bytes of `range` (offsets in the text), handed to `body` a
    /// piece of about `pieceBytes` at a time, so a long stretch (a line of
    /// 100 MB) is never held whole a second time. Pieces are cut between two
    /// ASCII characters other than a carriage return, where a character
    /// always ends, so each piece is whole characters (where there is no
    /// such place near, between two scalars, read as scalars). `body`
    /// returns false to stop; so does this, then, and when the bytes are
    /// not what the range says.
    @discardableResult
    package func forEachUTF8Piece(in range: Range<Int>, about pieceBytes: Int = 1 << 20,
                          _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard !range.isEmpty else { return true }
        var lower = utf8.index(startIndex, offsetBy: range.lowerBound)
        var offset = range.lowerBound
        // A line starts where a character does (after a line feed, or at the text's start).
        var lowerEndsCharacter = true
        while offset < range.upperBound {
            var cut = min(offset + pieceBytes, range.upperBound)
            var upper = utf8.index(lower, offsetBy: cut - offset)
            // Forward to a place between two ASCII characters: a few bytes in most texts.
            var steps = 0
            while cut < range.upperBound, steps < 64, !Self.endsCharacter(utf8[utf8.index(before: upper)], before: utf8[upper]) {
                upper = utf8.index(after: upper)
                cut += 1
                steps += 1
            }
            // A line ends where a character does unless it ends with a carriage return.
            let upperEndsCharacter = cut == range.upperBound ? utf8[utf8.index(before: upper)] != 0x0D
                : Self.endsCharacter(utf8[utf8.index(before: upper)], before: utf8[upper])
            if !upperEndsCharacter {
                // None near (a script without ASCII): cut between two scalars.
                while cut < range.upperBound, utf8[upper] & 0xC0 == 0x80 {
                    upper = utf8.index(after: upper)
                    cut += 1
                }
            }
            // Whole characters are copied as a string at once; anything else a scalar at a time.
            var piece = lowerEndsCharacter && upperEndsCharacter ? String(characters[lower ..< upper]) : ""
            if piece.utf8.count != cut - offset { piece = String(String.UnicodeScalarView(unicodeScalars[lower ..< upper])) }
            guard piece.utf8.count == cut - offset else { return false }
            let going = piece.withUTF8 { body($0) }
            guard going else { return false }
            lower = upper
            offset = cut
            lowerEndsCharacter = upperEndsCharacter
        }
        return true
    }

    /// Whether a character certainly ends between these two bytes: two
    /// ASCII characters, the first not a carriage return (which a line feed joins).
    private static func endsCharacter(_ before: UInt8, before after: UInt8) -> Bool {
        before < 0x80 && after < 0x80 && before != 0x0D
    }
}
