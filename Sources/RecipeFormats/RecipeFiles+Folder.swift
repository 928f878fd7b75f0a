import Foundation
import Recipes

/// What a folder's listing reads: regular files only. A pipe named
/// `*.md` would make reading its title wait for a writer for ever, a link
/// to `/dev/tty` would read the user's keys as a title; neither is a recipe.
extension RecipeFiles {
    /// Whether `path` is a regular file (through a link to one).
    public static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// `path` open for reading when it is a regular file, without waiting
    /// (`O_NONBLOCK`: a pipe put there meanwhile cannot hold the open) and
    /// checked after opening; nil otherwise.
    static func openRegularFile(_ path: String) -> FileHandle? {
        guard isRegularFile(path) else { return nil }
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return handle
    }
}
