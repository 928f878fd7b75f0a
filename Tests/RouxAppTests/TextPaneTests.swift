import Foundation
import RecipeFormats
@testable import RouxApp
import Testing
import TextLayout

/// The text pane as a component: its scrolling against a layout of 100
/// one-line paragraphs and a pane of 10 rows, and each recipe keeping its own.
@Suite("The text pane")
struct TextPaneTests {
    /// A layout of its own for each test (a layout is not shared between threads).
    let layout = TextLayoutManager(
        text: AttributedString((0 ..< 100).map { "ligne \($0)" }.joined(separator: "\n")),
        configuration: LayoutConfiguration(width: 40))

    static func line(_ number: Int) -> LinePosition { LinePosition(paragraph: number, line: 0) }

    @Test func revealScrollsAsLittleAsNeeded() {
        var pane = TextPane()
        pane.reveal(Self.line(50), height: 10, in: layout)
        #expect(pane.top == Self.line(41), "the line on the last row")
        pane.reveal(Self.line(45), height: 10, in: layout)
        #expect(pane.top == Self.line(41), "already shown: no scroll")
        pane.reveal(Self.line(3), height: 10, in: layout)
        #expect(pane.top == Self.line(3), "the line on the first row")
    }

    @Test func theWheelMovesTheViewWithinTheText() {
        var pane = TextPane()
        pane.scroll(by: -3, in: layout)
        #expect(pane.top == Self.line(0))
        pane.scroll(by: 7, in: layout)
        #expect(pane.top == Self.line(7))
        #expect(pane.line(onRow: 2, in: layout) == Self.line(9))
        pane.scroll(by: 1000, in: layout)
        #expect(pane.top == Self.line(99))
    }

    @Test func goingToALineShowsItAThirdOfTheWayDown() {
        var pane = TextPane()
        pane.show(Self.line(50), onRow: 10 / 3, in: layout)
        #expect(pane.top == Self.line(47))
        pane.show(Self.line(1), onRow: 3, in: layout)
        #expect(pane.top == Self.line(0), "never above the first line")
    }

    /// Each open recipe has its own pane: going back to one finds it scrolled where it was.
    @Test func eachSessionKeepsItsOwnPane() {
        let text = (0 ..< 200).map { "Ligne \($0) du pain." }.joined(separator: "\n")
        let first = EditorSession(recipe: MarkdownRecipeFormat.parse(text), path: nil, format: .markdown)
        let second = EditorSession(recipe: MarkdownRecipeFormat.parse(text), path: nil, format: .markdown)
        first.setWidth(60)
        second.setWidth(60)
        first.pane.scroll(by: 120, in: first.layout)
        #expect(first.pane.top == Self.line(120))
        #expect(second.pane.top == Self.line(0))
    }
}
