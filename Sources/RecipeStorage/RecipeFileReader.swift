public import Foundation

/// Reads a file's bytes as text, refusing binary files and saying exactly
/// what invalid UTF-8 would cost.
public enum RecipeFileReader {
    public struct Contents: Sendable {
        public var text: String
        /// Bytes that are not valid UTF-8 (shown as U+FFFD, one for each
        /// maximal bad sequence); saving would write the replacement
        /// characters, so it needs the user's consent.
        public var replacedSequences: Int
        public var warnings: [String]
        /// The checksum and length of the bytes read (`FileFingerprint.checksum`).
        public var checksum: UInt64 = 0
        public var byteCount = 0
        /// Where the U+FFFD of invalid UTF-8 are, with the bytes they stand
        /// for: the lines read can still be copied by a save.
        package var replaced: ReplacedBytes?
    }

    public static func read(path: String, allowBinary: Bool = false) throws(RecipeFileError) -> Contents {
        if let problem = unreadable(path) { throw RecipeFileError(path: path, line: 0, column: 0, message: problem) }
        let data: Data
        switch readAll(path) {
        case .success(let bytes): data = bytes
        case .failure(let failure):
            throw RecipeFileError(path: path, line: 0, column: 0, message: "cannot read it: \(SafeFileWriter.explain(failure.code))")
        }
        var contents = try decode(data, path: path, allowBinary: allowBinary)
        if data.count <= FileFingerprint.checksummedSize {
            contents.checksum = data.withUnsafeBytes { SourceChecksum.of($0) }
            contents.byteCount = data.count
        }
        return contents
    }

    public static func decode(_ data: Data, path: String, allowBinary: Bool = false) throws(RecipeFileError) -> Contents {
        // Straight from the file's buffer: a copy of a 50 MB file is 50 MB of peak memory.
        let nul: Int? = allowBinary ? nil : data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
        if let nul {
            let (line, column) = location(of: nul, in: [UInt8](data.prefix(nul + 1)))
            throw RecipeFileError(path: path, line: line, column: column, message: binaryMessage)
        }
        // Forced open: say where the binary data is, and what becomes of it.
        let nuls = data.withUnsafeBytes { nulOffsets(in: $0) }
        var nulWarnings: [String] = []
        if let first = nuls.first {
            let (line, column) = location(of: first, in: [UInt8](data.prefix(first + 1)))
            nulWarnings.append(RecipeFileError(path: path, line: line, column: column, message: nulMessage(count: nuls.count)).description)
        }
        if let text = data.withUnsafeBytes({ String(validating: $0.bindMemory(to: UInt8.self), as: UTF8.self) }) {
            return Contents(text: text, replacedSequences: 0, warnings: nulWarnings)
        }
        let bytes = [UInt8](data)
        let invalid = invalidSequences(in: bytes)
        let (line, column) = location(of: invalid.first ?? 0, in: bytes)
        let warning = RecipeFileError(
            path: path, line: line, column: column,
            message: invalidMessage(count: invalid.count))
        let replaced = ReplacedBytes(decoding: bytes)
        return Contents(text: replaced.text, replacedSequences: invalid.count,
                        warnings: nulWarnings + [warning.description], replaced: replaced)
    }

    /// A file opened with `--force` that has NUL bytes.
    static func nulMessage(count: Int) -> String {
        count == 1 ? "1 NUL byte (binary data) shown as ^@, kept by a save"
            : "\(count) NUL bytes (binary data) shown as ^@, kept by a save"
    }

    /// Where the NUL bytes are (memchr).
    static func nulOffsets(in buffer: UnsafeRawBufferPointer) -> [Int] {
        guard let base = buffer.baseAddress else { return [] }
        var offsets: [Int] = []
        var start = 0
        while start < buffer.count, let found = memchr(base + start, 0, buffer.count - start) {
            let offset = base.distance(to: UnsafeRawPointer(found))
            offsets.append(offset)
            start = offset + 1
        }
        return offsets
    }

    /// Where it cannot be opened as its caller can (`roux open --force`, a
    /// question in the editor) says so itself.
    public static let binaryMessage = "this is a binary file (a NUL byte here), not a recipe"

    /// Why a path cannot be read as a recipe file, in plain words; nil when it can be.
    public static func unreadable(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return errno == ENOENT ? "no such file" : "cannot read it: \(String(cString: strerror(errno)).lowercased())"
        }
        if let kind = notAFile(status.st_mode) { return "\(kind), not a recipe file" }
        if access(path, R_OK) != 0 { return "cannot read it: permission denied" }
        return nil
    }

    /// What a path that is not a regular file is, in plain words: reading a
    /// pipe would wait for ever, and writing a device through a rename
    /// would put a file in its place.
    static func notAFile(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "is a folder"
        case S_IFIFO: "is a pipe"
        case S_IFCHR, S_IFBLK: "is a device"
        default: "is not a regular file"
        }
    }

    static func invalidMessage(count: Int) -> String {
        count == 1 ? "not valid UTF-8: 1 byte shown as \u{FFFD} (kept as it is unless its line is edited)"
            : "not valid UTF-8: \(count) bytes shown as \u{FFFD} (kept as they are unless their line is edited)"
    }

    /// Offsets where invalid UTF-8 sequences start.
    static func invalidSequences(in bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            let length: Int
            switch byte {
            case 0x00 ... 0x7F: length = 1
            case 0xC2 ... 0xDF: length = 2
            case 0xE0 ... 0xEF: length = 3
            case 0xF0 ... 0xF4: length = 4
            default: length = 0
            }
            var valid = length > 0 && position + length <= bytes.count
            if valid {
                for offset in 1 ..< length where bytes[position + offset] & 0xC0 != 0x80 { valid = false }
            }
            if valid, length == 3 {
                let second = bytes[position + 1]
                if (byte == 0xE0 && second < 0xA0) || (byte == 0xED && second > 0x9F) { valid = false }
            }
            if valid, length == 4 {
                let second = bytes[position + 1]
                if (byte == 0xF0 && second < 0x90) || (byte == 0xF4 && second > 0x8F) { valid = false }
            }
            if valid {
                position += length
            } else {
                result.append(position)
                position += 1
            }
        }
        return result
    }

    /// 1-based line and column (in scalars) of a byte offset.
    static func location(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    package struct ReadFailure: Error {
        package var code: Int32
    }

    /// Every byte of a file, read with `open` and `read` (the error says
    /// why in `errno` terms; Foundation's reader also leaks a buffer on an
    /// empty file, which the fuzzers' leak checker found).
    package static func readAll(_ path: String) -> Result<Data, ReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(ReadFailure(code: errno)) }
        defer { close(fd) }
        var status = stat()
        var capacity = fstat(fd, &status) == 0 ? max(Int(status.st_size), 0) : 0
        var data = Data(count: capacity + 1)
        var filled = 0
        while true {
            if filled == capacity {
                capacity = max(4096, capacity * 2)
                data.count = capacity + 1
            }
            let count = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress.map { $0 + filled }, capacity - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(code: errno))
            }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return .success(data)
    }
}
