import Foundation
import RichText
import Testing
import TextLayout

@Suite("Bidi layout")
struct BidiLayoutTests {
    static let seed = "Put the סופגניות in the pan"

    @Test func hebrewIsDrawnRightToLeftInsideALeftToRightLine() {
        let layout = manager(Self.seed)
        #expect(renderedLines(layout) == ["Put the תוינגפוס in the pan"])
    }

    /// The seed's example: from the middle of סופגניות to the end of "in" is
    /// one visual stretch and two logical ranges, the start of the Hebrew word
    /// and " in", without the end of the Hebrew word.
    @Test func aVisualSelectionAcrossHebrewAndEnglishIsTwoLogicalRanges() {
        let layout = manager(Self.seed)
        let line = LinePosition(paragraph: 0, line: 0)
        let ranges = layout.logicalRanges(from: (line, 12), to: (line, 19))
        #expect(substrings(ranges, of: Self.seed) == ["סופג", " in"])
        #expect(layout.highlightedColumns(in: layout.fragment(at: line), for: ranges) == [12 ..< 19])
        // Dragging the other way selects the same text.
        #expect(layout.logicalRanges(from: (line, 19), to: (line, 12)) == ranges)
    }

    /// Every caret stop stands on a boundary of its own (before the first
    /// letter of a Hebrew word in English text and after it were the same
    /// boundary, and a Shift-arrow between them selected nothing).
    @Test func eachCaretStopIsItsOwnSelectionBoundary() {
        for text in [Self.seed, "שלום (abc) עולם 250"] {
            let layout = manager(text)
            let line = layout.fragment(at: LinePosition(paragraph: 0, line: 0))
            let carets = line.graphemes.map { CaretPosition(offset: $0.range.lowerBound) } + [CaretPosition(offset: text.utf8.count)]
            let boundaries = carets.map { layout.boundaryColumn(of: $0) }
            #expect(Set(boundaries).count == carets.count, "\(text): \(boundaries)")
        }
    }

    /// A wrapped right-to-left paragraph is read leftwards: from ג on the
    /// first line to before ז on the second is "גד הו", whichever end the drag starts at.
    @Test func aSelectionAcrossWrappedRightToLeftLinesReadsLeftwards() {
        let text = "אבגד הוזח"
        let layout = manager(text, width: 6)
        let first = LinePosition(paragraph: 0, line: 0)
        let second = LinePosition(paragraph: 0, line: 1)
        #expect(layout.fragment(at: second).range.lowerBound == text.utf8.count - 8)
        let from = CaretPosition(offset: 4) // before ג
        let to = CaretPosition(offset: text.utf8.count - 4) // before ז
        let ranges = layout.logicalRanges(from: (first, layout.boundaryColumn(of: from)), to: (second, layout.boundaryColumn(of: to)))
        #expect(substrings(ranges, of: text) == ["גד הו"])
        #expect(layout.logicalRanges(from: (second, layout.boundaryColumn(of: to)), to: (first, layout.boundaryColumn(of: from))) == ranges)
    }

    @Test func aRightToLeftParagraphIsRightAlignedWithMirroredBrackets() {
        let text = "שלום (עולם)"
        let layout = manager(text, width: 20)
        let line = layout.fragment(at: LinePosition(paragraph: 0, line: 0))
        #expect(line.isRightToLeftParagraph)
        #expect(rendered(line) == "         (םלוע) םולש")
        #expect(line.endColumn == line.leadingColumns - 1)
    }

    @Test func theWritingDirectionAttributeOverridesTheFirstStrongCharacter() {
        var text = AttributedString("abc אבג")
        text.baseWritingDirection = .rightToLeft
        let layout = TextLayoutManager(text: text, configuration: LayoutConfiguration(width: 12))
        // One cell left of the text is kept for the caret at the end of the line.
        #expect(renderedLines(layout) == ["     גבא abc"])
    }

    @Test func arabicIsShapedAndLamAlefTakesOneCell() {
        let layout = manager("لا سلام", width: 20)
        let line = layout.fragment(at: LinePosition(paragraph: 0, line: 0))
        // Each lam-alef (in لا and inside سلام) is one ligature cell; its alef has none.
        #expect(line.cells.count == 5)
        #expect(line.graphemes.filter { $0.width == 0 }.count == 2)
        #expect(line.cells.allSatisfy { cell in cell.text.unicodeScalars.allSatisfy { !(0x0600 ... 0x06FF).contains($0.value) } })
    }

    @Test func numbersInRightToLeftTextKeepTheirOrder() {
        let layout = manager("עוגה 250 גרם", width: 20)
        #expect(renderedLines(layout) == ["        םרג 250 הגוע"])
    }
}
