import Foundation
import RouxTestSupport
import Testing

/// `make install-files` (what `make install` runs after the release build)
/// on the debug program, into a DESTDIR: the program stripped, the man page
/// and three completions; `make uninstall` removes those and nothing else.
@Suite("make install and uninstall")
struct InstallTests {
    static func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["make", "--no-print-directory", "-C", repositoryRoot.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    static func files(under folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var files: [String] = []
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }

    @Test func installPutsFiveFilesUnderThePrefixAndUninstallRemovesThem() throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("roux-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        // A file of someone else's in a shared folder stays.
        let neighbour = destination.appendingPathComponent("opt/roux/share/man/man1/other.1")
        try FileManager.default.createDirectory(at: neighbour.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("other".utf8).write(to: neighbour)
        let variables = ["BIN=\(RouxCommand.binary)", "DESTDIR=\(destination.path)", "PREFIX=/opt/roux"]
        let install = try Self.make(["install-files"] + variables)
        #expect(install.status == 0, "\(install.output)")
        #expect(Self.files(under: destination) == [
            "opt/roux/bin/roux",
            "opt/roux/share/bash-completion/completions/roux",
            "opt/roux/share/fish/vendor_completions.d/roux.fish",
            "opt/roux/share/man/man1/other.1",
            "opt/roux/share/man/man1/roux.1",
            "opt/roux/share/zsh/site-functions/_roux",
        ])
        let program = destination.appendingPathComponent("opt/roux/bin/roux")
        let installed = try Data(contentsOf: program)
        let built = try Data(contentsOf: URL(fileURLWithPath: RouxCommand.binary))
        #expect(installed.count < built.count, "stripped")
        #expect(installed.range(of: Data(".debug_info".utf8)) == nil, "no debug information left")
        #expect(FileManager.default.isExecutableFile(atPath: program.path))
        let bash = try String(contentsOf: destination.appendingPathComponent("opt/roux/share/bash-completion/completions/roux"), encoding: .utf8)
        #expect(bash.contains("shopping-list") && bash.contains("complete"), "\(bash.prefix(200))")
        let zsh = try String(contentsOf: destination.appendingPathComponent("opt/roux/share/zsh/site-functions/_roux"), encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef roux"))
        let fish = try String(contentsOf: destination.appendingPathComponent("opt/roux/share/fish/vendor_completions.d/roux.fish"), encoding: .utf8)
        #expect(fish.contains("complete -c 'roux'"))

        let uninstall = try Self.make(["uninstall"] + variables)
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(Self.files(under: destination) == ["opt/roux/share/man/man1/other.1"])
    }
}
