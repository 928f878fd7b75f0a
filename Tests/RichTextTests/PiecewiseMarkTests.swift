import Recipes
import RouxTestSupport
import Foundation
import PropertyBased
@testable import RichText
import Testing

/// Marking many ranges cuts the text in pieces marked on all cores and joins
/// them: the result must be exactly what one merge over the whole text gives,
/// wherever the cuts fall (inside a heading, an existing mark, next to emoji
/// and combining marks), and the document must treat it as any other edit.
@Suite("Marking in pieces")
struct PiecewiseMarkTests {
    static let lines = ["Du beurre doux et du beurre salé.", "## Beurre 👩‍🍳 fondu", "Cafe\u{301} au beurre, שמן וbeurre.",
                        "beurre👍🏽beurre", "", "Put the סופגניות in the beurre."]

    /// A text with headings, an existing mark spanning words and emoji, and
    /// every whole-word "beurre" as UTF-8 offsets.
    static func sample(lines count: Int, seed: Int) -> (AttributedString, [Range<Int>]) {
        var generator = seed
        var plain: [String] = []
        for _ in 0 ..< count {
            generator = (generator &* 1_103_515_245 &+ 12345) & 0x7FFF_FFFF
            plain.append(lines[generator % lines.count])
        }
        var document = RichTextDocument(text: AttributedString(plain.joined(separator: "\n")), definition: .recipe)
        document.selectAll()
        // Headings where the lines say so.
        var text = document.text
        var offset = 0
        for line in plain {
            if line.hasPrefix("## ") {
                let range = text.characterRange(atUTF8Offsets: offset ..< offset + line.utf8.count)
                text[range].headingLevel = 2
            }
            offset += line.utf8.count + 1
        }
        // An older mark over "doux et du" wherever it is.
        var marked = AttributeContainer()
        marked.ingredient = IngredientID("doux")
        marked.foregroundColor = .ansi(.green)
        for found in TextSearch("doux et du", wholeWords: true).matches(in: String(text.characters[...])) {
            text[text.characterRange(atUTF8Offsets: found)].mergeAttributes(marked)
        }
        return (text, TextSearch("beurre", caseInsensitive: true, wholeWords: true).matches(in: String(text.characters[...])))
    }

    static func serial(_ text: AttributedString, _ attributes: AttributeContainer, _ offsets: [Range<Int>]) -> AttributedString {
        var copy = text
        copy[RangeSet(copy.characterRanges(atSortedUTF8Offsets: offsets))].mergeAttributes(attributes)
        return copy
    }

    static var beurre: AttributeContainer {
        var attributes = AttributeContainer()
        attributes.ingredient = IngredientID("beurre")
        attributes.foregroundColor = .ansi(.green)
        return attributes
    }

    @Test(arguments: [1, 2, 3, 8, 50, 10_000])
    func anyNumberOfPiecesGivesTheSameText(pieces: Int) {
        let (text, offsets) = Self.sample(lines: 300, seed: 7)
        #expect(offsets.count > 200)
        let piecewise = text.mergingAttributes(Self.beurre, atSortedUTF8Offsets: offsets, pieces: pieces)
        #expect(piecewise.hasSameContent(as: Self.serial(text, Self.beurre, offsets)))
    }

    @Test func randomTextsAndRangesGiveTheSameText() async {
        await propertyCheck(count: PropertyCases.scaled(60), input: Gen.int(in: 0 ... 1_000_000), Gen.int(in: 1 ... 40)) { seed, pieces in
            let (text, all) = Self.sample(lines: 40, seed: seed)
            // Any subset of the occurrences, and ranges that are not words.
            let chosen = all.enumerated().filter { ($0.offset * 7 + seed) % 3 != 0 }.map(\.element)
            let piecewise = text.mergingAttributes(Self.beurre, atSortedUTF8Offsets: chosen, pieces: pieces)
            #expect(piecewise.hasSameContent(as: Self.serial(text, Self.beurre, chosen)))
            var bold = AttributeContainer()
            bold.bold = true
            let stretches = stride(from: 0, to: text.utf8.count - 3, by: 37).map { text.utf8Offsets(of: text.characterRange(atUTF8Offsets: $0 ..< $0 + 3)) }
                .filter { !$0.isEmpty }.mergedRanges()
            #expect(text.mergingAttributes(bold, atSortedUTF8Offsets: stretches, pieces: pieces)
                .hasSameContent(as: Self.serial(text, bold, stretches)))
        }
    }

    @Test func aLargeMarkKeepsTheSelectionAndUndoesAsOneStep() throws {
        let (text, offsets) = Self.sample(lines: 3000, seed: 11)
        #expect(offsets.count >= RichTextDocument.piecewiseMarkThreshold)
        var document = RichTextDocument(text: text, definition: .recipe)
        let start = document.text.characterIndex(atUTF8Offset: 100)
        let end = document.text.characterIndex(atUTF8Offset: 4000)
        let caret = document.text.characterIndex(atUTF8Offset: 9000)
        try document.select(TextSelection(ranges: [.init(anchor: end, head: start), .init(anchor: caret, head: caret)], primary: 1))
        let selectionBefore = SelectionOffsets(document.selection, in: document.text)
        let version = document.version
        document.addAttributes(Self.beurre, toUTF8Offsets: offsets)
        #expect(document.text.hasSameContent(as: Self.serial(text, Self.beurre, offsets)))
        #expect(SelectionOffsets(document.selection, in: document.text) == selectionBefore)
        #expect(document.selection.primaryIndex == 1)
        let change = try #require(document.change(since: version))
        #expect(change.oldRange.lowerBound <= offsets.first!.lowerBound)
        #expect(change.oldRange.upperBound >= offsets.last!.upperBound)
        let undone = document.undo()
        #expect(undone)
        #expect(document.text.hasSameContent(as: text))
        #expect(SelectionOffsets(document.selection, in: document.text) == selectionBefore)
        let redone = document.redo()
        #expect(redone)
        #expect(document.text.hasSameContent(as: Self.serial(text, Self.beurre, offsets)))
    }
}

@Suite("Building a loaded text")
struct LoadedTextTests {
    @Test func setsThatOverlapAnotherAreFound() {
        #expect(LoadedText.setsOverlappingOthers([[0 ..< 3, 10 ..< 12], [3 ..< 5], [20 ..< 30]]) == [])
        #expect(LoadedText.setsOverlappingOthers([[0 ..< 10], [2 ..< 3], [5 ..< 6], [10 ..< 11]]) == [0, 1, 2])
        #expect(LoadedText.setsOverlappingOthers([[0 ..< 5], [1 ..< 20], [6 ..< 7], [25 ..< 26]]) == [0, 1, 2])
        #expect(LoadedText.setsOverlappingOthers([[0 ..< 2, 4 ..< 6], [1 ..< 5]]) == [0, 1])
        #expect(LoadedText.setsOverlappingOthers([]) == [])
    }

    @Test func marksShareOneStorageAndLookTheSameAsMerged() {
        var beurre = AttributeContainer()
        beurre.ingredient = IngredientID("beurre")
        var bold = AttributeContainer()
        bold.bold = true
        var heading = AttributeContainer()
        heading.headingLevel = 1
        let plain = "Titre\ndu beurre et du **x**\nbeurre"
        let spans: [AttributeContainer: [Range<Int>]] = [beurre: [9 ..< 15, 28 ..< 34], bold: [22 ..< 27], heading: [0 ..< 6]]
        let built = LoadedText(text: plain, attributeSpans: spans, definition: .recipe).text
        var merged = AttributedString(plain)
        for (attributes, ranges) in spans.sorted(by: { $0.value[0].lowerBound < $1.value[0].lowerBound }) {
            merged[RangeSet(merged.characterRanges(atSortedUTF8Offsets: ranges))].mergeAttributes(FormattingDefinition.recipe.constrained(attributes))
        }
        #expect(built.hasSameContent(as: merged))
        // The two plain marks hold the very same storage (equal bits).
        let marks = built.runs.filter { $0.ingredient != nil && $0.headingLevel == nil }.map(\.attributes)
        #expect(marks.count == 2)
        let bits = marks.map { attributes in withUnsafeBytes(of: attributes) { Array($0) } }
        #expect(bits.first == bits.last)
    }

    /// Sets that touch but do not overlap are set range by range in the
    /// order of the text, the others merged after: whatever the order of the
    /// spans, the text is what merging every set gives.
    @Test func setsTouchingEachOtherLookTheSameAsMerged() async {
        let lines = ["Du beurre doux et du sel", "## Titre 👩‍🍳", "", "שורה e\u{301} ici", "beurre👍🏽beurre"]
        await propertyCheck(count: PropertyCases.scaled(60), input: Gen.int(in: 0 ... 1_000_000)) { seed in
            var generator = seed
            func next(_ bound: Int) -> Int {
                generator = (generator &* 1_103_515_245 &+ 12345) & 0x7FFF_FFFF
                return generator % bound
            }
            let text = (0 ..< 12).map { _ in lines[next(lines.count)] }.joined(separator: "\n")
            let boundaries = Array(Set(text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) } + [text.utf8.count])).sorted()
            var beurre = AttributeContainer()
            beurre.ingredient = IngredientID("beurre")
            var sel = AttributeContainer()
            sel.ingredient = IngredientID("sel")
            var bold = AttributeContainer()
            bold.bold = true
            var heading = AttributeContainer()
            heading.headingLevel = 2
            // Consecutive stretches between random boundaries, each given to
            // one set or left plain: neighbours touch, none overlap.
            let cuts = Array(Set((0 ..< 14).map { _ in boundaries[next(boundaries.count)] })).sorted()
            var spans: [AttributeContainer: [Range<Int>]] = [:]
            for (lower, upper) in zip(cuts, cuts.dropFirst()) {
                let set = [beurre, sel, bold, nil][next(4)]
                if let set { spans[set, default: []].append(lower ..< upper) }
            }
            // Spans arrive in any order; a heading overlaps some of them.
            spans = spans.mapValues { ranges in next(2) == 0 ? Array(ranges.reversed()) : ranges }
            let lineEnd = text.utf8.firstIndex(of: 0x0A).map { text.utf8.distance(from: text.startIndex, to: $0) } ?? text.utf8.count
            spans[heading] = [0 ..< lineEnd]
            let built = LoadedText(text: text, attributeSpans: spans, definition: .recipe).text
            var merged = AttributedString(text)
            for (attributes, ranges) in spans {
                let sorted = ranges.mergedRanges()
                merged[RangeSet(merged.characterRanges(atSortedUTF8Offsets: sorted))]
                    .mergeAttributes(FormattingDefinition.recipe.constrained(attributes))
            }
            #expect(built.hasSameContent(as: merged))
        }
    }

    @Test func aDocumentBuiltInPiecesEqualsOneBuiltWhole() async {
        let lines = ["Du beurre et du sel", "## Titre", "", "שורה 👩‍🍳 e\u{301}", "centré ici"]
        await propertyCheck(count: PropertyCases.scaled(40), input: Gen.int(in: 0 ... 1_000_000), Gen.int(in: 1 ... 60)) { seed, pieceBytes in
            var generator = seed
            func next(_ bound: Int) -> Int {
                generator = (generator &* 1_103_515_245 &+ 12345) & 0x7FFF_FFFF
                return generator % bound
            }
            let text = (0 ..< 30).map { _ in lines[next(lines.count)] }.joined(separator: "\n")
            let length = text.utf8.count
            // Spans on character boundaries: whole lines' words, across line
            // breaks too; headings and alignment over whole paragraphs.
            let boundaries = text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) } + [length]
            var spans: [AttributeContainer: [Range<Int>]] = [:]
            var beurre = AttributeContainer()
            beurre.ingredient = IngredientID("beurre")
            var bold = AttributeContainer()
            bold.bold = true
            var centred = AttributeContainer()
            centred.alignment = .center
            for set in [beurre, bold, centred] {
                for _ in 0 ..< 6 {
                    let a = boundaries[next(boundaries.count)], b = boundaries[next(boundaries.count)]
                    if a != b { spans[set, default: []].append(min(a, b) ..< max(a, b)) }
                }
            }
            let whole = RichTextDocument(text: text, attributeSpans: spans, definition: .recipe, pieceBytes: 1 << 30)
            let cut = RichTextDocument(text: text, attributeSpans: spans, definition: .recipe, pieceBytes: pieceBytes)
            #expect(cut.text.hasSameContent(as: whole.text))
        }
    }
}
