import RouxTestSupport
import Foundation
import PropertyBased
@testable import RichText
import Testing

/// A merge done a part at a time between keystrokes (Ctrl-E on a word found
/// 150,000 times) must give exactly what one merge gives, whatever the
/// parts; leave the document untouched until it finishes; finish as one
/// undo step; and not finish on a text that changed meanwhile.
@Suite("Merging attributes in parts")
struct AttributeMergeTests {
    /// The merge's ranges cut into parts of the given sizes (cycled).
    static func mergedInParts(_ merge: AttributeMerge, sizes: [Int]) -> AttributeMerge {
        var merge = merge
        var next = 0
        while !merge.isComplete {
            merge.mergeNext(sizes[next % sizes.count])
            next += 1
        }
        return merge
    }

    @Test func anyPartsGiveTheSameTextAsOneMerge() async {
        await propertyCheck(count: PropertyCases.scaled(60), input: Gen.int(in: 0 ... 1_000_000), Gen.int(in: 1 ... 30).array(of: 1 ... 5)) {
            seed, sizes in
            let (text, all) = PiecewiseMarkTests.sample(lines: 40, seed: seed)
            // Any subset of the occurrences, ranges over several runs (an
            // older mark, a heading's edge) and ranges inside one.
            let chosen = all.enumerated().filter { ($0.offset * 7 + seed) % 3 != 0 }.map(\.element)
            let across = stride(from: seed % 11, to: text.utf8.count - 9, by: 53).map {
                text.utf8Offsets(of: text.characterRange(atUTF8Offsets: $0 ..< $0 + 9))
            }
            for ranges in [chosen, across.filter { !$0.isEmpty }] {
                var document = RichTextDocument(text: text, definition: .recipe)
                var atOnce = document
                atOnce.addAttributes(PiecewiseMarkTests.beurre, toUTF8Offsets: ranges)
                let merge = try #require(document.attributeMerge(PiecewiseMarkTests.beurre, toUTF8Offsets: ranges))
                let done = Self.mergedInParts(merge, sizes: sizes)
                #expect(document.text.hasSameContent(as: text), "untouched until it finishes")
                let finished = document.finish(done)
                #expect(finished)
                #expect(document.text.hasSameContent(as: atOnce.text))
                #expect(document.change(since: 0) == atOnce.change(since: 0))
            }
        }
    }

    @Test func aFinishedMergeIsOneUndoStepAndAStaleOneFinishesNothing() throws {
        let (text, offsets) = PiecewiseMarkTests.sample(lines: 300, seed: 5)
        var document = RichTextDocument(text: text, definition: .recipe)
        let merge = try #require(document.attributeMerge(PiecewiseMarkTests.beurre, toUTF8Offsets: offsets))
        let early = document.finish(merge)
        #expect(!early, "not complete")
        let done = Self.mergedInParts(merge, sizes: [7])
        var edited = document
        edited.insert("x")
        let stale = edited.finish(done)
        #expect(!stale, "the text changed since")
        #expect(edited.text.hasSameContent(as: { var copy = text; copy.insert(AttributedString("x"), at: copy.startIndex); return copy }()))
        let state = document.editState
        let finished = document.finish(done)
        #expect(finished)
        #expect(document.text.hasSameContent(as: PiecewiseMarkTests.serial(text, PiecewiseMarkTests.beurre, offsets)))
        let undone = document.undo()
        #expect(undone)
        #expect(document.text.hasSameContent(as: text))
        #expect(document.editState == state)
        #expect(!document.canUndo)
        let redone = document.redo()
        #expect(redone)
        #expect(document.text.hasSameContent(as: PiecewiseMarkTests.serial(text, PiecewiseMarkTests.beurre, offsets)))
    }

    /// Marks whose runs had the same attributes hold the very same storage
    /// (equal bits), as a file's marks do when it is read: not a dictionary each.
    @Test func marksInRunsAlikeShareOneStorage() throws {
        let text = AttributedString((1 ... 50).map { "Step \($0): beurre" }.joined(separator: "\n"))
        let offsets = TextSearch("beurre", wholeWords: true).matches(in: String(text.characters[...]))
        let document = RichTextDocument(text: text, definition: .recipe)
        let merge = try #require(document.attributeMerge(PiecewiseMarkTests.beurre, toUTF8Offsets: offsets))
        let done = Self.mergedInParts(merge, sizes: [3, 20])
        var finished = document
        let didFinish = finished.finish(done)
        #expect(didFinish)
        let marks = finished.text.runs.filter { $0.ingredient != nil }.map(\.attributes)
        #expect(marks.count == 50)
        let bits = Set(marks.map { attributes in withUnsafeBytes(of: attributes) { Array($0) } })
        #expect(bits.count == 1)
    }

    /// Packing a stretch's runs again (after each part) changes nothing a
    /// reader can see: marks that begin or end exactly at its edges stay
    /// (a change to the characters would have taken them off), and so do
    /// headings, emoji and older marks inside it.
    @Test func packingRunsKeepsEveryAttribute() async {
        await propertyCheck(count: PropertyCases.scaled(60), input: Gen.int(in: 0 ... 1_000_000)) { seed in
            let (plain, offsets) = PiecewiseMarkTests.sample(lines: 30, seed: seed)
            let text = PiecewiseMarkTests.serial(plain, PiecewiseMarkTests.beurre, offsets)
            try #require(offsets.count >= 2)
            // From one mark's start to another's end.
            let first = seed % (offsets.count - 1)
            let last = first + 1 + (seed / 7) % (offsets.count - first - 1)
            var packed = text
            packed.packRuns(inUTF8: offsets[first].lowerBound ..< offsets[last].upperBound)
            #expect(packed.hasSameContent(as: text))
            #expect(packed.runs.filter { $0.ingredient != nil }.count == text.runs.filter { $0.ingredient != nil }.count)
        }
    }
}
