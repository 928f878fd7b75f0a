public import Foundation
public import RecipeStorage

/// The user's own words (`$XDG_DATA_HOME/roux/words.txt`, one a line, as
/// Hunspell's personal dictionaries are): right in every recipe. "Add to
/// dictionary" writes the file with the project's safe writer, so a crash
/// leaves it whole, old or new.
public struct PersonalWordList: Equatable, Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The list for `environment`: `$XDG_DATA_HOME/roux/words.txt`, or
    /// `~/.local/share/roux/words.txt` when XDG_DATA_HOME is unset or not absolute.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PersonalWordList {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
        return PersonalWordList(path: (dataHome as NSString).appendingPathComponent("roux/words.txt"))
    }

    /// The words in the file (none when there is no file yet); a line
    /// starting with `#` is a comment.
    public func words() -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// Adds `word` (nothing when it is there already), making the folder if need be.
    public func add(_ word: String) throws(SafeFileWriter.Failure) {
        let existing = words()
        guard !existing.contains(word) else { return }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw SafeFileWriter.Failure(path: path, message: "cannot create the folder \(PathText.shown(folder))")
        }
        // The file as it is, lines the user wrote by hand kept, and the new word after them.
        var text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        text += word + "\n"
        try SafeFileWriter().write(Data(text.utf8), to: path)
    }
}
