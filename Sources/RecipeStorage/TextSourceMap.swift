public import RichText

/// Which lines of the text are, byte for byte, lines of a file: the lines
/// read from it, or written to it by the last save. Saving copies those
/// bytes instead of writing the lines again, so a save changes only the
/// lines the user edited, whatever the file's size, and costs what the
/// edits touched.
///
/// The map holds the file's lines in `blocks` (read or written together,
/// with a checksum each) and, in `pieces`, the runs of those lines the text
/// still has unchanged. The document keeps it in step with every change
/// (`update(for:)`): a change splits the pieces it touches at line
/// boundaries, the lines it touched leave them, and pieces after it move
/// with the text. The lines between two pieces are the ones edited since;
/// their old bytes are still named by the blocks, so a writer can compare
/// and patch them. What the file holds is the owner's business (`file` and
/// `stamp` name it; the owner checks it still matches before copying).
///
/// Example: a file "a\nb\nc" read whole is one block of lines a, b, c and
/// one piece over all three. Typing in "b" leaves two pieces, "a" and "c";
/// the block still says where "b" was in the file.
public struct TextSourceMap: TextChangeFollowing, Equatable {
    /// Consecutive lines of the file, from the first line's start to the
    /// last line's end (without its line ending), and where each starts.
    public struct Block: Equatable, Sendable {
        /// The lines' bytes in the file.
        public var source: Range<Int>
        /// The owner's checksum of those bytes.
        public var checksum: UInt64
        /// Where each line starts, relative to `source.lowerBound`.
        public var sourceLineStarts: [UInt32]
        /// Where each line starts in the text the block was read as, relative
        /// to the first line's start; `textLength` is the whole (without the
        /// last line's newline).
        public var textLineStarts: [UInt32]
        public var textLength: Int
        /// The reader's state before each line (a format's own number, such
        /// as "inside a fenced code block"); empty when every one is 0.
        public var states: [UInt32]
        /// Lines that do not say in the file what the text says (formatting
        /// the format cannot hold): still the file's bytes, copied as they
        /// are, but a writer keeps saying so.
        public var differing: Set<Int>

        public init(source: Range<Int>, checksum: UInt64, sourceLineStarts: [UInt32], textLineStarts: [UInt32],
                    textLength: Int, states: [UInt32] = [], differing: Set<Int> = []) {
            precondition(sourceLineStarts.count == textLineStarts.count && !sourceLineStarts.isEmpty, "a block has lines")
            self.source = source
            self.checksum = checksum
            self.sourceLineStarts = sourceLineStarts
            self.textLineStarts = textLineStarts
            self.textLength = textLength
            self.states = states.allSatisfy { $0 == 0 } ? [] : states
            self.differing = differing
        }

        public var lineCount: Int { sourceLineStarts.count }

        /// Line `index`'s bytes in the file, without its line ending.
        public func sourceRange(ofLine index: Int, lineEndingLength: Int) -> Range<Int> {
            let start = source.lowerBound + Int(sourceLineStarts[index])
            let end = index + 1 < lineCount ? source.lowerBound + Int(sourceLineStarts[index + 1]) - lineEndingLength : source.upperBound
            return start ..< end
        }

        /// Line `index`'s text, relative to the block's first line, without its newline.
        public func textRange(ofLine index: Int) -> Range<Int> {
            let start = Int(textLineStarts[index])
            let end = index + 1 < lineCount ? Int(textLineStarts[index + 1]) - 1 : textLength
            return start ..< end
        }

        public func state(beforeLine index: Int) -> UInt32 {
            states.isEmpty ? 0 : states[index]
        }
    }

    /// Lines `lines` of block `block` are the text's `text` (from a line's
    /// start to a line's end, without the newline).
    public struct Piece: Equatable, Sendable {
        public var text: Range<Int>
        public var block: Int
        public var lines: Range<Int>

        public init(text: Range<Int>, block: Int, lines: Range<Int>) {
            self.text = text
            self.block = block
            self.lines = lines
        }
    }

    /// A line of the file the map names, with its place among the blocks.
    public struct LinePosition: Equatable, Comparable, Sendable {
        public var block: Int
        public var line: Int

        public init(block: Int, line: Int) {
            self.block = block
            self.line = line
        }

        public static func < (lhs: LinePosition, rhs: LinePosition) -> Bool {
            (lhs.block, lhs.line) < (rhs.block, rhs.line)
        }
    }

    /// The file's path, and what it looked like when the lines were true.
    public var file: String
    public var stamp: String
    /// Bytes between two lines in the file: 1 ("\n") or 2 ("\r\n").
    public let lineEndingLength: Int
    /// In file order; each starts where the one before ends, after a line ending.
    public private(set) var blocks: [Block] = []
    /// Sorted by text offset, never overlapping, in block order too.
    public private(set) var pieces: [Piece] = []

    public init(file: String, stamp: String, lineEndingLength: Int = 1) {
        self.file = file
        self.stamp = stamp
        self.lineEndingLength = lineEndingLength
    }

    /// Appends a block whose lines start at text offset `textStart`, with a
    /// piece over all of them (the text has them unchanged). Blocks come in
    /// file and text order, as a file is read or written.
    public mutating func append(_ block: Block, textStart: Int) {
        if let last = blocks.last {
            precondition(block.source.lowerBound >= last.source.upperBound, "blocks come in file order")
        }
        if let last = pieces.last {
            precondition(textStart > last.text.upperBound, "pieces come in text order")
        }
        blocks.append(block)
        pieces.append(Piece(text: textStart ..< textStart + block.textLength, block: blocks.count - 1, lines: 0 ..< block.lineCount))
    }

    /// Whether the blocks cover every line from the first block's first line
    /// to the last block's last line (no line of the file between them unnamed).
    public var blocksAreContiguous: Bool {
        zip(blocks, blocks.dropFirst()).allSatisfy { $0.source.upperBound + lineEndingLength == $1.source.lowerBound }
    }

    /// The file bytes of a piece's lines, without the last one's line ending.
    public func sourceRange(of piece: Piece) -> Range<Int> {
        let block = blocks[piece.block]
        let start = block.sourceRange(ofLine: piece.lines.lowerBound, lineEndingLength: lineEndingLength).lowerBound
        let end = block.sourceRange(ofLine: piece.lines.upperBound - 1, lineEndingLength: lineEndingLength).upperBound
        return start ..< end
    }

    /// The file's lines from `start` up to (not including) `end`, in order;
    /// nil for `end` means to the last line of the last block.
    public func lines(from start: LinePosition, to end: LinePosition?) -> [LinePosition] {
        var result: [LinePosition] = []
        var position = start
        while position.block < blocks.count, end.map({ position < $0 }) ?? true {
            if position.line < blocks[position.block].lineCount {
                result.append(position)
                position.line += 1
            } else {
                position = LinePosition(block: position.block + 1, line: 0)
            }
        }
        return result
    }

    /// The line after a piece's last line, and a piece's first line.
    public func line(after piece: Piece) -> LinePosition { LinePosition(block: piece.block, line: piece.lines.upperBound) }
    public func firstLine(of piece: Piece) -> LinePosition { LinePosition(block: piece.block, line: piece.lines.lowerBound) }

    /// Follows a change of the text. A line stays in the map only when the
    /// change cannot have touched it: it ends before the change begins with
    /// its newline unchanged (a change that starts right at a line's end adds
    /// to that line), or starts after the change ends with the newline
    /// before it unchanged. That also keeps out the paragraphs that contain
    /// the change's ends, whose paragraph attributes Foundation may rewrite
    /// (see `TextChange`). Lines after the change move with the text.
    public mutating func update(for change: TextChange) {
        let oldEnd = change.oldLength - change.suffix
        let shift = change.newLength - change.oldLength
        var kept: [Piece] = []
        kept.reserveCapacity(pieces.count + 1)
        for piece in pieces {
            if piece.text.upperBound < change.prefix {
                kept.append(piece)
                continue
            }
            if piece.text.lowerBound > oldEnd {
                kept.append(Piece(text: piece.text.lowerBound + shift ..< piece.text.upperBound + shift, block: piece.block,
                                  lines: piece.lines))
                continue
            }
            // The change is inside: keep the whole lines on each side of it.
            let block = blocks[piece.block]
            let base = piece.text.lowerBound - Int(block.textLineStarts[piece.lines.lowerBound])
            // Lines before: those whose end (its newline's offset) is before the change.
            var before = piece.lines.lowerBound
            while before < piece.lines.upperBound, base + block.textRange(ofLine: before).upperBound < change.prefix { before += 1 }
            if before > piece.lines.lowerBound {
                kept.append(Piece(text: piece.text.lowerBound ..< base + block.textRange(ofLine: before - 1).upperBound,
                                  block: piece.block, lines: piece.lines.lowerBound ..< before))
            }
            // Lines after: those that start after the change's end.
            var after = piece.lines.upperBound
            while after > before, base + block.textRange(ofLine: after - 1).lowerBound > oldEnd { after -= 1 }
            if after < piece.lines.upperBound {
                kept.append(Piece(text: base + block.textRange(ofLine: after).lowerBound + shift ..< piece.text.upperBound + shift,
                                  block: piece.block, lines: after ..< piece.lines.upperBound))
            }
        }
        pieces = kept
    }
}
