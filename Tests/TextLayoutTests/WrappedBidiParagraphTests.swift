import RouxTestSupport
import Foundation
import PropertyBased
import Recipes
import RichText
import Testing
@testable import TextLayout

/// Long paragraphs with right-to-left text are wrapped in pieces too, each
/// line resolved in a window around it (`ParagraphBidiIndex`). Random
/// paragraphs of Hebrew, Arabic (lam-alef ligatures, harakat, tatweel),
/// European and Arabic numbers with their terminators and separators,
/// brackets, neutrals, marks and tabs, in either direction, with windows of a
/// few bytes and small reaches: every paragraph and random edit must give
/// what FriBidi gives the whole paragraph.
@Suite("Long right-to-left paragraphs wrapped in pieces")
struct WrappedBidiParagraphTests {
    static let pieces = [
        "שלום", "עם", " ", "  ", "abc", "Put", "سلام", "لا", "ل", "ا", "أ", "\u{64E}", "بَ", "\u{640}", "123", "٣٤", "$",
        "%", "+", "-", ",", ".", ":", "(", ")", "[", "]", "«", "»", "{", "}", "\t", "\u{200F}", "\u{200E}", "\u{200D}",
        "!", "e\u{301}", "漢字", "(\u{301}", "2.5", "-3", "#", "/", "\u{5BC}", "\u{301}[", "!\u{301}\u{AD}(", "\u{AD}",
    ]
    /// Pieces that make a paragraph be laid out whole (an embedding) or split it.
    static let rarePieces = ["\u{202B}", "\n", "\u{2067}"]

    static func text(_ codes: [Int]) -> String {
        codes.map { $0 % 60 == 59 ? rarePieces[$0 / 60 % rarePieces.count] : pieces[$0 % pieces.count] }.joined()
    }

    static let texts = Gen.int(in: 0 ... 10_000).array(of: 0 ... 60).map { text($0) }

    static func limits(reach: Int) -> WrappedParagraph.Limits {
        WrappedParagraph.Limits(minimumLength: 1, windowBytes: 16, bidiReach: reach)
    }

    /// A list item, a quote, a heading, or a direction set either way.
    static func style(_ text: inout AttributedString, _ style: Int) {
        switch style {
        case 4: text.baseWritingDirection = .rightToLeft
        case 5: text.baseWritingDirection = .leftToRight
        case 6:
            text.listItem = ListMarker(kind: .bullet("-"))
            text.baseWritingDirection = .rightToLeft
        default: WrappedParagraphTests.style(&text, style)
        }
    }

    static func piecesUsed(_ layout: TextLayoutManager) -> Int {
        (0 ..< layout.paragraphCount).count { layout.layout(ofParagraph: $0).lines.wrapped != nil }
    }

    @Test func aParagraphWithRightToLeftTextWrappedInPiecesIsTheParagraphWrappedWhole() async {
        let used = Counter()
        await propertyCheck(count: PropertyCases.scaled(300), input: Self.texts, Gen.int(in: 3 ... 24), Gen.int(in: 0 ... 6),
                            Gen.int(in: 0 ... 2)) { string, width, style, reach in
            var text = AttributedString(string)
            Self.style(&text, style)
            let pieces = WrappedParagraphTests.layout(text, width: width, limits: Self.limits(reach: [6, 40, 10_000][reach]))
            WrappedParagraphTests.expectSame(pieces, asWhole: text, width: width)
            used.add(Self.piecesUsed(pieces))
        }
        // Most paragraphs, not none, were wrapped in pieces.
        #expect(used.value > 150)
    }

    @Test func editsOfRightToLeftParagraphsGiveTheWholeLayout() async {
        let used = Counter()
        await propertyCheck(count: PropertyCases.scaled(200), input: Self.texts, WrappedParagraphTests.edits, Gen.int(in: 3 ... 24)) { string, edits, width in
            used.add(Self.expectEditsGiveTheWholeLayout(string, edits, width))
        }
        #expect(used.value > 300)
    }

    /// Cases the random seeds found: kept so that they are tried on every run.
    @Test(arguments: [
        ("»-{%,\u{200F}abcעםPut\u{200F}:-3\u{200F}\u{64E}ب\u{64E}ب\u{64E}:[שלום+٣٤,!\u{301}\u{AD}({",
         [485_542, 16_191, 972_662, 911_391, 275_056, 670_820, 671_936, 511_406, 297_400, 356_174, 839_716, 402_939], 4),
    ])
    func editsFoundByRandomSeeds(string: String, edits: [Int], width: Int) {
        _ = Self.expectEditsGiveTheWholeLayout(string, edits, width)
    }

    /// Applies `edits` one by one, comparing with the whole layout after
    /// each; returns how many of the edited layouts were in pieces.
    static func expectEditsGiveTheWholeLayout(_ string: String, _ edits: [Int], _ width: Int,
                                              sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var styled = AttributedString(string)
        Self.style(&styled, edits[0] % 7)
        var document = RichTextDocument(text: styled, definition: .recipe)
        let pieces = WrappedParagraphTests.layout(document.text, width: width,
                                                  limits: Self.limits(reach: edits[0] % 3 == 0 ? 12 : 10_000))
        _ = renderedLines(pieces)
        var used = 0
        for code in edits {
            let change = WrappedParagraphTests.edit(&document, code, inserting: Self.pieces, imageText: false)
            pieces.apply(document.text, change: change)
            WrappedParagraphTests.expectSame(pieces, asWhole: document.text, width: width, sourceLocation: sourceLocation)
            used += Self.piecesUsed(pieces)
        }
        return used
    }

    /// Brackets paired far apart, and across the edges of windows: a pair's
    /// direction depends on all the text between its brackets.
    @Test func bracketsPairedAcrossManyLinesResolveAsInTheWholeParagraph() {
        for inner in ["שלום עם", "abc def", "123 456", "سلام لا"] {
            for outer in ["abc", "שלום", "١٢"] {
                let string = outer + " (" + Array(repeating: inner, count: 30).joined(separator: " ") + ") " + outer
                    + " [" + inner + " (" + outer + "] ) " + inner
                for direction in [nil, ParagraphDirection.rightToLeft, .leftToRight] {
                    var text = AttributedString(string)
                    text.baseWritingDirection = direction
                    let pieces = WrappedParagraphTests.layout(text, width: 11, limits: Self.limits(reach: 10_000))
                    #expect(Self.piecesUsed(pieces) == 1)
                    WrappedParagraphTests.expectSame(pieces, asWhole: text, width: 11)
                }
            }
        }
    }

    /// BD16 keeps 63 openers; at the 64th FriBidi pairs no more brackets, so
    /// a pair that a window alone would make stays unpaired, and in a
    /// right-to-left paragraph "abc (def) שלום" then draws its ")" at
    /// another level. Such a paragraph is laid out whole.
    @Test func bracketsLeftUnpairedByTheParagraphStayUnpairedInItsLines() {
        for openers in [61, 62, 63, 64] {
            let string = String(repeating: "(", count: openers) + " x " + String(repeating: "abc (def) שלום ", count: 12)
            var text = AttributedString(string)
            text.baseWritingDirection = .rightToLeft
            let pieces = WrappedParagraphTests.layout(text, width: 16, limits: Self.limits(reach: 10_000))
            #expect(Self.piecesUsed(pieces) == (openers < 63 ? 1 : 0))
            WrappedParagraphTests.expectSame(pieces, asWhole: text, width: 16)
        }
    }

    /// FriBidi's rule W1 merges marks into the run before them and, when
    /// both are ON, the run after them too: a bracket right after "(" and a
    /// mark is then no bracket, and "]" pairs with an earlier "[" (whose line
    /// the window of "]" must then reach, past the letter "x").
    @Test func aBracketAfterMarksIsPairedAsFriBidiPairsIt() {
        for string in ["[x ٣٤(\u{301}[],שלום", "[x ٣٤(\u{301}\u{AD}\u{302}[],שלום", "[x ٣٤!\u{301}[],שלום",
                       "[x ٣٤a\u{301}[],שלום", "[٣٤(\u{301}[],שלום"] {
            var text = AttributedString(String(repeating: string + " ", count: 4))
            text.baseWritingDirection = .leftToRight
            let pieces = WrappedParagraphTests.layout(text, width: 3, limits: Self.limits(reach: 10_000))
            #expect(Self.piecesUsed(pieces) == 1)
            WrappedParagraphTests.expectSame(pieces, asWhole: text, width: 3)
        }
    }

    /// Pairs can chain: in "(א) (א) (א)…" a pair's direction depends on the
    /// strong type before it, the pair before it. A line whose window would
    /// be longer than the reach is taken from a layout of the whole
    /// paragraph (Arabic, whose cells are counted in windows while
    /// wrapping, has the paragraph laid out whole), and is the same.
    @Test func chainedPairsGiveTheWholeLayoutWithoutLongWindows() throws {
        for (piece, inPieces) in [("(א) ", true), ("[tag] (ב) ", true), ("(ب) ", false)] {
            for direction in [ParagraphDirection.leftToRight, .rightToLeft] {
                var text = AttributedString(String(repeating: piece, count: 60))
                text.baseWritingDirection = direction
                let pieces = WrappedParagraphTests.layout(text, width: 13, limits: Self.limits(reach: 16))
                #expect(Self.piecesUsed(pieces) == (inPieces ? 1 : 0), "\(piece)")
                WrappedParagraphTests.expectSame(pieces, asWhole: text, width: 13)
            }
        }
        // 200 KB of them: lines come from one whole layout, not from a
        // window per line reaching back to the paragraph's start.
        let text = AttributedString(String(repeating: "(א) ", count: 50_000))
        let layout = TextLayoutManager(text: text, configuration: LayoutConfiguration(width: 120))
        let lines = layout.lines(from: LinePosition(paragraph: 0, line: 800), count: 40)
        #expect(lines.count == 40)
        let whole = WrappedParagraphTests.layout(text, width: 120, limits: WrappedParagraphTests.whole)
        #expect(lines.map(\.fragment) == whole.lines(from: LinePosition(paragraph: 0, line: 800), count: 40).map(\.fragment))
    }

    /// FriBidi 1.0.8 sorts bracket pairs recursively, once per pair: 1.25
    /// million pairs (a 5 MB paragraph of "(א) ", laid out whole when a line's
    /// window is too long) overflowed the stack, a segfault.
    @Test func aMillionBracketPairsResolveWithoutOverflowingTheStack() {
        let string = String(repeating: "(א) ", count: 1_250_000)
        let levels = BidiParagraph(string, direction: .leftToRight).levels
        let small = BidiParagraph("(א) (א) (א) ", direction: .leftToRight).levels
        #expect(levels.count == 5_000_000)
        #expect(Array(levels[4 ..< 8]) == Array(small[4 ..< 8]))
        #expect(Array(levels[4_999_992 ..< 4_999_996]) == Array(small[4 ..< 8]))
    }

    @Test func aFiveMegabyteParagraphWithAHebrewWordIsWrappedInPieces() {
        let sentence = "Fold the beaten whites (a third at a time) into the batter, without stirring. "
        var string = String(repeating: sentence, count: 5_000_000 / sentence.utf8.count)
        string.insert(contentsOf: "קציפה ", at: string.utf8.index(string.startIndex, offsetBy: 2_500_000 - 2_500_000 % sentence.utf8.count))
        let text = AttributedString(string)
        let pieces = TextLayoutManager(text: text, configuration: LayoutConfiguration(width: 120))
        #expect(Self.piecesUsed(pieces) == 1)
        let line = pieces.linePosition(of: CaretPosition(offset: 2_500_000 - 2_500_000 % sentence.utf8.count + 2))
        // The Hebrew word is drawn right to left: its last letter first.
        let shown = rendered(pieces.fragment(at: line))
        #expect(shown.contains("הפיצק"))
        #expect(!shown.contains("קציפה"))
    }
}

/// A count the property checks add to from their closures.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add(_ amount: Int) { lock.withLock { count += amount } }
}
