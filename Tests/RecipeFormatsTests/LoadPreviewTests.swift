import Foundation
import PropertyBased
import RecipeFormats
import RichText
import Testing

/// A preview reads the lines around a place far into a large file, before
/// the text before it is loaded: it must show exactly those lines.
@Suite("Previews of lines not loaded yet")
struct LoadPreviewTests {
    /// Lines of every length (some empty, one far longer than a preview
    /// reads) and several scripts, so cuts land inside characters.
    static func lines(count: Int, seed: UInt64) -> [String] {
        var generator = Self.generator(seed: seed)
        let pieces = ["pâte", "סוכר", "砂糖", "🍩", "beurre", "un œuf", "ok"]
        return (0 ..< count).map { number in
            if number == count / 2 { return String(repeating: "crème 🍮 ", count: 40_000) }
            let words = Int(generator.next() % 12)
            return (0 ..< words).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined(separator: " ")
                + (words == 0 ? "" : " \(number)")
        }
    }

    @Test(arguments: [("\n", UInt64(1)), ("\r\n", UInt64(2))])
    func aPreviewIsTheFilesLinesAroundTheOneAskedFor(lineEnding: String, seed: UInt64) throws {
        let lines = Self.lines(count: 200_000, seed: seed)
        let path = try LargeFileTests.write(Array((lines.joined(separator: lineEnding) + lineEnding).utf8), extension: "txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let opened = try RecipeFiles.open(path: path, progressively: true)
        let load = try #require(opened.pendingLoad)
        var generator = Self.generator(seed: seed)
        // Lines far ahead, the long one and its neighbours, the last, and past the end.
        let ahead = UInt64(lines.count - load.nextLine)
        var targets: [Int?] = []
        for _ in 0 ..< 12 { targets.append(load.nextLine + Int(generator.next() % ahead)) }
        let middle = lines.count / 2
        targets += [middle, middle + 1, middle + 2, lines.count, lines.count + 50, nil]
        for target in targets {
            let preview = try #require(load.preview(ofLine: target, linesBefore: 10, linesAfter: 20, for: opened.recipe))
            let shown = String(preview.recipe.document.text.characters).split(separator: "\n", omittingEmptySubsequences: false)
            let line = min(target ?? lines.count, lines.count) // file lines from 1
            #expect(preview.firstLine + preview.targetParagraph == line, "target \(String(describing: target))")
            #expect(preview.recipe.firstBodyLine == preview.firstLine)
            #expect(preview.firstLine >= load.nextLine)
            #expect(preview.targetParagraph <= 10)
            for (index, text) in shown.enumerated() {
                let original = lines[preview.firstLine - 1 + index]
                if index == shown.count - 1, text.count < original.count {
                    // Only a line longer than a preview reads is cut, on a character.
                    #expect(original.hasPrefix(text) && original.utf8.count > 200_000)
                } else {
                    #expect(String(text) == original, "line \(preview.firstLine + index)")
                }
            }
            #expect(shown.count <= 31)
        }
        #expect(load.preview(ofLine: 1, linesBefore: 10, linesAfter: 20, for: opened.recipe) == nil, "a line read already")
    }

    @Test func aMarkdownPreviewShowsFormattingAndMarks() throws {
        let bytes = LargeFileTests.book(bytes: 6 << 20, lineEnding: "\n", finalNewline: true)
        let path = try LargeFileTests.write(bytes, extension: "md")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let opened = try RecipeFiles.open(path: path, progressively: true)
        let load = try #require(opened.pendingLoad)
        let whole = try RecipeFiles.open(path: path)
        let line = load.nextLine + 40_000
        let preview = try #require(load.preview(ofLine: line, linesBefore: 5, linesAfter: 5, for: opened.recipe))
        let fromWhole = Self.paragraph(line - whole.recipe.firstBodyLine, of: whole.recipe.document.text)
        let fromPreview = Self.paragraph(preview.targetParagraph, of: preview.recipe.document.text)
        #expect(!fromPreview.characters.isEmpty)
        #expect(fromPreview == fromWhole, "the same text, bold and ingredient marks")
    }

    /// The same numbers on every machine for a seed.
    static func generator(seed: UInt64) -> Xoshiro {
        Xoshiro(seed: (seed, 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB))
    }

    /// Paragraph `number` (from 0), without its line break.
    static func paragraph(_ number: Int, of text: AttributedString) -> AttributedString {
        let lines = String(text.characters).split(separator: "\n", omittingEmptySubsequences: false)
        let start = lines[..<number].reduce(0) { $0 + $1.utf8.count + 1 }
        return AttributedString(text[text.characterRange(atUTF8Offsets: start ..< start + lines[number].utf8.count)])
    }
}
