import Foundation
public import RichText

/// Bytes of a file that a copy may take: a block of lines as read or
/// written, and its checksum then (`SourceChecksum`).
public struct SourceBlock: Hashable, Sendable {
    public var range: Range<Int>
    public var checksum: UInt64

    package init(range: Range<Int>, checksum: UInt64) {
        self.range = range
        self.checksum = checksum
    }
}

/// A file's bytes as they are about to be written: bytes made now, and
/// ranges copied from the file the text was read from or last saved to
/// (`TextSourceMap`), so the lines the user did not edit are never written
/// out again.
public struct FileContents: Sendable {
    public enum Chunk: Sendable {
        case bytes([UInt8])
        /// These bytes of `copySource`, copied only if `verify` (the block
        /// they are part of) still has its checksum.
        case copy(Range<Int>, verify: SourceBlock)
    }

    public var chunks: [Chunk]
    /// The file copies come from, and what it must still look like.
    public var copySource: (path: String, fingerprint: FileFingerprint)?
    /// The body's lines as they will be in the written file, for its map.
    /// Body lines (from 0) the user edited that lose formatting Roux does not keep.
    public var droppedFormattingLines: [Int] = []
    /// The file line (from 1) the body starts on: the head's lines plus one.
    public var firstBodyLine = 1
    package var plannedBlocks: [PlannedBlock] = []
    package var lineEndingLength = 1
    /// Body lines (from 0) that may read back differently (see `BodyWriter.Output`).
    public var problemLines: [Int] = []

    /// Lines of the written file, for the map the document keeps after a save.
    package struct PlannedBlock: Sendable {
        /// The chunk holding the lines (a copy's checksum is known once written).
        var chunk: Int
        var fileRange: Range<Int>
        var textStart: Int
        var textLength: Int
        var sourceLineStarts: [UInt32]
        var textLineStarts: [UInt32]
        var states: [UInt32]
        var checksum: UInt64?
        /// Lines (of this block) that do not say what the text says.
        var problemLines: Set<Int> = []

        package init(chunk: Int, fileRange: Range<Int>, textStart: Int, textLength: Int, sourceLineStarts: [UInt32],
                     textLineStarts: [UInt32], states: [UInt32], checksum: UInt64?, problemLines: Set<Int>) {
            self.chunk = chunk
            self.fileRange = fileRange
            self.textStart = textStart
            self.textLength = textLength
            self.sourceLineStarts = sourceLineStarts
            self.textLineStarts = textLineStarts
            self.states = states
            self.checksum = checksum
            self.problemLines = problemLines
        }
    }

    public init(bytes: [UInt8]) {
        chunks = [.bytes(bytes)]
    }

    package init(chunks: [Chunk], copySource: (path: String, fingerprint: FileFingerprint)?) {
        self.chunks = chunks
        self.copySource = copySource
    }

    public var count: Int {
        chunks.reduce(0) { total, chunk in
            switch chunk {
            case .bytes(let bytes): total + bytes.count
            case .copy(let range, _): total + range.count
            }
        }
    }

    /// The map of the file once written at `path`, looking like
    /// `fingerprint`; `copied` holds the checksum of each copy chunk written.
    public func sourceMap(writtenTo path: String, fingerprint: FileFingerprint?, copied: [Int: UInt64]) -> TextSourceMap? {
        guard let fingerprint, !plannedBlocks.isEmpty else { return nil }
        var map = TextSourceMap(file: path, stamp: fingerprint.stamp, lineEndingLength: lineEndingLength)
        for planned in plannedBlocks {
            guard let checksum = planned.checksum ?? copied[planned.chunk] else { return nil }
            map.append(TextSourceMap.Block(source: planned.fileRange, checksum: checksum, sourceLineStarts: planned.sourceLineStarts,
                                           textLineStarts: planned.textLineStarts, textLength: planned.textLength, states: planned.states,
                                           differing: planned.problemLines),
                       textStart: planned.textStart)
        }
        return map
    }

    /// Every byte in one array, copies read from their file (for a text to
    /// show or export); nil when that file no longer looks as it did.
    public func joined() -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        var copier = FileContents.Copier(source: openCopySource())
        for chunk in chunks {
            switch chunk {
            case .bytes(let bytes):
                result += bytes
            case .copy(let range, let block):
                guard let bytes = copier.copy(range, from: block) else { return nil }
                result += bytes
            }
        }
        return result
    }

    /// Whether bytes made now (not copied) hold a U+FFFD: in a file that had
    /// invalid UTF-8, what a save writes for it on a line the user edited.
    package var writesReplacementCharacters: Bool {
        chunks.contains { chunk in
            guard case .bytes(let bytes) = chunk, bytes.count >= 3 else { return false }
            return bytes.indices.dropLast(2).contains { bytes[$0] == 0xEF && bytes[$0 + 1] == 0xBF && bytes[$0 + 2] == 0xBD }
        }
    }

    /// The file copies come from, open, if it still has the fingerprint
    /// `copySource` names.
    func openCopySource() -> LargeFileReader? {
        guard let copySource, let reader = try? LargeFileReader(path: copySource.path),
              reader.fingerprint == copySource.fingerprint else { return nil }
        return reader
    }

    /// Copies ranges of the source, reading each block once and only
    /// after checking it still has its checksum.
    struct Copier {
        let source: LargeFileReader?
        private var verified: (block: SourceBlock, bytes: [UInt8])?

        init(source: LargeFileReader?) {
            self.source = source
        }

        mutating func copy(_ range: Range<Int>, from block: SourceBlock) -> [UInt8]? {
            guard block.range.lowerBound <= range.lowerBound, range.upperBound <= block.range.upperBound else { return nil }
            if verified?.block != block {
                guard let source, let bytes = try? source.read(block.range), bytes.count == block.range.count,
                      SourceChecksum.of(bytes) == block.checksum else { return nil }
                verified = (block, bytes)
            }
            guard let bytes = verified?.bytes else { return nil }
            return Array(bytes[range.lowerBound - block.range.lowerBound ..< range.upperBound - block.range.lowerBound])
        }
    }
}

extension FileFingerprint {
    /// The fingerprint as a `TextSourceMap` stamp.
    package var stamp: String { "\(inode):\(size):\(modificationSeconds).\(modificationNanoseconds)" }
}
