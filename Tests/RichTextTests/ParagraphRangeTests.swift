import Foundation
import PropertyBased
import RichText
import RouxTestSupport
import Testing

/// `paragraphRange(around:atMost:)` (asked on every frame: is the caret in
/// a short ingredient item?) answers what `paragraphRange(around:)` answers
/// when that paragraph is short enough, and nil when it is not, whatever
/// the separators, characters and place of the index.
@Suite("A paragraph's range, when it is short")
struct ParagraphRangeTests {
    /// Pieces a text is made of: every separator Foundation knows, CR LF, wide and combined characters.
    static let pieces = ["a", "b ", "é", "e\u{301}", "🍅", "שלום", "\n", "\r", "\r\n", "\u{2029}", "\n\n"]

    @Test func aBoundedAnswerIsTheWholeAnswerOrNil() async {
        await propertyCheck(count: PropertyCases.scaled(400),
                            input: Gen.int(in: 0 ... Self.pieces.count - 1).array(of: 0 ... 40), Gen.int(in: 0 ... 1_000), Gen.int(in: 1 ... 30)) {
            codes, place, limit in
            let text = AttributedString(codes.map { Self.pieces[$0] }.joined())
            let count = text.characters.count
            let index = text.characters.index(text.startIndex, offsetBy: count == 0 ? 0 : place % (count + 1))
            let whole = text.paragraphRange(around: index)
            let length = text.utf8.distance(from: whole.lowerBound, to: whole.upperBound)
            let bounded = text.paragraphRange(around: index, atMost: limit)
            #expect(bounded == (length <= limit ? whole : nil), "\(codes) at \(place), limit \(limit): whole is \(length) bytes")
        }
    }

    /// In a paragraph of a megabyte the answer is nil, and the short
    /// paragraph after it is found.
    @Test func aLongParagraphIsNotShort() throws {
        let long = String(repeating: "flour and butter ", count: 60_000)
        let text = AttributedString("- 200 g flour\n" + long + "\n- 2 eggs\n")
        let inLong = text.characterIndex(atUTF8Offset: 500_000)
        #expect(text.paragraphRange(around: inLong, atMost: 300) == nil)
        let item = text.characterIndex(atUTF8Offset: text.utf8.count - 3)
        let range = try #require(text.paragraphRange(around: item, atMost: 300))
        #expect(String(text.characters[range]) == "- 2 eggs\n")
        #expect(text.paragraphRange(around: text.startIndex, atMost: 300).map { String(text.characters[$0]) } == "- 200 g flour\n")
    }
}
