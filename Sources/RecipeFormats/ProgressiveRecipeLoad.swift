import Foundation
import RichText
public import RecipeStorage
public import Recipes

/// A recipe whose body is still being read: `recipe` holds the paragraphs
/// read so far and can be shown and scrolled; `loadMore` reads the next
/// slice of whole lines and appends it without an undo step.
public struct ProgressiveRecipeLoad: Sendable {
    /// Where the body's bytes come from.
    enum BodySource: Sendable {
        /// Text already in memory (small files, tests).
        case text(Substring)
        /// The bytes `range` of a file, read a slice at a time.
        case file(LargeFileReader, range: Range<Int>)
    }

    public private(set) var recipe: Recipe
    /// Problems found so far, located; what they are about was kept as text.
    public internal(set) var warnings: [RecipeFileError] = []
    /// The first place formatting Roux will not keep was found, and how many there are.
    private var refusals: [RecipeFileError] = []
    private var refusalCount = 0
    /// Why reading stopped early (the file changed or could not be read).
    public private(set) var failure: RecipeFileError?
    let source: BodySource
    /// Bytes of the body read so far (of the file, for a file source).
    private(set) var offset = 0
    private var finished = false
    /// Whether a first slice made the document (later ones are appended).
    private var hasAppended = false
    /// The file line of the first line not read yet.
    public private(set) var nextLine: Int
    let path: String
    /// The format whose line syntax reads each slice.
    let format: any RecipeFileFormat.Type
    let crlf: Bool
    /// The reader's state after the last line read.
    private var state: UInt32
    /// The file's stamp when its lines are kept as the document's source
    /// map (valid UTF-8), so a save copies the lines not edited.
    private var sourceStamp: String?
    /// The last slice's lines, which go into the map once a next slice
    /// follows them: appending after the last line could have changed it
    /// (see `TextSourceMap.update(for:)`). With the document's version then.
    private var pending: (block: TextSourceMap.Block, textStart: Int, version: Int)?
    /// The last slice read from a file, when it had invalid UTF-8 (read as
    /// U+FFFD): its map blocks are made to name the file's bytes.
    private var sliceReplacements: ReplacedBytes?
    /// The paragraph attributes of the last line read, for the newline that
    /// joins the next slice to it (as a whole read gives them to it).
    private var lastParagraph = AttributeContainer()

    init(recipe: Recipe, body: Substring, nextLine: Int, path: String, format: any RecipeFileFormat.Type, crlf: Bool) {
        self.init(recipe: recipe, source: .text(body), nextLine: nextLine, path: path, format: format, crlf: crlf)
    }

    /// The body of a file from `bodyStart` to its end, its final line ending
    /// left out, line endings as `recipe.style` says. With `keepingSource`,
    /// the lines read become the document's source map.
    init(recipe: Recipe, file reader: LargeFileReader, bodyStart: Int, nextLine: Int, path: String, format: any RecipeFileFormat.Type,
         keepingSource: Bool = false, sourcePieceBytes: Int = 64 << 10) {
        let style = recipe.style
        let end = reader.size - (style.endsWithNewline ? style.lineEnding.utf8.count : 0)
        self.init(recipe: recipe, source: .file(reader, range: bodyStart ..< max(bodyStart, end)), nextLine: nextLine,
                  path: path, format: format, crlf: style.lineEnding == "\r\n")
        if keepingSource { sourceStamp = reader.fingerprint.stamp }
        self.sourcePieceBytes = sourcePieceBytes
    }

    /// Slices are cut into map blocks of about this many bytes.
    private var sourcePieceBytes = 64 << 10

    private init(recipe: Recipe, source: BodySource, nextLine: Int, path: String, format: any RecipeFileFormat.Type, crlf: Bool) {
        self.recipe = recipe
        self.source = source
        self.nextLine = nextLine
        self.path = path
        self.format = format
        self.crlf = crlf
        state = format.lineSyntax.initialState
        if case .file(_, let range) = source { offset = range.lowerBound }
    }

    public var isComplete: Bool { finished }

    /// How much of the body has been read, from 0 to 1.
    public var fractionLoaded: Double {
        switch source {
        case .text(let body):
            return body.isEmpty ? 1 : min(1, Double(offset) / Double(body.utf8.count))
        case .file(_, let range):
            return range.isEmpty ? 1 : min(1, Double(offset - range.lowerBound) / Double(range.count))
        }
    }

    /// Reads the next whole lines of the body, up to `maxBytes` of them (or
    /// the one line there when it is longer), and appends them.
    public mutating func loadMore(maxBytes: Int = 1 << 20) {
        var target = recipe
        loadMore(maxBytes: maxBytes, into: &target)
        recipe = target
    }

    /// Reads the next slice into `target`: an editor that already shows (and
    /// may have edited) the first slices appends the rest to its own recipe.
    public mutating func loadMore(maxBytes: Int = 1 << 20, into target: inout Recipe) {
        guard !isComplete, let (read, sourceStart) = readNextSlice(maxBytes: maxBytes) else { return }
        append(read, sourceStart: sourceStart, into: &target)
        if finished { target.markHeadAsRead() }
    }

    /// The next slice, read: its bytes are let go here, before the document
    /// copies its text into storage of its own (a 5 MB paragraph's bytes are
    /// not still held while its `AttributedString` is built).
    private mutating func readNextSlice(maxBytes: Int) -> (ReadSlice, sourceStart: Int)? {
        guard let slice = nextSlice(maxBytes: maxBytes) else { return nil }
        let format = format
        return (format.read(slice: slice.bytes, of: &self), slice.sourceStart)
    }

    /// A slice as read: its text and attribute spans, and its lines in map
    /// blocks of about `sourcePieceBytes` (text offsets from the slice's start).
    struct ReadSlice {
        var text = ""
        var spans: [AttributeContainer: [Range<Int>]] = [:]
        var warnings: [RecipeFileError] = []
        var refusals: [RecipeFileError] = []
        var lineCount = 0
        var ingredientIDs: Set<IngredientID> = []
        var blocks: [(block: TextSourceMap.Block, textStart: Int)] = []
        /// The paragraph attributes of the slice's last line (`BodyReader.Piece.lastParagraph`).
        var lastParagraph = AttributeContainer()
    }

    /// Reads a slice's lines from the state the last slice left, a block at a time.
    mutating func read<Syntax: LineSyntax>(_ bytes: [UInt8], with syntax: Syntax) -> ReadSlice {
        var reader = BodyReader(syntax: syntax, path: path, crlf: crlf)
        var result = ReadSlice()
        var start = 0
        bytes.withUnsafeBufferPointer { all in
            let counts = Self.piecesOfWholeLines(all, about: sourcePieceBytes)
            for (number, count) in counts.enumerated() {
                let isLast = number == counts.count - 1
                let piece = reader.read(UnsafeBufferPointer(rebasing: all[start ..< start + count - (isLast ? 0 : 1)]),
                                        state: state, trailingNewline: !isLast, isLastPiece: isLast && finished)
                let textOffset = result.text.utf8.count
                result.text += piece.text
                for (attributes, ranges) in piece.spans {
                    result.spans[attributes, default: []] += ranges.map { $0.lowerBound + textOffset ..< $0.upperBound + textOffset }
                }
                result.warnings += piece.warnings.map {
                    RecipeFileError(path: $0.path, line: $0.line + result.lineCount, column: $0.column, message: $0.message)
                }
                result.refusals += piece.refusals.map {
                    RecipeFileError(path: $0.path, line: $0.line + result.lineCount, column: $0.column, message: $0.message)
                }
                result.lineCount += piece.lineCount
                result.ingredientIDs.formUnion(piece.ingredientIDs)
                var block = piece.block
                block.source = start + block.source.lowerBound ..< start + block.source.upperBound
                result.blocks.append((block, textOffset))
                state = piece.stateAfter
                result.lastParagraph = piece.lastParagraph
                start += count
            }
        }
        return result
    }

    /// The byte counts of pieces of whole lines, each at least `bytes` long
    /// (the last may be shorter), each but the last with its newline.
    static func piecesOfWholeLines(_ all: UnsafeBufferPointer<UInt8>, about bytes: Int) -> [Int] {
        var counts: [Int] = []
        var start = 0
        while start < all.count {
            guard start + bytes < all.count, let newline = BodyReader<PlainTextSyntax>.newline(in: all, from: start + bytes) else {
                counts.append(all.count - start)
                break
            }
            counts.append(newline + 1 - start)
            start = newline + 1
        }
        return counts.isEmpty ? [0] : counts
    }

    /// Appends a read slice: text, warnings, the map's blocks, the
    /// ingredients of marks the list does not have.
    private mutating func append(_ slice: ReadSlice, sourceStart: Int, into target: inout Recipe) {
        let end = target.document.text.utf8.count
        let textStart = hasAppended ? end + 1 : 0
        let untouchedSincePending = pending?.version == target.document.version
        if !hasAppended {
            target.document = RichTextDocument(text: slice.text, attributeSpans: slice.spans, definition: .recipeFile)
        } else {
            target.document.appendLoaded(text: slice.text, attributeSpans: slice.spans, asNewParagraph: true,
                                         newlineAttributes: lastParagraph)
        }
        lastParagraph = slice.lastParagraph
        warnings += slice.warnings.map { RecipeFileError(path: $0.path, line: $0.line + nextLine, column: $0.column, message: $0.message) }
        refusals += slice.refusals.map { RecipeFileError(path: $0.path, line: $0.line + nextLine, column: $0.column, message: $0.message) }
            .prefix(1)
        refusalCount += slice.refusals.count
        // Said once, when the whole file is read: how much, and where the first is.
        if finished, let first = refusals.first,
           let summary = BodyReader<PlainTextSyntax>.refusalSummary(Array(repeating: first, count: refusalCount)) {
            warnings.append(summary)
        }
        nextLine += slice.lineCount
        hasAppended = true
        if let sourceStamp {
            if target.document.sourceMap == nil {
                target.document.sourceMap = TextSourceMap(file: path, stamp: sourceStamp, lineEndingLength: crlf ? 2 : 1)
            }
            if untouchedSincePending, let pending { target.document.sourceMap?.append(pending.block, textStart: pending.textStart) }
            pending = nil
            for (number, item) in slice.blocks.enumerated() {
                // A block that cannot name the file's bytes is left out: its lines are written again.
                guard var block = sliceReplacements.map({ $0.namingFileBytes(item.block) }) ?? item.block else { continue }
                block.source = sourceStart + block.source.lowerBound ..< sourceStart + block.source.upperBound
                // The slice's last line waits for the next slice (or the end).
                if number == slice.blocks.count - 1, !finished {
                    pending = (block, textStart + item.textStart, target.document.version)
                } else {
                    target.document.sourceMap?.append(block, textStart: textStart + item.textStart)
                }
            }
        }
        // Marks of ingredients the front matter does not list join the list
        // as they are read, so they show (green) from the first screen. Most
        // files list them all: then the slice is not walked.
        if !slice.ingredientIDs.isSubset(of: target.ingredients.map(\.id)) {
            let document = target.document.text
            let sliceStart = document.utf8.index(document.startIndex, offsetBy: min(textStart, document.utf8.count))
            target.addIngredientsForUnknownMarks(in: AttributedString(document[sliceStart...]))
        }
    }

    /// The next whole lines, up to `maxBytes` of them (the one line there
    /// when it is longer: a 5 MB paragraph is a slice of its own), without
    /// the line ending that ends them; sets `finished` after the last. Nil
    /// when a file could not be read on: the reason is in `failure`.
    private mutating func nextSlice(maxBytes: Int) -> (bytes: [UInt8], sourceStart: Int)? {
        switch source {
        case .text(let body):
            let utf8 = body.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: offset)
            var end = utf8.index(start, offsetBy: min(maxBytes, utf8.count - offset))
            // Whole lines: back to the last line end read, or on to the first one.
            if end < utf8.endIndex, utf8[end] != 0x0A, let lastNewline = utf8[start ..< end].lastIndex(of: 0x0A) {
                end = lastNewline
            }
            while end < utf8.endIndex, utf8[end] != 0x0A { end = utf8.index(after: end) }
            let sliceStart = offset
            offset = utf8.distance(from: utf8.startIndex, to: end) + 1
            finished = end == utf8.endIndex
            var bytes = Array(body.utf8[start ..< end])
            if crlf, !finished, bytes.last == 0x0D { bytes.removeLast() }
            return (bytes, sliceStart)
        case .file(let reader, let range):
            do throws(RecipeFileError) {
                guard reader.isUnchanged else {
                    throw RecipeFileError(path: path, line: nextLine, column: 1, message:
                        "the file changed on disk while it was being read; what is shown stops here, reopen it to see the rest")
                }
                var bytes = try reader.read(offset ..< min(range.upperBound, offset + maxBytes))
                var end = offset + bytes.count
                // Whole lines: back to the last line end read, so that a long line
                // after it (a 5 MB paragraph) does not hold up the first screen;
                // on to the end of the line when none was read, found first and
                // then read once at its size (grown by appends, a 5 MB line's
                // buffer doubled to 8 MB and was copied on the way).
                if end < range.upperBound {
                    if let lastNewline = bytes.lastIndex(of: 0x0A) {
                        bytes.removeSubrange(lastNewline...)
                    } else {
                        bytes = try reader.read(offset ..< reader.lineEnd(from: end, before: range.upperBound))
                    }
                    end = offset + bytes.count
                }
                finished = end >= range.upperBound
                let sliceStart = offset
                offset = end + 1
                if crlf, !finished, bytes.last == 0x0D { bytes.removeLast() }
                // Invalid UTF-8 is read as U+FFFD; the map still names the file's bytes.
                sliceReplacements = nil
                if String(validating: bytes, as: UTF8.self) == nil {
                    let replaced = ReplacedBytes(decoding: bytes)
                    bytes = Array(replaced.text.utf8)
                    if sourceStamp != nil { sliceReplacements = replaced }
                }
                return (bytes, sliceStart)
            } catch {
                failure = error
                finished = true
                return nil
            }
        }
    }
}

