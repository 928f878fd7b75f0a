/// Where whole lines of the text are already written, byte for byte, in a
/// file: the lines read from it, or written to it by the last save. Saving
/// copies those bytes instead of writing the lines again, so a save after a
/// few edits costs what the edits touched, not the size of the document.
///
/// The document keeps its map in step with every change (`update(for:)`):
/// a piece the change touched is dropped, a piece after it moves with the
/// text. What the file holds is the owner's business (`file` and `stamp`
/// name it; the owner checks the file still matches before copying).
public struct TextSourceMap: Equatable, Sendable {
    /// Lines `text` (UTF-8 offsets, from a line's start to the end of a
    /// line, without its newline) are the file's bytes `source`, whose
    /// checksum (the owner's) was `checksum`.
    public struct Piece: Equatable, Sendable {
        public var text: Range<Int>
        public var source: Range<Int>
        public var checksum: UInt64

        public init(text: Range<Int>, source: Range<Int>, checksum: UInt64) {
            self.text = text
            self.source = source
            self.checksum = checksum
        }
    }

    /// The file's path, and what it looked like when the pieces were true.
    public var file: String
    public var stamp: String
    /// Sorted by text offset, never overlapping.
    public private(set) var pieces: [Piece] = []

    public init(file: String, stamp: String, pieces: [Piece] = []) {
        self.file = file
        self.stamp = stamp
        for piece in pieces { add(piece) }
    }

    /// Adds a piece; one that overlaps a piece already there replaces it.
    public mutating func add(_ piece: Piece) {
        // Pieces come in order as a file is read or written: at the end, at once.
        if pieces.last.map({ $0.text.upperBound < piece.text.lowerBound }) ?? true {
            pieces.append(piece)
            return
        }
        pieces.removeAll { $0.text.overlaps(piece.text) || ($0.text.isEmpty && piece.text.contains($0.text.lowerBound)) }
        let position = pieces.firstIndex { $0.text.lowerBound > piece.text.lowerBound } ?? pieces.endIndex
        pieces.insert(piece, at: position)
    }

    /// Follows a change of the text. A piece is kept only when the change
    /// cannot have touched it: it ends before the change begins with its
    /// newline unchanged (a change that starts right at a line's end adds to
    /// that line), or starts after the change ends with the newline before it
    /// unchanged. That also keeps out the paragraphs that contain the
    /// change's ends, whose paragraph attributes Foundation may rewrite (see
    /// `TextChange`).
    public mutating func update(for change: TextChange) {
        let oldEnd = change.oldLength - change.suffix
        let shift = change.newLength - change.oldLength
        var kept: [Piece] = []
        kept.reserveCapacity(pieces.count)
        for piece in pieces {
            if piece.text.upperBound < change.prefix {
                kept.append(piece)
            } else if piece.text.lowerBound > oldEnd {
                kept.append(Piece(text: piece.text.lowerBound + shift ..< piece.text.upperBound + shift, source: piece.source,
                                  checksum: piece.checksum))
            }
        }
        pieces = kept
    }
}
