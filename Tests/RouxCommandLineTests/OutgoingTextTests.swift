import Foundation
import RouxTestSupport
import Testing

/// What leaves Roux: a recipe file in its own format is its bytes; every
/// other output, piped or on a terminal, has stand-ins for what could drive
/// a terminal or reorder the text, and JSON has escapes that read back as
/// the same text.
@Suite("What leaves Roux")
struct OutgoingTextTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-outgoing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A C0 control but tab and line feed, DEL, a C1 control, or a
    /// direction embedding, override or isolate: none may be printed.
    static func forbidden(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F ... 0x9F).contains(value)
                || (0x202A ... 0x202E).contains(value) || (0x2066 ... 0x2069).contains(value)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// Every string of a JSON value.
    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let object as [String: Any]: object.keys.map { $0 } + object.values.flatMap(strings)
        default: []
        }
    }

    /// `--runs` printed an ingredient's ID raw: the window title set, `rm
    /// -rf ~` put on the clipboard, the screen cleared.
    @Test func runsShowAnIngredientsIDWithStandIns() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sel.md").path
        try "Add ^[salt](ingredient: \"salt\u{1B}]0;PWNED\u{07}\u{1B}]52;c;cm0gLXJmIH4K\u{07}\u{1B}[2J\")\n"
            .write(toFile: path, atomically: false, encoding: .utf8)
        let piped = try RouxCommand.roux("open", "--print", "--runs", path)
        #expect(piped.status == 0, "\(piped.errors)")
        #expect(Self.forbidden(in: piped.output) == [])
        #expect(piped.output.contains("salt  ⟵ ingredient=salt\u{241B}]0;PWNED\u{2407}\u{241B}]52;c;cm0gLXJmIH4K\u{2407}\u{241B}[2J"))
        let onTerminal = try CommandLineOutputTests.onATerminal([RouxCommand.binary, "open", "--print", "--runs", path])
        #expect(Self.forbidden(in: onTerminal.replacing("\r\n", with: "\n")) == [])
        #expect(onTerminal.contains("ingredient=salt\u{241B}]0;PWNED"))
    }

    /// Every printer, piped to another program: stand-ins or escapes, not
    /// OSC, CSI, C1 or a direction override (they passed into pipes, unlike
    /// `roux FILE | cat`); JSON reads back as the recipe's own text.
    @Test func everyPrinterIntoAPipeSendsNoControlCharacter() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hostile.cook").path
        try ">> servings: 4\n>> source: x\u{9B}2J\n\nAdd @red\u{1B}]0;PWNED\u{07}pepper{2%g}(cut\u{1B}[2J) and @salt\u{202E}gpj{}.\nStir in a #pot\u{85}{}.\n"
            .write(toFile: path, atomically: false, encoding: .utf8)
        let commands: [[String]] = [
            ["ingredients", path], ["shopping-list", path], ["shopping-list", "-f", "markdown", path],
            ["export", path, "-f", "text"], ["export", path, "-f", "html"], ["export", path, "-f", "markdown"],
            ["import", path], ["open", "--print", path], ["open", "--print", "--runs", path], [path],
        ]
        for command in commands {
            let result = try RouxCommand.roux(command)
            #expect(result.status == 0, "roux \(command.joined(separator: " ")): \(result.errors)")
            #expect(Self.forbidden(in: result.output) == [], "roux \(command.joined(separator: " "))")
            // (Markdown escapes the "]" after the stand-in.)
            #expect(result.output.contains("PWNED\u{2407}pepper"), "roux \(command.joined(separator: " ")): \(result.output)")
            #expect(Self.forbidden(in: result.errors) == [])
        }
        for command in [["ingredients", "--json", path], ["shopping-list", "--json", path], ["export", path, "-f", "json"],
                        ["export", path, "-f", "cooklang-json"]] {
            let result = try RouxCommand.roux(command)
            #expect(Self.forbidden(in: result.output) == [], "roux \(command.joined(separator: " "))")
            let strings = Self.strings(in: try JSONSerialization.jsonObject(with: Data(result.output.utf8)))
            #expect(strings.contains { $0.contains("red\u{1B}]0;PWNED\u{07}pepper") }, "roux \(command.joined(separator: " "))")
        }
        let json = try RouxCommand.roux("export", path, "-f", "cooklang-json").output
        #expect(json.contains("\"name\": \"salt\\u202egpj\""))
        #expect(json.contains("\"name\": \"pot\\u0085\""))
    }

    /// The recipe in its own format is the file, byte for byte, into a pipe
    /// or a file; on a terminal, stand-ins.
    @Test func aRecipeInItsOwnFormatIsItsBytesButOnATerminal() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("own.cook").path
        let contents = "Add @red\u{1B}]0;PWNED\u{07}pepper{2%g} and \u{202E}stir.\n"
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try RouxCommand.roux("export", path, "-f", "cooklang").output == contents)
        let copy = folder.appendingPathComponent("copy.cook").path
        #expect(try RouxCommand.roux("export", path, "-f", "cooklang", "-o", copy).status == 0)
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == contents)
        let onTerminal = try CommandLineOutputTests.onATerminal([RouxCommand.binary, "export", path, "-f", "cooklang"])
        #expect(Self.forbidden(in: onTerminal.replacing("\r\n", with: "\n")) == [])
        #expect(onTerminal.contains("red\u{241B}]0;PWNED\u{2407}pepper{2%g} and \u{FFFD}stir."))
    }

    /// A converted CRLF recipe keeps its line ends into a file or a pipe; a
    /// lone carriage return (which would rewrite a terminal's line) is a
    /// stand-in; a terminal gets line feeds.
    @Test func aConversionKeepsCRLFLineEndsButNoLoneCarriageReturn() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("crlf.cook").path
        try "Add @salt{1%g}.\r\nStir\rrm -rf home.\r\n".write(toFile: path, atomically: false, encoding: .utf8)
        let imported = try RouxCommand.roux("import", path).output
        #expect(imported.hasSuffix("^[salt](ingredient: \"salt\", quantity: \"1 g\").\r\nStir\u{240D}rm -rf home.\r\n"), "\(imported.debugDescription)")
        let onTerminal = try CommandLineOutputTests.onATerminal([RouxCommand.binary, "export", path, "-f", "cooklang"])
        // (script writes the terminal's own CR before each LF.)
        #expect(onTerminal == "Add @salt{1%g}.\r\nStir\u{240D}rm -rf home.\r\n")
    }
}
