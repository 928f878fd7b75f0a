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
            try write(copyOf: path, to: copy)
            if copies.isEmpty { atexit { UnprivilegedCopy.removeCopies() } }
            copies[path] = copy
            return copy
        }
    }

    /// Copies through a descriptor closed on exec: tests run in parallel
    /// threads, and a process another test starts while the copy is being
    /// written (tmux's server lives on) would otherwise inherit it open for
    /// writing, and running the copy would then fail with ETXTBSY.
    private static func write(copyOf path: String, to copy: String) throws {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        let descriptor = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: copy]) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: bytes)
        // The umask may have taken bits off the mode `open` asked for.
        guard fchmod(descriptor, 0o755) == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: copy])
        }
        try handle.close()
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
