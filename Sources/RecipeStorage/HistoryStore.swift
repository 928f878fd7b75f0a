public import Foundation

/// The answers given to each kind of prompt (find, replace, go to line,
/// cook for…), kept between sessions in `history.json` in the state folder
/// (`$XDG_STATE_HOME/roux/`, private, 0600): the last `limit` of each kind.
///
/// What is kept is shown again in a prompt, so an answer that holds a
/// control character (which a terminal would act on) is never written nor
/// read back, and a file that cannot be read is ignored, never in the way.
public struct HistoryStore: Sendable {
    public let file: URL
    /// Answers kept per kind of prompt.
    public static let limit = 100
    /// Longer answers are not kept (a pasted page is no search to recall).
    static let longestAnswer = 1000
    /// A larger file is not ours: it is ignored.
    static let largestFile = 4 << 20

    public init(directory: URL) {
        file = directory.appendingPathComponent("history.json")
    }

    /// Every kind's answers, oldest first, and why the file was ignored when it was.
    public func load() -> (histories: [String: [String]], problem: String?) {
        guard FileManager.default.fileExists(atPath: file.path) else { return ([:], nil) }
        let shown = PathText.shown(file.path)
        guard let data = StateFolder.read(file) else {
            return ([:], "prompt history \(shown) cannot be read (not a private file of yours): not used")
        }
        guard data.count <= Self.largestFile,
              let decoded = try? JSONDecoder().decode([String: [String]].self, from: data) else {
            return ([:], "prompt history \(shown) is damaged: not used, and written anew")
        }
        return (Self.cleaned(decoded), nil)
    }

    /// Puts `answer` last among its kind's (once), in the file as it is
    /// now (another Roux may have added to it). A failure is returned for
    /// the status line.
    @discardableResult
    public func record(_ answer: String, for kind: String) -> String? {
        guard Self.isKeepable(answer), Self.isKeepable(kind) else { return nil }
        var histories = load().histories
        var answers = histories[kind] ?? []
        answers.removeAll { $0 == answer }
        answers.append(answer)
        histories[kind] = Array(answers.suffix(Self.limit))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try StateFolder.prepare(file.deletingLastPathComponent())
            try SafeFileWriter(isPrivate: true).write(try encoder.encode(histories), to: file.path)
            return nil
        } catch let failure as SafeFileWriter.Failure {
            return "prompt history not kept: \(failure.message)"
        } catch {
            return "prompt history not kept: \(error)"
        }
    }

    /// What a file holds that may be shown: keepable answers, the last `limit` of each kind.
    static func cleaned(_ histories: [String: [String]]) -> [String: [String]] {
        var kept: [String: [String]] = [:]
        for (kind, answers) in histories where isKeepable(kind) {
            kept[kind] = Array(answers.filter(isKeepable).suffix(limit))
        }
        return kept
    }

    /// Not empty, not too long, and no control character (C0, DEL, C1:
    /// a terminal would act on it, and no prompt types one).
    static func isKeepable(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= longestAnswer
            && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
