/// One grapheme of a paragraph, ready to be placed on a line.
struct ShapedGrapheme: Sendable {
    /// UTF-8 offsets within the paragraph.
    var range: Range<Int>
    /// Indices into the paragraph's bidi scalars.
    var scalars: Range<Int>
    /// What is drawn (placeholders for controls, mirrored or shaped forms).
    var display: String
    /// Cells; a tab's width depends on its column and is set when placed.
    var width: Int
    var isTab: Bool
    var level: UInt8
    var breakClass: BreakClass
    /// Index of the attribute run it belongs to in the paragraph.
    var runIndex: Int
    /// Drawn in a cell of its own before the grapheme (counted in `width`):
    /// an image's marker.
    var marker: String?

    enum BreakClass: Sendable, Equatable {
        case space
        case hyphen
        /// Wide letters and numbers (CJK ideographs, kana, Hangul): a line may break on either side.
        case ideograph
        case openingPunctuation
        case closingPunctuation
        case other
    }
}

/// Shapes a paragraph's text into graphemes: widths, display forms, bidi levels.
enum ParagraphShaper {
    static func graphemes(
        of text: String,
        runStarts: [Int],
        bidi: BidiParagraph,
        markedRuns: Set<Int> = [],
        marker: String = ""
    ) -> [ShapedGrapheme] {
        let shaped = bidi.shapedScalars()
        var result: [ShapedGrapheme] = []
        result.reserveCapacity(text.utf8.count)
        var offset = 0
        var scalarIndex = 0
        var runIndex = 0
        for character in text {
            while runIndex + 1 < runStarts.count, runStarts[runIndex + 1] <= offset { runIndex += 1 }
            let length: Int
            let scalarCount: Int
            var display: String
            var width: Int
            let isTab: Bool
            let breakClass: ShapedGrapheme.BreakClass
            // Printable ASCII, most of a recipe: one byte, one scalar, one
            // cell, its break class known from the byte. Only mirroring can
            // change it (a bracket in right-to-left text), which the general path does.
            if let byte = character.asciiValue, byte >= 0x20, byte < 0x7F, shaped[scalarIndex] == UInt32(byte) {
                (length, scalarCount, display, width, isTab) = (1, 1, String(character), 1, false)
                breakClass = Self.breakClass(ofFirst: UInt32(byte), isAlone: true) ?? .other
            } else {
                length = character.utf8.count
                scalarCount = character.unicodeScalars.count
                let scalarRange = scalarIndex ..< scalarIndex + scalarCount
                (display, width) = CellWidth.display(of: character)
                isTab = scalarCount == 1 && character.unicodeScalars.first == "\t"
                if isTab {
                    (display, width) = (" ", 0)
                } else if shaped[scalarRange] != bidi.scalars[scalarRange] {
                    (display, width) = shapedDisplay(Array(shaped[scalarRange]), fallback: (display, width))
                }
                breakClass = Self.breakClass(of: character, width: width)
            }
            result.append(ShapedGrapheme(
                range: offset ..< offset + length,
                scalars: scalarIndex ..< scalarIndex + scalarCount,
                display: display,
                width: width,
                isTab: isTab,
                level: scalarCount > 0 ? bidi.levels[scalarIndex] : bidi.baseLevel,
                breakClass: breakClass,
                runIndex: runIndex,
                marker: nil))
            if markedRuns.contains(runIndex), runStarts[runIndex] == offset, !isTab, width > 0 {
                result[result.count - 1].marker = marker
                result[result.count - 1].width += 1
            }
            offset += length
            scalarIndex += scalarCount
        }
        return result
    }

    /// The display of mirrored or shaped scalars; U+FEFF (padding after a
    /// lam-alef ligature) takes no cell.
    private static func shapedDisplay(_ scalars: [UInt32], fallback: (String, Int)) -> (String, Int) {
        let visible = scalars.filter { $0 != 0xFEFF }
        guard let first = visible.first.flatMap(Unicode.Scalar.init) else { return ("", 0) }
        var text = ""
        text.unicodeScalars.append(contentsOf: visible.compactMap(Unicode.Scalar.init))
        return text.isEmpty ? fallback : (text, CellWidth.of(first))
    }

    /// The break class a grapheme's first scalar decides alone (all of
    /// ASCII), or nil. Scalar values, not `Character` equality, which
    /// normalises: this runs per grapheme.
    static func breakClass(ofFirst scalar: UInt32, isAlone: Bool) -> ShapedGrapheme.BreakClass? {
        switch scalar {
        case 0x20, 0x09, 0x3000: isAlone ? .space : .other
        case 0x2D, 0x2010, 0x2013: .hyphen
        case 0x28, 0x5B, 0x7B: .openingPunctuation
        case 0x29, 0x5D, 0x7D: .closingPunctuation
        case 0x00 ..< 0x80: .other
        default: nil
        }
    }

    static func breakClass(of character: Character, width: Int) -> ShapedGrapheme.BreakClass {
        guard let first = character.unicodeScalars.first else { return .other }
        if let known = breakClass(ofFirst: first.value, isAlone: character.unicodeScalars.count == 1) { return known }
        switch first.properties.generalCategory {
        case .openPunctuation, .initialPunctuation: return .openingPunctuation
        case .closePunctuation, .finalPunctuation: return .closingPunctuation
        case .otherPunctuation where width == 2: return .closingPunctuation // 、。！ never start a line
        case .otherLetter, .decimalNumber, .otherNumber, .letterNumber: return width == 2 ? .ideograph : .other
        default: return .other
        }
    }
}
