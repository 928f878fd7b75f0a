import Foundation

/// Tests that run roux as another user (nobody, through `setpriv`) need a
/// program that user can reach. The clone may sit where nobody cannot enter
/// (a folder under /root, one made by `mktemp -d`, both 0700), so the program
/// is copied once into a world-readable folder of the system's temporary
/// folder, and the tests run the copy.
public enum UnprivilegedCopy {
    /// A copy of the program at `path` that any user can run.
    public static func program(at path: String) throws -> String {
        try lock.withLock {
            if let copied = copies[path] { return copied }
            let folder = "/tmp/roux-unprivileged-\(getpid())-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o755])
            let copy = folder + "/" + URL(fileURLWithPath: path).lastPathComponent
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            guard chmod(copy, 0o755) == 0 else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: copy])
            }
            if copies.isEmpty { atexit { UnprivilegedCopy.removeCopies() } }
            copies[path] = copy
            return copy
        }
    }

    /// The copies go with the test process (one debug program is tens of MB).
    private static func removeCopies() {
        for copy in copies.values {
            try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: copy).deletingLastPathComponent().path)
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var copies: [String: String] = [:]
}
