import RouxTestSupport
import Foundation
import PropertyBased
import Recipes
import RichText
import Testing
import TextLayout

/// Long paragraphs are wrapped a window at a time and re-wrapped around an
/// edit (`WrappedParagraph`). With windows of a few bytes, so that lines meet
/// window edges everywhere, every paragraph and every random edit must give
/// what a fresh layout of the whole paragraph gives: the same lines and cells,
/// carets, columns, selections and character counts.
@Suite("Long paragraphs wrapped in pieces")
struct WrappedParagraphTests {
    static let pieces = [
        "Put", " ", "the", "beurre", "doux", "  ", "\t", "-", "(", ")", "[", "漢字", "、", "e\u{301}", "\u{301}", "👍🏽",
        "👨‍👩‍👧", "🇫🇷", "\u{7}", "\u{1B}", "250", "ab", "x", "\u{3000}", "\u{200B}", "-x", " (", "ﬁ", "ü",
    ]
    /// Pieces that make a paragraph need bidi (laid out whole) or split it.
    static let rarePieces = ["שלום", "سلام", "\n", "\u{202B}"]

    static func text(_ codes: [Int]) -> String {
        codes.map { $0 % 50 == 49 ? rarePieces[$0 / 50 % rarePieces.count] : pieces[$0 % pieces.count] }.joined()
    }

    static let inPieces = WrappedParagraph.Limits(minimumLength: 1, windowBytes: 16)
    static let whole = WrappedParagraph.Limits(minimumLength: .max)

    static func layout(_ text: AttributedString, width: Int, limits: WrappedParagraph.Limits) -> TextLayoutManager {
        TextLayoutManager(text: text, configuration: LayoutConfiguration(width: width), longParagraphs: limits)
    }

    /// `pieces` against a fresh whole layout of the same text.
    static func expectSame(_ pieces: TextLayoutManager, asWhole text: AttributedString, width: Int,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = layout(text, width: width, limits: Self.whole)
        #expect(pieces.paragraphCount == whole.paragraphCount, sourceLocation: sourceLocation)
        guard pieces.paragraphCount == whole.paragraphCount else { return }
        for paragraph in 0 ..< whole.paragraphCount {
            let expected = whole.layout(ofParagraph: paragraph)
            let actual = pieces.layout(ofParagraph: paragraph)
            #expect(Array(actual.lines) == Array(expected.lines), "paragraph \(paragraph)", sourceLocation: sourceLocation)
            #expect(actual.range == expected.range && actual.headingLevel == expected.headingLevel, sourceLocation: sourceLocation)
        }
        let string = String(text.characters[...])
        var offset = 0
        for character in string + [" "] {
            for upstream in [false, true] {
                let caret = CaretPosition(offset: offset, isUpstream: upstream)
                #expect(pieces.linePosition(of: caret) == whole.linePosition(of: caret), "caret \(caret)", sourceLocation: sourceLocation)
                #expect(pieces.column(of: caret) == whole.column(of: caret), sourceLocation: sourceLocation)
            }
            let paragraph = whole.paragraph(containing: offset)
            #expect(pieces.graphemeCount(inParagraph: paragraph, before: offset) == whole.graphemeCount(inParagraph: paragraph, before: offset),
                    sourceLocation: sourceLocation)
            offset += character.utf8.count
        }
        // A drag from the first line to every later place selects the same ranges.
        let lines = whole.lines(from: LinePosition(paragraph: 0, line: 0), count: 400)
        for visible in lines where visible.position.line % 3 == 0 {
            for column in [0, width / 2, width] {
                let anchor = (LinePosition(paragraph: 0, line: 0), 1)
                #expect(pieces.logicalRanges(from: anchor, to: (visible.position, column))
                    == whole.logicalRanges(from: anchor, to: (visible.position, column)), sourceLocation: sourceLocation)
            }
        }
    }

    static let texts = Gen.int(in: 0 ... 10_000).array(of: 0 ... 60).map { text($0) }

    @Test func aParagraphWrappedInPiecesIsTheParagraphWrappedWhole() async {
        await propertyCheck(count: PropertyCases.scaled(300), input: Self.texts, Gen.int(in: 3 ... 24), Gen.int(in: 0 ... 3)) { string, width, style in
            var text = AttributedString(string)
            Self.style(&text, style)
            Self.expectSame(Self.layout(text, width: width, limits: Self.inPieces), asWhole: text, width: width)
        }
    }

    /// Cases the random seeds found (issue 26): kept so that they are tried on every run.
    @Test(arguments: [
        ("שלום🇫🇷Put (Put)שלוםPutPutPutPutPutPutPutPut", [413_063], 3),
        ("PutPutPutPutPutPut\n\nPut", [0, 43_524, 48_588], 3),
    ])
    func editsFoundByRandomSeeds(string: String, edits: [Int], width: Int) {
        Self.expectEditsGiveTheWholeLayout(string, edits, width)
    }

    /// An image's text is drawn after a marker where it starts. Making the
    /// text before it part of the same image, up to exactly a line's start,
    /// moves the marker off that line, which then holds more: it is wrapped
    /// again, not kept.
    @Test func anImageGrownUpToALineStartLosesItsMarkerThere() throws {
        // 8 columns wrap at 7 cells: "⧉cccc" leaves no room for " dd", "cccc dd" fits.
        var document = RichTextDocument(text: AttributedString("aaaa bbbb cccc dd eeee ffff"), definition: .recipe)
        let image = try #require(document.text.range(of: "cccc"))
        try document.select(TextSelection(image))
        _ = document.setAttribute(ImageAttribute.self, to: "photo.jpg")
        let pieces = Self.layout(document.text, width: 8, limits: Self.inPieces)
        _ = renderedLines(pieces)
        let lineStart = try #require(pieces.layout(ofParagraph: 0).lines.first { $0.range.lowerBound == 10 }, "a line starts at cccc")
        #expect(lineStart.cells.first?.text == ParagraphLayout.imageMarker, "the image's first line starts with its marker")
        let version = document.version
        let before = try #require(document.text.range(of: "bbbb "))
        try document.select(TextSelection(before))
        _ = document.setAttribute(ImageAttribute.self, to: "photo.jpg")
        pieces.apply(document.text, change: document.change(since: version))
        Self.expectSame(pieces, asWhole: document.text, width: 8)
    }

    /// Random edits: typing a piece, deleting a stretch, bolding or marking an image over one.
    static let edits = Gen.int(in: 0 ... 1_000_000).array(of: 1 ... 12)

    @Test func editsReWrapOnlyAroundThemAndGiveTheWholeLayout() async {
        await propertyCheck(count: PropertyCases.scaled(200), input: Self.texts, Self.edits, Gen.int(in: 3 ... 24)) { string, edits, width in
            Self.expectEditsGiveTheWholeLayout(string, edits, width)
        }
    }

    static func expectEditsGiveTheWholeLayout(_ string: String, _ edits: [Int], _ width: Int,
                                              sourceLocation: SourceLocation = #_sourceLocation) {
        var styled = AttributedString(string)
        Self.style(&styled, edits[0] % 4)
        var document = RichTextDocument(text: styled, definition: .recipe)
        let pieces = Self.layout(document.text, width: width, limits: Self.inPieces)
        _ = renderedLines(pieces) // every paragraph laid out, so the edits meet laid-out ones
        for code in edits {
            let change = Self.edit(&document, code, inserting: Self.pieces, imageText: true)
            pieces.apply(document.text, change: change)
            Self.expectSame(pieces, asWhole: document.text, width: width, sourceLocation: sourceLocation)
        }
    }

    /// Random edit `code` of `document`: over a stretch, typing one of
    /// `pieces`, deleting it, bolding it, or (`imageText`) making it an
    /// image's text (else typing again). Returns the change (nil for none).
    static func edit(_ document: inout RichTextDocument, _ code: Int, inserting pieces: [String], imageText: Bool) -> TextChange? {
        let version = document.version
        let text = document.text
        let boundaries = Array(text.characters.indices) + [text.endIndex]
        let lower = code % boundaries.count
        let upper = min(boundaries.count - 1, lower + code / 7 % 5)
        try? document.select(TextSelection(boundaries[lower] ..< boundaries[upper]))
        switch code / 3 % 4 {
        case 0: document.insert(pieces[code / 11 % pieces.count])
        case 1: document.deleteBackward()
        case 2: _ = document.setAttribute(BoldAttribute.self, to: true)
        default:
            if imageText {
                _ = document.setAttribute(ImageAttribute.self, to: "photo.jpg")
            } else {
                document.insert(pieces[code / 11 % pieces.count])
            }
        }
        return document.change(since: version)
    }

    /// A list item or a quote (drawn beside every line), or a heading.
    static func style(_ text: inout AttributedString, _ style: Int) {
        switch style {
        case 1: text.listItem = ListMarker(kind: .bullet("-"))
        case 2: text.blockQuote = 2
        case 3: text.headingLevel = 2
        default: break
        }
    }

    @Test func anEditInAFiveMegabyteParagraphShowsOnItsLine() throws {
        let sentence = "Fold the beaten whites into the batter, a third at a time, without stirring. "
        let string = String(repeating: sentence, count: 5_000_000 / sentence.utf8.count)
        var text = AttributedString(string)
        let pieces = TextLayoutManager(text: text, configuration: LayoutConfiguration(width: 120))
        let lineCount = pieces.layout(ofParagraph: 0).lines.count
        #expect(lineCount > 40_000)
        let middle = text.utf8.index(text.startIndex, offsetBy: 2_500_000)
        text.insert(AttributedString("très "), at: middle)
        pieces.apply(text, change: TextChange(prefix: 2_500_000, suffix: string.utf8.count - 2_500_000,
                                              oldLength: string.utf8.count, newLength: text.utf8.count))
        let edited = pieces.layout(ofParagraph: 0)
        // Still in pieces: the caret's line is found without building the others.
        #expect(edited.lines.count >= lineCount)
        let line = pieces.linePosition(of: CaretPosition(offset: 2_500_003))
        #expect(rendered(pieces.fragment(at: line)).contains("très"))
        let last = pieces.fragment(at: LinePosition(paragraph: 0, line: edited.lines.count - 1))
        #expect(last.range.upperBound == text.utf8.count)
        #expect(rendered(last).hasSuffix("stirring. ") || rendered(last).hasSuffix("stirring."))
    }
}
