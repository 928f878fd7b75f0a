import Foundation

/// A large recipe file read where it lies, a slice at a time, so that its
/// text never exists in memory twice (once as the file's bytes, once in the
/// document): opening a 50 MB file no longer costs 50 MB more than the
/// document it becomes.
///
/// The descriptor opened first is kept until the last slice: a save by
/// another program that renames a new file over this one does not change what
/// is read. A file changed in place while it loads is noticed (size or time)
/// and reading stops with a message.
package final class LargeFileReader: @unchecked Sendable {
    package let path: String
    package let size: Int
    private let descriptor: Int32
    private let modification: timespec
    /// The file as it was opened (what copies from it must still match).
    package let fingerprint: FileFingerprint

    /// What one pass over the bytes finds before anything is shown.
    package struct Scan {
        /// "\r\n" when every line ends so, else "\n".
        package var lineEnding: String
        package var endsWithNewline: Bool
        /// Bytes that are not valid UTF-8 (shown as U+FFFD); the warning gives the first one's place.
        package var invalidSequences = 0
        /// Invalid UTF-8 and, opened with `--force`, NUL bytes: how many and the first one's place.
        package var warnings: [String] = []
    }

    package init(path: String) throws(RecipeFileError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw RecipeFileError(path: path, line: 0, column: 0, message: "cannot read: \(String(cString: strerror(errno)))")
        }
        var status = stat()
        fstat(descriptor, &status)
        size = Int(status.st_size)
        modification = status.st_mtim
        fingerprint = FileFingerprint(status)
    }

    deinit {
        close(descriptor)
    }

    /// The bytes of `range` (fewer at the end of the file).
    package func read(_ range: Range<Int>) throws(RecipeFileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(0, range.count))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(range.lowerBound + done))
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw RecipeFileError(path: path, line: 0, column: 0, message: "cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            done += count
        }
        return done == bytes.count ? bytes : Array(bytes[..<done])
    }

    /// False once the file was changed in place since it was opened.
    package var isUnchanged: Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        return Int(status.st_size) == size && status.st_mtim.tv_sec == modification.tv_sec
            && status.st_mtim.tv_nsec == modification.tv_nsec
    }

    /// One pass in chunks (1 MB): refuses a binary file (a NUL byte, located),
    /// counts invalid UTF-8 and finds the line endings, as
    /// `RecipeFileReader.decode` does for a file read whole. A chunk is cut
    /// before a character that runs past its end (at most three bytes carried
    /// to the next): a 5 MB line is never held whole.
    package func scan(allowBinary: Bool, chunkBytes: Int = 1 << 20) throws(RecipeFileError) -> Scan {
        var line = 1
        var lineStart = 0
        var allCRLF = true
        var sawNewline = false
        var lastByte: UInt8 = 0
        var invalidCount = 0
        var firstInvalid: (line: Int, column: Int)?
        var nulCount = 0
        var firstNul: (line: Int, column: Int)?
        var carried: [UInt8] = []
        var position = 0
        while position < size {
            let chunk = try read(position ..< min(size, position + chunkBytes))
            if chunk.isEmpty { break }
            let blockStart = position - carried.count
            position += chunk.count
            var block = carried.isEmpty ? chunk : carried + chunk
            let cut = position >= size ? block.count : Self.characterBoundary(in: block)
            carried = Array(block[cut...])
            block.removeSubrange(cut...)
            let newlines = Self.newlineOffsets(in: block)
            if !allowBinary, let nul = block.withUnsafeBytes({ Self.offset(of: 0, in: $0) }) {
                let (line, column) = try location(of: nul, in: block, at: blockStart, line: line, lineStart: lineStart)
                throw RecipeFileError(path: path, line: line, column: column, message: RecipeFileReader.binaryMessage)
            }
            if allowBinary {
                let nuls = block.withUnsafeBytes { RecipeFileReader.nulOffsets(in: $0) }
                if firstNul == nil, let first = nuls.first {
                    firstNul = try location(of: first, in: block, at: blockStart, line: line, lineStart: lineStart)
                }
                nulCount += nuls.count
            }
            for newline in newlines where (newline > 0 ? block[newline - 1] : lastByte) != 0x0D { allCRLF = false }
            sawNewline = sawNewline || !newlines.isEmpty
            lastByte = block.last ?? lastByte
            if String(validating: block, as: UTF8.self) == nil {
                let invalid = RecipeFileReader.invalidSequences(in: block)
                if firstInvalid == nil, let first = invalid.first {
                    firstInvalid = try location(of: first, in: block, at: blockStart, line: line, lineStart: lineStart)
                }
                invalidCount += invalid.count
            }
            line += newlines.count
            if let last = newlines.last { lineStart = blockStart + last + 1 }
        }
        var scan = Scan(lineEnding: sawNewline && allCRLF ? "\r\n" : "\n", endsWithNewline: lastByte == 0x0A)
        if let firstNul {
            scan.warnings.append(RecipeFileError(path: path, line: firstNul.line, column: firstNul.column,
                                                 message: RecipeFileReader.nulMessage(count: nulCount)).description)
        }
        if let firstInvalid {
            scan.invalidSequences = invalidCount
            scan.warnings.append(RecipeFileError(path: path, line: firstInvalid.line, column: firstInvalid.column,
                                                 message: RecipeFileReader.invalidMessage(count: invalidCount)).description)
        }
        return scan
    }

    /// Where `bytes` can be cut without splitting a character: before a lead
    /// byte among the last three whose sequence would run past the end, else
    /// at the end. Cutting before any byte that is not a continuation byte
    /// changes neither validation nor the count of invalid sequences: no
    /// sequence read as valid contains such a byte after its first.
    static func characterBoundary(in bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        for back in 1 ... min(3, bytes.count) {
            let byte = bytes[bytes.count - back]
            if byte < 0x80 { return bytes.count }
            if byte >= 0xC0 {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                return back < length ? bytes.count - back : bytes.count
            }
        }
        return bytes.count
    }

    /// 1-based line and column (in scalars) of `offset` in `block`, which
    /// starts at file offset `start` on line `line`, itself starting at file
    /// offset `lineStart`: counted in the block as for a file read whole
    /// (`RecipeFileReader.location`), plus, when the line began before the
    /// block, its scalars there, read again 1 MB at a time (this is only for
    /// a message).
    private func location(of offset: Int, in block: [UInt8], at start: Int, line: Int,
                          lineStart: Int) throws(RecipeFileError) -> (Int, Int) {
        let (lines, column) = RecipeFileReader.location(of: offset, in: block)
        guard lines == 1 else { return (line + lines - 1, column) }
        var scalarsBefore = 0
        var position = lineStart
        while position < start {
            let piece = try read(position ..< min(start, position + (1 << 20)))
            if piece.isEmpty { break }
            scalarsBefore += RecipeFileReader.location(of: piece.count, in: piece).1 - 1
            position += piece.count
        }
        return (line, scalarsBefore + column)
    }

    /// The file offset of the first "\n" from `start` on (before `end`), or
    /// `end` when there is none (where a read came short, if the file shrank:
    /// the next slice notices the change): where a long line ends, found
    /// without keeping what was read.
    package func lineEnd(from start: Int, before end: Int) throws(RecipeFileError) -> Int {
        var position = start
        while position < end {
            let chunk = try read(position ..< min(end, position + (1 << 20)))
            if chunk.isEmpty { return position }
            if let found = chunk.withUnsafeBytes({ Self.offset(of: 0x0A, in: $0) }) { return position + found }
            position += chunk.count
        }
        return end
    }

    /// Where the "\n" bytes are, found with `memchr`.
    package static func newlineOffsets(in bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBytes { buffer in
            var offsets: [Int] = []
            var start = 0
            while let found = offset(of: 0x0A, in: buffer, from: start) {
                offsets.append(found)
                start = found + 1
            }
            return offsets
        }
    }

    private static func offset(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let base = buffer.baseAddress, start < buffer.count,
              let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }
}
