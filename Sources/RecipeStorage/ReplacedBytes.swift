import Foundation
package import RichText

/// Bytes that are not all valid UTF-8, read as text: each maximal invalid
/// sequence becomes one U+FFFD (three bytes of the text), as Unicode
/// recommends and `String(decoding:as:)` does. It keeps where each one was,
/// so that the source map of the lines read (made in the text's offsets)
/// can name the file's own bytes: a save then copies a line the user did
/// not edit with its invalid bytes as they are, instead of writing U+FFFD.
package struct ReplacedBytes: Sendable {
    /// One invalid sequence: where its U+FFFD is in the text, and its bytes in the file.
    struct Replacement: Sendable {
        var textOffset: Int
        var file: Range<Int>
    }

    /// The bytes as read (a translated block's checksum is of these).
    let bytes: [UInt8]
    package let text: String
    /// In file (and text) order.
    let replacements: [Replacement]
    /// Bytes the file has more than the text up to and including each
    /// replacement (negative: U+FFFD is longer than most invalid sequences).
    private let growth: [Int]

    static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    package init(decoding bytes: [UInt8]) {
        self.bytes = bytes
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + bytes.count / 4)
        var replacements: [Replacement] = []
        var growth: [Int] = []
        var total = 0
        UTF8Pieces.forEach(in: bytes) { text += $0 } invalid: { range in
            replacements.append(Replacement(textOffset: text.count, file: range))
            text += Self.replacementCharacter
            total += range.count - Self.replacementCharacter.count
            growth.append(total)
        }
        self.text = String(decoding: text, as: UTF8.self)
        self.replacements = replacements
        self.growth = growth
    }

    /// The file offset of a text offset that is not inside a U+FFFD that
    /// stands for invalid bytes (a line's start or end never is: a newline
    /// is never part of an invalid sequence).
    func fileOffset(ofText offset: Int) -> Int {
        // The replacements before `offset`.
        var low = 0
        var high = replacements.count
        while low < high {
            let middle = (low + high) / 2
            if replacements[middle].textOffset < offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? offset : offset + growth[low - 1]
    }

    /// Whether a stretch of the text holds a U+FFFD that stands for invalid bytes.
    func hasReplacement(inText range: Range<Int>) -> Bool {
        var low = 0
        var high = replacements.count
        while low < high {
            let middle = (low + high) / 2
            if replacements[middle].textOffset < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < replacements.count && replacements[low].textOffset < range.upperBound
    }
}

extension TextSourceMap {
    /// The map of a text read from `replaced` (made in the text's offsets,
    /// as a reader makes it) naming the file's bytes instead: each block's
    /// lines where the file has them, checksummed as the file has them.
    /// Nil for a map that is no longer as it was read (a piece per block).
    package func namingFileBytes(of replaced: ReplacedBytes) -> TextSourceMap? {
        guard pieces.count == blocks.count, zip(pieces.indices, pieces).allSatisfy({ $0 == $1.block }) else { return nil }
        var map = TextSourceMap(file: file, stamp: stamp, lineEndingLength: lineEndingLength)
        for (block, piece) in zip(blocks, pieces) {
            guard let named = replaced.namingFileBytes(block) else { return nil }
            map.append(named, textStart: piece.text.lowerBound)
        }
        return map
    }
}

extension ReplacedBytes {
    /// A block of lines read from the text (its source offsets the text's)
    /// with the source offsets and checksum of these bytes instead.
    package func namingFileBytes(_ block: TextSourceMap.Block) -> TextSourceMap.Block? {
        let start = fileOffset(ofText: block.source.lowerBound)
        let end = fileOffset(ofText: block.source.upperBound)
        guard start <= end, end <= bytes.count else { return nil }
        let checksum = hasReplacement(inText: block.source) ? bytes[start ..< end].withUnsafeBytes { SourceChecksum.of($0) } : block.checksum
        let lineStarts = block.sourceLineStarts.map { UInt32(fileOffset(ofText: block.source.lowerBound + Int($0)) - start) }
        return TextSourceMap.Block(source: start ..< end, checksum: checksum, sourceLineStarts: lineStarts, textLineStarts: block.textLineStarts,
                                   textLength: block.textLength, states: block.states, differing: block.differing)
    }
}
