import Foundation
import RichText
import RecipeStorage

/// A stretch of a body as it goes into a file: lines copied from the file
/// the text came from, or lines written now; with what the new source map
/// needs to know of them.
struct BodyUnit: Sendable {
    enum Content: Sendable {
        /// These bytes of the old file, copied only if `block` still has its checksum.
        case copy(Range<Int>, verify: SourceBlock)
        /// Lines written now, separated by the file's line ending.
        case bytes([UInt8])
        /// One long line of plain text, written as the text has it (these
        /// UTF-8 offsets of it), a piece at a time; the checksum of its bytes.
        case text(Range<Int>, checksum: UInt64)
    }

    var content: Content
    /// Where the lines start in the document's text.
    var textStart: Int
    var textLength: Int
    /// Each line's start, in the unit's bytes and in its text.
    var sourceLineStarts: [UInt32]
    var textLineStarts: [UInt32]
    /// The reader's state before each line.
    var states: [UInt32]
}

/// Writes a recipe body with a line syntax: every line the text still has
/// unchanged from the file (`TextSourceMap`) is copied; every other line is
/// written, and read back to check it means what the paragraph means. An
/// edited line is first tried as a patch of its old bytes (`LinePatch`),
/// then written with the fewest escapes, then more carefully, then
/// explicitly; the first that reads back the same is kept.
struct BodyWriter<Syntax: LineSyntax> {
    var syntax: Syntax
    let definition: FormattingDefinition
    let lineEnding: [UInt8]
    let map: TextSourceMap?
    /// The map's file, already checked to be as the map says (else no map).
    let source: LargeFileReader?
    var normalizer: LineNormalizer
    /// Lines at least this long are judged by their ends (`BodyWriter+LongLines`).
    let longLineBytes: Int

    init(syntax: Syntax, definition: FormattingDefinition, lineEnding: [UInt8], map: TextSourceMap?, source: LargeFileReader?,
         longLineBytes: Int = LinePatch.longestLine) {
        self.syntax = syntax
        self.longLineBytes = longLineBytes
        self.definition = definition
        self.lineEnding = lineEnding
        self.map = map
        self.source = source
        normalizer = LineNormalizer(definition: definition)
    }

    struct Output {
        var units: [BodyUnit] = []
        /// Body lines (from 0) whose reading may differ from the document:
        /// written lines no form of which reads back the same, and copied
        /// lines after an edit that changed how they read (a code fence).
        var problems: [Int] = []
        /// Body lines the user edited whose old line had formatting Roux
        /// does not keep (a text colour) that the new line no longer has.
        var droppedFormatting: [Int] = []
    }

    /// A paragraph to write and what it may be written as: its old bytes or
    /// patches of them first, then its plainest writing.
    struct PendingLine {
        var content: ParagraphContent
        var preferred: [[UInt8]] = []
        var plainest: [UInt8]
        /// The line chosen ahead, on another core, for a reader in `state`
        /// (the state that line's predecessors lead to when they too are
        /// written as chosen ahead); good when the reader is really in it.
        var chosenAhead: (state: UInt32, choice: Choice)?
        /// Pieces of formatting Roux does not keep in the old line this one
        /// was edited from: a save that drops them asks first.
        var oldRefusals = 0
        /// A long line of plain text, left in the text (`content` is then
        /// its stand-in: what a separator looks at).
        var long: LongLine?
        /// Written with the markup it was typed with (`_fresh_`), tried
        /// after the old line's forms and before the plainest.
        var asTyped: [UInt8]?
        /// Raw HTML in the old line this one was edited from (none for a
        /// new line): a form with more holds HTML the user typed as text,
        /// which other readers would render or drop, so it is not chosen.
        var oldRawHTML = 0
    }

    struct Choice {
        var bytes: [UInt8]
        var stateAfter: UInt32
        var readsBack: Bool
    }

    /// The body in file order: lines the map still has, and the gaps between.
    private enum Step {
        case piece(TextSourceMap.Piece)
        case gap(Range<Int>, old: [TextSourceMap.LinePosition]?)
    }

    /// The body of `text`.
    mutating func write(_ text: AttributedString, pieceBytes: Int = 64 << 10) -> Output {
        let length = text.utf8.count
        let pieces = (map != nil && source != nil) ? usablePieces(of: text, length: length) : []
        var steps: [Step] = []
        var lineStart = 0
        var previous: TextSourceMap.Piece?
        for piece in pieces {
            if piece.text.lowerBound > lineStart {
                steps.append(.gap(lineStart ..< piece.text.lowerBound - 1, old: oldLines(after: previous, before: piece)))
            }
            steps.append(.piece(piece))
            lineStart = piece.text.upperBound + 1
            previous = piece
        }
        if previous.map({ $0.text.upperBound < length }) ?? true {
            steps.append(.gap(lineStart ..< length, old: oldLines(after: previous, before: nil)))
        }
        // Every gap's pieces of whole lines, read a few at a time (`piecesPerBatch`).
        let gapRanges = steps.compactMap { step -> Range<Int>? in
            if case .gap(let range, _) = step { return range }
            return nil
        }
        let gapPieces = Self.linePieces(of: text, in: gapRanges, pieceBytes: pieceBytes, longLineBytes: longLineBytes)
        var output = Output()
        var state = syntax.initialState
        var gapNumber = 0
        var bodyLine = 0
        // The paragraph before the next line, where a separator may be needed.
        var paragraphBefore: ParagraphContent?
        for (stepNumber, step) in steps.enumerated() {
            switch step {
            case .piece(let piece):
                guard let map else { break }
                if let before = paragraphBefore, let separator = separator(between: before, and: firstParagraph(of: piece, in: text)) {
                    output.units.append(separatorUnit(separator, at: piece.text.lowerBound, state: &state))
                }
                let block = map.blocks[piece.block]
                var states = piece.lines.map { block.state(beforeLine: $0) }
                let newState: UInt32? = block.state(beforeLine: piece.lines.lowerBound) == state ? nil
                    : rereadAfterChangedState(piece, from: state, firstLine: bodyLine, states: &states, problems: &output.problems)
                // Lines the file could not say as the text does, saved so before: still so.
                for line in piece.lines where block.differing.contains(line) { output.problems.append(bodyLine + line - piece.lines.lowerBound) }
                let first = block.sourceRange(ofLine: piece.lines.lowerBound, lineEndingLength: map.lineEndingLength).lowerBound
                let textFirst = Int(block.textLineStarts[piece.lines.lowerBound])
                output.units.append(BodyUnit(
                    content: .copy(map.sourceRange(of: piece), verify: SourceBlock(range: block.source, checksum: block.checksum)),
                    textStart: piece.text.lowerBound, textLength: piece.text.count,
                    sourceLineStarts: piece.lines.map { UInt32(block.sourceRange(ofLine: $0, lineEndingLength: map.lineEndingLength).lowerBound - first) },
                    textLineStarts: piece.lines.map { UInt32(Int(block.textLineStarts[$0]) - textFirst) },
                    states: states))
                state = newState ?? stateAfter(piece, map: map)
                bodyLine += piece.lines.count
                paragraphBefore = stepNumber + 1 < steps.count ? lastParagraph(of: piece, in: text) : nil
            case .gap(let range, let old):
                let pieces = gapPieces[gapNumber]
                gapNumber += 1
                var written = WrittenLines(gapStart: range.lowerBound, endsText: range.upperBound == length)
                if let old, old.count <= 2000 {
                    // A few old lines around an edit: the gap's lines are
                    // matched with them, so all of them are read at once
                    // (long lines of plain text left where they are).
                    let longOld = plainLongLines(old)
                    var lines = Self.paragraphs(of: text, pieces: pieces[...], syntax: syntax, definition: definition,
                                                longLineBytes: longOld == nil ? nil : longLineBytes)
                    if lines.count <= 2000 { addOldCandidates(old, skipping: longOld ?? [], to: &lines, firstState: state) }
                    write(lines, of: text, isLastBatch: true, into: &written, state: &state, bodyLine: &bodyLine,
                          paragraphBefore: &paragraphBefore, output: &output)
                } else {
                    for first in stride(from: 0, to: pieces.count, by: Self.piecesPerBatch) {
                        let batch = pieces[first ..< min(first + Self.piecesPerBatch, pieces.count)]
                        let lines = Self.paragraphs(of: text, pieces: batch, syntax: syntax, definition: definition,
                                                    longLineBytes: longLineBytes)
                        write(lines, of: text, isLastBatch: batch.endIndex == pieces.count, into: &written, state: &state,
                              bodyLine: &bodyLine, paragraphBefore: &paragraphBefore, output: &output)
                    }
                }
                // The gap's last lines (none when a long line ended it).
                if !written.sourceStarts.isEmpty {
                    output.units.append(BodyUnit(content: .bytes(written.bytes), textStart: range.lowerBound + written.unitStart,
                                                 textLength: range.count - written.unitStart, sourceLineStarts: written.sourceStarts,
                                                 textLineStarts: written.textStarts, states: written.states))
                }
            }
        }
        output.problems = Array(Set(output.problems)).sorted()
        return output
    }

    /// The lines of a gap written so far, with what its unit needs.
    struct WrittenLines {
        var bytes: [UInt8] = []
        var sourceStarts: [UInt32] = []
        var textStarts: [UInt32] = []
        var states: [UInt32] = []
        var textOffset = 0
        /// Where the unit being written starts in the gap's text: a separator ends one.
        var unitStart = 0
        /// The gap ends the text (its last line is the text's last).
        let endsText: Bool
        /// Where the gap starts in the text.
        let gapStart: Int

        init(gapStart: Int, endsText: Bool) {
            self.gapStart = gapStart
            self.endsText = endsText
        }

        /// The lines written so far as a unit of their own (before a
        /// separator or a long line); the next unit starts at the next line.
        mutating func closeUnit(into units: inout [BodyUnit]) {
            guard !sourceStarts.isEmpty else { return }
            units.append(BodyUnit(content: .bytes(bytes), textStart: gapStart + unitStart, textLength: textOffset - 1 - unitStart,
                                  sourceLineStarts: sourceStarts, textLineStarts: textStarts, states: states))
            (bytes, sourceStarts, textStarts, states) = ([], [], [], [])
            unitStart = textOffset
        }
    }

    /// Chooses how each of `lines` is written, the reader in `state`, and
    /// adds it to the gap's bytes.
    private mutating func write(_ lines: [PendingLine], of text: AttributedString, isLastBatch: Bool, into written: inout WrittenLines,
                                state: inout UInt32, bodyLine: inout Int, paragraphBefore: inout ParagraphContent?,
                                output: inout Output) {
        for (number, pending) in lines.enumerated() {
            var line = pending
            let isLastLine = written.endsText && isLastBatch && number == lines.count - 1
            if let before = paragraphBefore, let separator = separator(between: before, and: line.content) {
                written.closeUnit(into: &output.units)
                output.units.append(separatorUnit(separator, at: written.gapStart + written.textOffset, state: &state))
            }
            paragraphBefore = line.content
            if let long = line.long {
                if writeLongLine(long, oldRefusals: line.oldRefusals, isLast: isLastLine, into: &written, state: &state,
                                 bodyLine: &bodyLine, output: &output) {
                    continue
                }
                // Its stand-in is not written as itself there (inside a code block): made whole, written as any line.
                line = Self.paragraphs(of: text, pieces: [long.range][...], syntax: syntax, definition: definition, longLineBytes: nil)
                    .first ?? line
                line.oldRefusals = pending.oldRefusals
            }
            if !written.sourceStarts.isEmpty { written.bytes += lineEnding }
            written.sourceStarts.append(UInt32(written.bytes.count))
            written.textStarts.append(UInt32(written.textOffset - written.unitStart))
            written.states.append(state)
            let choice: Choice
            if line.preferred.isEmpty, let ahead = line.chosenAhead, ahead.state == state {
                choice = ahead.choice
            } else {
                choice = Self.choose(line, state: state, isLast: isLastLine, syntax: &syntax, normalizer: &normalizer)
            }
            if !choice.readsBack { output.problems.append(bodyLine) }
            if line.oldRefusals > 0, refusalCount(syntax.read(choice.bytes, state: state, isLast: isLastLine)) < line.oldRefusals {
                output.droppedFormatting.append(bodyLine)
            }
            // A gap of one line (a long line edited) shares its bytes rather than copying them.
            if written.bytes.isEmpty { written.bytes = choice.bytes } else { written.bytes += choice.bytes }
            state = choice.stateAfter
            written.textOffset += line.content.text.count + 1
            bodyLine += 1
        }
    }

    /// The first candidate that reads back as the paragraph, then the
    /// writer's own forms; the explicit one when none does.
    static func choose(_ line: PendingLine, state: UInt32, isLast: Bool, syntax: inout Syntax,
                       normalizer: inout LineNormalizer) -> Choice {
        // A line the syntax says is plain text reads back as itself: no need to read it.
        if line.preferred.isEmpty, line.plainest == line.content.text, line.content.isPlain {
            let stateAfter: UInt32? = line.content.text.withUnsafeBufferPointer { bytes in
                syntax.isPlainText(bytes, state: state) ? syntax.state(after: bytes, state: state) : nil
            }
            if let stateAfter { return Choice(bytes: line.content.text, stateAfter: stateAfter, readsBack: true) }
        }
        let intended = normalizer.normalized(line.content)
        var tried: [[UInt8]] = []
        for candidate in line.preferred + (line.asTyped.map { [$0] } ?? []) + [line.plainest] {
            let read = syntax.read(candidate, state: state, isLast: isLast)
            if read.rawHTML <= line.oldRawHTML, normalizer.normalized(read) == intended {
                return Choice(bytes: candidate, stateAfter: read.stateAfter, readsBack: true)
            }
            tried.append(candidate)
        }
        var last: (bytes: [UInt8], read: ReadLine)?
        for style in WriteStyle.allCases {
            let candidate = syntax.write(line.content, state: state, style: style)
            if tried.contains(candidate) { continue }
            tried.append(candidate)
            let read = syntax.read(candidate, state: state, isLast: isLast)
            if read.rawHTML <= line.oldRawHTML, normalizer.normalized(read) == intended {
                return Choice(bytes: candidate, stateAfter: read.stateAfter, readsBack: true)
            }
            last = (candidate, read)
        }
        // None reads back the same: the most explicit form, and the state a reader is really in after it.
        let chosen = last?.bytes ?? tried.last ?? line.content.text
        return Choice(bytes: chosen, stateAfter: syntax.read(chosen, state: state, isLast: isLast).stateAfter, readsBack: false)
    }

    /// The map's pieces that still hold whole lines of the text, in order,
    /// each with a newline between it and the next (a map kept by the
    /// document always does; this is the check that a stale one cannot
    /// corrupt a file).
    private func usablePieces(of text: AttributedString, length: Int) -> [TextSourceMap.Piece] {
        guard let map else { return [] }
        func isNewline(at offset: Int) -> Bool {
            text.utf8[text.utf8.index(text.startIndex, offsetBy: offset)] == 0x0A
        }
        var usable: [TextSourceMap.Piece] = []
        var nextLineStart = 0
        for piece in map.pieces {
            guard piece.text.lowerBound >= nextLineStart, piece.text.upperBound <= length,
                  piece.text.lowerBound == 0 || isNewline(at: piece.text.lowerBound - 1),
                  piece.text.upperBound == length || isNewline(at: piece.text.upperBound) else { continue }
            usable.append(piece)
            nextLineStart = piece.text.upperBound + 1
        }
        return usable
    }

    /// The file's lines between two pieces (the ones the text no longer has
    /// as they were), when the map names every one of them.
    private func oldLines(after previous: TextSourceMap.Piece?, before next: TextSourceMap.Piece?) -> [TextSourceMap.LinePosition]? {
        guard let map else { return nil }
        let start = previous.map(map.line(after:)) ?? TextSourceMap.LinePosition(block: 0, line: 0)
        let end = next.map(map.firstLine(of:))
        let lastBlock = end?.block ?? map.blocks.count - 1
        guard start.block <= lastBlock else { return [] }
        for index in start.block ..< lastBlock where index + 1 < map.blocks.count {
            if map.blocks[index].source.upperBound + map.lineEndingLength != map.blocks[index + 1].source.lowerBound { return nil }
        }
        return map.lines(from: start, to: end)
    }

    /// A copied piece after an edit that left the reader in another state
    /// than the file had there (a code fence or a note's blank line
    /// edited): its lines are read both ways until the states agree again;
    /// each line that now reads differently is a problem (its bytes are
    /// still copied as they were). Returns the state after the piece when
    /// they never agree within it.
    private mutating func rereadAfterChangedState(_ piece: TextSourceMap.Piece, from state: UInt32, firstLine: Int,
                                                  states: inout [UInt32], problems: inout [Int]) -> UInt32? {
        guard let map, let source else { return nil }
        let block = map.blocks[piece.block]
        var newState = state
        for (number, line) in piece.lines.enumerated() {
            let oldState = block.state(beforeLine: line)
            if oldState == newState { return nil }
            states[number] = newState
            guard let bytes = try? source.read(block.sourceRange(ofLine: line, lineEndingLength: map.lineEndingLength)) else {
                problems.append(firstLine + number)
                return nil
            }
            let before = syntax.read(bytes, state: oldState)
            let after = syntax.read(bytes, state: newState)
            if normalizer.normalized(before) != normalizer.normalized(after) { problems.append(firstLine + number) }
            newState = after.stateAfter
        }
        return newState == stateAfter(piece, map: map) ? nil : newState
    }

    /// The reader's state after a copied piece: as the file had it before
    /// the line that followed, or read from the piece's last line.
    private func stateAfter(_ piece: TextSourceMap.Piece, map: TextSourceMap) -> UInt32 {
        let block = map.blocks[piece.block]
        if piece.lines.upperBound < block.lineCount { return block.state(beforeLine: piece.lines.upperBound) }
        if piece.block + 1 < map.blocks.count, map.blocks[piece.block + 1].source.lowerBound
            == block.source.upperBound + map.lineEndingLength {
            return map.blocks[piece.block + 1].state(beforeLine: 0)
        }
        let last = piece.lines.upperBound - 1
        guard let source, let bytes = try? source.read(block.sourceRange(ofLine: last, lineEndingLength: map.lineEndingLength)) else {
            return syntax.initialState
        }
        return bytes.withUnsafeBufferPointer { syntax.state(after: $0, state: block.state(beforeLine: last)) }
    }

    /// Candidates from the old lines: a line the text still has as it was is
    /// its old bytes; an edited one, patches of its old bytes. Lines are
    /// matched as the longest common subsequence of what they mean.
    private mutating func addOldCandidates(_ old: [TextSourceMap.LinePosition], skipping long: Set<Int>, to lines: inout [PendingLine],
                                           firstState: UInt32) {
        guard let map, let source, !old.isEmpty else { return }
        // A long old line of plain text is not read: it has nothing Roux
        // does not keep, is too long to patch, and means the same as a line
        // only when that line is its bytes (a long line written from the text).
        var oldLines: [(bytes: [UInt8], read: ReadLine, state: UInt32)?] = []
        for (index, position) in old.enumerated() {
            if long.contains(index) {
                oldLines.append(nil)
                continue
            }
            let block = map.blocks[position.block]
            guard let bytes = try? source.read(block.sourceRange(ofLine: position.line, lineEndingLength: map.lineEndingLength)) else { return }
            let state = block.state(beforeLine: position.line)
            // Where each byte came from is only needed to patch the line.
            oldLines.append((bytes, syntax.read(bytes, state: state, origins: bytes.count <= LinePatch.longestLine), state))
        }
        let oldRead = oldLines.indices.filter { oldLines[$0] != nil }
        let newRead = lines.indices.filter { lines[$0].long == nil }
        let oldMeaning = oldRead.compactMap { oldLines[$0].map { normalizer.normalized($0.read) } }
        let newMeaning = newRead.map { normalizer.normalized(lines[$0].content) }
        let pairs = Self.commonSubsequence(oldMeaning, newMeaning).map { (oldRead[$0.0], newRead[$0.1]) }
        var previousOld = -1
        var previousNew = -1
        for (oldIndex, newIndex) in pairs + [(oldLines.count, lines.count)] {
            // Between two matches: edited lines, paired in order.
            let oldGap = previousOld + 1 ..< oldIndex
            let newGap = previousNew + 1 ..< newIndex
            for (oldOne, newOne) in zip(oldGap, newGap) {
                guard let oldLine = oldLines[oldOne] else { continue }
                lines[newOne].oldRefusals = refusalCount(oldLine.read)
                lines[newOne].oldRawHTML = oldLine.read.rawHTML
                guard lines[newOne].long == nil, oldLine.bytes.count <= LinePatch.longestLine,
                      lines[newOne].content.text.count <= LinePatch.longestLine else {
                    continue
                }
                lines[newOne].preferred += LinePatch.candidates(old: oldLine.bytes, read: oldLine.read,
                                                                 new: lines[newOne].content, syntax: syntax, definition: definition)
                // When no patch reads back right: written anew, but as the old line wrote its markup.
                if let alike = syntax.writeLike(oldLine.bytes, read: oldLine.read, lines[newOne].content, state: oldLine.state) {
                    lines[newOne].preferred.append(alike)
                }
            }
            if oldIndex < oldLines.count, newIndex < lines.count, let matched = oldLines[oldIndex] {
                lines[newIndex].preferred.insert(matched.bytes, at: 0)
                lines[newIndex].oldRawHTML = matched.read.rawHTML
            }
            previousOld = oldIndex
            previousNew = newIndex
        }
    }

    /// How many spans of a line as read have formatting the definition does not keep.
    private func refusalCount(_ line: ReadLine) -> Int {
        line.spans.count { !definition.refusals(in: $0.attributes).isEmpty }
    }

    /// Index pairs of a longest common subsequence (dynamic programming;
    /// the inputs are the few lines around an edit).
    static func commonSubsequence(_ first: [NormalizedLine], _ second: [NormalizedLine]) -> [(Int, Int)] {
        let rows = first.count
        let columns = second.count
        guard rows > 0, columns > 0 else { return [] }
        var lengths = [Int](repeating: 0, count: (rows + 1) * (columns + 1))
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                lengths[row * (columns + 1) + column] = first[row] == second[column]
                    ? lengths[(row + 1) * (columns + 1) + column + 1] + 1
                    : max(lengths[(row + 1) * (columns + 1) + column], lengths[row * (columns + 1) + column + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var row = 0
        var column = 0
        while row < rows, column < columns {
            if first[row] == second[column] {
                pairs.append((row, column))
                row += 1
                column += 1
            } else if lengths[(row + 1) * (columns + 1) + column] >= lengths[row * (columns + 1) + column + 1] {
                row += 1
            } else {
                column += 1
            }
        }
        return pairs
    }
}
