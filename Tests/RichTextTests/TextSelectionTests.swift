import Foundation
import RichText
import RouxTestSupport
import Testing

@Suite("Selections")
struct TextSelectionTests {
    @Test(arguments: [
        ("|abc", "|abc"),
        ("a[b|]c", "a[b|]c"),
        ("a[|b]c", "a[|b]c"),
        ("[ab|][cd|]", "[abcd|]"),
        ("[abc|]|d", "[abc|]d"),
        ("a|b|c", "a|b|c"),
        ("[a|]b{c|}d[e|]", "[a|]b{c|}d[e|]"),
        ("x\\{\\[|", "x\\{\\[|"),
    ])
    func markupRoundTripsAndNormalises(markup: String, expected: String) throws {
        let document = try SelectionMarkup.document(markup)
        #expect(SelectionMarkup.markup(of: document) == expected)
    }

    @Test(arguments: ["x{[}", "a]", "[ab", "[a[b]]"])
    func malformedMarkupIsAnError(markup: String) {
        #expect(throws: SelectionMarkup.SyntaxError.self) { try SelectionMarkup.document(markup) }
    }

    @Test func rangesStaySortedMergedAndKeepThePrimary() throws {
        let text = AttributedString("abcdefgh")
        func index(_ offset: Int) -> AttributedString.Index { text.characterIndex(atUTF8Offset: offset) }
        let selection = TextSelection(ranges: [
            .init(anchor: index(6), head: index(7)),
            .init(anchor: index(3), head: index(1)),
            .init(anchor: index(2), head: index(4)),
            .caret(index(7)),
        ], primary: 1)
        #expect(selection.ranges.count == 2)
        #expect(selection.ranges[0].bounds == index(1) ..< index(4))
        #expect(selection.ranges[0].isBackward)
        #expect(selection.primaryIndex == 0)
        #expect(selection.ranges[1].bounds == index(6) ..< index(7))
        #expect(selection.rangeSet.ranges.count == 2)
    }

    @Test func aCaretIsNotInTheRangeSet() throws {
        let document = try SelectionMarkup.document("ab|c[de|]")
        #expect(document.selection.rangeSet.ranges.count == 1)
        #expect(String(document.copy().characters) == "de")
    }

    @Test func aSelectionFromAnOlderTextIsRefused() throws {
        var document = try SelectionMarkup.document("soupe|")
        let stale = document.selection
        document.insert("s")
        #expect(throws: RichTextDocument.SelectionError.staleIndex) { try document.select(stale) }
        #expect(SelectionMarkup.markup(of: document) == "soupes|")
    }

    @Test func aSelectionFromAnotherTextIsRefused() throws {
        var document = try SelectionMarkup.document("sel|")
        let other = AttributedString("poivre")
        #expect(throws: RichTextDocument.SelectionError.staleIndex) {
            try document.select(TextSelection(caret: other.startIndex))
        }
    }

    @Test func anIndexInsideAGraphemeIsRoundedDown() throws {
        var document = try SelectionMarkup.document("a👍🏽b")
        let inside = document.text.utf8.index(document.text.startIndex, offsetBy: 3)
        try document.select(TextSelection(caret: inside))
        #expect(SelectionMarkup.markup(of: document) == "a|👍🏽b")
    }

    @Test(arguments: [5, 11, 14, 17])
    func anIndexBetweenTheScalarsOfAGraphemeIsRoundedDown(offset: Int) throws {
        // a, 👍🏽 (1..<9), b, \r\n (10..<12), c, 🇫🇷 (13..<21), 🇩🇪 (21..<29), x
        var document = try SelectionMarkup.document("a👍🏽b\r\nc🇫🇷🇩🇪x")
        let inside = document.text.utf8.index(document.text.startIndex, offsetBy: offset)
        try document.select(TextSelection(caret: inside))
        let expected = ["a|👍🏽b\r\nc🇫🇷🇩🇪x", "a👍🏽b|\r\nc🇫🇷🇩🇪x", "a👍🏽b\r\nc|🇫🇷🇩🇪x", "a👍🏽b\r\nc|🇫🇷🇩🇪x"]
        #expect(SelectionMarkup.markup(of: document) == expected[[5, 11, 14, 17].firstIndex(of: offset) ?? 0])
    }

    @Test func selectAllCoversTheText() throws {
        var document = try SelectionMarkup.document("ab\ncd|")
        document.selectAll()
        #expect(SelectionMarkup.markup(of: document) == "[ab\ncd|]")
    }
}
