import CFriBidi

/// What wrapping needs of one grapheme and nothing that drawing needs: a
/// long paragraph is wrapped whole from these, and only the lines on screen
/// are built as cells (`WrappedParagraph`).
struct WrapGrapheme: WrappableGrapheme {
    /// UTF-8 bytes.
    var length: Int
    var width: Int
    var isTab: Bool
    var breakClass: ShapedGrapheme.BreakClass

    /// The graphemes of `text`, a stretch of a left-to-right paragraph that
    /// needs no bidi (`isPlainLeftToRight`), with the widths and break classes
    /// `ParagraphShaper` gives them there. `markedStarts`: UTF-8 offsets in
    /// `text` where an image's text starts (its marker takes a cell).
    /// Two ASCII bytes in a row are two graphemes: the common case takes no
    /// grapheme breaking.
    static func graphemes(of text: String, markedStarts: [Int] = []) -> [WrapGrapheme] {
        var contiguous = text
        var result: [WrapGrapheme] = []
        result.reserveCapacity(text.utf8.count)
        var marked = markedStarts.makeIterator()
        var nextMarked = marked.next()
        contiguous.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                var grapheme: WrapGrapheme
                if byte < 0x80, offset + 1 == bytes.count || bytes[offset + 1] < 0x80 {
                    grapheme = ascii(byte)
                } else {
                    let index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
                    grapheme = other(text[index])
                }
                while let next = nextMarked, next < offset { nextMarked = marked.next() }
                if nextMarked == offset, !grapheme.isTab, grapheme.width > 0 { grapheme.width += 1 }
                result.append(grapheme)
                offset += grapheme.length
            }
        }
        return result
    }

    /// A grapheme of one ASCII byte: a tab, a character, or a control shown as "^X".
    private static func ascii(_ byte: UInt8) -> WrapGrapheme {
        let width = byte == 0x09 ? 0 : (0x20 ..< 0x7F).contains(byte) ? 1 : 2
        return WrapGrapheme(length: 1, width: width, isTab: byte == 0x09,
                            breakClass: ParagraphShaper.breakClass(ofFirst: UInt32(byte), isAlone: true) ?? .other)
    }

    private static func other(_ character: Character) -> WrapGrapheme {
        let isTab = character.unicodeScalars.count == 1 && character.unicodeScalars.first == "\t"
        let width = isTab ? 0 : CellWidth.display(of: character).width
        return WrapGrapheme(length: character.utf8.count, width: width, isTab: isTab,
                            breakClass: ParagraphShaper.breakClass(of: character, width: width))
    }

    /// Whether every character of `text` leaves a left-to-right paragraph at
    /// level 0 (no right-to-left letters, Arabic numbers, embeddings or
    /// isolates): then levels, mirroring and shaping are the identity and a
    /// line can be laid out without the rest of its paragraph.
    static func isPlainLeftToRight(_ text: Substring) -> Bool {
        for scalar in text.unicodeScalars where scalar.value >= 0x80 {
            if roux_fribidi_is_plain_left_to_right(scalar.value) == 0 { return false }
        }
        return true
    }
}
