import Foundation

/// What a file looked like when it was opened or last saved; a save that
/// finds something else on disk is a conflict, not an overwrite.
///
/// Size, modification time and inode say most changes at the cost of a
/// `stat`. A program can change a file in place, keep its size and put its
/// time back, so files up to `checksummedSize` also carry a checksum of
/// their bytes, compared when the `stat` finds nothing (larger files have
/// their lines checked by the source map as a save copies them).
public struct FileFingerprint: Equatable, Sendable {
    public var size: Int64
    public var modificationSeconds: Int
    public var modificationNanoseconds: Int
    public var inode: UInt64
    /// A checksum of every byte (`SourceChecksum`), for files up to `checksummedSize`.
    public var checksum: UInt64?

    public static let checksummedSize = 8 << 20

    /// Nil when the file does not exist. `stat` only: no checksum.
    public static func of(path: String) -> FileFingerprint? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileFingerprint(status)
    }

    /// The fingerprint of a file just read, whose bytes had `checksum` and
    /// `length`; no checksum when the file is large or no longer that long.
    package static func of(path: String, checksum: UInt64, length: Int) -> FileFingerprint? {
        guard var fingerprint = of(path: path) else { return nil }
        if length > 0 || fingerprint.size == 0, fingerprint.size == Int64(length), length <= checksummedSize {
            fingerprint.checksum = checksum
        }
        return fingerprint
    }

    /// The fingerprint of a file just written, its bytes read back for the
    /// checksum when it is small enough.
    package static func ofWritten(path: String) -> FileFingerprint? {
        guard var fingerprint = of(path: path) else { return nil }
        if fingerprint.size <= Int64(checksummedSize), let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
           Int64(data.count) == fingerprint.size {
            fingerprint.checksum = data.withUnsafeBytes { SourceChecksum.of($0) }
        }
        return fingerprint
    }

    /// As one line of text (the recovery file's header keeps the file its
    /// work was based on), and back.
    var line: String {
        "\(size) \(modificationSeconds) \(modificationNanoseconds) \(inode) \(checksum.map { String($0) } ?? "-")"
    }

    init?(line: Substring) {
        let fields = line.split(separator: " ")
        guard fields.count == 5, let size = Int64(fields[0]), let seconds = Int(fields[1]),
              let nanoseconds = Int(fields[2]), let inode = UInt64(fields[3]) else { return nil }
        self.size = size
        modificationSeconds = seconds
        modificationNanoseconds = nanoseconds
        self.inode = inode
        checksum = UInt64(fields[4])
    }

    init(_ status: stat) {
        size = Int64(status.st_size)
        modificationSeconds = status.st_mtim.tv_sec
        modificationNanoseconds = status.st_mtim.tv_nsec
        inode = UInt64(status.st_ino)
    }

    /// Whether the file at `path` is still as this says: its `stat`, then
    /// (when this has a checksum) its bytes.
    public func matches(path: String) -> Bool {
        guard let now = Self.of(path: path), now.size == size, now.inode == inode,
              now.modificationSeconds == modificationSeconds, now.modificationNanoseconds == modificationNanoseconds else { return false }
        guard let checksum else { return true }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return false }
        return data.withUnsafeBytes { SourceChecksum.of($0) } == checksum
    }

    /// Whether `status` (of a file a save opened) is the file this
    /// fingerprint was taken of, as a `stat` can tell.
    func describes(_ status: stat) -> Bool {
        let now = FileFingerprint(status)
        return now.size == size && now.inode == inode && now.modificationSeconds == modificationSeconds
            && now.modificationNanoseconds == modificationNanoseconds
    }

    /// Whether the file looks changed to a `stat` alone: what the editor
    /// checks every few seconds, at no cost.
    public func statChanged(path: String) -> Bool {
        guard let now = Self.of(path: path) else { return true }
        return now.size != size || now.inode != inode || now.modificationSeconds != modificationSeconds
            || now.modificationNanoseconds != modificationNanoseconds
    }
}
