import Foundation
import RichText
import TextLayout
import Testing

/// Text shown in place of the document's own (`DisplaySubstitution`): laid
/// out and wrapped as shown, while every caret stands on the document's text.
@Suite("Display substitutions")
struct DisplaySubstitutionTests {
    static let text = "Bake at 350°F, then 2 cups.\nNext"
    /// `350°F` and `2 cups`, as UTF-8 offsets.
    static let temperature = 8 ..< 14
    static let cups = 21 ..< 27

    static func substituted(width: Int = 40) -> TextLayoutManager {
        let layout = manager(text, width: width)
        layout.setSubstitutions([DisplaySubstitution(range: cups, text: "470 ml"), DisplaySubstitution(range: temperature, text: "180 °C")])
        return layout
    }

    @Test func theReplacementIsShownAndWrappedAsShown() {
        #expect(substrings([Self.temperature, Self.cups], of: Self.text) == ["350°F", "2 cups"])
        let layout = Self.substituted()
        #expect(renderedLines(layout) == ["Bake at 180 °C, then 470 ml.", "Next"])
        #expect(layout.text == AttributedString(Self.text), "the document keeps its own text")
        // Wrapped by the width shown: "180 °C," does not fit after "Bake at " in 12 cells.
        #expect(renderedLines(Self.substituted(width: 13)) == ["Bake at ", "180 °C, then", "470 ml.", "Next"])
        layout.setSubstitutions([])
        #expect(renderedLines(layout) == ["Bake at 350°F, then 2 cups.", "Next"])
    }

    @Test func theCaretStepsOverTheReplacementWholeAndAClickLandsBeforeIt() {
        let layout = Self.substituted()
        let before = CaretPosition(offset: Self.temperature.lowerBound)
        #expect(layout.column(of: before) == 8)
        let after = layout.moveRight(before)
        #expect(after.offset == Self.temperature.upperBound)
        #expect(layout.column(of: after) == 14, "after the six cells of 180 °C")
        #expect(layout.moveLeft(after).offset == Self.temperature.lowerBound)
        for column in 8 ..< 14 {
            #expect(layout.caret(atColumn: column, on: LinePosition(paragraph: 0, line: 0)).offset == Self.temperature.lowerBound)
        }
        #expect(layout.caret(atColumn: 14, on: LinePosition(paragraph: 0, line: 0)).offset == Self.temperature.upperBound)
    }

    /// Replacements the cells cannot draw one character each, or that do
    /// not cover whole graphemes, show the document's own text.
    @Test func whatCannotBeDrawnOneCellACharacterIsNotReplaced() {
        let layout = manager("Bake at 350°F.", width: 40)
        layout.setSubstitutions([DisplaySubstitution(range: 8 ..< 14, text: "１８０度")])
        #expect(renderedLines(layout) == ["Bake at 350°F."])
        layout.setSubstitutions([DisplaySubstitution(range: 8 ..< 12, text: "x")])
        #expect(renderedLines(layout) == ["Bake at 350°F."], "ends inside °")
    }

    /// Only the paragraphs whose substitutions change are laid out again.
    @Test func aChangeReLaysOnlyTheParagraphsItTouches() {
        let layout = manager("one 350°F\ntwo\nthree 2 cups", width: 40)
        #expect(renderedLines(layout).count == 3)
        let count = layout.layoutCount
        layout.setSubstitutions([DisplaySubstitution(range: 4 ..< 10, text: "180°C")])
        #expect(renderedLines(layout) == ["one 180°C", "two", "three 2 cups"])
        #expect(layout.layoutCount == count + 1)
    }
}
