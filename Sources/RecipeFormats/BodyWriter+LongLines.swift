import Foundation
import RecipeStorage
import RichText

/// Long lines (a pasted page, a line of 100 MB): a line whose inside holds
/// nothing the syntax could read as markup is judged by a short stand-in,
/// its two ends, with the writer's usual machinery; when the stand-in is
/// written as its own bytes, so is the line, straight from the document's
/// text a piece at a time. An old such line is judged from its file the
/// same way. Saving or keeping such a line thus never holds it a second
/// time (making it a paragraph, reading it back and comparing took several
/// times the line).
extension BodyWriter {
    /// How much of each end of a long line its stand-in keeps: whatever
    /// markup an end holds is read there with this much of its neighbours
    /// (a long line is at least twice this: `LinePatch.longestLine`).
    static var longLineEndBytes: Int { 256 }

    /// A long line left in the text.
    struct LongLine {
        /// The line's UTF-8 offsets in the text.
        var range: Range<Int>
        /// Its two ends joined (`longLineEndBytes` each, whole scalars).
        var standIn: [UInt8]
        var checksum: UInt64
    }

    /// Line `range` of `text` as a long line: nil when it is shorter than
    /// `minimum`, has any attribute, holds between its ends a byte the
    /// syntax may read as markup there (`isInertInside`), or has ends that
    /// do not read apart from it (`endsJoin`) (whether the stand-in is written as
    /// itself where the reader is, the writer asks when it gets there).
    static func longLine(_ range: Range<Int>, of text: AttributedString, syntax: Syntax, minimum: Int) -> LongLine? {
        guard range.count >= minimum else { return nil }
        let lower = text.utf8.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.utf8.index(lower, offsetBy: range.count)
        guard text[lower ..< upper].runs.allSatisfy({ $0.attributes == AttributeContainer() }) else { return nil }
        let ends = endsOfLine(count: range.count) { text.utf8[text.utf8.index(lower, offsetBy: $0)] }
        var stand = LongLineStandIn(ends: ends)
        var checksum = SourceChecksum.Running(count: range.count)
        var offset = 0
        let plain = text.forEachUTF8Piece(in: range) { bytes in
            guard stand.add(bytes, at: offset, syntax: syntax) else { return false }
            checksum.add(bytes)
            offset += bytes.count
            return true
        }
        guard plain, stand.joins(syntax) else { return nil }
        return LongLine(range: range, standIn: stand.standIn, checksum: checksum.value)
    }

    /// Where a line of `count` bytes ends its head and starts its tail, on
    /// scalar boundaries (`byte(offset)` reads the line; at most three
    /// bytes past `longLineEndBytes` either way, a scalar's longest tail).
    static func endsOfLine(count: Int, byte: (Int) -> UInt8) -> (headEnd: Int, tailStart: Int) {
        var headEnd = longLineEndBytes
        while headEnd < longLineEndBytes + 3, byte(headEnd) & 0xC0 == 0x80 { headEnd += 1 }
        var tailStart = count - longLineEndBytes
        while tailStart > count - longLineEndBytes - 3, byte(tailStart) & 0xC0 == 0x80 { tailStart -= 1 }
        return (headEnd, max(headEnd, tailStart))
    }

    /// The old lines (indices in `old`) that are long and read as their
    /// own bytes where the file had them, judged from the file a piece at
    /// a time; nil when a long one does not (the gap's lines are then made
    /// whole, so that an unchanged one keeps its bytes).
    mutating func plainLongLines(_ old: [TextSourceMap.LinePosition], pieceBytes: Int = 1 << 20) -> Set<Int>? {
        guard let map, let source else { return [] }
        var long: Set<Int> = []
        for (index, position) in old.enumerated() {
            let block = map.blocks[position.block]
            let range = block.sourceRange(ofLine: position.line, lineEndingLength: map.lineEndingLength)
            guard range.count >= longLineBytes else { continue }
            let edge = Self.longLineEndBytes + 4
            guard let head = try? source.read(range.lowerBound ..< range.lowerBound + edge),
                  let tail = try? source.read(range.upperBound - edge ..< range.upperBound) else { return nil }
            let ends = Self.endsOfLine(count: range.count) { $0 < edge ? head[$0] : tail[$0 - (range.count - edge)] }
            var stand = LongLineStandIn(ends: ends)
            for start in stride(from: 0, to: range.count, by: pieceBytes) {
                let piece = range.lowerBound + start ..< min(range.lowerBound + start + pieceBytes, range.upperBound)
                guard let bytes = try? source.read(piece),
                      bytes.withUnsafeBufferPointer({ stand.add($0, at: start, syntax: syntax) }) else { return nil }
            }
            guard stand.joins(syntax) else { return nil }
            // Read as its own bytes: nothing Roux does not keep, and it means
            // what a line means only when that line is the same bytes.
            let read = syntax.read(stand.standIn, state: block.state(beforeLine: position.line))
            guard read.text == stand.standIn, read.spans.isEmpty, read.paragraph == AttributeContainer() else { return nil }
            long.insert(index)
        }
        return long
    }

    /// A long line written from the text as one unit when its stand-in is
    /// written as itself where the reader is (lines written before it in
    /// the gap end their unit); false when it is not.
    mutating func writeLongLine(_ long: LongLine, oldRefusals: Int, isLast: Bool, into written: inout WrittenLines,
                                state: inout UInt32, bodyLine: inout Int, output: inout Output) -> Bool {
        // Chosen as any line is (`paragraphs`): its plainest writing first.
        let standIn = ParagraphContent(text: long.standIn, runs: [(0 ..< long.standIn.count, AttributeContainer())],
                                       paragraph: AttributeContainer())
        let before = state
        let plainest = long.standIn.withUnsafeBufferPointer { syntax.isPlainText($0, state: before) } ? long.standIn
            : syntax.write(standIn, state: state, style: .minimal)
        let choice = Self.choose(PendingLine(content: standIn, plainest: plainest), state: state, isLast: isLast,
                                 syntax: &syntax, normalizer: &normalizer)
        guard choice.readsBack, choice.bytes == long.standIn else { return false }
        written.closeUnit(into: &output.units)
        output.units.append(BodyUnit(content: .text(long.range, checksum: long.checksum), textStart: long.range.lowerBound,
                                     textLength: long.range.count, sourceLineStarts: [0], textLineStarts: [0], states: [state]))
        // Written as plain text: whatever the old line had that Roux does not keep is gone.
        if oldRefusals > 0 { output.droppedFormatting.append(bodyLine) }
        state = choice.stateAfter
        written.textOffset += long.range.count + 1
        written.unitStart = written.textOffset
        bodyLine += 1
        return true
    }
}

/// A long line's stand-in gathered from its pieces in order: its head and
/// tail kept, everything between checked to hold no markup and no newline.
struct LongLineStandIn {
    let ends: (headEnd: Int, tailStart: Int)
    private var head: [UInt8] = []
    private var tail: [UInt8] = []
    /// The last byte of the pieces added so far: what the next piece's first byte follows.
    private var lastByte: UInt8 = 0x0A

    init(ends: (headEnd: Int, tailStart: Int)) {
        self.ends = ends
    }

    /// The piece of the line at `offset`; false when it holds a newline (a
    /// piece of several lines) or its inside holds markup.
    mutating func add<Syntax: LineSyntax>(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, syntax: Syntax) -> Bool {
        guard let start = bytes.baseAddress, memchr(start, 0x0A, bytes.count) == nil else { return bytes.isEmpty }
        let piece = offset ..< offset + bytes.count
        func part(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            let wanted = piece.clamped(to: range)
            guard !wanted.isEmpty else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(rebasing: bytes[wanted.lowerBound - offset ..< wanted.upperBound - offset])
        }
        head.append(contentsOf: part(0 ..< ends.headEnd))
        tail.append(contentsOf: part(ends.tailStart ..< Int.max))
        guard let last = bytes.last else { return true }
        // With the tail's first byte: what it follows in the line is the inside's last.
        let inside = part(ends.headEnd ..< ends.tailStart + 1)
        let insideStart = max(ends.headEnd, offset)
        let previous = inside.isEmpty || insideStart == offset ? lastByte : bytes[insideStart - 1 - offset]
        lastByte = last
        return syntax.isInertInside(inside, after: previous)
    }

    /// Whether the stand-in reads as the line would: its ends join as they
    /// stand apart in the line (`LineSyntax.endsJoin`).
    func joins<Syntax: LineSyntax>(_ syntax: Syntax) -> Bool {
        syntax.endsJoin(head: head, tail: tail)
    }

    var standIn: [UInt8] { head + tail }
}
