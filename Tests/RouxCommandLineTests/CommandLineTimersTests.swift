import Foundation
import RouxTestSupport
import Testing

/// `roux timers`: what the editors running now count down, read from their
/// files in the state folder, as another process sees them.
@Suite("Command line: timers")
struct CommandLineTimersTests {
    /// A state folder of the test's own, private as Roux makes it.
    static func stateFolder() throws -> (state: URL, timers: URL) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("roux-timers-\(UUID().uuidString)")
        let timers = state.appendingPathComponent("roux/timers")
        try FileManager.default.createDirectory(at: timers, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for folder in [state, state.appendingPathComponent("roux"), timers] {
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        }
        return (state, timers)
    }

    /// The number of a process that has ended.
    static func endedProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func printsTheTimersOfRunningEditorsAndDropsThoseOfEndedOnes() throws {
        let (state, timers) = try Self.stateFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        // This test's process stands for a running editor: paused timers, whose time left does not move.
        let alive = """
            {"pid":\(getpid()),"timers":[{"name":"rise","recipe":"Bread","remaining":3540,"step":"step 1"},\
            {"name":"x\\u001b]0;owned\\u0007","remaining":65}]}
            """
        try alive.write(to: timers.appendingPathComponent("\(getpid()).json"), atomically: true, encoding: .utf8)
        let ended = try Self.endedProcess()
        let stale = timers.appendingPathComponent("\(ended).json")
        try "{\"pid\":\(ended),\"timers\":[{\"name\":\"gone\",\"remaining\":60}]}".write(to: stale, atomically: true, encoding: .utf8)
        let result = try RouxCommand.roux("timers", environment: ["XDG_STATE_HOME": state.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "59:00  rise (paused) — Bread, step 1\n 1:05  x␛]0;owned␇ (paused)\n")
        #expect(!FileManager.default.fileExists(atPath: stale.path), "the file of an editor that has ended is removed")
    }

    @Test func saysWhenNoneRun() throws {
        let (state, _) = try Self.stateFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let result = try RouxCommand.roux("timers", environment: ["XDG_STATE_HOME": state.path])
        #expect(result.status == 0)
        #expect(result.output == "no timers running\n")
    }
}
