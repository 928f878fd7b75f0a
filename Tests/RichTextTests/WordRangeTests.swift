import Foundation
import RichText
import Testing

@Suite("The word a double-click selects")
struct WordRangeTests {
    /// The text with the word around `offset` (in characters) in brackets.
    private func word(in text: String, at offset: Int) -> String {
        let string = AttributedString(text)
        let index = string.characters.index(string.startIndex, offsetBy: offset)
        let range = string.characters.wordRange(around: index)
        return String(string.characters[..<range.lowerBound]) + "[" + String(string.characters[range]) + "]"
            + String(string.characters[range.upperBound...])
    }

    @Test func aWordItsEndAndWhatIsNotAWord() {
        #expect(word(in: "Du beurre doux", at: 5) == "Du [beurre] doux")
        #expect(word(in: "Du beurre doux", at: 3) == "Du [beurre] doux", "at its first letter")
        #expect(word(in: "Du beurre\nsel", at: 9) == "Du [beurre]\nsel", "past the end of a line")
        #expect(word(in: "Du beurre", at: 9) == "Du [beurre]", "at the end of the text")
        #expect(word(in: "a,  b", at: 2) == "a,[  ]b", "spaces select their run")
        #expect(word(in: "a...b", at: 2) == "a[...]b")
        #expect(word(in: "a\n\nb", at: 2) == "a\n[]\nb", "an empty line selects nothing")
    }

    @Test func scriptsAndGraphemes() {
        #expect(word(in: "חמאה ו-sel", at: 1) == "[חמאה] ו-sel")
        #expect(word(in: "crème brûlée", at: 8) == "crème [brûlée]")
        #expect(word(in: "cafe\u{301} noir", at: 2) == "[cafe\u{301}] noir", "a combining accent stays in its word")
        #expect(word(in: "東京 tower", at: 0) == "[東京] tower")
        // Japanese is written without spaces: a run of one script is the word.
        #expect(word(in: "フライパンで丸く焼き", at: 2) == "[フライパン]で丸く焼き")
        #expect(word(in: "卵と砂糖を", at: 3) == "卵と[砂糖]を")
        #expect(word(in: "卵と砂糖を", at: 1) == "卵[と]砂糖を")
        #expect(word(in: "把鸡蛋和盐混合", at: 4) == "[把鸡蛋和盐混合]", "Chinese, all one script, has no such guess")
    }
}
