import Foundation
import RichText

/// A recipe whose body is still being read: `recipe` holds the paragraphs
/// read so far and can be shown and scrolled; `loadMore` reads the next
/// slice of whole lines and appends it without an undo step.
public struct ProgressiveRecipeLoad: Sendable {
    /// How a slice of the body becomes text.
    enum BodySyntax: Sendable {
        /// Markdown: formatting and ingredient marks, problems located.
        case markdown
        /// Plain text: the characters verbatim, nothing can go wrong.
        case plainText
    }

    /// Where the body's bytes come from.
    enum BodySource: Sendable {
        /// Text already in memory (small files, tests).
        case text(Substring)
        /// The bytes `range` of a file, read a slice at a time; with CRLF line
        /// endings turned into "\n" as they are read.
        case file(LargeFileReader, range: Range<Int>, crlf: Bool)
    }

    public private(set) var recipe: Recipe
    /// Problems found so far, located; a caller opens the file as plain text if any.
    public private(set) var errors: [RecipeFileError] = []
    private let source: BodySource
    /// Bytes of the body read so far (of the file, for a file source).
    private var offset = 0
    private var finished = false
    /// Whether a first slice made the document (later ones are appended).
    private var hasAppended = false
    private var nextLine: Int
    private let path: String
    private let syntax: BodySyntax

    init(recipe: Recipe, body: Substring, nextLine: Int, path: String, syntax: BodySyntax = .markdown) {
        self.init(recipe: recipe, source: .text(body), nextLine: nextLine, path: path, syntax: syntax)
    }

    /// The body of a file from `bodyStart` to its end, its final newline
    /// left out, line endings as `recipe.style` says.
    init(recipe: Recipe, file reader: LargeFileReader, bodyStart: Int, nextLine: Int, path: String, syntax: BodySyntax) {
        let style = recipe.style
        let end = reader.size - (style.endsWithNewline ? style.lineEnding.utf8.count : 0)
        self.init(recipe: recipe, source: .file(reader, range: bodyStart ..< max(bodyStart, end), crlf: style.lineEnding == "\r\n"),
                  nextLine: nextLine, path: path, syntax: syntax)
    }

    init(recipe: Recipe, source: BodySource, nextLine: Int, path: String, syntax: BodySyntax) {
        self.recipe = recipe
        self.source = source
        self.nextLine = nextLine
        self.path = path
        self.syntax = syntax
        if case .file(_, let range, _) = source { offset = range.lowerBound }
    }

    public var isComplete: Bool { finished }

    /// How much of the body has been read, from 0 to 1.
    public var fractionLoaded: Double {
        switch source {
        case .text(let body):
            return body.isEmpty ? 1 : min(1, Double(offset) / Double(body.utf8.count))
        case .file(_, let range, _):
            return range.isEmpty ? 1 : min(1, Double(offset - range.lowerBound) / Double(range.count))
        }
    }

    /// Reads at least `maxBytes` more of the body (whole lines) and appends it.
    public mutating func loadMore(maxBytes: Int = 1 << 20) {
        var target = recipe
        loadMore(maxBytes: maxBytes, into: &target)
        recipe = target
    }

    /// Reads the next slice into `target`: an editor that already shows (and
    /// may have edited) the first slices appends the rest to its own recipe.
    public mutating func loadMore(maxBytes: Int = 1 << 20, into target: inout Recipe) {
        guard !isComplete else { return }
        guard let slice = nextSlice(maxBytes: maxBytes) else { return }
        switch syntax {
        case .markdown:
            let (plain, spans, problems) = MarkdownBody.parseSpans(slice, path: path, firstLine: nextLine)
            errors += problems
            let end = target.document.text.utf8.count
            if !hasAppended {
                target.document = RichTextDocument(text: plain, attributeSpans: spans, definition: .recipeFile)
            } else {
                target.document.appendLoaded(text: plain, attributeSpans: spans, asNewParagraph: true)
            }
            // Marks of ingredients the front matter does not list join the
            // list as they are read, so they show (green) from the first
            // screen. Most files list them all: then the slice is not walked.
            let marked = Set(spans.keys.compactMap(\.ingredient))
            if !marked.isSubset(of: target.ingredients.map(\.id)) {
                let text = target.document.text
                let sliceStart = hasAppended ? text.utf8.index(text.startIndex, offsetBy: end) : text.startIndex
                target.addIngredientsForUnknownMarks(in: AttributedString(text[sliceStart...]))
            }
        case .plainText:
            let text = AttributedString(String(slice))
            if !hasAppended {
                target.document = RichTextDocument(text: text, definition: .recipeFile)
            } else {
                target.document.appendLoaded(AttributedString("\n") + text)
            }
        }
        nextLine += slice.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + 1
        hasAppended = true
        if finished {
            target.originalFrontMatter = (target.originalFrontMatter?.text ?? "", target.metadata, target.ingredients)
        }
    }

    /// The next whole lines, at least `maxBytes` of them (all that is left
    /// when less), without the newline that ends them; sets `finished` after
    /// the last. Nil when a file could not be read on: the reason is in `errors`.
    private mutating func nextSlice(maxBytes: Int) -> Substring? {
        switch source {
        case .text(let body):
            let utf8 = body.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: offset)
            var end = utf8.index(start, offsetBy: min(maxBytes, utf8.count - offset))
            while end < utf8.endIndex, utf8[end] != 0x0A { end = utf8.index(after: end) }
            offset = utf8.distance(from: utf8.startIndex, to: end) + 1
            finished = end == utf8.endIndex
            return body[start ..< end]
        case .file(let reader, let range, let crlf):
            do throws(RecipeFileError) {
                guard reader.isUnchanged else {
                    throw RecipeFileError(path: path, line: nextLine, column: 1, message:
                        "the file changed on disk while it was being read; what is shown stops here, reopen it to see the rest")
                }
                var bytes = try reader.read(offset ..< min(range.upperBound, offset + maxBytes))
                var end = offset + bytes.count
                // On to the end of the line: small reads, a line is rarely long.
                while end < range.upperBound {
                    let more = try reader.read(end ..< min(range.upperBound, end + 4096))
                    if more.isEmpty { break }
                    if let newline = more.firstIndex(of: 0x0A) {
                        bytes += more[..<newline]
                        end += newline
                        break
                    }
                    bytes += more
                    end += more.count
                }
                offset = end + 1
                finished = end >= range.upperBound
                if crlf { bytes = Self.removingCarriageReturnsBeforeNewlines(bytes, endsBeforeNewline: !finished) }
                return Substring(String(decoding: bytes, as: UTF8.self))
            } catch {
                errors.append(error)
                finished = true
                return nil
            }
        }
    }

    /// "\r\n" as "\n", and the "\r" of a slice cut just before its "\n".
    private static func removingCarriageReturnsBeforeNewlines(_ bytes: [UInt8], endsBeforeNewline: Bool) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0D, index + 1 < bytes.count ? bytes[index + 1] == 0x0A : endsBeforeNewline { continue }
            result.append(byte)
        }
        return result
    }
}
