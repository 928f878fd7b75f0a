import RouxTestSupport
import Foundation
import PropertyBased
import RichText
import Testing
import TextLayout

/// Random mixed-script paragraphs: Latin, Hebrew, Arabic, CJK, emoji with
/// modifiers and ZWJ, combining marks, tabs, control characters.
@Suite("Layout properties")
struct LayoutPropertyTests {
    static let pieces = [
        "Put", " ", "the", "סופגניות", "in", "שלום", "سلام", "لا", "漢字", "한국어", "👍🏽", "👨‍👩‍👧",
        "e\u{301}", "\t", "\u{1B}[1m", "(", ")", "250", "-", "\u{7}", "ab", "  ", "\u{200F}",
    ]

    static func text(_ codes: [Int]) -> String {
        codes.map { pieces[$0 % pieces.count] }.joined()
    }

    static let texts = Gen.int(in: 0 ... 10_000).array(of: 0 ... 30).map { text($0) }

    @Test func everyCellMapsToAGraphemeAndBackAndEveryGraphemeIsDrawnOnce() async {
        await propertyCheck(count: PropertyCases.scaled(300), input: Self.texts, Gen.int(in: 4 ... 30)) { text, width in
            let layout = manager(text, width: width)
            let lines = layout.layout(ofParagraph: 0).lines
            var covered: [Range<Int>] = []
            for (number, line) in lines.enumerated() {
                #expect(line.width <= width, "line \(number) is wider than the pane")
                for grapheme in line.graphemes {
                    covered.append(grapheme.range)
                    guard grapheme.width > 0 else { continue }
                    for column in grapheme.column ..< grapheme.column + grapheme.width {
                        #expect(line.caretOffset(atColumn: column) == grapheme.range.lowerBound)
                    }
                    #expect(line.column(ofCaretAt: grapheme.range.lowerBound) == grapheme.column)
                }
                for cell in line.cells {
                    #expect(cell.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F ... 0x9F).contains($0.value) })
                }
            }
            covered.sort { $0.lowerBound < $1.lowerBound }
            var expected = 0
            for range in covered {
                #expect(range.lowerBound == expected, "a grapheme is missing or drawn twice")
                expected = range.upperBound
            }
            #expect(expected == text.utf8.count)
            // Graphemes are whole Characters.
            let boundaries = Set(text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) })
            #expect(covered.allSatisfy { boundaries.contains($0.lowerBound) })
        }
    }

    @Test func rightThenLeftReturnsToTheSamePlace() async {
        await propertyCheck(count: PropertyCases.scaled(200), input: Self.texts, Gen.int(in: 4 ... 20)) { text, width in
            let layout = manager(text + "\nsecond line עם עברית\n" + text, width: width)
            for caret in Self.allCarets(layout) {
                let right = layout.moveRight(caret)
                guard right != caret, Self.sameDirection(layout, caret, right) else { continue }
                #expect(layout.column(of: layout.moveLeft(right)) == layout.column(of: caret))
                #expect(layout.linePosition(of: layout.moveLeft(right)) == layout.linePosition(of: caret))
            }
        }
    }

    @Test func downThenUpReturnsWhereTheLinesAllow() async {
        await propertyCheck(count: PropertyCases.scaled(100), input: Self.texts, Gen.int(in: 4 ... 20)) { text, width in
            let layout = manager("abcdefghijklmnopqrstuvwxyz\n" + text + "\nabcdefghijklmnopqrstuvwxyz", width: width)
            for caret in Self.allCarets(layout) {
                let column = layout.column(of: caret)
                let down = layout.moveVertically(caret, by: 1, goalColumn: column)
                guard layout.linePosition(of: down) != layout.linePosition(of: caret),
                      layout.column(of: down) == column else { continue } // the line below is too short
                let up = layout.moveVertically(down, by: -1, goalColumn: column)
                #expect(layout.linePosition(of: up) == layout.linePosition(of: caret))
                #expect(layout.column(of: up) == column)
            }
        }
    }

    /// Paragraphs of either direction, mixed ones, numbers alone and blank lines.
    static let paragraphs = ["", "מערבבים את הקמח עם השמרים.", "Put the סופגניות in the pan.", "לשים בצק רך 2 שעות.",
                             "Fry 2 minutes a side.", "250", "Add the שמן זית (2 tbsp)."]
    static let documents = Gen.int(in: 0 ... 1_000).array(of: 1 ... 8).map { $0.map { paragraphs[$0 % paragraphs.count] }.joined(separator: "\n") }

    struct Place: Hashable {
        var line: LinePosition
        var column: Int
    }

    /// Where each arrow press puts the caret until it stops moving; nil when
    /// it goes on longer than there are places (it went round).
    static func walk(_ layout: TextLayoutManager, from caret: CaretPosition, places: Int,
                     _ step: (CaretPosition) -> CaretPosition) -> [Place]? {
        var current = caret
        var visited = [Place(line: layout.linePosition(of: current), column: layout.column(of: current))]
        for _ in 0 ... places {
            let moved = step(current)
            if moved == current { return visited }
            current = moved
            visited.append(Place(line: layout.linePosition(of: current), column: layout.column(of: current)))
        }
        return nil
    }

    /// One arrow walks through every place of the document once, the other
    /// walks back the same way, and the arrow pointing against the
    /// document's direction (Left in a left-to-right one) goes from its end
    /// to its first line.
    @Test func theArrowsWalkThroughParagraphsOfEitherDirection() async {
        await propertyCheck(count: PropertyCases.scaled(200), input: Self.documents, Gen.int(in: 6 ... 30)) { text, width in
            let layout = manager(text, width: width)
            let places = Set(Self.allCarets(layout).map { Place(line: layout.linePosition(of: $0), column: layout.column(of: $0)) })
            let end = CaretPosition(offset: text.utf8.count)
            let firstLetter = text.unicodeScalars.first { $0.properties.isAlphabetic }
            let isRightToLeft = firstLetter.map { (0x0590 ... 0x05FF).contains($0.value) } ?? false
            let backward = try #require(Self.walk(layout, from: end, places: places.count) {
                isRightToLeft ? layout.moveRight($0) : layout.moveLeft($0)
            }, "the arrow went round")
            // At the start, or at the end of a first line of numbers laid out the other way ("250").
            let first = try #require(backward.last)
            #expect(first.line == LinePosition(paragraph: 0, line: 0))
            if layout.layout(ofParagraph: 0).isRightToLeft == isRightToLeft {
                #expect(layout.caret(atColumn: first.column, on: first.line).offset == 0)
            }
            let leftEnd = try #require(Self.walk(layout, from: end, places: places.count) { layout.moveLeft($0) })
            let start = try #require(leftEnd.last)
            let rightwards = try #require(Self.walk(layout, from: layout.caret(atColumn: start.column, on: start.line),
                                                    places: places.count) { layout.moveRight($0) })
            #expect(rightwards.count == places.count, "every place once")
            #expect(Set(rightwards) == places)
            let rightEnd = try #require(rightwards.last)
            let leftwards = try #require(Self.walk(layout, from: layout.caret(atColumn: rightEnd.column, on: rightEnd.line),
                                                   places: places.count) { layout.moveLeft($0) })
            #expect(leftwards == rightwards.reversed())
        }
    }

    /// Every caret stop of every visual line.
    static func allCarets(_ layout: TextLayoutManager) -> [CaretPosition] {
        layout.lines(from: LinePosition(paragraph: 0, line: 0), count: 1000).flatMap { visible in
            (0 ... visible.fragment.width).map { layout.caret(atColumn: $0, on: visible.position) }
        }
    }

    /// Crossing between a left-to-right and a right-to-left line has no
    /// inverse that also feels right, so round trips are checked elsewhere.
    static func sameDirection(_ layout: TextLayoutManager, _ a: CaretPosition, _ b: CaretPosition) -> Bool {
        layout.fragment(at: layout.linePosition(of: a)).isRightToLeftParagraph
            == layout.fragment(at: layout.linePosition(of: b)).isRightToLeftParagraph
    }
}
