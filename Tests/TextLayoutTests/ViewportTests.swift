import Foundation
import PropertyBased
import Recipes
import RichText
import RouxTestSupport
import Testing
import TextLayout

@Suite("Viewport, caching and sections")
struct ViewportTests {
    static func book(paragraphs: Int) -> String {
        (0 ..< paragraphs).map { "Paragraphe \($0) : faire fondre le beurre, puis ajouter la farine." }.joined(separator: "\n")
    }

    @Test func editingOneParagraphRelaysOnlyThatParagraph() throws {
        var document = RichTextDocument(text: AttributedString(Self.book(paragraphs: 5000)), definition: .recipe)
        let layout = TextLayoutManager(text: document.text, configuration: LayoutConfiguration(width: 40))
        let top = LinePosition(paragraph: 2000, line: 0)
        _ = layout.lines(from: top, count: 30)
        let before = layout.layoutCount
        #expect(before < 40, "only the viewport is laid out")

        let target = layout.range(ofParagraph: 2005).lowerBound + 5
        try document.select(TextSelection(caret: document.text.characterIndex(atUTF8Offset: target)))
        let version = document.version
        document.insert("x")
        layout.apply(document.text, change: document.change(since: version))
        let lines = layout.lines(from: top, count: 30)
        #expect(layout.layoutCount == before + 1)
        #expect(lines.contains { rendered($0.fragment).contains("Paragxraphe 2005") || rendered($0.fragment).contains("Parag") })
        #expect(renderedLines(TextLayoutManager(text: document.text, configuration: layout.configuration)).count
                == layout.lines(from: LinePosition(paragraph: 0, line: 0), count: 100_000).count)
    }

    @Test func incrementalUpdatesMatchAFreshLayout() async {
        let edits = Gen.int(in: 0 ... 1_000_000).array(of: 1 ... 25)
        await propertyCheck(count: PropertyCases.scaled(100), input: edits) { codes in
            var document = RichTextDocument(text: AttributedString("un\ndeux trois\n\nquatre cinq six sept\nhuit"), definition: .recipe)
            let layout = TextLayoutManager(text: document.text, configuration: LayoutConfiguration(width: 10))
            _ = renderedLines(layout)
            for code in codes {
                let version = document.version
                let offset = code % (document.text.utf8.count + 1)
                try? document.select(TextSelection(caret: document.text.characterIndex(atUTF8Offset: offset)))
                switch code % 7 {
                case 0: document.insert("\n")
                case 1: document.insert("mot ")
                case 2: document.deleteBackward()
                case 3: document.deleteForward()
                case 4: document.setParagraphAttribute(HeadingLevelAttribute.self, to: 1 + code % 3)
                case 5: document.paste(plainText: "collé\n")
                default: document.undo()
                }
                layout.apply(document.text, change: document.change(since: version))
                let fresh = TextLayoutManager(text: document.text, configuration: layout.configuration)
                #expect(renderedLines(layout) == renderedLines(fresh))
                #expect(layout.paragraphCount == fresh.paragraphCount)
                #expect((0 ..< fresh.paragraphCount).allSatisfy { layout.layout(ofParagraph: $0) == fresh.layout(ofParagraph: $0) })
            }
        }
    }

    /// New text is searched for newlines 64 KB at a time: a paste with
    /// newlines at, just before and just after those edges, a "\r\n", an
    /// accented letter and an emoji sequence each cut by one, splits into the
    /// paragraphs a fresh layout finds.
    @Test func aLargePasteSplitsIntoTheParagraphsAFreshLayoutFinds() throws {
        let specials: [(offset: Int, text: String)] = [
            (65_535, "\n"), (65_536, "\n"), (131_071, "\r\n"), (196_607, "é"), (262_140, "👩‍🍳"), (327_679, "\n"),
        ] + stride(from: 9_973, to: 400_000, by: 9_973).map { ($0, "\n") }
        var pasted = ""
        for special in specials.sorted(by: { $0.offset < $1.offset }) where special.offset >= pasted.utf8.count {
            pasted += String(repeating: "a", count: special.offset - pasted.utf8.count) + special.text
        }
        var document = RichTextDocument(text: AttributedString("début fin"), definition: .recipe)
        let layout = TextLayoutManager(text: document.text, configuration: LayoutConfiguration(width: 40))
        _ = renderedLines(layout)
        try document.select(TextSelection(caret: document.text.characterIndex(atUTF8Offset: 7)))
        let version = document.version
        document.insert(pasted)
        let change = try #require(document.change(since: version))
        #expect(change.newRange.count == pasted.utf8.count)
        layout.apply(document.text, change: change)
        let fresh = TextLayoutManager(text: document.text, configuration: layout.configuration)
        #expect(fresh.paragraphCount > 40)
        #expect(layout.paragraphCount == fresh.paragraphCount)
        #expect((0 ..< fresh.paragraphCount).allSatisfy { layout.range(ofParagraph: $0) == fresh.range(ofParagraph: $0) })
    }

    @Test func lineNumbersAreOnTheFirstLineOfEachParagraph() {
        let layout = manager("un deux trois quatre\ncinq", width: 10)
        let numbers = layout.lines(from: LinePosition(paragraph: 0, line: 0), count: 10).map(\.lineNumber)
        #expect(numbers == [1, nil, nil, 2])
    }

    @Test func scrollingAndJumpingLayOutOnlyWhatIsShown() {
        let layout = manager(Self.book(paragraphs: 20_000), width: 40)
        let last = layout.lastLine
        #expect(last.paragraph == 19_999)
        _ = layout.lines(from: last, count: 1)
        let page = layout.position(LinePosition(paragraph: 10_000, line: 0), movedBy: 35)
        _ = layout.lines(from: page, count: 35)
        #expect(layout.layoutCount < 60)
    }

    @Test func aCollapsedHeadingHidesItsSection() throws {
        var text = AttributedString("# Pâte\nfarine\nbeurre\n## Repos\nune heure\n# Cuisson\nfour")
        for title in ["# Pâte\n", "## Repos\n", "# Cuisson\n"] {
            let range = try #require(text.range(of: title))
            text[range].headingLevel = title.hasPrefix("##") ? 2 : 1
        }
        let layout = TextLayoutManager(text: text, configuration: LayoutConfiguration(width: 30))
        #expect(layout.toggleCollapsed(heading: 0))
        #expect(!layout.toggleCollapsed(heading: 1), "body text is not a heading")
        let visible = layout.lines(from: LinePosition(paragraph: 0, line: 0), count: 10)
        #expect(visible.map { rendered($0.fragment) } == ["# Pâte", "# Cuisson", "four"])
        #expect(visible.map(\.isCollapsedHeading) == [true, false, false])
        #expect(visible.map(\.lineNumber) == [1, 6, 7])
        #expect(layout.next(after: LinePosition(paragraph: 0, line: 0)) == LinePosition(paragraph: 5, line: 0))
        #expect(layout.previous(before: LinePosition(paragraph: 5, line: 0)) == LinePosition(paragraph: 0, line: 0))
        // A caret inside the hidden section shows on its heading.
        #expect(layout.linePosition(of: CaretPosition(offset: 10)) == LinePosition(paragraph: 0, line: 0))
        layout.toggleCollapsed(heading: 3)
        layout.toggleCollapsed(heading: 0)
        #expect(layout.lines(from: LinePosition(paragraph: 0, line: 0), count: 10).map { rendered($0.fragment) }
            == ["# Pâte", "farine", "beurre", "## Repos", "# Cuisson", "four"])
    }

    /// The viewport walks a paragraph at a time; it must agree with walking
    /// visual lines one by one (`next(after:)`), wraps and folds included.
    @Test func pagingByParagraphsAgreesWithWalkingLineByLine() async {
        let input = Gen.int(in: 0 ... 1_000_000).array(of: 1 ... 12)
        await propertyCheck(count: PropertyCases.scaled(60), input: input) { codes in
            let paragraphs = codes.enumerated().map { index, code in
                (code % 3 == 0 ? "# " : "") + String(repeating: "mot\(index) ", count: 1 + code % 9)
            }
            let text = MarkdownishHeadings.attributed(paragraphs)
            let layout = TextLayoutManager(text: text, configuration: LayoutConfiguration(width: 12))
            for (index, code) in codes.enumerated() where code % 3 == 0 && code % 2 == 0 { layout.toggleCollapsed(heading: index) }
            var walked: [LinePosition] = []
            var position: LinePosition? = layout.clamped(LinePosition(paragraph: 0, line: 0))
            while let current = position {
                walked.append(current)
                position = layout.next(after: current)
            }
            for (start, startPosition) in walked.enumerated() {
                for distance in [0, 1, 2, 5, walked.count] {
                    #expect(layout.position(startPosition, movedBy: distance) == walked[min(walked.count - 1, start + distance)])
                    let shown = layout.lines(from: startPosition, count: distance).map(\.position)
                    #expect(shown == Array(walked[start ..< min(walked.count, start + distance)]))
                }
            }
        }
    }
}

/// Paragraphs with a leading "# " become level-1 headings (the marker kept as text).
private enum MarkdownishHeadings {
    static func attributed(_ paragraphs: [String]) -> AttributedString {
        var text = AttributedString()
        for (index, paragraph) in paragraphs.enumerated() {
            var piece = AttributedString(paragraph + (index + 1 < paragraphs.count ? "\n" : ""))
            if paragraph.hasPrefix("# ") { piece.headingLevel = 1 }
            text.append(piece)
        }
        return text
    }
}
