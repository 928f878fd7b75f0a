import RouxTestSupport
import Foundation
import PropertyBased
import RichText
import Testing

@Suite("Finding text")
struct TextSearchTests {
    private func found(_ search: TextSearch, in text: String) -> [String] {
        let bytes = Array(text.utf8)
        return search.matches(in: text).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Every non-overlapping match, leftmost first, by comparing at each offset.
    static func reference(_ needle: String, in haystack: String, caseInsensitive: Bool) -> [Range<Int>] {
        let fold: (UInt8) -> UInt8 = { caseInsensitive && $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let pattern = needle.utf8.map(fold)
        let bytes = haystack.utf8.map(fold)
        var result: [Range<Int>] = []
        var position = 0
        while position + pattern.count <= bytes.count {
            if Array(bytes[position ..< position + pattern.count]) == pattern {
                result.append(position ..< position + pattern.count)
                position += pattern.count
            } else {
                position += 1
            }
        }
        return result
    }

    @Test func asciiMatchesAgreeWithComparingAtEveryOffset() async {
        let alphabet = ["a", "A", "b", "B", "ab", "Ab", "aB", " ", "é", "\n"]
        await propertyCheck(count: PropertyCases.scaled(300), input: Gen.int(in: 0 ..< 10).array(of: 0 ... 40), Gen.int(in: 0 ..< 10).array(of: 1 ... 3)) { hay, need in
            let haystack = hay.map { alphabet[$0] }.joined()
            let needle = need.map { ["a", "A", "b", "B", "ab", " ", "aa"][$0 % 7] }.joined()
            for caseInsensitive in [false, true] {
                #expect(TextSearch(needle, caseInsensitive: caseInsensitive).matches(in: haystack)
                        == Self.reference(needle, in: haystack, caseInsensitive: caseInsensitive))
            }
        }
    }

    @Test func wholeWordsOnly() {
        let search = TextSearch("sel", caseInsensitive: true, wholeWords: true)
        #expect(found(search, in: "Sel, selle, gros sel. Dessel sel_ sel2 sel") == ["Sel", "sel", "sel"])
    }

    @Test func caseInsensitiveAcrossScripts() {
        let search = TextSearch("œufs", caseInsensitive: true, wholeWords: true)
        #expect(found(search, in: "Œufs battus, 3 œufs, ŒUFS frais") == ["Œufs", "œufs", "ŒUFS"])
        #expect(found(TextSearch("Beurre", caseInsensitive: true), in: "beurre BEURRE bEuRrE") == ["beurre", "BEURRE", "bEuRrE"])
    }

    @Test func caseSensitiveByDefault() {
        #expect(found(TextSearch("beurre"), in: "Beurre beurre") == ["beurre"])
    }

    @Test func aCombiningMarkAfterTheMatchMakesItPartOfALongerWord() {
        let search = TextSearch("cafe", wholeWords: true)
        #expect(found(search, in: "cafe\u{301} cafe") == ["cafe"])
    }

    @Test func hebrewAndCJKWords() {
        #expect(found(TextSearch("סופגניות", wholeWords: true), in: "Put the סופגניות in the pan") == ["סופגניות"])
        #expect(found(TextSearch("砂糖"), in: "砂糖と卵") == ["砂糖"])
    }

    @Test func matchesDoNotOverlapAndOffsetsAreUTF8() {
        let text = "ééé"
        let matches = TextSearch("éé").matches(in: text)
        #expect(matches == [0 ..< 4])
    }

    @Test func emptyNeedleOrHaystackFindsNothing() {
        #expect(TextSearch("").matches(in: "abc").isEmpty)
        #expect(TextSearch("abc").matches(in: "").isEmpty)
        #expect(TextSearch("abcd").matches(in: "abc").isEmpty)
    }
}
