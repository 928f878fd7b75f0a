import Foundation
import Recipes
import RichText
import Testing
import TextLayout

@Suite("Cells and widths")
struct CellWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("漢", 2), ("한", 2), ("👍", 2), ("👍🏽", 2),
        ("👨‍👩‍👧", 2), ("\u{301}", 1), ("\u{1B}", 2), ("\u{7F}", 2), ("\u{9B}", 4),
    ])
    func graphemeWidths(text: String, width: Int) throws {
        let character = try #require(text.first)
        #expect(CellWidth.display(of: character).width == width)
    }

    /// An emoji sequence's cell holds the whole sequence, as wide as a
    /// terminal that clusters graphemes (mode 2027) draws it; what a terminal
    /// without it is sent (`drawable`) must fit in those cells: the backend
    /// pads it with blanks. Other clusters are drawn as they are.
    @Test(arguments: [
        ("👩‍🍳", "👩", 2), ("👨‍👩‍👧", "👨", 2), ("🇫🇷", "🇫", 2), ("👍🏽", "👍", 2), ("❤️", "❤", 2),
        ("1️⃣", "1\u{20E3}", 2), ("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "🏴", 2),
    ])
    func emojiSequencesAreKeptWholeWithAFallbackThatFits(text: String, fallback: String, width: Int) throws {
        let character = try #require(text.first)
        #expect(text.count == 1)
        #expect(CellWidth.isEmojiSequence(text.unicodeScalars))
        let display = CellWidth.display(of: character)
        #expect(display.text == text)
        #expect(display.width == width)
        #expect(CellWidth.drawable(character) == fallback)
        #expect(CellWidth.of(try #require(fallback.unicodeScalars.first)) <= width)
    }

    @Test(arguments: [("e\u{301}", 1), ("ש\u{5B8}", 1), ("漢\u{E0100}", 2), ("क\u{94D}\u{200D}", 1)])
    func otherClustersAreDrawnAsTheyFit(text: String, width: Int) throws {
        let character = try #require(text.first)
        #expect(!CellWidth.isEmojiSequence(text.unicodeScalars))
        let display = CellWidth.display(of: character)
        #expect(display.text == CellWidth.drawable(character))
        #expect(display.width == width)
    }

    @Test func controlCharactersAreNeverDrawnRaw() {
        let layout = manager("red \u{1B}[31mtext\u{7}\u{9B}2J\u{0}", width: 60)
        let line = layout.fragment(at: LinePosition(paragraph: 0, line: 0))
        #expect(rendered(line) == "red ^[[31mtext^G<9b>2J^@")
        for cell in line.cells {
            #expect(cell.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F ... 0x9F).contains($0.value) })
        }
    }

    @Test func wideGraphemesHaveAContinuationCell() {
        let line = manager("a漢b").fragment(at: LinePosition(paragraph: 0, line: 0))
        #expect(line.cells.map(\.text) == ["a", "漢", "", "b"])
        #expect(line.cells.map(\.isContinuation) == [false, false, true, false])
        #expect(line.graphemes.map(\.width) == [1, 2, 1], "漢 takes both its cells")
    }

    @Test func tabsExpandToTheNextStop() {
        let line = manager("a\tbc\td").fragment(at: LinePosition(paragraph: 0, line: 0))
        #expect(rendered(line) == "a   bc  d")
    }

    @Test func aLoneCombiningMarkIsDrawnOnADottedCircle() {
        let line = manager("\u{301}a").fragment(at: LinePosition(paragraph: 0, line: 0))
        #expect(line.cells.map(\.text) == ["\u{25CC}\u{301}", "a"])
    }

    @Test func cellsCarryTheirRunAttributes() {
        var text = AttributedString("du beurre")
        text[text.range(of: "beurre")!].ingredient = IngredientID("beurre")
        let layout = TextLayoutManager(text: text, configuration: LayoutConfiguration(width: 20))
        let cells = layout.fragment(at: LinePosition(paragraph: 0, line: 0)).cells
        #expect(cells.map { $0.attributes.ingredient != nil } == [false, false, false] + Array(repeating: true, count: 6))
    }
}
