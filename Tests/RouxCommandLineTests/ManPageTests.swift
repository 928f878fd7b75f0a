import Foundation
import RouxTestSupport
import Testing

/// The man page (`Resources/man/roux.1`, installed by `make install`)
/// renders without a warning and documents every command and option the
/// built `roux` has.
@Suite("The man page")
struct ManPageTests {
    static let page = repositoryRoot.appendingPathComponent("Resources/man/roux.1")

    /// The names listed under `heading` in a --help text, as `pattern` captures them.
    static func names(in help: String, under heading: String, pattern: String) throws -> [String] {
        let section = try #require(help.components(separatedBy: "\n\(heading)\n").dropFirst().first,
                                   "no \(heading) in:\n\(help)")
        let expression = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let range = NSRange(section.startIndex..., in: section)
        return expression.matches(in: section, range: range).compactMap { match in
            Range(match.range(at: 1), in: section).map { String(section[$0]) }
        }
    }

    static func subcommands() throws -> [String] {
        let help = try RouxCommand.roux("--help")
        #expect(help.status == 0)
        return try names(in: help.output, under: "SUBCOMMANDS:", pattern: "^  ([a-z][a-z-]*)")
    }

    /// On groff's default device and on the one `man` uses on a UTF-8 terminal.
    @Test(arguments: [[], ["-Tutf8"]])
    func groffRendersItWithoutAWarning(device: [String]) throws {
        let groff = Process()
        groff.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        groff.arguments = ["groff", "-ww", "-man", "-z"] + device + [Self.page.path]
        let errors = Pipe()
        groff.standardError = errors
        try groff.run()
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        groff.waitUntilExit()
        #expect(groff.terminationStatus == 0)
        #expect(messages.isEmpty, "\(messages)")
    }

    @Test func itNamesEveryCommand() throws {
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        let commands = try Self.subcommands()
        #expect(commands.contains("export") && commands.contains("shopping-list"), "\(commands)")
        for command in commands {
            let roffName = command.replacingOccurrences(of: "-", with: "\\-")
            #expect(page.contains(".SS \"\(roffName)"), "roux.1 has no subsection for \(command)")
            #expect(page.contains(".B roux \(roffName)"), "roux.1's synopsis has no \(command)")
        }
    }

    @Test func itNamesEveryOption() throws {
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        for command in try Self.subcommands() {
            let help = try RouxCommand.roux(command, "--help")
            #expect(help.status == 0)
            let options = try Self.names(in: help.output, under: "OPTIONS:", pattern: "^  (?:-[a-zA-Z], )?--([a-z][a-z-]*)")
            #expect(options.contains("help"))
            for option in options {
                let roffOption = "\\-\\-" + option.replacingOccurrences(of: "-", with: "\\-")
                #expect(page.contains(roffOption), "roux.1 does not name \(command)'s --\(option)")
            }
        }
    }

    /// Tryout 2 #27: `roux --help`, `roux open --help` and the page name
    /// every extension of the one list of formats (the one an empty folder's
    /// message gives), `.markdown` and `.menu` included.
    @Test func theHelpAndThePageNameEveryRecipeExtension() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = try RouxCommand.roux("check", folder.path)
        let listed = try #require(empty.errors.firstMatch(of: /no recipe files \(([^)]*)\)/)?.1)
        let extensions = listed.split(separator: ", ").map(String.init)
        #expect(extensions.contains(".markdown") && extensions.contains(".menu"), "\(extensions)")
        let page = try String(contentsOf: Self.page, encoding: .utf8)
        for help in [try RouxCommand.roux("--help").output, try RouxCommand.roux("open", "--help").output] {
            #expect(help.contains("(\(listed))"), "\(help)")
        }
        for name in extensions { #expect(page.contains(name), "roux.1 does not name \(name)") }
    }
}
