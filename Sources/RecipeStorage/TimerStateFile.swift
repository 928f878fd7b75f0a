public import Foundation

/// The running timers of each editor, for `roux timers` in another process:
/// one file per editor process, `$XDG_STATE_HOME/roux/timers/PID.json`,
/// private (0600 in a 0700 folder), written by `SafeFileWriter` when a timer
/// starts, pauses, resumes, ends or is cancelled (it holds when each ends,
/// so nothing is written while they count), removed when the last one goes
/// and when the editor quits. A reader skips a file whose process is gone
/// (or is another process with the same number, told by its start time) and
/// removes it: an editor that crashed leaves no timer behind.
public struct TimerStateFile: Sendable {
    /// One timer as the file keeps it.
    public struct Entry: Codable, Equatable, Sendable {
        public var name: String
        /// When a running timer ends; nil when it is paused.
        public var endsAt: Date?
        /// A paused timer's time left, in seconds.
        public var remaining: Double?
        public var recipe: String?
        public var step: String?

        public init(name: String, endsAt: Date? = nil, remaining: Double? = nil, recipe: String? = nil, step: String? = nil) {
            self.name = name
            self.endsAt = endsAt
            self.remaining = remaining
            self.recipe = recipe
            self.step = step
        }
    }

    /// A process's file.
    struct Contents: Codable {
        var pid: Int32
        /// The process's start, as `/proc/PID/stat` gives it (nil without /proc).
        var started: UInt64?
        var timers: [Entry]
    }

    public let directory: URL

    /// The folder of the files, in the state folder (`RecoveryStore.directory`).
    public init(stateDirectory: URL) {
        directory = stateDirectory.appendingPathComponent("timers")
    }

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(stateDirectory: RecoveryStore(environment: environment).directory)
    }

    func file(of pid: Int32) -> URL {
        directory.appendingPathComponent("\(pid).json")
    }

    /// Keeps this process's timers (none: its file goes). A failure is
    /// returned for the status line; the timers run on either way.
    @discardableResult
    public func save(_ timers: [Entry], pid: Int32 = getpid()) -> String? {
        guard !timers.isEmpty else {
            remove(pid: pid)
            return nil
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        do {
            try StateFolder.prepare(directory)
            let contents = Contents(pid: pid, started: Self.startTime(of: pid), timers: timers)
            try SafeFileWriter(isPrivate: true).write(try encoder.encode(contents), to: file(of: pid).path)
            return nil
        } catch let failure as SafeFileWriter.Failure {
            return "timers not shared with roux timers: \(failure.message)"
        } catch {
            return "timers not shared with roux timers: \(error)"
        }
    }

    /// This process's file goes (its timers ended, or it quits).
    public func remove(pid: Int32 = getpid()) {
        unlink(file(of: pid).path)
    }

    /// The timers of every editor still running, by process number; the
    /// files of processes that are gone are removed.
    public func running() -> [(pid: Int32, timers: [Entry])] {
        guard StateFolder.isTrusted(directory),
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        var found: [(pid: Int32, timers: [Entry])] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let file = directory.appendingPathComponent(name)
            guard let pid = Int32(name.dropLast(5)), let data = StateFolder.read(file),
                  let contents = try? decoder.decode(Contents.self, from: data), contents.pid == pid else { continue }
            guard Self.isAlive(pid, started: contents.started) else {
                unlink(file.path)
                continue
            }
            found.append((pid, contents.timers))
        }
        return found.sorted { $0.pid < $1.pid }
    }

    /// Whether the process that wrote a file still runs: the number is in
    /// use, by a process started when the writer was (not a later one that
    /// was given the same number).
    static func isAlive(_ pid: Int32, started: UInt64?) -> Bool {
        guard pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let started, let now = startTime(of: pid) else { return true }
        return now == started
    }

    /// A process's start time in clock ticks since boot, field 22 of
    /// `/proc/PID/stat` (after the name in parentheses, which may hold spaces).
    static func startTime(of pid: Int32) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
              let text = String(data: data, encoding: .utf8), let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // Fields from the third (the state) on: the start time is the 22nd.
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }
}
