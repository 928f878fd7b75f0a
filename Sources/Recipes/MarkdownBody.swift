import Foundation
import RichText

/// The body of a recipe file: one editor paragraph per line.
enum MarkdownBody {
    /// Parses `body` into a document under `definition`, in pieces of whole
    /// lines built on all cores (`RichTextDocument.loading`). Each piece's
    /// lines and the body bytes they came from (offsets from the body's
    /// start) are the document's source map when the body is a file's bytes.
    static func parse(_ body: Substring, path: String, firstLine: Int, definition: FormattingDefinition,
                      pieceBytes: Int = 64 << 10) -> (document: RichTextDocument, errors: [RecipeFileError],
                                                      ingredientIDs: Set<IngredientID>, sourcePieces: [TextSourceMap.Piece]) {
        let pieces = body.piecesOfWholeLines(about: pieceBytes)
        let (document, findings) = RichTextDocument.loading(pieces: pieces.count, definition: definition) { index in
            let piece = pieces[index]
            // Lines are numbered from the piece's start; shifted below.
            let (text, spans, errors, _) = parseSpans(piece, path: path, firstLine: 0)
            return ParsedPiece(text: text, attributeSpans: spans,
                               findings: (errors: errors, newlines: piece.utf8.count { $0 == 0x0A },
                                          ingredientIDs: Set(spans.keys.compactMap(\.ingredient)),
                                          textBytes: text.utf8.count, sourceBytes: piece.utf8.count,
                                          checksum: SourceChecksum.of(index < pieces.count - 1 ? piece.droppingFinalNewline() : piece)))
        }
        var errors: [RecipeFileError] = []
        var ingredientIDs: Set<IngredientID> = []
        var sourcePieces: [TextSourceMap.Piece] = []
        var line = firstLine
        var textOffset = 0
        var sourceOffset = 0
        for (index, found) in findings.enumerated() {
            errors += found.errors.map { RecipeFileError(path: $0.path, line: $0.line + line, column: $0.column, message: $0.message) }
            line += found.newlines
            ingredientIDs.formUnion(found.ingredientIDs)
            // Every piece but the last ends with its newline, left out of the map.
            let newline = index < findings.count - 1 ? 1 : 0
            sourcePieces.append(TextSourceMap.Piece(text: textOffset ..< textOffset + found.textBytes - newline,
                                                    source: sourceOffset ..< sourceOffset + found.sourceBytes - newline,
                                                    checksum: found.checksum))
            textOffset += found.textBytes
            sourceOffset += found.sourceBytes
        }
        return (document, errors, ingredientIDs, sourcePieces)
    }

    /// The text without markup, and the attribute spans as UTF-8 ranges per
    /// set of attributes. Every malformed line is reported, located.
    /// `lineMarks` are line starts at least `markingLinesEvery` bytes of
    /// `body` apart, in `body` and in the text, with the line's number from 0.
    static func parseSpans(_ body: Substring, path: String, firstLine: Int, markingLinesEvery markDistance: Int = .max)
        -> (text: String, spans: [AttributeContainer: [Range<Int>]], errors: [RecipeFileError],
            lineMarks: [(source: Int, text: Int, line: Int)]) {
        var lineMarks: [(source: Int, text: Int, line: Int)] = []
        var nextMark = markDistance
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.utf8.count)
        var spans: [AttributeContainer: [Range<Int>]] = [:]
        var errors: [RecipeFileError] = []
        var lineNumber = firstLine
        var parser = MarkdownLineParser()
        var body = body
        body.withUTF8 { all in
            var lineStart = 0
            while lineStart <= all.count {
                var lineEnd = lineStart
                while lineEnd < all.count, all[lineEnd] != 0x0A { lineEnd += 1 }
                let line = UnsafeBufferPointer(rebasing: all[lineStart ..< lineEnd])
                let offset = bytes.count
                if lineStart >= nextMark {
                    lineMarks.append((lineStart, offset, lineNumber - firstLine))
                    nextMark = lineStart + markDistance
                }
                do throws(MarkdownLineParser.Failure) {
                    let parsed = try parser.parse(line)
                    bytes.append(contentsOf: parsed.text)
                    for (range, attributes) in parsed.spans {
                        spans[attributes, default: []].append(offset + range.lowerBound ..< offset + range.upperBound)
                    }
                    if let level = parsed.headingLevel {
                        var heading = AttributeContainer()
                        heading.headingLevel = level
                        spans[heading, default: []].append(offset ..< bytes.count + (lineEnd < all.count ? 1 : 0))
                    }
                } catch {
                    errors.append(RecipeFileError(path: path, line: lineNumber, column: error.column, message: error.message))
                    bytes.append(contentsOf: line)
                }
                if lineEnd < all.count { bytes.append(0x0A) }
                lineStart = lineEnd + 1
                lineNumber += 1
            }
        }
        return (String(decoding: bytes, as: UTF8.self), spans, errors, lineMarks)
    }
}
