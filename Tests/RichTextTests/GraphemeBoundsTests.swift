import Foundation
import PropertyBased
import RichText
import RouxTestSupport
import Testing

/// `graphemeBounds` and `characterBoundary(atOrBefore:)` give the graphemes a
/// String of the same text has, however the text was built: appended in
/// pieces (as a file loads), or edited so that a mark joins the letter
/// before it across a piece of the rope.
@Suite("Grapheme boundaries")
struct GraphemeBoundsTests {
    static let pieces = [
        "a", "Put ", ":", "\u{5BC}", "\u{301}", "\u{64E}", "ب", "ש", "🇫🇷", "🇷", "👍", "🏽", "\u{200D}", "👩", "🍳", "\r", "\n", "\r\n",
        "\u{600}", "1", "\u{1100}", "\u{1161}", "\u{AC00}", "漢", "\t", "e", "\u{FE0F}", "\u{20E3}", "#", "क", "\u{94D}", "ष",
    ]

    /// What the edits type. Not what joins the text before it into one
    /// grapheme from the start of a new piece of the rope: inserting a lone
    /// regional indicator, a prepended mark (U+0600), a leading or vowel
    /// jamo, or a carriage return or line feed next to its partner traps
    /// inside Foundation's rope (`BigString._insert`, swift-collections PR
    /// 485), a fault of the runtime this suite cannot work around.
    static let edits = pieces.filter { piece in
        !piece.unicodeScalars.contains { [0x0D, 0x0A, 0x600, 0x1100, 0x1161].contains($0.value) || (0x1F1E6 ... 0x1F1FF).contains($0.value) }
    }

    static func expectStringGraphemes(_ text: AttributedString, sourceLocation: SourceLocation = #_sourceLocation) {
        let string = String(text.characters[...])
        var bounds: [Range<Int>] = []
        var offset = 0
        for character in string {
            bounds.append(offset ..< offset + character.utf8.count)
            offset += character.utf8.count
        }
        for grapheme in bounds {
            for byte in grapheme {
                #expect(text.graphemeBounds(containingUTF8Offset: byte) == grapheme, "byte \(byte) of \(string.debugDescription)",
                        sourceLocation: sourceLocation)
            }
            let index = text.utf8.index(text.startIndex, offsetBy: grapheme.upperBound - 1)
            #expect(text.utf8Offset(of: text.characterBoundary(atOrBefore: index)) == grapheme.lowerBound, sourceLocation: sourceLocation)
        }
        #expect(text.graphemeBounds(containingUTF8Offset: offset) == offset ..< offset, sourceLocation: sourceLocation)
    }

    @Test func textAppendedInPiecesHasTheStringsGraphemes() async {
        await propertyCheck(count: PropertyCases.scaled(300), input: Gen.int(in: 0 ... 10_000).array(of: 1 ... 80)) { codes in
            var text = AttributedString()
            for code in codes { text.append(AttributedString(Self.pieces[code % Self.pieces.count])) }
            Self.expectStringGraphemes(text)
        }
    }

    @Test func editedTextHasTheStringsGraphemes() async {
        await propertyCheck(count: PropertyCases.scaled(300), input: Gen.int(in: 0 ... 10_000).array(of: 1 ... 40)) { codes in
            var text = AttributedString(String(repeating: "Put the beurre doux in. ", count: 30))
            for code in codes {
                let offset = code % (text.utf8.count + 1)
                let index = text.characterIndex(atUTF8Offset: offset)
                var piece = AttributedString(Self.edits[code / 7 % Self.edits.count])
                piece.link = code % 3 == 0 ? URL(string: "https://example.com") : nil
                text.insert(piece, at: index)
            }
            Self.expectStringGraphemes(text)
        }
    }

    @Test func aLongRunWithNoSureBreakStillHasItsGraphemes() {
        // Regional indicators pair up from the first: no place inside the run
        // breaks whatever precedes it, so the rope's own answer is taken.
        let text = AttributedString("x" + String(repeating: "🇫🇷", count: 3_000) + "🇷y")
        for pair in [0, 1, 1_500, 2_999] {
            let start = 1 + 8 * pair
            for byte in [start, start + 4, start + 7] {
                #expect(text.graphemeBounds(containingUTF8Offset: byte) == start ..< start + 8)
            }
        }
        #expect(text.graphemeBounds(containingUTF8Offset: 1 + 8 * 3_000 + 2) == 1 + 8 * 3_000 ..< 1 + 8 * 3_000 + 4)
    }

    @Test(arguments: ["ภาษาไทยง่ายนิดเดียว", "한국어를 배우다", "\u{1100}\u{AC00}가나", "Ελληνικά", "Русский язык", "हिन्दी भाषा"])
    func scriptsWithoutSpacesOrWithJoiningLettersHaveTheStringsGraphemes(_ line: String) {
        var text = AttributedString()
        for character in String(repeating: line, count: 20) { text.append(AttributedString(String(character))) }
        Self.expectStringGraphemes(text)
    }
}
