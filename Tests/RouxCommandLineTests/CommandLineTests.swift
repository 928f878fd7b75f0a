import Foundation
import RouxTestSupport
import Testing

/// The `roux` command line, run as a user runs it (`make test` builds it first).
@Suite("Command line")
struct CommandLineTests {
    static let samples = repositoryRoot.appendingPathComponent("Resources/Recipes").path

    @Test func checkPassesTheSamplesAndLocatesProblems() throws {
        #expect(try RouxCommand.roux("check", Self.samples).status == 0)
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("roux-cli-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: bad) }
        try "Bien\nDu ^[beurre(ingredient: \"beurre\")\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try RouxCommand.roux("check", bad)
        #expect(result.status == 1)
        #expect(result.errors == "\(bad):2:4: \"^[\" is not closed with \"](attributes)\"; kept as text\nchecked 1 file: 1 problem in 1 file\n")
    }

    @Test func ingredientsListsQuantitiesAndMarks() throws {
        let result = try RouxCommand.roux("ingredients", Self.samples + "/croissants.md")
        #expect(result.status == 0)
        #expect(result.output.contains("beurre\t250 g\t×2\t(doux, bien froid)\n"))
        let json = try RouxCommand.roux("ingredients", Self.samples + "/croissants.md", "--json")
        let rows = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(rows?.count == 5)
        #expect(rows?[1]["occurrences"] as? Int == 2)
    }

    @Test func exportAndImportRoundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cook = folder.appendingPathComponent("croissants.cook").path
        #expect(try RouxCommand.roux("export", Self.samples + "/croissants.md", "-f", "cooklang", "-o", cook).status == 0)
        #expect(try String(contentsOfFile: cook, encoding: .utf8).contains("@beurre{250%g}(doux, bien froid)"))
        let imported = try RouxCommand.roux("import", cook)
        #expect(imported.status == 0)
        #expect(imported.output.contains("^[beurre](ingredient: \"beurre\")"))
        let html = try RouxCommand.roux("export", Self.samples + "/sufganiyot.md", "--format", "html")
        #expect(html.output.contains("<li data-ingredient=\"קמח\""))
    }

    @Test func shoppingListMergesRecipes() throws {
        let result = try RouxCommand.roux("shopping-list", Self.samples)
        #expect(result.status == 0)
        #expect(result.output.contains("☐ beurre  250 g  (Croissants au beurre)"))
    }

    @Test func badInputIsAClearMessageNotACrash() throws {
        let missing = try RouxCommand.roux("ingredients", "/nonexistent/recette.md")
        #expect(missing.status == 1)
        #expect(missing.errors == "/nonexistent/recette.md: no such file\n")
        let folder = try RouxCommand.roux("ingredients", Self.samples)
        #expect(folder.status == 1)
        #expect(folder.errors == "\(Self.samples): is a folder, not a recipe file\n")
        let usage = try RouxCommand.roux("export", "x.md", "--format", "pdf")
        #expect(usage.status != 0)
        #expect(usage.errors.contains("pdf"))
    }

    @Test func versionIsAnAnswerNotAnError() throws {
        let result = try RouxCommand.roux("--version")
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("roux "))
    }

    /// Folders are read with their subfolders (hidden ones left out), and a
    /// summary says how many files were read.
    @Test func foldersAreWalkedWholeAndSummed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-walk-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for sub in ["desserts/tartes", ".cache"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        try "# Tarte\nDes ^[pommes](ingredient: \"pommes\").\n".write(toFile: folder + "/desserts/tartes/tarte.md", atomically: true, encoding: .utf8)
        try "Mal ^[écrit](bold: peut-être).\n".write(toFile: folder + "/desserts/faux.md", atomically: true, encoding: .utf8)
        try "Caché ^[x](bold: non).\n".write(toFile: folder + "/.cache/cache.md", atomically: true, encoding: .utf8)
        let check = try RouxCommand.roux("check", folder)
        #expect(check.status == 1)
        #expect(check.errors.contains("desserts/faux.md:1:"))
        #expect(!check.errors.contains("cache.md"))
        #expect(check.errors.hasSuffix("checked 2 files: 1 problem in 1 file\n"))
        let list = try RouxCommand.roux("shopping-list", folder)
        #expect(list.output.contains("pommes"))
        #expect(list.errors.contains("read 2 recipes"))
    }

    /// The binary-file message offers --force only where it works.
    @Test func aBinaryFileIsNamedAndForceOfferedWhereItWorks() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-cli-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data([0x61, 0x00, 0x62]).write(to: URL(fileURLWithPath: path))
        let export = try RouxCommand.roux("export", path, "-f", "html")
        #expect(export.status == 1)
        #expect(export.errors == "\(path):1:2: this is a binary file (a NUL byte here), not a recipe\n")
        let print = try RouxCommand.roux("open", "--print", path)
        #expect(print.errors.hasSuffix("not a recipe; roux open --force opens it anyway\n"))
        #expect(try RouxCommand.roux("open", "--print", "--force", path).status == 0)
    }

    static let printable = """
        ---
        title: Houmous
        servings: 4
        ---
        # Houmous

        ## Ingrédients
        - 250 g de ^[pois chiches](ingredient: "pois chiches", quantity: "250 g")
        - 1 **citron**

        Écraser *finement*.

        """

    /// `roux open --print`, piped: the recipe for a person, plain.
    @Test func printShowsTheRecipeForAPerson() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-cli-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.printable.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try RouxCommand.roux("open", "--print", path)
        #expect(result.status == 0)
        #expect(result.output == """
            Houmous
            Serves 4

            Ingredients
            - 250 g pois chiches

            ## Ingrédients
            - 250 g de pois chiches
            - 1 citron

            Écraser finement.

            """)
        // Piped without --print too; --runs keeps the dump of attribute runs.
        #expect(try RouxCommand.roux(path).output == result.output)
        #expect(try RouxCommand.roux("open", "--runs", path).output.contains("pois chiches  ⟵ ingredient=pois chiches"))
    }

    /// On a terminal (a pseudo-terminal from `script`): bold, italic and green ingredients; none with NO_COLOR.
    @Test func printOnATerminalIsStyledUnlessNoColor() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-cli-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.printable.write(toFile: path, atomically: true, encoding: .utf8)
        func onTerminal(_ environment: String) throws -> String {
            String(decoding: try Self.shell("\(environment) script -qec '\(RouxCommand.binary) --print \(path)' /dev/null"), as: UTF8.self)
        }
        let styled = try onTerminal("env -u NO_COLOR")
        #expect(styled.contains("\u{1B}[1mHoumous\u{1B}[0m"))
        #expect(styled.contains("- 250 g de \u{1B}[32mpois chiches\u{1B}[0m"))
        #expect(styled.contains("\u{1B}[1mcitron\u{1B}[0m"))
        #expect(styled.contains("\u{1B}[3mfinement\u{1B}[0m"))
        let plain = try onTerminal("env NO_COLOR=1")
        #expect(plain.contains("- 250 g de pois chiches"))
        #expect(!plain.contains("\u{1B}["))
    }

    /// Standard output of a shell command.
    static func shell(_ command: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    @Test func openShowsControlCharactersVisibly() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-cli-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "rouge \u{1B}[31m!\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try RouxCommand.roux(path)
        #expect(result.status == 0)
        #expect(!result.output.contains("\u{1B}"))
        #expect(result.output.contains("rouge \u{241B}[31m!"))
    }
}

/// Saving as a user who is not root, where permissions mean something.
@Suite("Saving as an unprivileged user")
struct UnprivilegedSavingTests {
    /// `roux` run as nobody (uid 65534) through `setpriv`; the tests run as root here.
    static func rouxAsNobody(_ arguments: [String]) throws -> RouxCommand.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups",
                             try UnprivilegedCopy.program(at: RouxCommand.binary)] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RouxCommand.Result(status: process.terminationStatus, output: "", errors: String(decoding: err, as: UTF8.self))
    }

    /// A file of root's that nobody may write (mode 0666, in a folder anyone
    /// may write): written in place, so it stays root's; a rename would have
    /// made it nobody's.
    @Test func anotherUsersFileKeepsItsOwner() throws {
        try #require(geteuid() == 0, "this test gives a file to another user: run it as root")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-nobody-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        chmod(folder.path, 0o777)
        let path = folder.appendingPathComponent("tarte.md").path
        let cook = folder.appendingPathComponent("tarte.cook").path
        try "# Tarte\nDes @pommes{3}.\n".write(toFile: cook, atomically: false, encoding: .utf8)
        try "ancien\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o666)
        chmod(cook, 0o644)
        let result = try Self.rouxAsNobody(["export", cook, "-f", "markdown", "-o", path])
        #expect(result.status == 0, "\(result.errors)")
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_uid == 0 && status.st_mode & 0o777 == 0o666)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("^[pommes](ingredient: \"pommes\""))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".roux") }
        #expect(leftovers.isEmpty)
    }
}
