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
/// is followed, not replaced. Every system call is a `SaveStep`, through
/// `faults`, so tests make each fail or stop the process there.
public struct SafeFileWriter: Sendable {
    public var faults: SaveFaults
    /// The permissions of a file that did not exist (default: 0666 less the umask).
    public var newFileMode: mode_t?

    public init(faults: SaveFaults = .none, newFileMode: mode_t? = nil) {
        self.faults = faults
        self.newFileMode = newFileMode
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

        public var description: String {
            guard originalIsIntact else { return "\(path): not saved: \(message)" }
            // A new file that could not be made: there is none to be unchanged.
            return "\(path): not saved: \(message); "
                + (access(path, F_OK) == 0 ? "the file on disk is unchanged" : "nothing was written")
        }

        public init(path: String, message: String, sourceChanged: Bool = false, originalIsIntact: Bool = true) {
            self.path = path
            self.message = message
            self.sourceChanged = sourceChanged
            self.originalIsIntact = originalIsIntact
        }
    }

    public func write(_ data: Data, to path: String) throws(Failure) {
        try save(to: path) { fd in
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
    public func write(_ contents: FileContents, to path: String) throws(Failure) -> [Int: UInt64] {
        let changed = Failure(path: path, message: "\(contents.copySource?.path ?? path) changed on disk while saving",
                              sourceChanged: true)
        let source = contents.openCopySource()
        if contents.copySource != nil, source == nil { throw changed }
        var sourceChanged = false
        var checksums: [Int: UInt64] = [:]
        do throws(Failure) {
            try save(to: path) { fd in
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
        var copier = FileContents.Copier(source: source)
        for (number, chunk) in contents.chunks.enumerated() {
            let bytes: [UInt8]
            switch chunk {
            case .bytes(let chunkBytes):
                bytes = chunkBytes
            case .copy(let range, let block):
                guard let copied = copier.copy(range, from: block) else {
                    sourceChanged = true
                    return EIO
                }
                checksums[number] = SourceChecksum.of(copied)
                bytes = copied
            }
            if bytes.count < 16 << 10 {
                gathered += bytes
                if gathered.count >= 1 << 20, let failed = flush() { return failed }
            } else {
                if let failed = flush() { return failed }
                if let failed = bytes.withUnsafeBytes({ writeAll($0, to: fd, written: &written) }) { return failed }
            }
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

    /// Where a save writes: the link's target for a symbolic link.
    private static func target(of path: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { destination in
            destination.hasPrefix("/") ? destination : (PathText.folder(of: path) as NSString).appendingPathComponent(destination)
        } ?? path
    }

    /// The new text to a temporary file beside the target (`fill` writes
    /// it), then renamed over the target or copied into it.
    private func save(to path: String, fill: (Int32) -> Int32?) throws(Failure) {
        let target = Self.target(of: path)
        var status = stat()
        if stat(target, &status) == 0, let kind = RecipeFileReader.notAFile(status.st_mode) {
            throw Failure(path: path, message: "\(kind), not a file to write a recipe into")
        }
        let original = Glibc.open(target, O_RDONLY | O_CLOEXEC)
        defer { if original >= 0 { close(original) } }
        let identity = original >= 0 ? FileIdentity.of(descriptor: original) : nil
        let inPlace = identity.map { !$0.survivesRename } ?? false

        let temporary = try createTemporary(beside: target, path: path, suffix: "")
        func fail(_ step: SaveStep, _ code: Int32) -> Failure {
            close(temporary.fd)
            unlink(temporary.path)
            return Failure(path: path, message: Self.explain(code, at: step))
        }
        if let code = fill(temporary.fd) { throw fail(.write, code) }
        if inPlace, let identity {
            if let code = faults.before(.syncTemporary, 0) ?? (fsync(temporary.fd) == 0 ? nil : errno) { throw fail(.syncTemporary, code) }
            try writeInPlace(from: temporary, over: target, original: original, identity: identity, path: path)
            return
        }
        if let identity {
            if let (step, code) = identity.apply(to: temporary.fd, faults: faults) { throw fail(step, code) }
        } else {
            if let code = faults.before(.setMode, 0) ?? (fchmod(temporary.fd, newFileMode ?? Self.defaultMode()) == 0 ? nil : errno) {
                throw fail(.setMode, code)
            }
        }
        if let code = faults.before(.syncTemporary, 0) ?? (fsync(temporary.fd) == 0 ? nil : errno) { throw fail(.syncTemporary, code) }
        if let code = faults.before(.closeTemporary, 0) ?? (close(temporary.fd) == 0 ? nil : errno) {
            unlink(temporary.path)
            throw Failure(path: path, message: Self.explain(code, at: .closeTemporary))
        }
        if let code = faults.before(.rename, 0) ?? (rename(temporary.path, target) == 0 ? nil : errno) {
            unlink(temporary.path)
            throw Failure(path: path, message: Self.explain(code, at: .rename))
        }
        syncFolder(of: target)
    }

    /// A new file beside `target`, open for writing and reading.
    private func createTemporary(beside target: String, path: String, suffix: String) throws(Failure) -> (fd: Int32, path: String) {
        var template = Array((PathText.folder(of: target) + "/." + (target as NSString).lastPathComponent + ".roux\(suffix)-XXXXXX").utf8CString)
        if let code = faults.before(.createTemporary, 0) { throw Failure(path: path, message: Self.explain(code, at: .createTemporary)) }
        let fd = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard fd >= 0 else { throw Failure(path: path, message: Self.explain(errno, at: .createTemporary)) }
        return (fd, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The folder fsynced, so a rename or an unlink in it survives a crash.
    /// A failure here comes after the file is whole and in place: nothing
    /// to undo, and nothing the user could do.
    private func syncFolder(of target: String) {
        guard faults.before(.syncFolder, 0) == nil else { return }
        let folder = Glibc.open(PathText.folder(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    // MARK: In place

    /// The synced new text in `temporary` copied over the original (which
    /// keeps its inode, owner, links and attributes), with its old text kept
    /// beside it until the new one is synced.
    private func writeInPlace(from temporary: (fd: Int32, path: String), over target: String, original: Int32,
                              identity: FileIdentity, path: String) throws(Failure) {
        func removeTemporary() {
            close(temporary.fd)
            unlink(temporary.path)
        }
        let destination = Glibc.open(target, O_RDWR | O_CLOEXEC)
        guard destination >= 0 else {
            let code = errno
            removeTemporary()
            throw Failure(path: path, message: Self.explain(code, at: .writeInPlace))
        }
        defer { close(destination) }
        let newLength = lseek(temporary.fd, 0, SEEK_END)
        let oldLength = lseek(destination, 0, SEEK_END)

        // The old text beside it, whole and synced, before anything is overwritten.
        let backup: (fd: Int32, path: String)
        do throws(Failure) {
            backup = try createTemporary(beside: target, path: path, suffix: "-backup")
        } catch {
            removeTemporary()
            throw error
        }
        func removeBackup() {
            close(backup.fd)
            unlink(backup.path)
        }
        if let code = copy(from: destination, to: backup.fd, length: oldLength, step: .backUpOriginal)
            ?? faults.before(.backUpOriginal, Int(oldLength)) ?? (fsync(backup.fd) == 0 ? nil : errno) {
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
        } else if let code = faults.before(.syncInPlace, 0) ?? (fsync(destination) == 0 ? nil : errno) {
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
                          + "; the file may be damaged: its old text is in \(backup.path)", originalIsIntact: false)
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
    static func explain(_ code: Int32, at step: SaveStep? = nil) -> String {
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
