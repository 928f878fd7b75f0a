import Foundation
import RouxTestSupport
import Testing

/// Where the command line writes: `-o` names, files that are not files, the
/// recipe itself, and what a terminal is shown.
@Suite("Command line output")
struct CommandLineOutputTests {
    let folder: URL
    let recipe: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        recipe = folder.appendingPathComponent("tarte.md").path
        try "# Tarte\n\nDes ^[pommes](ingredient: \"pommes\").\n".write(toFile: recipe, atomically: false, encoding: .utf8)
    }

    /// A one-character name is written in the current folder (Foundation's
    /// folder of "a" trapped: the program died).
    @Test(arguments: ["a", "é", "1"])
    func aOneCharacterNameIsAFileInTheCurrentFolder(name: String) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try RouxCommand.roux(["export", recipe, "-f", "text", "-o", name], in: folder)
        #expect(result.status == 0, "\(result.errors)")
        let written = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        #expect(written == "Tarte\n=====\n\nIngredients:\n- pommes\n\nDes pommes.\n")
    }

    /// "-" is standard output; an empty name is a usage error.
    @Test func aDashIsStandardOutputAndNoNameIsAnError() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let dash = try RouxCommand.roux("export", recipe, "-f", "text", "-o", "-", in: folder)
        #expect(dash.status == 0)
        #expect(dash.output.hasPrefix("Tarte\n=====\n"))
        let empty = try RouxCommand.roux("export", recipe, "-f", "text", "-o", "")
        #expect(empty.status == 64)
        #expect(empty.errors == "-o needs a file name (or - for standard output)\n")
    }

    /// A pipe or a folder is refused at once and left as it is (a pipe was
    /// waited on for ever; a device was replaced by a file).
    @Test func aPipeOrAFolderIsNotWrittenInto() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(pipe, 0o644) == 0)
        let result = try RouxCommand.roux("export", recipe, "-f", "html", "-o", pipe)
        #expect(result.status == 1)
        #expect(result.errors == "\(pipe): not saved: is a pipe, not a file to write a recipe into; the file on disk is unchanged\n")
        var status = stat()
        #expect(stat(pipe, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        let intoFolder = try RouxCommand.roux("export", recipe, "-f", "html", "-o", folder.path)
        #expect(intoFolder.errors.hasPrefix("\(folder.path): not saved: is a folder"))
        let opened = try RouxCommand.roux("ingredients", pipe)
        #expect(opened.errors == "\(pipe): is a pipe, not a recipe file\n")
    }

    /// The recipe being converted is never the output, by any name.
    @Test func theRecipeItselfIsNotOverwritten() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Data(contentsOf: URL(fileURLWithPath: recipe))
        let link = folder.appendingPathComponent("lien.md").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: recipe)
        for output in ["tarte.md", "./tarte.md", recipe, link] {
            let result = try RouxCommand.roux(["export", "tarte.md", "-f", "html", "-o", output], in: folder)
            #expect(result.status == 1)
            #expect(result.errors == "\(output): not written: it is the recipe being converted (tarte.md); write to another file\n")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: recipe)) == before)
    }

    /// Names with escape sequences: stand-ins in a pipe (`OutgoingTextTests`
    /// has every printer) and on a terminal.
    @Test func escapeSequencesReachNoTerminal() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cook = folder.appendingPathComponent("esc.cook").path
        try "Add @red\u{1B}]0;PWNED\u{07}pepper{2%g} and stir.\n".write(toFile: cook, atomically: false, encoding: .utf8)
        let piped = try RouxCommand.roux("ingredients", cook)
        #expect(piped.output == "red\u{241B}]0;PWNED\u{2407}pepper\t2 g\t×1\n")
        let text = try RouxCommand.roux("export", cook, "-f", "text")
        #expect(text.output == "esc\n===\n\nIngredients:\n- 2 g red\u{241B}]0;PWNED\u{2407}pepper\n\nAdd red\u{241B}]0;PWNED\u{2407}pepper and stir.\n")
        // script(1) gives roux a terminal for its output.
        let onTerminal = try Self.onATerminal([RouxCommand.binary, "ingredients", cook])
        #expect(onTerminal.contains("red\u{241B}]0;PWNED\u{2407}pepper"))
        #expect(!onTerminal.contains("\u{1B}"))
        let markdown = try Self.onATerminal([RouxCommand.binary, "export", cook, "-f", "markdown"])
        #expect(markdown.contains("\u{241B}"))
        #expect(!markdown.contains("\u{1B}"))
    }

    /// A folder named like a recipe is a folder: its recipes are checked,
    /// it is no problem of its own.
    @Test func aFolderNamedLikeARecipeIsWalkedInto() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let inner = folder.appendingPathComponent("desserts.md")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try "# Crème\n".write(to: inner.appendingPathComponent("creme.md"), atomically: false, encoding: .utf8)
        let result = try RouxCommand.roux("check", folder.path)
        #expect(result.status == 0)
        #expect(result.errors == "checked 2 files: no problems\n")
    }

    /// A file name with a newline cannot forge a `file:line:column` line:
    /// the newline is printed as ␊.
    @Test func aNewlineInANameIsShownNotPrinted() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "a\nfaux.md:9:9: tout va bien\nb.md"
        try "Bien\nDu ^[beurre(ingredient: \"beurre\")\n".write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
        let result = try RouxCommand.roux("check", folder.appendingPathComponent(name).path)
        #expect(result.status == 1)
        #expect(result.errors == "\(folder.path)/a\u{240A}faux.md:9:9: tout va bien\u{240A}b.md:2:4: \"^[\" is not closed with \"](attributes)\"; kept as text\n"
            + "checked 1 file: 1 problem in 1 file\n")
    }

    /// Help on a command that does not exist is a usage error, not the
    /// general help with status 0.
    @Test func helpOnNoSuchCommandIsAnError() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let wrong = try RouxCommand.roux("help", "nope")
        #expect(wrong.status == 64)
        #expect(wrong.errors == "roux help: no command named \"nope\"; the commands are open, check, ingredients, export, import, shopping-list, pantry, timers\n")
        let right = try RouxCommand.roux("help", "export")
        #expect(right.status == 0)
        #expect(right.output.contains("--format"))
    }

    /// What a command prints on a terminal (util-linux `script`).
    static func onATerminal(_ command: [String]) throws -> String {
        let words = command.map { "'\($0)'" }.joined(separator: " ")
        return String(decoding: try CommandLineTests.shell("script -qec \"\(words)\" /dev/null"), as: UTF8.self)
    }
}
