import Foundation
import RouxTestSupport
import Testing

/// `roux check --config` reports the editor's `config.toml` with the aisle
/// and pantry files: where it is, what it sets, each line it cannot take.
@Suite("Command line: the editor's configuration")
struct CommandLineEditorConfigurationTests {
    static func home() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("roux-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("roux"), withIntermediateDirectories: true)
        return home
    }

    @Test func checkReportsTheFileAndEachProblemWithItsLine() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let path = home.path + "/roux/config.toml"
        try "text-width = 120\n[keys]\n\"ctrl-k\" = \"Bold\"\n\"ctrl-j\" = \"Bold\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try RouxCommand.roux("check", "--config", environment: ["XDG_CONFIG_HOME": home.path], in: home)
        #expect(result.status == 1)
        #expect(result.errors == "\(path):4: \"ctrl-j\": a terminal sends Enter for it; choose another key\n")
        #expect(result.output.hasSuffix("config.toml\n  read    \(path)\n  text width 120, 1 key bound (1 problem ignored)\n"))
        try "text-width = 120\n".write(toFile: path, atomically: true, encoding: .utf8)
        let sound = try RouxCommand.roux("check", "--config", environment: ["XDG_CONFIG_HOME": home.path], in: home)
        #expect(sound.status == 0)
        #expect(sound.errors == "")
    }

    /// As a user who cannot read the file (root's, 0600): said, and a failure.
    @Test func aFileTheUserCannotReadIsSaid() throws {
        try #require(geteuid() == 0, "this test reads a file of root's as nobody: run it as root")
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let path = home.path + "/roux/config.toml"
        try "text-width = 120\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(chmod(path, 0o600) == 0)
        #expect(chmod(home.path, 0o755) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups",
                             try UnprivilegedCopy.program(at: RouxCommand.binary), "check", "--config"]
        process.environment = ["XDG_CONFIG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin"]
        process.currentDirectoryURL = home
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(String(decoding: err, as: UTF8.self) == "\(path): cannot be read as a UTF-8 text file of at most 1 MB: no settings read\n")
    }
}
