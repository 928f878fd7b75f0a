import Foundation
import Testing
import TextLayout

@Suite("Caret motion")
struct CaretMotionTests {
    @Test func rightMovesRightwardsOnScreenEvenInHebrew() {
        let text = "ab אבג cd"
        let layout = manager(text)
        var caret = CaretPosition(offset: 0)
        var columns: [Int] = []
        for _ in 0 ..< 10 {
            columns.append(layout.column(of: caret))
            caret = layout.moveRight(caret)
        }
        #expect(columns == Array(0 ... 9))
    }

    @Test func leftAtTheStartOfALineGoesToTheEndOfThePreviousOne() {
        let layout = manager("abc\ndef")
        let caret = layout.moveLeft(CaretPosition(offset: 4))
        #expect(caret.offset == 3)
        #expect(layout.column(of: caret) == 3)
    }

    @Test func inRightToLeftTextLeftGoesForward() {
        let text = "אבג\nדהו"
        let layout = manager(text, width: 10)
        // The first line's end is at its left; Left past it goes to the next line's start (its right end).
        let end = CaretPosition(offset: 6)
        #expect(layout.column(of: end) == layout.fragment(at: LinePosition(paragraph: 0, line: 0)).leadingColumns - 1)
        let next = layout.moveLeft(end)
        #expect(next.offset == 7)
        #expect(layout.moveRight(next).offset == 6)
    }

    /// tryout 3 #5: Left at the end of a Hebrew paragraph went to the blank
    /// line after it and then back to the same paragraph's start, for ever.
    @Test func inRightToLeftTextLeftGoesOnPastABlankLine() {
        let text = "אבג\n\nדהו\n\nזחט"
        let layout = manager(text, width: 10)
        var caret = CaretPosition(offset: 6)
        var offsets: [Int] = []
        for _ in 0 ..< 12 {
            caret = layout.moveLeft(caret)
            offsets.append(caret.offset)
        }
        #expect(offsets == [7, 8, 10, 12, 14, 15, 16, 18, 20, 22, 22, 22])
        for _ in 0 ..< 16 { caret = layout.moveRight(caret) }
        #expect(caret.offset == 0, "Right goes back to the document's start")
    }

    @Test func upAndDownKeepTheGoalColumnAcrossWrappedLines() {
        let layout = manager("abcdefgh ijklmnop qr\nstuvwxyz", width: 10)
        let caret = CaretPosition(offset: 5)
        let down = layout.moveVertically(caret, by: 1, goalColumn: 5)
        #expect(down.offset == 14)
        let shortLine = layout.moveVertically(down, by: 1, goalColumn: 5)
        #expect(shortLine.offset == 20, "column 5 is past the end of 'qr'")
        #expect(layout.moveVertically(shortLine, by: 1, goalColumn: 5).offset == 26)
        #expect(layout.moveVertically(CaretPosition(offset: 2), by: -1, goalColumn: 2).offset == 0)
    }

    @Test func homeAndEndGoToTheVisualLinesEnds() {
        let layout = manager("abcdefgh ijklmnop", width: 10)
        let end = layout.lineEnd(CaretPosition(offset: 2))
        #expect(end == CaretPosition(offset: 9, isUpstream: true))
        #expect(layout.linePosition(of: end) == LinePosition(paragraph: 0, line: 0))
        #expect(layout.lineStart(CaretPosition(offset: 12)).offset == 9)
        #expect(layout.lineEnd(CaretPosition(offset: 12)) == CaretPosition(offset: 17))
    }

    @Test func wordMotionStopsAtWordBoundaries() {
        let layout = manager("Mettre 250 g, puis cuire.")
        var caret = CaretPosition(offset: 0)
        var stops: [Int] = []
        for _ in 0 ..< 6 {
            caret = layout.moveWord(caret, toRight: true)
            stops.append(caret.offset)
        }
        #expect(stops == [6, 10, 12, 13, 18, 24])
        #expect(layout.moveWord(CaretPosition(offset: 12), toRight: false).offset == 11)
    }

    @Test func clickingPlacesTheCaretOnTheGraphemeUnderTheMouse() {
        let layout = manager("Put the סופגניות in the pan")
        let line = LinePosition(paragraph: 0, line: 0)
        // Column 15 shows ס, the first letter of the Hebrew word (logical offset 8).
        #expect(layout.caret(atColumn: 15, on: line).offset == 8)
        #expect(layout.caret(atColumn: 8, on: line).offset == 22)
        #expect(layout.caret(atColumn: 60, on: line).offset == 35)
    }
}
