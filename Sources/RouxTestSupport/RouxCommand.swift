public import Foundation
import Testing

/// The `roux` command line, run as a user runs it (`make test` builds it first).
public enum RouxCommand {
    public static let binary = repositoryRoot.appendingPathComponent(".build/debug/roux").path

    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String

        public init(status: Int32, output: String, errors: String) {
            self.status = status
            self.output = output
            self.errors = errors
        }
    }

    public static func roux(_ arguments: String..., environment: [String: String] = [:], in directory: URL? = nil) throws -> Result {
        try roux(arguments, environment: environment, in: directory)
    }

    /// Runs roux (in `directory`, if given); one still running after 20 s
    /// (waiting on a pipe, say) is stopped and fails the test.
    public static func roux(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(binary): build it first (make test does)"])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let watchdog = DispatchWorkItem { [process] in
            Issue.record("roux \(arguments.joined(separator: " ")) still ran after 20 s: stopped")
            process.terminate()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: watchdog)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return Result(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                      errors: String(decoding: err, as: UTF8.self))
    }
}
