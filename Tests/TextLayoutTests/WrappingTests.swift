import Foundation
import Testing
import TextLayout

@Suite("Wrapping")
struct WrappingTests {
    // The text wraps one cell short of the pane, so the caret always has a cell.
    @Test(arguments: [
        ("aaa bbb ccc", 8, ["aaa bbb", "ccc"]),
        ("well-known fact", 7, ["well-", "known ", "fact"]),
        ("abcdefghij", 5, ["abcd", "efgh", "ij"]),
        ("漢字漢字漢字", 7, ["漢字漢", "字漢字"]),
        // "。" never starts a line, so the break moves back one ideograph.
        ("漢字。漢字", 5, ["漢", "字。", "漢字"]),
        ("a  b", 3, ["a ", "b"]),
        ("", 10, [""]),
        // Two cells per thumb, skin tone and all (the backend decides how to draw the tone).
        ("👍🏽👍🏽👍🏽", 5, ["👍🏽👍🏽", "👍🏽"]),
    ])
    func wrap(text: String, width: Int, expected: [String]) {
        #expect(renderedLines(manager(text, width: width)) == expected)
    }

    @Test func noWrapModeKeepsOneLinePerParagraph() {
        let layout = manager("aaa bbb ccc ddd", width: 6, wraps: false)
        #expect(renderedLines(layout) == ["aaa bbb ccc ddd"])
    }

    @Test func eachWrappedLineIsReorderedOnItsOwn() {
        // The Hebrew word ends up on the second line and is reversed there.
        let layout = manager("abc def שלום", width: 9)
        #expect(renderedLines(layout) == ["abc def ", "םולש"])
    }

    @Test func alignmentPlacesLines() {
        var text = AttributedString("ab")
        text.alignment = .center
        let layout = TextLayoutManager(text: text, configuration: LayoutConfiguration(width: 11))
        #expect(renderedLines(layout) == ["    ab"])
    }
}

@Suite("Wrapping tabs")
struct WrappingTabTests {
    @Test func aTabIsClippedAtTheLineEnd() {
        let layout = manager("\tab", width: 4)
        #expect(renderedLines(layout) == ["   ", "ab"])
        #expect(layout.layout(ofParagraph: 0).lines.allSatisfy { $0.width <= 4 })
    }
}
