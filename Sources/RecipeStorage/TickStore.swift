public import Foundation
public import RichText

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

    public func ticks(for path: String) -> Set<IngredientID> {
        Set((all()[Self.key(path)] ?? []).map { IngredientID($0) })
    }

    /// Keeps the ticks of `path` (none: its entry goes). A failure to write
    /// is returned for the status line; the ticks stay on screen either way.
    @discardableResult
    public func save(_ ticks: Set<IngredientID>, for path: String) -> String? {
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
