public import Foundation

/// What has been ticked off a shopping list, in `.shopping-checked` beside
/// it as the Cooklang tools keep it: a log of `+ name` (ticked) and
/// `- name` (unticked) lines, appended to and never rewritten, so a tick
/// made in one tool shows in the others. The last line for a name wins;
/// names are compared without case, spaces around them trimmed, and a tick
/// applies to the item wherever it is on the list.
public struct ShoppingChecks: Equatable, Sendable {
    /// The ticked names as their last `+` line wrote them, by `key`.
    public private(set) var ticked: [String: String] = [:]

    public init(log: String = "") {
        for line in log.split(whereSeparator: \.isNewline) {
            guard line.count > 2, line.dropFirst().first == " ", let sign = line.first, sign == "+" || sign == "-" else { continue }
            let name = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            ticked[Self.key(name)] = sign == "+" ? name : nil
        }
    }

    /// Reads the log of `file`; a missing or empty one ticks nothing.
    public init(contentsOf file: URL) throws {
        guard FileManager.default.fileExists(atPath: file.path) else {
            self.init()
            return
        }
        self.init(log: try String(contentsOf: file, encoding: .utf8))
    }

    public func isTicked(_ name: String) -> Bool { ticked[Self.key(name)] != nil }

    /// Case-insensitive as the spec says: `Salt`, `salt` and `SALT` are one item.
    public static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping.lowercased()
    }

    /// The log's file beside a list (`week.shopping-list` → `.shopping-checked`
    /// in the same folder: the spec keeps one pair per folder).
    public static func file(besideList list: URL) -> URL {
        list.deletingLastPathComponent().appendingPathComponent(".shopping-checked")
    }

    /// The line that records ticking (or unticking) `name`; nil for a name
    /// the log cannot hold on one line.
    public static func entry(ticking: Bool, _ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isNewline) else { return nil }
        return (ticking ? "+ " : "- ") + trimmed + "\n"
    }

    /// Appends `entry` to the log at `file` (made if missing), with
    /// `O_APPEND` so that two tools ticking at once both keep their line,
    /// and a line end first when the file does not end with one.
    public static func append(_ entry: String, to file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let size = try handle.seekToEnd()
        var text = entry
        if size > 0 {
            let reader = try FileHandle(forReadingFrom: file)
            defer { try? reader.close() }
            try reader.seek(toOffset: size - 1)
            if let last = try reader.read(upToCount: 1), last != Data("\n".utf8) { text = "\n" + text }
        }
        try handle.write(contentsOf: Data(text.utf8))
        try handle.synchronize()
    }
}
