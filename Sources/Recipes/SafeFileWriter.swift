public import Foundation

/// Writes a file so that a failure never damages the original: a temporary
/// file in the same folder, written in full and fsynced, given the original's
/// permissions, renamed over it, then the folder fsynced so the rename itself
/// survives a crash. A symbolic link is followed, not replaced.
public struct SafeFileWriter: Sendable {
    /// Writes bytes to a descriptor; tests replace it to simulate a full disk.
    public var writeBytes: @Sendable (Int32, UnsafeRawBufferPointer) -> Int

    public init(writeBytes: @escaping @Sendable (Int32, UnsafeRawBufferPointer) -> Int = { fd, buffer in
        Glibc.write(fd, buffer.baseAddress, buffer.count)
    }) {
        self.writeBytes = writeBytes
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var message: String
        /// The file to copy lines from is not as it was: writing every line
        /// instead will do.
        public var sourceChanged = false
        public var description: String { "\(path): not saved: \(message); the file on disk is unchanged" }

        public init(path: String, message: String, sourceChanged: Bool = false) {
            self.path = path
            self.message = message
            self.sourceChanged = sourceChanged
        }
    }

    public func write(_ data: Data, to path: String) throws(Failure) {
        try write(to: path) { fd in
            data.withUnsafeBytes { buffer in writeAll(buffer, to: fd) }
        }
    }

    /// Writes `contents`, copying its ranges from their file, which must
    /// still look as `contents` says, fingerprint and checksums (else
    /// nothing is written and the failure says `sourceChanged`). Returns
    /// the checksum of what each copy chunk wrote (by chunk number), for the
    /// map of the new file.
    @discardableResult
    public func write(_ contents: FileContents, to path: String) throws(Failure) -> [Int: UInt64] {
        let changed = Failure(path: path, message: "\(contents.copySource?.path ?? path) changed on disk while saving",
                              sourceChanged: true)
        let source = contents.openCopySource()
        if contents.copySource != nil, source == nil { throw changed }
        var sourceChanged = false
        var checksums: [Int: UInt64] = [:]
        do throws(Failure) {
            try write(to: path) { fd in
                fill(fd, with: contents, copyingFrom: source, sourceChanged: &sourceChanged, checksums: &checksums)
            }
        } catch {
            throw sourceChanged ? changed : error
        }
        return checksums
    }

    /// The chunks of `contents` to `fd`; the error code on failure.
    private func fill(_ fd: Int32, with contents: FileContents, copyingFrom source: LargeFileReader?,
                      sourceChanged: inout Bool, checksums: inout [Int: UInt64]) -> Int32? {
        // Small chunks (line endings, short lines) are gathered: one write
        // call each would cost more than the copying.
        var gathered: [UInt8] = []
        func flush() -> Int32? {
            defer { gathered.removeAll(keepingCapacity: true) }
            return gathered.withUnsafeBytes { writeAll($0, to: fd) }
        }
        var copier = FileContents.Copier(source: source)
        for (number, chunk) in contents.chunks.enumerated() {
            switch chunk {
            case .bytes(let bytes) where bytes.count < 16 << 10:
                gathered += bytes
                if gathered.count >= 1 << 20, let failed = flush() { return failed }
            case .bytes(let bytes):
                if let failed = flush() { return failed }
                if let failed = bytes.withUnsafeBytes({ writeAll($0, to: fd) }) { return failed }
            case .copy(let range, let block):
                guard let bytes = copier.copy(range, from: block) else {
                    sourceChanged = true
                    return EIO
                }
                checksums[number] = SourceChecksum.of(bytes)
                if bytes.count < 16 << 10 {
                    gathered += bytes
                    if gathered.count >= 1 << 20, let failed = flush() { return failed }
                } else {
                    if let failed = flush() { return failed }
                    if let failed = bytes.withUnsafeBytes({ writeAll($0, to: fd) }) { return failed }
                }
            }
        }
        return flush()
    }

    /// Every byte of `buffer` to `fd`; the error code on failure.
    private func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let count = writeBytes(fd, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if count == 0 { return ENOSPC }
            offset += count
        }
        return nil
    }

    /// The safe sequence around `fill`, which writes the contents to the
    /// temporary file and returns an error code if it could not.
    private func write(to path: String, fill: (Int32) -> Int32?) throws(Failure) {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { destination in
            destination.hasPrefix("/") ? destination : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        } ?? path
        let folder = (target as NSString).deletingLastPathComponent.isEmpty ? "." : (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var template = Array((folder + "/." + name + ".roux-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard fd >= 0 else { throw Failure(path: path, message: Self.explain(errno)) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ code: Int32) -> Failure {
            close(fd)
            unlink(temporary)
            return Failure(path: path, message: Self.explain(code))
        }
        let written = fill(fd)
        if let written { throw fail(written) }
        var status = stat()
        let mode: mode_t = stat(target, &status) == 0 ? status.st_mode & 0o7777 : Self.defaultMode()
        if fchmod(fd, mode) != 0 { throw fail(errno) }
        if fsync(fd) != 0 { throw fail(errno) }
        if close(fd) != 0 {
            unlink(temporary)
            throw Failure(path: path, message: Self.explain(errno))
        }
        if rename(temporary, target) != 0 {
            let code = errno
            unlink(temporary)
            throw Failure(path: path, message: Self.explain(code))
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// 0666 less the umask, as a new file would get.
    private static func defaultMode() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    static func explain(_ code: Int32) -> String {
        switch code {
        case ENOSPC: "the disk is full"
        case EACCES, EPERM: "permission denied"
        case EROFS: "the file system is read-only"
        case EDQUOT: "the disk quota is exceeded"
        default: String(cString: strerror(code))
        }
    }
}
