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
    /// The file's stamp when its lines are kept as the document's source
    /// map (valid UTF-8, Markdown), so a save copies the lines not edited.
    private var sourceStamp: String?
    /// The map's pieces are cut at the first line start this far apart.
    private var sourcePieceBytes = 64 << 10
    /// Where the last slice's lines are in the file (without the line
    /// ending after them), and those bytes, for the map's checksums.
    private var sliceSource: Range<Int>?
    private var sliceBytes: [UInt8] = []
    /// The last slice's pieces, which go into the map once a next slice
    /// follows them: appending after the last line could have changed it
    /// (see `TextSourceMap.update(for:)`). With the document's version then.
    private var pendingPieces: (pieces: [TextSourceMap.Piece], version: Int)?

    init(recipe: Recipe, body: Substring, nextLine: Int, path: String, syntax: BodySyntax = .markdown) {
        self.init(recipe: recipe, source: .text(body), nextLine: nextLine, path: path, syntax: syntax)
    }

    /// The body of a file from `bodyStart` to its end, its final newline
    /// left out, line endings as `recipe.style` says.
    /// With `keepingSource`, the lines read become the document's source map.
    init(recipe: Recipe, file reader: LargeFileReader, bodyStart: Int, nextLine: Int, path: String, syntax: BodySyntax,
         keepingSource: Bool = false, sourcePieceBytes: Int = 64 << 10) {
        let style = recipe.style
        let end = reader.size - (style.endsWithNewline ? style.lineEnding.utf8.count : 0)
        self.init(recipe: recipe, source: .file(reader, range: bodyStart ..< max(bodyStart, end), crlf: style.lineEnding == "\r\n"),
                  nextLine: nextLine, path: path, syntax: syntax)
        if keepingSource, syntax == .markdown { sourceStamp = reader.fingerprint.stamp }
        self.sourcePieceBytes = sourcePieceBytes
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
            let (plain, spans, problems, lineMarks) = MarkdownBody.parseSpans(slice, path: path, firstLine: nextLine,
                                                                              markingLinesEvery: sourcePieceBytes)
            errors += problems
            let end = target.document.text.utf8.count
            let untouchedSincePending = pendingPieces?.version == target.document.version
            if !hasAppended {
                target.document = RichTextDocument(text: plain, attributeSpans: spans, definition: .recipeFile)
            } else {
                target.document.appendLoaded(text: plain, attributeSpans: spans, asNewParagraph: true)
            }
            keepSource(of: plain, lineMarks: lineMarks, at: hasAppended ? end + 1 : 0, problems: !problems.isEmpty,
                       untouchedSincePending: untouchedSincePending, in: &target.document)
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

    /// Puts the pending pieces of the slice before into the source map, if
    /// nothing changed them, and this slice's pieces (cut at `lineMarks`)
    /// into the map or, while more will follow, into `pendingPieces`.
    private mutating func keepSource(of plain: String, lineMarks: [(source: Int, text: Int, line: Int)], at textStart: Int,
                                     problems: Bool, untouchedSincePending: Bool, in document: inout RichTextDocument) {
        defer { sliceBytes = [] }
        guard let sourceStamp, let sliceSource, case .file(_, _, let crlf) = source else { return }
        if document.sourceMap == nil { document.sourceMap = TextSourceMap(file: path, stamp: sourceStamp) }
        if untouchedSincePending, let pending = pendingPieces {
            for piece in pending.pieces { document.sourceMap?.add(piece) }
        }
        pendingPieces = nil
        // A line that did not parse is shown as text; saving writes it escaped.
        guard !problems else { return }
        // Line starts in the slice, in the file (a CRLF file has one more
        // byte per line before) and in the text.
        let starts = [(source: sliceSource.lowerBound, text: textStart)] + lineMarks.map {
            (source: sliceSource.lowerBound + $0.source + (crlf ? $0.line : 0), text: textStart + $0.text)
        }
        let lineEnding = crlf ? 2 : 1
        var pieces: [TextSourceMap.Piece] = []
        for (index, start) in starts.enumerated() {
            let isLast = index == starts.count - 1
            let textEnd = isLast ? textStart + plain.utf8.count : starts[index + 1].text - 1
            let sourceEnd = isLast ? sliceSource.upperBound : starts[index + 1].source - lineEnding
            let bytes = sliceBytes[start.source - sliceSource.lowerBound ..< sourceEnd - sliceSource.lowerBound]
            pieces.append(TextSourceMap.Piece(text: start.text ..< textEnd, source: start.source ..< sourceEnd,
                                              checksum: bytes.withUnsafeBytes { SourceChecksum.of($0) }))
        }
        if finished {
            for piece in pieces { document.sourceMap?.add(piece) }
        } else {
            pendingPieces = (pieces, document.version)
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
                finished = end >= range.upperBound
                // A CRLF line ending's "\r" is before `end` (but after the body's last line).
                sliceSource = offset ..< (crlf && !finished ? end - 1 : end)
                if sourceStamp != nil { sliceBytes = bytes }
                offset = end + 1
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
