public import Foundation

/// Unsaved work kept beside, never over, the user's file: one recovery file
/// per recipe under `$XDG_STATE_HOME/roux/` (default `~/.local/state/roux/`),
/// written atomically on idle and on SIGHUP/SIGTERM, offered on the next open.
public struct RecoveryStore: Sendable {
    public let directory: URL

    public struct Entry: Sendable {
        public var originalPath: String
        public var contents: String
        public var saved: Date
        /// The file as it was when the work began (when it existed): if it
        /// is not so any more, another program changed it since.
        public var basedOn: FileFingerprint?

        /// Whether the file changed on disk after the work kept here began.
        public var fileChangedSince: Bool {
            basedOn.map { !$0.matches(path: originalPath) } ?? false
        }
    }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/state")
        directory = URL(fileURLWithPath: state).appendingPathComponent("roux")
    }

    public init(directory: URL) {
        self.directory = directory
    }

    /// One file per absolute path: a readable name and a hash of the path.
    public func url(for path: String) -> URL {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 // FNV-1a
        for byte in absolute.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        // The readable part cut short enough for the whole to be a name
        // (255 bytes) whatever the recipe's name: the hash tells them apart.
        var name = Substring((absolute as NSString).lastPathComponent)
        while name.utf8.count > 200 { name.removeLast() }
        return directory.appendingPathComponent("\(name)-\(String(hash, radix: 16)).recovery")
    }

    /// The path as the header's first line holds it: a newline in a name
    /// would end the line, so newlines and backslashes are escaped.
    static func headerField(_ path: String) -> String {
        path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\r", with: "\\r")
    }

    /// Keeps `contents` (the recipe as it would be saved) for `path`.
    public func save(_ contents: String, for path: String, basedOn base: FileFingerprint? = nil) throws(SafeFileWriter.Failure) {
        try save(FileContents(bytes: Array(contents.utf8)), for: path, basedOn: base)
    }

    /// Keeps `contents` for `path`; its copies come from the file it names.
    /// `base`: the file as the editor read or last saved it.
    public func save(_ contents: FileContents, for path: String, basedOn base: FileFingerprint? = nil) throws(SafeFileWriter.Failure) {
        // Unsaved work is as private as the user's files can be: the folder
        // the user's and 0700, each file 0600, whatever the umask.
        try StateFolder.prepare(directory)
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        var withHeader = contents
        let header = "roux-recovery: " + Self.headerField(absolute) + "\n" + (base.map { Self.baseField + $0.line + "\n" } ?? "")
        withHeader.chunks.insert(.bytes(Array(header.utf8)), at: 0)
        try SafeFileWriter(isPrivate: true).write(withHeader, to: url(for: path).path)
    }

    /// The unsaved work left for `path` by an earlier session, if any.
    public func find(for path: String) -> Entry? {
        let file = url(for: path)
        guard let data = StateFolder.read(file),
              let text = String(data: data, encoding: .utf8),
              let newline = text.firstIndex(of: "\n"),
              text.hasPrefix("roux-recovery: ") else { return nil }
        let original = String(text[text.index(text.startIndex, offsetBy: 15) ..< newline])
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        // Written by an earlier version, a path with a backslash is not escaped.
        guard original == Self.headerField(absolute) || original == absolute else { return nil }
        let date = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? Date()
        var contents = text[text.index(after: newline)...]
        // Written by an earlier version, the base may be missing.
        var base: FileFingerprint?
        if contents.hasPrefix(Self.baseField), let end = contents.firstIndex(of: "\n") {
            base = FileFingerprint(line: contents[contents.index(contents.startIndex, offsetBy: Self.baseField.count) ..< end])
            contents = contents[contents.index(after: end)...]
        }
        return Entry(originalPath: absolute, contents: String(contents), saved: date, basedOn: base)
    }

    private static let baseField = "roux-recovery-base: "

    public func discard(for path: String) {
        try? FileManager.default.removeItem(at: url(for: path))
    }
}
