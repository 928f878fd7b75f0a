import Foundation
import RichText
public import Recipes

extension ProgressiveRecipeLoad {
    /// A few screens of lines not read yet, read and built on their own so
    /// that a place far into a large file shows at once while the lines
    /// before it still load. It is for looking only: editing there waits for
    /// the real document. A Markdown construct opened before the window (a
    /// code fence) is not known to it.
    public struct Preview: Sendable {
        /// The window's lines as a recipe: the recipe given, with a document
        /// that is the window only.
        public var recipe: Recipe
        /// The asked-for line's paragraph in `recipe.document` (from 0).
        public var targetParagraph: Int
        /// The file line of the window's first line.
        public var firstLine: Int
    }

    /// The lines around file line `line` (nil, or past the end: the file's
    /// last line), up to `linesBefore` before it and `linesAfter` after it,
    /// as `recipe` with the window for its document. Nil when the line has
    /// been read already or the file cannot be read.
    public func preview(ofLine line: Int?, linesBefore: Int, linesAfter: Int, for recipe: Recipe) -> Preview? {
        guard !isComplete, line.map({ $0 >= nextLine }) ?? true,
              let found = lineStarts(through: line, keeping: linesBefore + 1), let targetStart = found.starts.last else { return nil }
        // Context before the target, but not a whole long paragraph of it.
        let first = found.starts.firstIndex { targetStart - $0 <= Self.previewContextBytes } ?? found.starts.count - 1
        let windowStart = found.starts[first]
        let firstLine = found.line - (found.starts.count - 1 - first)
        let limit = min(sourceEnd, targetStart + Self.previewBytesAfter)
        guard var bytes = sourceBytes(windowStart ..< limit) else { return nil }
        // On to the end of `linesAfter` lines; a line cut short ends on a character.
        var newlines = 0
        var end = bytes.count
        for index in (targetStart - windowStart) ..< bytes.count where bytes[index] == 0x0A {
            newlines += 1
            if newlines > linesAfter {
                end = index
                break
            }
        }
        if end == bytes.count, limit < sourceEnd {
            while end > targetStart - windowStart, bytes[end - 1] & 0xC0 == 0x80 { end -= 1 }
            if end > targetStart - windowStart, bytes[end - 1] >= 0xC0 { end -= 1 }
        }
        bytes.removeSubrange(end...)
        if crlf, bytes.last == 0x0D { bytes.removeLast() }
        var load = ProgressiveRecipeLoad(recipe: recipe, body: Substring(String(decoding: bytes, as: UTF8.self)),
                                         nextLine: firstLine, path: path, format: format, crlf: crlf)
        load.loadMore(maxBytes: Int.max)
        var shown = load.recipe
        shown.firstBodyLine = firstLine
        return Preview(recipe: shown, targetParagraph: found.line - firstLine, firstLine: firstLine)
    }

    /// Bytes of context a preview reads before its line, and at most after it.
    static let previewContextBytes = 64 << 10
    static let previewBytesAfter = 256 << 10

    /// Where the body's bytes end (its final line ending left out).
    private var sourceEnd: Int {
        switch source {
        case .text(let body): body.utf8.count
        case .file(_, let range): range.upperBound
        }
    }

    private func sourceBytes(_ range: Range<Int>) -> [UInt8]? {
        switch source {
        case .text(let body):
            let utf8 = body.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            return Array(utf8[start ..< utf8.index(start, offsetBy: range.count)])
        case .file(let reader, _):
            return try? reader.read(range)
        }
    }

    /// From the first line not read, on to file line `target` (nil: the
    /// last line): the starts of the last `keep` lines passed, the target's
    /// last, and the line reached (the last when the file ends first).
    private func lineStarts(through target: Int?, keeping keep: Int) -> (starts: [Int], line: Int)? {
        var starts = [offset]
        var line = nextLine
        var position = offset
        let end = sourceEnd
        while position < end, target.map({ line < $0 }) ?? true {
            guard let bytes = sourceBytes(position ..< min(end, position + (4 << 20))), !bytes.isEmpty else { return nil }
            var reached = false
            bytes.withUnsafeBufferPointer { buffer in
                var from = 0
                while !reached, let newline = BodyReader<PlainTextSyntax>.newline(in: buffer, from: from) {
                    line += 1
                    starts.append(position + newline + 1)
                    if starts.count > 2 * keep + 64 { starts.removeFirst(starts.count - keep) }
                    from = newline + 1
                    reached = target == line
                }
            }
            if reached { break }
            position += bytes.count
        }
        return (Array(starts.suffix(keep)), line)
    }
}
