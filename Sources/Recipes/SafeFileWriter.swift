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
        public var description: String { "\(path): not saved: \(message); the file on disk is unchanged" }
    }

    public func write(_ data: Data, to path: String) throws(Failure) {
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
        let written: Int32? = data.withUnsafeBytes { buffer -> Int32? in
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
