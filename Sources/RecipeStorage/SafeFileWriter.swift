public import Foundation

/// Writes a file so that a failure never damages the original and the file
/// stays what it was besides its bytes.
///
/// The new text always goes first to a temporary file in the same folder,
/// written in full and fsynced. Then, when a new file can be given
/// everything the original has (owner and group, permissions, extended
/// attributes and ACLs), it is renamed over the original and the folder
/// fsynced: the file is the old or the new text whatever happens. When it
/// cannot — the original has other hard links (a rename would leave them
/// the old text), or belongs to someone a new file of ours cannot belong to
/// — the original is written in place, as vim's `backupcopy` does: its old
/// text is copied beside it and synced, room for the new text reserved,
/// the new text copied over it and synced, and only then are both copies
/// removed; a failure on the way writes the old text back. A symbolic link
/// is followed, not replaced (a chain of them to its end, `SaveTarget`).
///
/// The name is resolved once; every step after works from the folder's
/// descriptor, never follows a link, writes in place only through a
/// descriptor that is the file first found there, and checks the name
/// still holds that file just before the rename: a name swapped meanwhile
/// (another user of a shared folder) fails the save, it never writes
/// another file. Every system call is a `SaveStep`, through `faults`, so
/// tests make each fail, stop the process, or swap the name there.
public struct SafeFileWriter: Sendable {
    public var faults: SaveFaults
    /// The permissions of a file that did not exist (default: 0666 less the umask).
    public var newFileMode: mode_t?
    /// The permissions of the file written, whatever the original's were
    /// (the recovery folder's files are 0600 even if one was made 0666).
    public var mode: mode_t?
    /// A file of the state folder (`StateFolder`): its folder must be the
    /// user's own and private, a link at its name is refused, never
    /// followed, and it is written 0600.
    public var isPrivate: Bool

    public init(faults: SaveFaults = .none, newFileMode: mode_t? = nil, mode: mode_t? = nil, isPrivate: Bool = false) {
        self.faults = faults
        self.newFileMode = newFileMode
        self.mode = isPrivate ? 0o600 : mode
        self.isPrivate = isPrivate
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var message: String
        /// The file to copy lines from is not as it was: writing every line
        /// instead will do.
        public var sourceChanged = false
        /// Whether the original is as it was (false only when a save in
        /// place failed and its old text could not be written back either).
        public var originalIsIntact = true
        /// The file at the name is not the one the caller read (changed
        /// since, or the name given to another file while saving).
        public var conflict = false

        public var description: String {
            "\(PathText.shown(path)): not saved: \(message)" + (originalIsIntact ? "; " + outcome : "")
        }

        /// The same with the reason first and the path last, for a status
        /// line a long path would cut before the reason: `not saved: the disk
        /// is full (writing); the file on disk is unchanged (/r/tarte.md)`.
        public var reasonFirst: String {
            "not saved: \(message)" + (originalIsIntact ? "; " + outcome : "") + " (\(PathText.shown(path)))"
        }

        /// What is on disk after the failure. A new file that could not be
        /// made: there is none to be unchanged.
        private var outcome: String {
            access(path, F_OK) == 0 ? "the file on disk is unchanged" : "nothing was written"
        }

        public init(path: String, message: String, sourceChanged: Bool = false, originalIsIntact: Bool = true,
                    conflict: Bool = false) {
            self.path = path
            self.message = message
            self.sourceChanged = sourceChanged
            self.originalIsIntact = originalIsIntact
            self.conflict = conflict
        }
    }

    /// Writes `data`; `expected`, when given, is the file the caller read:
    /// a different one at the name is not overwritten (`conflict`).
    public func write(_ data: Data, to path: String, expected: FileFingerprint? = nil) throws(Failure) {
        try save(to: path, expected: expected) { fd in
            var written = 0
            return data.withUnsafeBytes { buffer in writeAll(buffer, to: fd, written: &written) }
        }
    }

    /// Writes `contents`, copying its ranges from their file, which must
    /// still look as `contents` says, fingerprint and checksums (else
    /// nothing is written and the failure says `sourceChanged`). Returns
    /// the checksum of what each copy chunk wrote (by chunk number), for the
    /// map of the new file.
    @discardableResult
    public func write(_ contents: FileContents, to path: String, expected: FileFingerprint? = nil) throws(Failure) -> [Int: UInt64] {
        let changed = Failure(path: path, message: "\(contents.copySource?.path ?? path) changed on disk while saving",
                              sourceChanged: true)
        let source = contents.openCopySource()
        if contents.copySource != nil, source == nil { throw changed }
        var sourceChanged = false
        var checksums: [Int: UInt64] = [:]
        do throws(Failure) {
            try save(to: path, expected: expected) { fd in
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
        var written = 0
        func flush() -> Int32? {
            defer { gathered.removeAll(keepingCapacity: true) }
            return gathered.withUnsafeBytes { writeAll($0, to: fd, written: &written) }
        }
        var failed: Int32?
        func add(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if bytes.count < 16 << 10 {
                gathered.append(contentsOf: bytes)
                if gathered.count >= 1 << 20 { failed = flush() }
            } else {
                failed = flush() ?? writeAll(UnsafeRawBufferPointer(bytes), to: fd, written: &written)
            }
            return failed == nil
        }
        // Copies and long lines go a piece at a time: never a second copy of a large file.
        var copier = FileContents.Copier(source: source)
        for (number, chunk) in contents.chunks.enumerated() {
            switch chunk {
            case .bytes(let bytes):
                _ = bytes.withUnsafeBufferPointer(add)
            case .copy(let range, let block):
                switch copier.stream(range, from: block, into: add) {
                case .copied(let checksum): checksums[number] = checksum
                case .stopped: break
                case .sourceChanged:
                    sourceChanged = true
                    return EIO
                }
            case .text(let text, let range):
                // The text is a value: its bytes cannot change; a range that is not its lines fails the save.
                if !text.forEachUTF8Piece(in: range, add), failed == nil { return EIO }
            }
            if let failed { return failed }
        }
        return flush()
    }

    /// Every byte of `buffer` to `fd` at its current offset; the error code
    /// on failure. `written` counts the bytes of the new text so far.
    private func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32, written: inout Int,
                          step: SaveStep = .write) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            if let code = faults.before(step, written) { return code }
            let count = Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if count == 0 { return ENOSPC }
            offset += count
            written += count
        }
        return nil
    }

    // MARK: The sequence

    /// What the save found at the name when it began: the file open (never
    /// through a link), its `stat` and identity; nil for a new file.
    private struct Original {
        var fd: Int32
        var status: stat
        var identity: FileIdentity
    }

    /// The failure of a save whose name was given to another file (or a
    /// link) while it ran: nothing is written there.
    private static func replaced(_ path: String) -> Failure {
        Failure(path: path, message: "the name was given to another file while saving", conflict: true)
    }

    /// The file at the name, opened without following a link and without
    /// waiting on a pipe; checked against `expected` when the caller has it.
    private func openOriginal(_ target: SaveTarget, path: String, expected: FileFingerprint?) throws(Failure) -> Original? {
        if let code = faults.before(.openOriginal, 0) { throw Failure(path: path, message: Self.explain(code, at: .openOriginal)) }
        guard let seen = target.status() else {
            guard errno == ENOENT else { throw Failure(path: path, message: Self.explain(errno, at: .openOriginal)) }
            if expected != nil { throw Failure(path: path, message: "it is gone from disk since it was opened", conflict: true) }
            return nil
        }
        if seen.st_mode & S_IFMT == S_IFLNK {
            throw isPrivate ? Failure(path: path, message: "a symbolic link, never followed in the state folder") : Self.replaced(path)
        }
        if let kind = RecipeFileReader.notAFile(seen.st_mode) {
            throw Failure(path: path, message: "\(kind), not a file to write a recipe into")
        }
        let fd = openat(target.folder, target.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw errno == ELOOP ? Self.replaced(path) : Failure(path: path, message: Self.explain(errno, at: .openOriginal))
        }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_dev == seen.st_dev, status.st_ino == seen.st_ino,
              let identity = FileIdentity.of(descriptor: fd) else {
            close(fd)
            throw Self.replaced(path)
        }
        if let expected, !expected.describes(status) {
            close(fd)
            throw Failure(path: path, message: "changed on disk since it was opened", conflict: true)
        }
        return Original(fd: fd, status: status, identity: identity)
    }

    /// The new text to a temporary file beside the target (`fill` writes
    /// it), then renamed over the target or copied into it. `expected`: the
    /// file the caller read, which must be the one at the name.
    private func save(to path: String, expected: FileFingerprint? = nil, fill: (Int32) -> Int32?) throws(Failure) {
        let target = try SaveTarget.resolve(path, followingLinks: !isPrivate)
        defer { close(target.folder) }
        var folder = stat()
        if isPrivate, let problem = fstat(target.folder, &folder) == 0 ? StateFolder.problem(with: folder, at: target.folderPath)
                                                     : "cannot read the state folder" {
            throw Failure(path: path, message: problem)
        }
        let original = try openOriginal(target, path: path, expected: expected)
        defer { if let original { close(original.fd) } }
        let inPlace = original.map { !$0.identity.survivesRename } ?? false

        let temporary = try createTemporary(in: target, path: path, suffix: "")
        func fail(_ step: SaveStep, _ code: Int32) -> Failure {
            close(temporary.fd)
            unlinkat(target.folder, temporary.name, 0)
            return Failure(path: path, message: Self.explain(code, at: step))
        }
        if let code = fill(temporary.fd) { throw fail(.write, code) }
        if inPlace, let original {
            if let code = faults.perform(.syncTemporary, { fsync(temporary.fd) }) { throw fail(.syncTemporary, code) }
            try writeInPlace(from: temporary, over: target, original: original, path: path)
            return
        }
        if let original {
            if let (step, code) = original.identity.apply(to: temporary.fd, faults: faults) { throw fail(step, code) }
        }
        if original == nil || mode != nil {
            if let code = faults.before(.setMode, 0) ?? (fchmod(temporary.fd, mode ?? newFileMode ?? Self.defaultMode()) == 0 ? nil : errno) {
                throw fail(.setMode, code)
            }
        }
        if let code = faults.perform(.syncTemporary, { fsync(temporary.fd) }) { throw fail(.syncTemporary, code) }
        if let code = faults.before(.closeTemporary, 0) ?? (close(temporary.fd) == 0 ? nil : errno) {
            unlinkat(target.folder, temporary.name, 0)
            throw Failure(path: path, message: Self.explain(code, at: .closeTemporary))
        }
        let renameFault = faults.before(.rename, 0)
        // What the name holds is checked last, so a rename never replaces
        // a file or link put there while the new text was written.
        if renameFault == nil, !target.stillHolds(original?.status) {
            unlinkat(target.folder, temporary.name, 0)
            throw Self.replaced(path)
        }
        if let code = renameFault ?? (renameat(target.folder, temporary.name, target.folder, target.name) == 0 ? nil : errno) {
            unlinkat(target.folder, temporary.name, 0)
            throw Failure(path: path, message: Self.explain(code, at: .rename))
        }
        faults.made(.rename)
        syncFolder(of: target)
    }

    /// A file of ours beside the target: a short name (the target's may
    /// already be as long as a name can be), made with `O_EXCL` so that
    /// nothing already there, a link least of all, is opened instead.
    private func createTemporary(in target: SaveTarget, path: String, suffix: String) throws(Failure) -> (fd: Int32, name: String) {
        if let code = faults.before(.createTemporary, 0) { throw Failure(path: path, message: Self.explain(code, at: .createTemporary)) }
        let prefix = Self.temporaryPrefix(for: target.name) + suffix + "-"
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var code = EEXIST
        for _ in 0 ..< 100 {
            let name = prefix + String((0 ..< 6).map { _ in letters.randomElement() ?? "x" })
            let fd = openat(target.folder, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, name) }
            code = errno
            if code != EEXIST { break }
        }
        throw Failure(path: path, message: Self.explain(code, at: .createTemporary))
    }

    /// How the temporary files of a save to `name` begin: `.roux-` and a
    /// hash of the name, 14 bytes whatever its length.
    public static func temporaryPrefix(for name: String) -> String {
        var hash: UInt32 = 0x811C_9DC5 // FNV-1a
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash &*= 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return ".roux-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The folder fsynced, so a rename or an unlink in it survives a crash.
    /// A failure here comes after the file is whole and in place: nothing
    /// to undo, and nothing the user could do.
    private func syncFolder(of target: SaveTarget) {
        _ = faults.perform(.syncFolder) { fsync(target.folder) }
    }

    // MARK: In place

    /// The synced new text in `temporary` copied over the original (which
    /// keeps its inode, owner, links and attributes), with its old text kept
    /// beside it until the new one is synced. Written only through a
    /// descriptor that is the original's inode.
    private func writeInPlace(from temporary: (fd: Int32, name: String), over target: SaveTarget, original: Original,
                              path: String) throws(Failure) {
        func removeTemporary() {
            close(temporary.fd)
            unlinkat(target.folder, temporary.name, 0)
        }
        let fault = faults.before(.openInPlace, 0)
        let destination = fault == nil ? openat(target.folder, target.name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) : -1
        guard destination >= 0 else {
            let code = fault ?? errno
            removeTemporary()
            throw code == ELOOP ? Self.replaced(path) : Failure(path: path, message: Self.explain(code, at: .openInPlace))
        }
        defer { close(destination) }
        var status = stat()
        guard fstat(destination, &status) == 0, status.st_dev == original.status.st_dev, status.st_ino == original.status.st_ino else {
            removeTemporary()
            throw Self.replaced(path)
        }
        let newLength = lseek(temporary.fd, 0, SEEK_END)
        let oldLength = lseek(destination, 0, SEEK_END)

        // The old text beside it, whole and synced, before anything is overwritten.
        let backup: (fd: Int32, name: String)
        do throws(Failure) {
            backup = try createTemporary(in: target, path: path, suffix: "-backup")
        } catch {
            removeTemporary()
            throw error
        }
        func removeBackup() {
            close(backup.fd)
            unlinkat(target.folder, backup.name, 0)
        }
        if let code = copy(from: destination, to: backup.fd, length: oldLength, step: .backUpOriginal)
            ?? faults.perform(.backUpOriginal, bytes: Int(oldLength), { fsync(backup.fd) }) {
            removeBackup()
            removeTemporary()
            throw Failure(path: path, message: Self.explain(code, at: .backUpOriginal))
        }
        // Room first: a disk that is full stops the save before the original is touched.
        if let code = faults.before(.reserveSpace, 0) ?? (roux_reserve(destination, newLength) ? nil : errno) {
            removeBackup()
            removeTemporary()
            throw Failure(path: path, message: Self.explain(code, at: .reserveSpace))
        }
        var failure: (SaveStep, Int32)?
        if let code = copy(from: temporary.fd, to: destination, length: newLength, step: .writeInPlace) {
            failure = (.writeInPlace, code)
        } else if let code = faults.before(.truncateInPlace, 0) ?? (ftruncate(destination, newLength) == 0 ? nil : errno) {
            failure = (.truncateInPlace, code)
        } else if let mode, let code = faults.before(.setMode, 0) ?? (fchmod(destination, mode) == 0 ? nil : errno) {
            failure = (.setMode, code)
        } else if let code = faults.perform(.syncInPlace, { fsync(destination) }) {
            failure = (.syncInPlace, code)
        }
        if let (step, code) = failure {
            // The old text back: it fits where it was.
            let restored = copy(from: backup.fd, to: destination, length: oldLength, step: nil, checkFaults: false) == nil
                && ftruncate(destination, oldLength) == 0 && fsync(destination) == 0
            removeTemporary()
            if restored {
                removeBackup()
                throw Failure(path: path, message: Self.explain(code, at: step))
            }
            close(backup.fd)
            throw Failure(path: path, message: Self.explain(code, at: step)
                          + "; the file may be damaged: its old text is in \(SaveTarget.join(target.folderPath, backup.name))",
                          originalIsIntact: false)
        }
        _ = faults.before(.removeCopies, 0)
        removeBackup()
        removeTemporary()
        syncFolder(of: target)
    }


    /// `length` bytes from the start of `source` to the start of
    /// `destination`; the error code on failure.
    private func copy(from source: Int32, to destination: Int32, length: off_t, step: SaveStep?,
                      checkFaults: Bool = true) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset: off_t = 0
        while offset < length {
            if checkFaults, let step, let code = faults.before(step, Int(offset)) { return code }
            let want = Int(min(off_t(buffer.count), length - offset))
            let read = buffer.withUnsafeMutableBytes { pread(source, $0.baseAddress, want, offset) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return read == 0 ? EIO : errno }
            var done = 0
            while done < read {
                let count = buffer.withUnsafeBytes { pwrite(destination, $0.baseAddress.map { $0 + done }, read - done, offset + off_t(done)) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return count == 0 ? ENOSPC : errno }
                done += count
            }
            offset += off_t(read)
        }
        return nil
    }

    /// Reserves room for `length` bytes without changing the file; a file
    /// system that cannot do it (tmpfs on old kernels, NFS) is not asked.
    private func roux_reserve(_ fd: Int32, _ length: off_t) -> Bool {
        FileIdentity.reserve(fd, length: length)
    }

    /// 0666 less the umask, as a new file would get.
    private static func defaultMode() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    /// What went wrong, in plain words.
    package static func explain(_ code: Int32, at step: SaveStep? = nil) -> String {
        // The folder is open by then, so ENOENT cannot mean it is missing: a
        // file system such as /proc or /sys makes no files of ours.
        if step == .createTemporary, code == ENOENT {
            return "the file system refused to create a file in its folder (\(String(cString: strerror(code)).lowercased()))"
        }
        let what: String = switch code {
        case ENOSPC: "the disk is full"
        case EACCES, EPERM: "permission denied"
        case EROFS: "the file system is read-only"
        case EDQUOT: "the disk quota is exceeded"
        case EIO: "the disk reported an input/output error"
        case ENOENT: "the folder does not exist"
        case ENOTDIR: "a part of the path is not a folder"
        case EISDIR: "it is a folder"
        default: String(cString: strerror(code)).lowercased()
        }
        guard let step else { return what }
        let doing: String = switch step {
        case .openOriginal: "opening it"
        case .openInPlace: "opening it to write over it"
        case .createTemporary: "creating a file beside it"
        case .write: "writing"
        case .setOwner: "giving the new file its owner"
        case .setMode: "giving the new file its permissions"
        case .copyAttributes: "copying its extended attributes"
        case .syncTemporary, .syncInPlace: "flushing it to the disk"
        case .closeTemporary: "closing the new file"
        case .rename: "putting the new file in its place"
        case .syncFolder: "flushing the folder"
        case .backUpOriginal: "keeping a copy of the old text"
        case .reserveSpace: "making room for the new text"
        case .writeInPlace: "writing over it"
        case .truncateInPlace: "cutting it to its new length"
        case .removeCopies: "removing the copies"
        }
        return "\(what) (\(doing))"
    }
}
