import Foundation
import RichText
import RecipeStorage
import Recipes

/// A recipe file's bytes: its head (front matter) and its body, written by
/// `BodyWriter` with the format's line syntax, lines joined by the file's
/// line ending; with the plan of the map the document keeps after a save.
enum RecipeFileAssembly {
    /// Blocks of written lines in the new map are cut about this often, so a
    /// later copy out of them reads and checks little.
    static let blockBytes = 64 << 10

    static func contents<Syntax: LineSyntax>(of recipe: Recipe, head: [UInt8], syntax: Syntax,
                                             reusingSource: Bool) -> FileContents {
        var source: (path: String, fingerprint: FileFingerprint)?
        var reader: LargeFileReader?
        if reusingSource, let map = recipe.document.sourceMap, let opened = try? LargeFileReader(path: map.file),
           opened.fingerprint.stamp == map.stamp {
            source = (map.file, opened.fingerprint)
            reader = opened
        }
        let lineEnding = Array(recipe.style.lineEnding.utf8)
        var head = closed(head, of: recipe)
        let lineCountBeforeBody = head.count { $0 == 0x0A }
        if recipe.style.hasByteOrderMark { head = ByteOrderMark.bytes + head }
        var chunks: [FileContents.Chunk] = [.bytes(head)]
        var planned: [FileContents.PlannedBlock] = []
        var problems: [Int] = []
        var dropped: [Int] = []
        let text = recipe.document.text
        if !(recipe.style.bodyIsEmpty && text.characters.isEmpty) {
            var writer = BodyWriter(syntax: syntax, definition: .recipeFile, lineEnding: lineEnding,
                                    map: reader == nil ? nil : recipe.document.sourceMap, source: reader)
            let body = writer.write(text)
            problems = body.problems
            dropped = body.droppedFormatting
            var offset = head.count
            var bodyLine = 0
            let problemLines = Set(body.problems)
            for (number, unit) in body.units.enumerated() {
                defer { bodyLine += unit.sourceLineStarts.count }
                let problems = Set((0 ..< unit.sourceLineStarts.count).filter { problemLines.contains(bodyLine + $0) })
                if number > 0 {
                    chunks.append(.bytes(lineEnding))
                    offset += lineEnding.count
                }
                switch unit.content {
                case .copy(let range, let block):
                    chunks.append(.copy(range, verify: block))
                    planned.append(FileContents.PlannedBlock(
                        chunk: chunks.count - 1, fileRange: offset ..< offset + range.count, textStart: unit.textStart,
                        textLength: unit.textLength, sourceLineStarts: unit.sourceLineStarts, textLineStarts: unit.textLineStarts,
                        states: unit.states, checksum: nil, problemLines: problems))
                    offset += range.count
                case .text(let range, let checksum):
                    chunks.append(.text(text, range))
                    planned.append(FileContents.PlannedBlock(
                        chunk: chunks.count - 1, fileRange: offset ..< offset + range.count, textStart: unit.textStart,
                        textLength: unit.textLength, sourceLineStarts: unit.sourceLineStarts, textLineStarts: unit.textLineStarts,
                        states: unit.states, checksum: checksum, problemLines: problems))
                    offset += range.count
                case .bytes(let bytes):
                    chunks.append(.bytes(bytes))
                    planned += blocks(of: bytes, unit: unit, chunk: chunks.count - 1, at: offset, lineEnding: lineEnding.count,
                                      problems: problems)
                    offset += bytes.count
                }
            }
            // A file whose last line is empty ends with a line ending, whatever it did before:
            // without one there would be no last line.
            if recipe.style.endsWithNewline || text.utf8.last == 0x0A { chunks.append(.bytes(lineEnding)) }
        }
        var contents = FileContents(chunks: chunks, copySource: source)
        contents.plannedBlocks = planned
        contents.lineEndingLength = lineEnding.count
        contents.problemLines = problems
        contents.droppedFormattingLines = dropped
        contents.firstBodyLine = lineCountBeforeBody + 1
        return contents
    }

    /// `head` as written before the text: front matter closed on the file's
    /// last line, without a line ending, gets one, so text after it starts
    /// on a line of its own. A closing line that ends in a lone "\r" (read as
    /// "---") gets the "\n" that makes it "\r\n": another line ending after
    /// the "\r" would make it "---\r", no delimiter.
    static func closed(_ head: [UInt8], of recipe: Recipe) -> [UInt8] {
        guard let last = head.last, last != 0x0A, !recipe.document.text.characters.isEmpty else { return head }
        return head + (last == 0x0D ? [0x0A] : Array(recipe.style.lineEnding.utf8))
    }

    /// Written lines as map blocks of about `blockBytes`, cut at line starts.
    private static func blocks(of bytes: [UInt8], unit: BodyUnit, chunk: Int, at offset: Int,
                               lineEnding: Int, problems: Set<Int>) -> [FileContents.PlannedBlock] {
        var result: [FileContents.PlannedBlock] = []
        let lines = unit.sourceLineStarts.count
        var first = 0
        while first < lines {
            var last = first + 1
            while last < lines, Int(unit.sourceLineStarts[last]) - Int(unit.sourceLineStarts[first]) < blockBytes { last += 1 }
            let sourceStart = Int(unit.sourceLineStarts[first])
            let sourceEnd = last < lines ? Int(unit.sourceLineStarts[last]) - lineEnding : bytes.count
            let textStart = Int(unit.textLineStarts[first])
            let textEnd = last < lines ? Int(unit.textLineStarts[last]) - 1 : unit.textLength
            let slice = bytes[sourceStart ..< sourceEnd]
            result.append(FileContents.PlannedBlock(
                chunk: chunk, fileRange: offset + sourceStart ..< offset + sourceEnd, textStart: unit.textStart + textStart,
                textLength: textEnd - textStart,
                sourceLineStarts: unit.sourceLineStarts[first ..< last].map { $0 - UInt32(sourceStart) },
                textLineStarts: unit.textLineStarts[first ..< last].map { $0 - UInt32(textStart) },
                states: Array(unit.states[first ..< last]),
                checksum: slice.withUnsafeBytes { SourceChecksum.of($0) },
                problemLines: Set(problems.filter { (first ..< last).contains($0) }.map { $0 - first })))
            first = last
        }
        return result
    }
}
