import Foundation
import RichText

extension BodyWriter {
    /// How many pieces of a gap are read and chosen at once: a few per core,
    /// so that a gap of every line of a large document (a replace-all, a
    /// save with nothing to copy) holds the paragraphs of a few pieces at a
    /// time, never of every line (about thirty times the text).
    static var piecesPerBatch: Int { max(8, 4 * ProcessInfo.processInfo.activeProcessorCount) }

    /// The pieces of each range (whole lines), about `pieceBytes` each, a
    /// line of `longLineBytes` or more always a piece of its own: the text's
    /// lines each piece holds, without the newline that ends it. The text
    /// is read a piece at a time, never copied whole.
    static func linePieces(of text: AttributedString, in ranges: [Range<Int>], pieceBytes: Int, longLineBytes: Int) -> [[Range<Int>]] {
        ranges.map { range in
            var pieces: [Range<Int>] = []
            var pieceStart = range.lowerBound
            var lineStart = range.lowerBound
            var offset = range.lowerBound
            func endLine(at lineEnd: Int) {
                if lineEnd - lineStart >= longLineBytes {
                    if lineStart > pieceStart { pieces.append(pieceStart ..< lineStart - 1) }
                    pieces.append(lineStart ..< lineEnd)
                    pieceStart = lineEnd + 1
                } else if lineEnd - pieceStart >= pieceBytes {
                    pieces.append(pieceStart ..< lineEnd)
                    pieceStart = lineEnd + 1
                }
                lineStart = lineEnd + 1
            }
            text.forEachUTF8Piece(in: range) { bytes in
                var index = 0
                while index < bytes.count, let base = bytes.baseAddress,
                      let found = memchr(base + index, 0x0A, bytes.count - index) {
                    let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    endLine(at: offset + newline)
                    index = newline + 1
                }
                offset += bytes.count
                return true
            }
            // The last line (empty after a final newline); an empty range is one empty line.
            if range.upperBound - lineStart >= longLineBytes, lineStart > pieceStart {
                pieces.append(pieceStart ..< lineStart - 1)
                pieceStart = lineStart
            }
            pieces.append(pieceStart ..< range.upperBound)
            return pieces
        }
    }

    /// The paragraphs of `pieces` (in order), read from the text on all
    /// cores, each with its plainest writing as a candidate and a line
    /// chosen ahead: each piece guesses the reader starts it in the syntax's
    /// initial state; the writer takes a guess only where the reader really
    /// is in that state, so a wrong one costs time, not truth.
    /// A piece that is a line of `longLineBytes` or more whose inside holds
    /// no markup is left in the text (`longLine`).
    static func paragraphs(of text: AttributedString, pieces: ArraySlice<Range<Int>>, syntax: Syntax,
                           definition: FormattingDefinition, longLineBytes: Int?) -> [PendingLine] {
        var results = [[PendingLine]?](repeating: nil, count: pieces.count)
        let allPieces = Array(pieces)
        let textLength = text.utf8.count
        results.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes only its own slot; the text is only read.
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: allPieces.count) { index in
                var writer = syntax
                if let longLineBytes, let long = longLine(allPieces[index], of: text, syntax: writer, minimum: longLineBytes) {
                    let standIn = ParagraphContent(text: long.standIn, runs: [(0 ..< long.standIn.count, AttributeContainer())],
                                                   paragraph: AttributeContainer())
                    slots[index] = [PendingLine(content: standIn, plainest: [], long: long)]
                    return
                }
                var normalizer = LineNormalizer(definition: definition)
                var state = writer.initialState
                let paragraphs = ParagraphReader.paragraphs(of: text, in: allPieces[index])
                let endsText = allPieces[index].upperBound == textLength
                slots[index] = paragraphs.enumerated().map { number, content in
                    let plainest = content.isPlain && content.text.withUnsafeBufferPointer({ writer.isPlainText($0, state: state) })
                        ? content.text : writer.write(content, state: state, style: .minimal)
                    var line = PendingLine(content: content, plainest: plainest)
                    line.asTyped = content.isPlain ? nil : writer.writeAsTyped(content, state: state)
                    let choice = choose(line, state: state, isLast: endsText && number == paragraphs.count - 1,
                                        syntax: &writer, normalizer: &normalizer)
                    line.chosenAhead = (state, choice)
                    state = choice.stateAfter
                    return line
                }
            }
        }
        return results.flatMap { $0 ?? [] }
    }
}
