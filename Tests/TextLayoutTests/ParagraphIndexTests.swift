import RouxTestSupport
import PropertyBased
import Testing
import TextLayout

@Suite("Paragraph index")
struct ParagraphIndexTests {
    @Test func findsParagraphsByOffsetAndByNumber() {
        let index = ParagraphIndex(text: "ab\n\ncde\n")
        #expect(index.count == 4)
        #expect(index.utf8Count == 8)
        #expect((0 ..< 4).map(index.start(ofParagraph:)) == [0, 3, 4, 8])
        #expect((0 ... 8).map { index.paragraph(containing: $0).index } == [0, 0, 0, 1, 2, 2, 2, 2, 3])
    }

    /// Blocks of 1, 2, 3 and 64 paragraphs, from a few paragraphs or many:
    /// splits inside blocks, in-place length changes and merges all happen.
    @Test(arguments: [1, 2, 3, 64])
    func matchesAnArrayUnderRandomReplacements(blockSize: Int) async {
        let operations = Gen.int(in: 0 ... 1_000_000).array(of: 1 ... 60)
        await propertyCheck(count: PropertyCases.scaled(200), input: operations) { codes in
            var model = (0 ..< (codes[0] % 2 == 0 ? 3 : 150)).map { 1 + ($0 * 7 + codes[0]) % 11 }
            var index = ParagraphIndex(lengths: model, blockSize: blockSize)
            for code in codes {
                let lower = code % (model.count + 1)
                let upper = min(model.count, lower + (code / 7) % 3)
                let inserted = (0 ..< (code / 31) % 4).map { 1 + (code / ($0 + 3)) % 9 }
                if model.count - (upper - lower) + inserted.count == 0 { continue }
                model.replaceSubrange(lower ..< upper, with: inserted)
                index.replace(lower ..< upper, with: inserted)
                #expect(index.count == model.count)
                #expect(index.utf8Count == model.reduce(0, +))
                var start = 0
                for (number, length) in model.enumerated() {
                    #expect(index.start(ofParagraph: number) == start)
                    #expect(index.length(ofParagraph: number) == length)
                    if length > 0 { #expect(index.paragraph(containing: start + length - 1).index == number) }
                    start += length
                }
            }
        }
    }
}
