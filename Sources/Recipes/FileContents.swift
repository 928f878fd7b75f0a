import Foundation
public import RichText

/// A file's bytes as they are about to be written: bytes made now, and
/// ranges copied from the file the text was read from or last saved to
/// (`TextSourceMap`), so a large file's untouched lines are never written
/// out again.
public struct FileContents: Sendable {
    public enum Chunk: Sendable {
        case bytes([UInt8])
        /// These bytes of `copySource`, copied only if they still have this
        /// checksum (`SourceChecksum`).
        case copy(Range<Int>, checksum: UInt64)
    }

    public var chunks: [Chunk]
    /// The file copies come from, and what it must still look like.
    public var copySource: (path: String, fingerprint: FileFingerprint)?
    /// Where the body's lines will be in the written file.
    var bodyPieces: [TextSourceMap.Piece] = []

    public init(bytes: [UInt8]) {
        chunks = [.bytes(bytes)]
    }

    init(chunks: [Chunk], copySource: (path: String, fingerprint: FileFingerprint)?, bodyPieces: [TextSourceMap.Piece]) {
        self.chunks = chunks
        self.copySource = copySource
        self.bodyPieces = bodyPieces
    }

    public var count: Int {
        chunks.reduce(0) { total, chunk in
            switch chunk {
            case .bytes(let bytes): total + bytes.count
            case .copy(let range, _): total + range.count
            }
        }
    }

    /// The map of the file once written at `path`, looking like `fingerprint`.
    public func sourceMap(writtenTo path: String, fingerprint: FileFingerprint?) -> TextSourceMap? {
        guard let fingerprint, !bodyPieces.isEmpty else { return nil }
        return TextSourceMap(file: path, stamp: fingerprint.stamp, pieces: bodyPieces)
    }

    /// Every byte in one array, copies read from their file (for a text to
    /// show or export); nil when that file no longer looks as it did.
    public func joined() -> [UInt8]? {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        let source = openCopySource()
        for chunk in chunks {
            switch chunk {
            case .bytes(let bytes):
                result += bytes
            case .copy(let range, let checksum):
                guard let source, let bytes = Self.copied(range, checksum: checksum, from: source) else { return nil }
                result += bytes
            }
        }
        return result
    }

    /// The file copies come from, open, if it still has the fingerprint
    /// `copySource` names.
    func openCopySource() -> LargeFileReader? {
        guard let copySource, let reader = try? LargeFileReader(path: copySource.path),
              reader.fingerprint == copySource.fingerprint else { return nil }
        return reader
    }

    /// The bytes of a copy, if they still have their checksum.
    static func copied(_ range: Range<Int>, checksum: UInt64, from source: LargeFileReader) -> [UInt8]? {
        guard let bytes = try? source.read(range), bytes.count == range.count, SourceChecksum.of(bytes) == checksum else { return nil }
        return bytes
    }
}

extension FileFingerprint {
    /// The fingerprint as a `TextSourceMap` stamp.
    var stamp: String { "\(inode):\(size):\(modificationSeconds).\(modificationNanoseconds)" }
}
