import Foundation
import Recipes
import RichText
import RecipeStorage

/// Reads a recipe body, the lines after the file's head, with a line syntax:
/// the text and attributes of each line, the warnings, and (for a body that
/// is exactly the file's bytes) the source map that lets a save copy every
/// line the user did not edit.
///
/// Lines end at "\n"; in a file whose every line break is "\r\n" the "\r"
/// is part of the line ending, not of the text.
struct BodyReader<Syntax: LineSyntax> {
    var syntax: Syntax
    let path: String
    let crlf: Bool

    /// One piece of whole lines, read.
    struct Piece: Sendable {
        var text: String
        var spans: [AttributeContainer: [Range<Int>]] = [:]
        /// Located with the piece's first line as line 0.
        var warnings: [RecipeFileError] = []
        var ingredientIDs: Set<IngredientID> = []
        /// Formatting the definition would not keep, each where it is (line
        /// from 0, as `warnings`) and why.
        var refusals: [RecipeFileError] = []
        var lineCount = 0
        /// The map block of the piece, source offsets relative to its start.
        var block: TextSourceMap.Block
        var stateAfter: UInt32
        /// The last line's paragraph attributes. A piece without its final
        /// newline cannot hold them when that line is empty (an empty line
        /// of a code block): the newline that joins the next piece takes them.
        var lastParagraph = AttributeContainer()
    }

    /// Reads the lines of `bytes` (whole lines; the last without its "\n")
    /// from `state`. With `trailingNewline`, more lines follow: the text ends
    /// with a newline, and in a CRLF file the last line's "\r" is its ending.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, state: UInt32, trailingNewline: Bool = false,
                       isLastPiece: Bool = true) -> Piece {
        if let plain = plainLine(bytes, state: state, trailingNewline: trailingNewline) { return plain }
        var text: [UInt8] = []
        var spans: [AttributeContainer: [Range<Int>]] = [:]
        var warnings: [RecipeFileError] = []
        var sourceStarts: [UInt32] = []
        var textStarts: [UInt32] = []
        var states: [UInt32] = []
        var ingredientIDs: Set<IngredientID> = []
        var refusals: [RecipeFileError] = []
        var refusalMemo: [AttributeContainer: [String]] = [:]
        var lastParagraph = AttributeContainer()
        var state = state
        var lineStart = 0
        var lineNumber = 0
        var lastLineEnd = 0
        while true {
            let newline = Self.newline(in: bytes, from: lineStart)
            let endsWithNewline = newline != nil || trailingNewline
            var lineEnd = newline ?? bytes.count
            if crlf, endsWithNewline, lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            lastLineEnd = lineEnd
            sourceStarts.append(UInt32(lineStart))
            textStarts.append(UInt32(text.count))
            states.append(state)
            let line = syntax.read(UnsafeBufferPointer(rebasing: bytes[lineStart ..< lineEnd]), state: state, origins: false,
                                   isLast: isLastPiece && !endsWithNewline)
            let offset = text.count
            if text.isEmpty, newline == nil, !trailingNewline {
                // The piece is this one line (a 5 MB paragraph): its text is taken, not copied.
                text = line.text
            } else {
                if text.capacity <= bytes.count { text.reserveCapacity(bytes.count + 1) }
                text += line.text
            }
            for span in line.spans {
                spans[span.attributes, default: []].append(offset + span.range.lowerBound ..< offset + span.range.upperBound)
                if let id = span.attributes.ingredient { ingredientIDs.insert(id) }
                let refused = refusalMemo[span.attributes] ?? FormattingDefinition.recipeFile.refusals(in: span.attributes)
                refusalMemo[span.attributes] = refused
                if let reason = refused.first {
                    // Rare: the line is read again to say where in the file it is.
                    let lineBytes = UnsafeBufferPointer(rebasing: bytes[lineStart ..< lineEnd])
                    var tracer = syntax // a copy: reading again must not count the line twice
                    let traced = tracer.read(lineBytes, state: state, origins: true, isLast: isLastPiece && !endsWithNewline)
                    let column = Self.fileColumn(ofText: span.range.lowerBound, in: traced, line: lineBytes)
                    refusals.append(RecipeFileError(path: path, line: lineNumber, column: column, message: reason))
                }
            }
            lastParagraph = line.paragraph
            if line.paragraph != AttributeContainer() {
                // A paragraph's attributes hold over its newline too.
                spans[line.paragraph, default: []].append(offset ..< text.count + (endsWithNewline ? 1 : 0))
            }
            for warning in line.warnings {
                warnings.append(RecipeFileError(path: path, line: lineNumber, column: warning.column, message: warning.message))
            }
            state = line.stateAfter
            lineNumber += 1
            guard let newline else {
                if trailingNewline { text.append(0x0A) }
                break
            }
            text.append(0x0A)
            lineStart = newline + 1
        }
        let block = TextSourceMap.Block(
            source: 0 ..< lastLineEnd, checksum: SourceChecksum.of(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<lastLineEnd]))),
            sourceLineStarts: sourceStarts, textLineStarts: textStarts, textLength: text.count - (trailingNewline ? 1 : 0),
            states: states)
        return Piece(text: String(decoding: text, as: UTF8.self), spans: spans, warnings: warnings, ingredientIDs: ingredientIDs,
                     refusals: refusals, lineCount: lineNumber, block: block, stateAfter: state, lastParagraph: lastParagraph)
    }

    /// A piece that is one line of plain text (a 5 MB paragraph often is),
    /// read as `read` would, its `String` made straight from the bytes: the
    /// line's text is never held a second time on the way (the largest share of the
    /// memory at the peak of loading such a paragraph). Nil for any other piece.
    private func plainLine(_ bytes: UnsafeBufferPointer<UInt8>, state: UInt32, trailingNewline: Bool) -> Piece? {
        guard Self.newline(in: bytes, from: 0) == nil else { return nil }
        let lineEnd = crlf && trailingNewline && bytes.last == 0x0D ? bytes.count - 1 : bytes.count
        let line = UnsafeBufferPointer(rebasing: bytes[..<lineEnd])
        guard syntax.isPlainText(line, state: state) else { return nil }
        let newline = trailingNewline ? 1 : 0
        let text = String(unsafeUninitializedCapacity: line.count + newline) { buffer in
            _ = buffer.initialize(fromContentsOf: line)
            if trailingNewline { buffer[line.count] = 0x0A }
            return line.count + newline
        }
        let block = TextSourceMap.Block(source: 0 ..< lineEnd, checksum: SourceChecksum.of(UnsafeRawBufferPointer(line)),
                                        sourceLineStarts: [0], textLineStarts: [0], textLength: line.count, states: [state])
        return Piece(text: text, lineCount: 1, block: block, stateAfter: syntax.state(after: line, state: state))
    }

    /// The 1-based column in the file's line (in scalars, as every message
    /// counts) of a text offset of `line`, read with its origins from `bytes`.
    static func fileColumn(ofText offset: Int, in line: ReadLine, line bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let origin = offset < line.origins.count ? line.origins[offset].lowerBound : line.contentRange.upperBound
        return MarkdownSyntax.column(of: origin, in: bytes)
    }

    /// One warning for the formatting a file has that Roux will not keep:
    /// how much, the first place, and that the file keeps it meanwhile.
    static func refusalSummary(_ refusals: [RecipeFileError]) -> RecipeFileError? {
        guard let first = refusals.first else { return nil }
        let count = refusals.count
        return RecipeFileError(path: first.path, line: first.line, column: first.column,
                               message: "\(count == 1 ? "formatting" : "\(count) pieces of formatting") Roux cannot show "
                                   + "(\(first.message)); the file keeps \(count == 1 ? "it" : "them") while \(count == 1 ? "its line is" : "their lines are") not edited")
    }

    static func newline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// The state before each piece's first line: one quick pass over the
    /// lines (the syntax's `state(after:)` looks only at what carries over).
    func statesAtPieceStarts(_ body: UnsafeBufferPointer<UInt8>, pieceStarts: [Int]) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(pieceStarts.count)
        var state = syntax.initialState
        var lineStart = 0
        var next = 0
        while next < pieceStarts.count {
            while next < pieceStarts.count, pieceStarts[next] <= lineStart {
                result.append(state)
                next += 1
            }
            guard next < pieceStarts.count, let newline = Self.newline(in: body, from: lineStart) else { break }
            var lineEnd = newline
            if crlf, lineEnd > lineStart, body[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            state = syntax.state(after: UnsafeBufferPointer(rebasing: body[lineStart ..< lineEnd]), state: state)
            lineStart = newline + 1
        }
        while result.count < pieceStarts.count { result.append(state) }
        return result
    }
}

extension BodyReader {
    /// A whole body read in pieces of whole lines on all cores: the document,
    /// the warnings (lines from `firstLine`), the ingredient IDs marked, and
    /// the map's blocks with source offsets from `sourceStart` (where the
    /// body starts in the file).
    static func readWhole(_ body: Substring, syntax: Syntax, path: String, crlf: Bool, firstLine: Int, sourceStart: Int,
                          definition: FormattingDefinition, pieceBytes: Int = 64 << 10)
        -> (document: RichTextDocument, warnings: [RecipeFileError], ingredientIDs: Set<IngredientID>,
            blocks: [(block: TextSourceMap.Block, textStart: Int)]) {
        let pieces = body.piecesOfWholeLines(about: pieceBytes)
        let reader = BodyReader(syntax: syntax, path: path, crlf: crlf)
        // Each piece's offset in the body and its first state.
        var starts: [Int] = []
        var offset = 0
        for piece in pieces {
            starts.append(offset)
            offset += piece.utf8.count
        }
        var contiguous = body
        let states = contiguous.withUTF8 { reader.statesAtPieceStarts($0, pieceStarts: starts) }
        let (document, parsed) = RichTextDocument.loading(pieces: pieces.count, definition: definition) { index in
            // Every piece but the last ends with its "\n", which ends its last line.
            let isLast = index == pieces.count - 1
            var piece = isLast ? pieces[index] : pieces[index].droppingFinalNewline()
            var pieceReader = BodyReader(syntax: syntax, path: path, crlf: crlf)
            let read = piece.withUTF8 { pieceReader.read($0, state: states[index], trailingNewline: !isLast, isLastPiece: isLast) }
            return ParsedPiece(text: read.text, attributeSpans: read.spans, findings: read)
        }
        var warnings: [RecipeFileError] = []
        var refusals: [RecipeFileError] = []
        var ingredientIDs: Set<IngredientID> = []
        var blocks: [(block: TextSourceMap.Block, textStart: Int)] = []
        var line = firstLine
        var textStart = 0
        for (index, piece) in parsed.enumerated() {
            warnings += piece.warnings.map { RecipeFileError(path: $0.path, line: $0.line + line, column: $0.column, message: $0.message) }
            refusals += piece.refusals.map { RecipeFileError(path: $0.path, line: $0.line + line, column: $0.column, message: $0.message) }
            line += piece.lineCount
            ingredientIDs.formUnion(piece.ingredientIDs)
            var block = piece.block
            block.source = sourceStart + starts[index] + block.source.lowerBound ..< sourceStart + starts[index] + block.source.upperBound
            blocks.append((block, textStart))
            textStart += piece.text.utf8.count
        }
        if let summary = refusalSummary(refusals) { warnings.append(summary) }
        return (document, warnings, ingredientIDs, blocks)
    }
}

extension Substring {
    /// Without its final line ending ("\n", or "\r\n" in a CRLF file), in O(1).
    func droppingFinalLineEnding(crlf: Bool) -> Substring {
        let dropped = droppingFinalNewline()
        guard crlf, dropped.utf8.count < utf8.count, dropped.utf8.last == 0x0D else { return dropped }
        return dropped[..<dropped.utf8.index(before: dropped.utf8.endIndex)]
    }
}

extension TextSourceMap {
    /// The map of a body read whole from `path` (`BodyReader.readWhole`):
    /// the blocks the reader made, in file order.
    init(readFrom path: String, stamp: String, crlf: Bool, blocks: [(block: Block, textStart: Int)]) {
        self.init(file: path, stamp: stamp, lineEndingLength: crlf ? 2 : 1)
        for (block, textStart) in blocks { append(block, textStart: textStart) }
    }
}
