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
                } else if let letter = hebrewOrArabicLetter(bytes, at: offset) {
                    grapheme = letter
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

    /// A Hebrew or Arabic letter that is a grapheme alone (what follows is
    /// ASCII or another such letter, never a mark): most of a right-to-left
    /// recipe, without grapheme breaking or a general category lookup. Its
    /// width is its scalar's, as `CellWidth.display(of:)` gives a letter.
    private static func hebrewOrArabicLetter(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> WrapGrapheme? {
        guard offset + 1 < bytes.count, let scalar = plainLetter(bytes, at: offset) else { return nil }
        guard offset + 2 == bytes.count || bytes[offset + 2] < 0x80 || plainLetter(bytes, at: offset + 2) != nil
        else { return nil }
        let width = CellWidth.of(scalar)
        return WrapGrapheme(length: 2, width: width, isTab: false, breakClass: width == 2 ? .ideograph : .other)
    }

    /// The scalar at `offset` when it is a Hebrew letter (U+05D0–05EA) or an
    /// Arabic one (U+0620–063F, U+0641–064A): letters of category Lo, never
    /// extending a grapheme.
    private static func plainLetter(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Unicode.Scalar? {
        guard offset + 1 < bytes.count else { return nil }
        let lead = bytes[offset]
        guard lead == 0xD7 || lead == 0xD8 || lead == 0xD9 else { return nil }
        let value = (UInt32(lead & 0x1F) << 6) | UInt32(bytes[offset + 1] & 0x3F)
        switch value {
        case 0x05D0 ... 0x05EA, 0x0620 ... 0x063F, 0x0641 ... 0x064A: return Unicode.Scalar(value)
        default: return nil
        }
    }

    /// The graphemes of `text` (a stretch of a paragraph that needs bidi)
    /// with the cells `ParagraphShaper` gives them once shaped: `original`
    /// and `shaped` are its scalars before and after mirroring and Arabic
    /// shaping (a lam-alef ligature pads with U+FEFF, which takes no cell).
    static func shapedGraphemes(of text: String, markedStarts: [Int], original: ArraySlice<UInt32>,
                                shaped: ArraySlice<UInt32>) -> [WrapGrapheme] {
        var result = graphemes(of: text)
        var marked = markedStarts.makeIterator()
        var nextMarked = marked.next()
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            var scalar = original.startIndex
            for index in result.indices {
                let length = result[index].length
                var count = 0
                for byte in bytes[offset ..< offset + length] where byte & 0xC0 != 0x80 { count += 1 }
                let scalars = scalar ..< scalar + count
                if !result[index].isTab, shaped[scalars] != original[scalars] {
                    let visible = shaped[scalars].first { $0 != 0xFEFF }
                    let width = visible.flatMap(Unicode.Scalar.init).map(CellWidth.of) ?? 0
                    result[index].width = width
                    if count == 1, plainLetter(bytes, at: offset) != nil {
                        result[index].breakClass = width == 2 ? .ideograph : .other // a letter, category Lo
                    } else {
                        let character = Character(String(decoding: bytes[offset ..< offset + length], as: UTF8.self))
                        result[index].breakClass = ParagraphShaper.breakClass(of: character, width: width)
                    }
                }
                while let next = nextMarked, next < offset { nextMarked = marked.next() }
                if nextMarked == offset, !result[index].isTab, result[index].width > 0 { result[index].width += 1 }
                offset += length
                scalar += count
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
        var text = text
        return text.withUTF8 { isPlainLeftToRight($0) }
    }

    /// The same for UTF-8 bytes (of a String: valid), ASCII skipped unread.
    static func isPlainLeftToRight(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 { index += 1; continue }
            let (value, length) = UTF8Scalar.decode(bytes, at: index)
            if roux_fribidi_is_plain_left_to_right(value) == 0 { return false }
            index += length
        }
        return true
    }
}
