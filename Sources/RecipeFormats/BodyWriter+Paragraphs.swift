import Foundation
import RichText

extension BodyWriter {
    /// How many pieces of a gap are read and chosen at once: a few per core,
    /// so that a gap of every line of a large document (a replace-all, a
    /// save with nothing to copy) holds the paragraphs of a few pieces at a
    /// time, never of every line (about thirty times the text).
    static var piecesPerBatch: Int { max(8, 4 * ProcessInfo.processInfo.activeProcessorCount) }

    /// The pieces of each range (whole lines), about `pieceBytes` each: the
    /// text's lines each piece holds, without the newline that ends it.
    static func linePieces(of text: AttributedString, in ranges: [Range<Int>], pieceBytes: Int) -> [[Range<Int>]] {
        ranges.map { range in
            let lower = text.utf8.index(text.startIndex, offsetBy: range.lowerBound)
            let upper = text.utf8.index(lower, offsetBy: range.count)
            // Up to the newline after the range, then without it: a mixed-ending
            // file keeps its "\r"s, and "\r\n" is one Character, which a
            // character slice ending between the two would drop.
            let reach = upper < text.endIndex ? text.utf8.index(after: upper) : upper
            let whole = String(text.characters[lower ..< reach])
            let string = reach > upper ? whole[..<whole.utf8.index(before: whole.endIndex)] : whole[...]
            var pieces: [Range<Int>] = []
            var offset = range.lowerBound
            for cut in string.piecesOfWholeLines(about: pieceBytes) where !cut.isEmpty {
                let count = cut.utf8.count
                let trimmed = cut.utf8.last == 0x0A ? count - 1 : count
                pieces.append(offset ..< offset + trimmed)
                offset += count
            }
            // An empty range, or one ending with a newline, has an empty last line.
            if string.isEmpty || string.utf8.last == 0x0A { pieces.append(range.upperBound ..< range.upperBound) }
            return pieces
        }
    }

    /// The paragraphs of `pieces` (in order), read from the text on all
    /// cores, each with its plainest writing as a candidate and a line
    /// chosen ahead: each piece guesses the reader starts it in the syntax's
    /// initial state; the writer takes a guess only where the reader really
    /// is in that state, so a wrong one costs time, not truth.
    static func paragraphs(of text: AttributedString, pieces: ArraySlice<Range<Int>>, syntax: Syntax,
                           definition: FormattingDefinition) -> [PendingLine] {
        var results = [[PendingLine]?](repeating: nil, count: pieces.count)
        let allPieces = Array(pieces)
        let textLength = text.utf8.count
        results.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes only its own slot; the text is only read.
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: allPieces.count) { index in
                var writer = syntax
                var normalizer = LineNormalizer(definition: definition)
                var state = writer.initialState
                let paragraphs = ParagraphReader.paragraphs(of: text, in: allPieces[index])
                let endsText = allPieces[index].upperBound == textLength
                slots[index] = paragraphs.enumerated().map { number, content in
                    let plainest = content.isPlain && content.text.withUnsafeBufferPointer({ writer.isPlainText($0, state: state) })
                        ? content.text : writer.write(content, state: state, style: .minimal)
                    var line = PendingLine(content: content, plainest: plainest)
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
