import Foundation

/// The steps a save takes through the file system, in order. Every system
/// call the writer makes is one of them, so a test can make any step fail
/// (fault injection) or stop the process there (crash tests).
public enum SaveStep: String, CaseIterable, Sendable {
    /// `openat` of the file at the name (never through a link), once the
    /// name is resolved to its folder.
    case openOriginal
    /// `mkstemp` of the temporary file beside the target.
    case createTemporary
    /// Each `write` of the new text (ENOSPC after so many bytes, EIO).
    case write
    /// `fchown` to the original's owner and group.
    case setOwner
    /// `fchmod` to the original's permissions.
    case setMode
    /// The original's extended attributes and ACLs, copied.
    case copyAttributes
    case syncTemporary
    case closeTemporary
    /// `rename` over the target.
    case rename
    case syncFolder
    // Saving in place (a file with other hard links, or whose owner a
    // rename would change): the new text is first written and synced beside
    // it as above, and the old text kept beside it too.
    /// The file opened again for writing, checked to be the same inode.
    case openInPlace
    /// The old text copied to a backup beside the file, and synced.
    case backUpOriginal
    /// Room for the new text reserved in the original (`fallocate`).
    case reserveSpace
    /// The new text copied over the original (`pwrite`).
    case writeInPlace
    /// The original cut to the new length (`ftruncate`).
    case truncateInPlace
    case syncInPlace
    /// The backup and the temporary file removed once the original is synced.
    case removeCopies
}

/// What a test makes the save's system calls do. In use, none: every call is made.
public struct SaveFaults: Sendable {
    /// Before each step: an `errno` to fail it with, or nil to make the
    /// call. `bytes` is how much of the new text a write step has written
    /// so far (a disk that fills after so many bytes).
    public var before: @Sendable (_ step: SaveStep, _ bytes: Int) -> Int32?

    /// After each call the writer made through `perform`: a test records
    /// them, so a call taken out (an fsync, whose absence no behaviour shows
    /// until a power cut) is seen missing.
    public var made: @Sendable (_ step: SaveStep) -> Void

    public init(before: @escaping @Sendable (_ step: SaveStep, _ bytes: Int) -> Int32?,
                made: @escaping @Sendable (_ step: SaveStep) -> Void = { _ in }) {
        self.before = before
        self.made = made
    }

    /// Makes `call` (a system call returning 0 or -1) unless the test fails
    /// `step` first; the `errno` of a failure, or nil.
    func perform(_ step: SaveStep, bytes: Int = 0, _ call: () -> Int32) -> Int32? {
        if let code = before(step, bytes) { return code }
        let result = call()
        let code = errno
        made(step)
        return result == 0 ? nil : code
    }

    public static let none = SaveFaults { _, _ in nil }

    /// `step` fails with `code` (the first time it comes, or every time).
    public static func fail(_ step: SaveStep, with code: Int32) -> SaveFaults {
        SaveFaults { current, _ in current == step ? code : nil }
    }

    /// Writes fail with ENOSPC once `limit` bytes of new text are written.
    public static func diskFull(after limit: Int) -> SaveFaults {
        SaveFaults { step, bytes in (step == .write || step == .writeInPlace || step == .backUpOriginal) && bytes >= limit ? ENOSPC : nil }
    }

    /// The process is killed (SIGKILL, as a power cut would stop it) when it
    /// reaches `step` with at least `bytes` of it done: what crash tests run
    /// in a child process.
    public static func kill(at step: SaveStep, afterBytes bytes: Int = 0) -> SaveFaults {
        SaveFaults { current, done in
            if current == step, done >= bytes { Glibc.kill(getpid(), SIGKILL) }
            return nil
        }
    }
}
