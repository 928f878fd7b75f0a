public import Foundation

/// The desktop's trash, as the freedesktop.org Trash specification (1.0)
/// has it: the home trash, `$XDG_DATA_HOME/Trash` (`~/.local/share/Trash`),
/// with the file under `files/` and, under `info/`, a `NAME.trashinfo`
/// saying where it was and when it was deleted, so that a file manager can
/// restore it. A file that cannot go there (on another file system, where
/// only a copy could take it) is refused, never deleted for good.
public struct Trash: Sendable {
    /// The trash folder (holding `files` and `info`).
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The home trash for `environment`: `$XDG_DATA_HOME/Trash`, or
    /// `$HOME/.local/share/Trash` when XDG_DATA_HOME is unset or not absolute.
    public static func home(environment: [String: String] = ProcessInfo.processInfo.environment) -> Trash {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
        return Trash(folder: (dataHome as NSString).appendingPathComponent("Trash"))
    }

    /// The folder as a message shows it: `~/.local/share/Trash`.
    public var shownFolder: String {
        let home = NSHomeDirectory()
        return folder.hasPrefix(home + "/") ? "~" + folder.dropFirst(home.count) : folder
    }

    /// Why a file was not moved to the trash, in plain words.
    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// Moves the file at `path` into the trash, dated `date`; returns its
    /// path there. The info file is made first, with a name no other has
    /// (`O_EXCL`), so two deletions of files named alike never share one.
    @discardableResult
    public func move(_ path: String, date: Date = Date()) throws(Refusal) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let files = (folder as NSString).appendingPathComponent("files")
        let info = (folder as NSString).appendingPathComponent("info")
        // The data folder itself may not exist yet (a new account).
        var missing: [String] = []
        var ancestor = (folder as NSString).deletingLastPathComponent
        while ancestor.count > 1, !isFolder(ancestor) {
            missing.insert(ancestor, at: 0)
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        for directory in missing + [folder, files, info] where !isFolder(directory) {
            // The specification's mode: the trash is the user's alone.
            guard mkdir(directory, 0o700) == 0 || (errno == EEXIST && isFolder(directory)) else {
                throw Refusal(description: "the trash (\(folder)) cannot be made: \(Self.reason(errno))")
            }
        }
        let name = (absolute as NSString).lastPathComponent
        var number = 1
        while true {
            let trashedName = Self.name(name, number: number)
            let infoPath = (info as NSString).appendingPathComponent(trashedName + ".trashinfo")
            let target = (files as NSString).appendingPathComponent(trashedName)
            number += 1
            if access(target, F_OK) == 0 { continue }
            let descriptor = open(infoPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0, errno == EEXIST { continue }
            guard descriptor >= 0 else { throw Refusal(description: "the trash (\(folder)) cannot be written: \(Self.reason(errno))") }
            let contents = Array(Self.info(path: absolute, date: date).utf8)
            let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            let closed = close(descriptor)
            guard written == contents.count, closed == 0 else {
                let failure = errno
                unlink(infoPath)
                throw Refusal(description: "the trash (\(folder)) cannot be written: \(Self.reason(failure))")
            }
            guard rename(absolute, target) == 0 else {
                let failure = errno
                unlink(infoPath)
                throw Refusal(description: failure == EXDEV
                    ? "the trash (\(folder)) is on another disk than the file: it would have to be copied there, so nothing was deleted"
                    : "it cannot be moved to the trash: \(Self.reason(failure))")
            }
            return target
        }
    }

    /// `soupe.md`, then `soupe.2.md`, `soupe.3.md`…
    static func name(_ name: String, number: Int) -> String {
        guard number > 1 else { return name }
        let ext = (name as NSString).pathExtension
        let stem = ext.isEmpty ? name : (name as NSString).deletingPathExtension
        return ext.isEmpty ? "\(stem).\(number)" : "\(stem).\(number).\(ext)"
    }

    /// The `.trashinfo` file: the original path, percent-encoded as a URL
    /// path is (`/` kept), and the deletion time in local time, as the
    /// specification asks.
    static func info(path: String, date: Date) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "%;?#[]")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return "[Trash Info]\nPath=\(encoded)\nDeletionDate=\(formatter.string(from: date))\n"
    }

    private func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
