import Foundation
import RichText
import Recipes

/// One line's scan for `MarkdownInlineReader`: tokens, the open delimiter
/// runs and brackets, then emphasis paired and the text emitted.
struct MarkdownInlineScanner {
    let line: UnsafeBufferPointer<UInt8>
    let range: Range<Int>
    var reader: MarkdownInlineReader
    var tokens: [MarkdownInlineToken] = []
    /// Delimiter runs that may still pair, as token indices.
    var delimiters: [Int] = []
    /// Open brackets: token index, whether a link may still form there, and
    /// how many delimiters were open before it.
    var brackets: [(token: Int, active: Bool, delimiterBottom: Int)] = []
    var warnings: [(offset: Int, message: String)] = []
    let lookaheadSteps = MarkdownInlineReader.Steps()
    /// Where the attribute list opened at each byte ends.
    var attributeListEnds = MarkdownInlineReader.ClosingParentheses()
    /// Where a search for a comment's "-->" found none to the line's end: a
    /// comment opened after it has none either (each "<!--" of a line of
    /// them searched to its end).
    var unclosedCommentsFrom = Int.max
    /// Once a code span's search has found no closing run to the line's
    /// end: where the last backtick run of each length starts. An opener
    /// after the last run of its length has no closer (each run of a line
    /// of runs of many lengths searched to its end).
    var lastBacktickRuns: [Int: Int]?
    /// Raw HTML constructs read (as text).
    var rawHTML = 0

    init(line: UnsafeBufferPointer<UInt8>, range: Range<Int>, reader: MarkdownInlineReader) {
        self.line = line
        self.range = range
        self.reader = reader
    }

    /// Where the text not yet made a token starts.
    var textStart = 0

    /// The text before `end` not yet made a token, as one.
    mutating func flush(_ end: Int) {
        if end > textStart { tokens.append(MarkdownInlineToken(kind: .text, source: textStart ..< end)) }
    }

    mutating func scan() {
        var position = range.lowerBound
        textStart = position
        while position < range.upperBound {
            let byte = line[position]
            var consumed: Int?
            switch byte {
            case 0x5C: // backslash
                if position + 1 < range.upperBound, MarkdownInlineReader.isASCIIPunctuation(line[position + 1]) {
                    flush(position)
                    tokens.append(MarkdownInlineToken(kind: .escaped(line[position + 1]), source: position ..< position + 2))
                    consumed = 2
                }
            case 0x26 where position == range.lowerBound: // &#32; or &#9; for leading white space
                if let reference = MarkdownInlineReader.whiteSpaceReference(line, at: position, limit: range.upperBound) {
                    tokens.append(MarkdownInlineToken(kind: .escaped(reference.byte), source: position ..< position + reference.length))
                    consumed = reference.length
                }
            case 0x60: // backtick
                consumed = codeSpan(at: position)
                if consumed == nil {
                    // A run with no closing run is text, whole.
                    var end = position
                    while end < range.upperBound, line[end] == 0x60 { end += 1 }
                    position = end
                    continue
                }
            case 0x2A, 0x5F: // * _
                flush(position)
                consumed = delimiterRun(at: position)
            case 0x7E: // ~
                var end = position
                while end < range.upperBound, line[end] == 0x7E { end += 1 }
                if end - position == 2 {
                    flush(position)
                    consumed = delimiterRun(at: position)
                } else {
                    position = end
                    continue
                }
            case 0x5B: // [
                flush(position)
                tokens.append(MarkdownInlineToken(kind: .bracket(.link), source: position ..< position + 1))
                brackets.append((tokens.count - 1, true, delimiters.count))
                consumed = 1
            case 0x21 where position + 1 < range.upperBound && line[position + 1] == 0x5B: // ![
                flush(position)
                tokens.append(MarkdownInlineToken(kind: .bracket(.image), source: position ..< position + 2))
                brackets.append((tokens.count - 1, true, delimiters.count))
                consumed = 2
            case 0x5E where position + 1 < range.upperBound && line[position + 1] == 0x5B: // ^[
                flush(position)
                tokens.append(MarkdownInlineToken(kind: .bracket(.attributes), source: position ..< position + 2))
                brackets.append((tokens.count - 1, true, delimiters.count))
                consumed = 2
            case 0x5D: // ]
                flush(position)
                consumed = closeBracket(at: position)
            case 0x3C: // <
                consumed = angleConstruct(at: position)
            default:
                break
            }
            if let consumed {
                position += consumed
                textStart = position
            } else {
                position += 1
            }
        }
        flush(range.upperBound)
        processEmphasis(bottom: 0)
        for bracket in brackets {
            if case .bracket(.attributes) = tokens[bracket.token].kind {
                warnings.append((tokens[bracket.token].source.lowerBound, "\"^[\" is not closed with \"](attributes)\"; kept as text"))
            }
        }
    }
}
