public import Foundation

/// The cook's ticks, per recipe, in `ticks.json` in the state folder
/// (`$XDG_STATE_HOME/roux/`): they are not part of the recipe file, and
/// they survive closing and reopening it.
public struct TickStore: Sendable {
    public let file: URL

    public init(directory: URL) {
        file = directory.appendingPathComponent("ticks.json")
    }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(directory: RecoveryStore(environment: environment).directory)
    }

    private func all() -> [String: [String]] {
        guard let data = StateFolder.read(file),
              let decoded = try? JSONDecoder().decode([String: [String]].self, from: data) else { return [:] }
        return decoded
    }

    /// The ticked ingredients of `path`, by their identifiers (storage
    /// keeps the identifiers' text and knows nothing of recipes).
    public func ticks<ID: RawRepresentable & Hashable>(for path: String) -> Set<ID> where ID.RawValue == String {
        Set((all()[Self.key(path)] ?? []).compactMap { ID(rawValue: $0) })
    }

    /// Keeps the ticks of `path` (none: its entry goes). A failure to write
    /// is returned for the status line; the ticks stay on screen either way.
    @discardableResult
    public func save<ID: RawRepresentable & Hashable>(_ ticks: Set<ID>, for path: String) -> String? where ID.RawValue == String {
        var entries = all()
        entries[Self.key(path)] = ticks.isEmpty ? nil : ticks.map(\.rawValue).sorted()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try StateFolder.prepare(file.deletingLastPathComponent())
            try SafeFileWriter(isPrivate: true).write(try encoder.encode(entries), to: file.path)
            return nil
        } catch let failure as SafeFileWriter.Failure {
            return "ticks not kept: \(failure.message)"
        } catch {
            return "ticks not kept: \(error)"
        }
    }

    private static func key(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
