import Foundation
import RichText
import Testing

@Suite("Comparing texts by content")
struct SameContentTests {
    /// Built in pieces (as a file is loaded) and built whole: the same text.
    static func joinedAndWhole(_ parts: [String]) -> (AttributedString, AttributedString) {
        var joined = AttributedString()
        for part in parts { joined.append(AttributedString(part)) }
        return (joined, AttributedString(parts.joined()))
    }

    @Test func textsBuiltDifferentlyHaveTheSameContent() {
        // Foundation's `==` said false for this pair with Swift 6.3.
        let (joined, whole) = Self.joinedAndWhole([String(repeating: "é\n", count: 300), String(repeating: "👩‍🍳\n", count: 50)])
        #expect(joined.hasSameContent(as: whole))
        #expect(whole.hasSameContent(as: joined))
    }

    @Test func aDifferentCharacterOrAttributeOrRunBoundaryIsADifference() {
        var bold = AttributeContainer()
        bold.bold = true
        let base = AttributedString("beurre doux")
        var boldWord = base
        boldWord[boldWord.startIndex ..< boldWord.characters.index(boldWord.startIndex, offsetBy: 6)].mergeAttributes(bold)
        var boldLonger = base
        boldLonger[boldLonger.startIndex ..< boldLonger.characters.index(boldLonger.startIndex, offsetBy: 7)].mergeAttributes(bold)
        #expect(!base.hasSameContent(as: boldWord))
        #expect(!boldWord.hasSameContent(as: boldLonger))
        #expect(!base.hasSameContent(as: AttributedString("beurre douX")))
        #expect(!base.hasSameContent(as: AttributedString("beurre dou")))
        #expect(boldWord.hasSameContent(as: boldWord))
        #expect(AttributedString().hasSameContent(as: AttributedString("")))
    }
}
