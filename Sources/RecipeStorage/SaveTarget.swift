import Foundation

/// Where a save writes, found once at its start: the folder that holds the
/// file, open, and the file's name in it, every symbolic link of a chain
/// followed (`link1.md → link2.md → real.md` is real.md, in its folder).
///
/// Every later step works from the folder's descriptor and never follows a
/// link again (`O_NOFOLLOW`): a name swapped for a link or for another file
/// while the save runs (by another user of a shared folder) cannot send the
/// save anywhere else, it makes the save fail.
///
/// A link is followed only when it belongs to the user or to root: another
/// user who can write a folder could otherwise point a name the user saves
/// to at any file of the user's (the rule Linux applies to links in /tmp,
/// applied to every folder).
struct SaveTarget {
    /// The folder, open for `openat`, `renameat` and `fsync`.
    let folder: Int32
    let folderPath: String
    let name: String

    /// The kernel's own limit for a chain of links.
    static let maximumLinks = 40

    var path: String { Self.join(folderPath, name) }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Resolves `path` (the user's name for the file) to its folder and
    /// name; without `followingLinks`, a link at the name is left there.
    static func resolve(_ path: String, followingLinks: Bool = true) throws(SafeFileWriter.Failure) -> SaveTarget {
        var current = path
        for _ in 0 ... maximumLinks {
            let folderPath = PathText.folder(of: current)
            let name = (current as NSString).lastPathComponent
            let folder = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard folder >= 0 else { throw SafeFileWriter.Failure(path: path, message: SafeFileWriter.explain(errno)) }
            var status = stat()
            guard followingLinks, fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFLNK else {
                return SaveTarget(folder: folder, folderPath: folderPath, name: name)
            }
            defer { close(folder) }
            guard status.st_uid == geteuid() || status.st_uid == 0 else {
                throw SafeFileWriter.Failure(path: path, message: "\(join(folderPath, name)) is a symbolic link of another user's "
                    + "(uid \(status.st_uid)); it is not followed: give the file it names")
            }
            guard let destination = linkDestination(in: folder, name) else {
                throw SafeFileWriter.Failure(path: path, message: SafeFileWriter.explain(errno))
            }
            current = destination.hasPrefix("/") ? destination : join(folderPath, destination)
        }
        throw SafeFileWriter.Failure(path: path, message: "too many symbolic links in a chain (over \(maximumLinks))")
    }

    private static func linkDestination(in folder: Int32, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlinkat(folder, name, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The file now at the name, never through a link (nil: no file there).
    func status() -> stat? {
        var status = stat()
        return fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
    }

    /// Whether the name still holds the file `original` describes (no file,
    /// for nil): checked just before a rename replaces what is there.
    func stillHolds(_ original: stat?) -> Bool {
        guard let now = status() else { return original == nil && errno == ENOENT }
        guard let original else { return false }
        return now.st_dev == original.st_dev && now.st_ino == original.st_ino
    }
}
