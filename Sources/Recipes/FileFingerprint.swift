import Foundation

/// What a file looked like when it was opened or last saved; a save that
/// finds something else on disk is a conflict, not an overwrite.
public struct FileFingerprint: Equatable, Sendable {
    public var size: Int64
    public var modificationSeconds: Int
    public var modificationNanoseconds: Int
    public var inode: UInt64

    /// Nil when the file does not exist.
    public static func of(path: String) -> FileFingerprint? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileFingerprint(status)
    }

    init(_ status: stat) {
        size = Int64(status.st_size)
        modificationSeconds = status.st_mtim.tv_sec
        modificationNanoseconds = status.st_mtim.tv_nsec
        inode = UInt64(status.st_ino)
    }
}
