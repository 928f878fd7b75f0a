import Foundation
import RichText
import Testing

@Suite("Finding text")
struct TextSearchTests {
    private func found(_ search: TextSearch, in text: String) -> [String] {
        let bytes = Array(text.utf8)
        return search.matches(in: text).map { String(decoding: bytes[$0], as: UTF8.self) }
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
