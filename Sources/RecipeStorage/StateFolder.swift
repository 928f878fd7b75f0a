public import Foundation

/// The folder Roux keeps the user's unsaved work and ticks in
/// (`$XDG_STATE_HOME/roux/`): the user's own and private (0700), or not
/// used at all. Unsaved work and the paths of the user's recipes are for
/// no one else to read, and a folder someone else controls could point a
/// file of ours at any file of the user's.
public enum StateFolder {
    /// Makes `directory` (and every missing folder above it) 0700, makes an
    /// existing one of the user's private, and refuses one that is not the
    /// user's or cannot be made private.
    public static func prepare(_ directory: URL) throws(SafeFileWriter.Failure) {
        let path = directory.path
        var made = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            made += "/" + component
            if mkdir(made, 0o700) != 0, errno != EEXIST {
                throw SafeFileWriter.Failure(path: path, message: "cannot create the state folder \(PathText.shown(made)): \(SafeFileWriter.explain(errno))")
            }
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            throw SafeFileWriter.Failure(path: path, message: "cannot read the state folder \(PathText.shown(path)): \(SafeFileWriter.explain(errno))")
        }
        if status.st_mode & S_IFMT == S_IFLNK, stat(path, &status) != 0 {
            throw SafeFileWriter.Failure(path: path, message: "the state folder \(PathText.shown(path)) is a link to nothing")
        }
        if let problem = problem(with: status, at: path) {
            guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid() else {
                throw SafeFileWriter.Failure(path: path, message: problem)
            }
            if chmod(path, 0o700) != 0 {
                throw SafeFileWriter.Failure(path: path, message: "\(problem), and cannot be made private: "
                    + SafeFileWriter.explain(errno))
            }
        }
    }

    /// Why the folder at `path` with `status` is not a private state
    /// folder; nil when it is.
    static func problem(with status: stat, at path: String) -> String? {
        let folder = "the state folder \(PathText.shown(path))"
        if status.st_mode & S_IFMT != S_IFDIR { return "\(folder) is not a folder" }
        if status.st_uid != geteuid() { return "\(folder) belongs to another user (uid \(status.st_uid))" }
        if status.st_mode & 0o077 != 0 {
            return "\(folder) can be opened by others (mode \(String(status.st_mode & 0o777, radix: 8)))"
        }
        return nil
    }

    /// Whether what is in `directory` can be taken as the user's: the
    /// user's folder, which no one else can write. (One an earlier version
    /// left 0755 still is: its work is offered, and the next write makes
    /// it private.)
    static func isTrusted(_ directory: URL) -> Bool {
        var status = stat()
        return stat(directory.path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && status.st_uid == geteuid()
            && status.st_mode & 0o022 == 0
    }

    /// A file of the state folder, read without following a link and only
    /// when it is a regular file in a trusted folder; nil otherwise.
    static func read(_ file: URL) -> Data? {
        guard isTrusted(file.deletingLastPathComponent()) else { return nil }
        let fd = open(file.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? handle.readToEnd() ?? Data()
    }
}
