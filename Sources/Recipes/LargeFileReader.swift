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
final class LargeFileReader: @unchecked Sendable {
    let path: String
    let size: Int
    private let descriptor: Int32
    private let modification: timespec
    /// The file as it was opened (what copies from it must still match).
    let fingerprint: FileFingerprint

    /// What one pass over the bytes finds before anything is shown.
    struct Scan {
        var style: Recipe.FileStyle
        /// Invalid UTF-8 sequences (shown as U+FFFD); with the first one's place.
        var invalidSequences = 0
        var warning: String?
    }

    init(path: String) throws(RecipeFileError) {
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
    func read(_ range: Range<Int>) throws(RecipeFileError) -> [UInt8] {
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
    var isUnchanged: Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        return Int(status.st_size) == size && status.st_mtim.tv_sec == modification.tv_sec
            && status.st_mtim.tv_nsec == modification.tv_nsec
    }

    /// One pass in 1 MB chunks: refuses a binary file (a NUL byte, located),
    /// counts invalid UTF-8 and finds the line endings, as
    /// `RecipeFileReader.decode` does for a file read whole.
    func scan(allowBinary: Bool) throws(RecipeFileError) -> Scan {
        var line = 1
        var allCRLF = true
        var sawNewline = false
        var lastByte: UInt8 = 0
        var invalidCount = 0
        var firstInvalid: (line: Int, column: Int)?
        var carried: [UInt8] = []
        var position = 0
        while position < size {
            let chunk = try read(position ..< min(size, position + (1 << 20)))
            if chunk.isEmpty { break }
            position += chunk.count
            let newlines = Self.newlineOffsets(in: chunk)
            if !allowBinary, let nul = chunk.withUnsafeBytes({ Self.offset(of: 0, in: $0) }) {
                let (lineInChunk, column) = RecipeFileReader.location(of: carried.count + nul, in: carried + chunk[..<nul])
                throw RecipeFileError(path: path, line: line + lineInChunk - 1, column: column, message: RecipeFileReader.binaryMessage)
            }
            for newline in newlines where (newline > 0 ? chunk[newline - 1] : lastByte) != 0x0D { allCRLF = false }
            sawNewline = sawNewline || !newlines.isEmpty
            lastByte = chunk.last ?? lastByte
            // Validated up to the last newline: a character never spans one.
            // A chunk inside a long line waits for the rest of its line (cut
            // anywhere else, a character could be split and read as invalid).
            let cut = position >= size ? chunk.count : (newlines.last.map { $0 + 1 } ?? 0)
            if cut == 0 {
                carried.append(contentsOf: chunk)
                continue
            }
            let complete = carried + chunk[..<cut]
            carried = Array(chunk[cut...])
            if String(validating: complete, as: UTF8.self) == nil {
                let invalid = RecipeFileReader.invalidSequences(in: complete)
                if firstInvalid == nil, let first = invalid.first {
                    let (lineInChunk, column) = RecipeFileReader.location(of: first, in: complete)
                    firstInvalid = (line + lineInChunk - 1, column)
                }
                invalidCount += invalid.count
            }
            line += newlines.count
        }
        var scan = Scan(style: Recipe.FileStyle(lineEnding: sawNewline && allCRLF ? "\r\n" : "\n", endsWithNewline: lastByte == 0x0A))
        if let firstInvalid {
            scan.invalidSequences = invalidCount
            scan.warning = RecipeFileError(path: path, line: firstInvalid.line, column: firstInvalid.column,
                                           message: RecipeFileReader.invalidMessage(count: invalidCount)).description
        }
        return scan
    }

    /// Where the "\n" bytes are, found with `memchr`.
    static func newlineOffsets(in bytes: [UInt8]) -> [Int] {
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
