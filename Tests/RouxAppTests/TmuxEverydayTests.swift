import Foundation
import RouxTestSupport
import Testing

/// Everyday use in a real terminal (tmux): the palette, Save As, replace, a
/// folder of 200 recipes, terminals ncurses cannot drive and terminals
/// without an alternate screen.
@Suite("Everyday use in a real terminal (tmux)", .serialized)
struct TmuxEverydayTests {
    typealias Terminal = TmuxEndToEndTests.Terminal
    static var binary: String { TmuxEndToEndTests.binary }

    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-everyday-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A read-only file in a folder its user may not write (run as nobody
    /// through `setpriv`: root ignores permissions): saving offers only Save As.
    @Test func aReadOnlyFileInAReadOnlyFolderOffersOnlySaveAs() throws {
        try #require(geteuid() == 0, "this test runs roux as another user: run it as root")
        let folder = try Self.folder()
        let state = try Self.folder()
        chmod(state, 0o777)
        let path = folder + "/tarte.md"
        try "# Tarte\nDes pommes.\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o644)
        chmod(folder, 0o755)
        let program = try UnprivilegedCopy.program(at: Self.binary)
        let screen = try Terminal(command: "setpriv --reuid=65534 --regid=65534 --clear-groups env XDG_STATE_HOME=\(state) HOME=\(state) \(program) \(path)")
        #expect(try screen.waitFor("[read-only]"))
        try screen.typeText("Vite. ")
        try screen.keys("C-s")
        #expect(try screen.waitFor("tarte.md is read-only, and so is its folder. a save as… · Esc"))
        try screen.typeText("y")
        #expect(try screen.waitFor("and so is its folder"), "y is not offered")
        try screen.typeText("a")
        #expect(try screen.waitFor("Save as"))
        try screen.keys("Escape")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# Tarte\nDes pommes.\n")
        try screen.quitWithoutSaving()
    }

    @Test func thePaletteRunsReplaceAndReplaceAsksForEachMatch() throws {
        let folder = try Self.folder()
        try "# Soupe\nDu sel, du Sel et du poivre.\n".write(toFile: folder + "/soupe.md", atomically: true, encoding: .utf8)
        let screen = try Terminal(command: "\(Self.binary) \(folder)/soupe.md")
        #expect(try screen.waitFor("Soupe"))
        try screen.keys("C-p")
        try screen.typeText("repl")
        #expect(try screen.waitFor("Replace"))
        try screen.keys("Enter")
        #expect(try screen.waitFor("Replace:"))
        try screen.typeText("sel")
        try screen.keys("Enter")
        try screen.typeText("thym")
        try screen.keys("Enter")
        #expect(try screen.waitFor("Replace this one (1 of 2)?"))
        try screen.typeText("a")
        #expect(try screen.waitFor("Du thym, du thym et du poivre."))
        #expect(try screen.waitFor("2 replacements of 2 matches"))
        try screen.keys("C-z")
        #expect(try screen.waitFor("Du sel, du Sel et du poivre."))
        try screen.quitWithoutSaving()
    }

    @Test func saveAsWritesTheNewFileAndRefusesToOverwriteWithoutAsking() throws {
        let folder = try Self.folder()
        try "# Pain\nFarine.\n".write(toFile: folder + "/pain.md", atomically: true, encoding: .utf8)
        try "autre\n".write(toFile: folder + "/autre.md", atomically: true, encoding: .utf8)
        let screen = try Terminal(command: "\(Self.binary) \(folder)/pain.md")
        #expect(try screen.waitFor("Pain"))
        try screen.keys("C-End")
        try screen.typeText(" Eau.")
        try screen.keys("M-s")
        #expect(try screen.waitFor("Save as"))
        try screen.keys("C-u")
        try screen.typeText("autre.md")
        try screen.keys("Enter")
        #expect(try screen.waitFor("autre.md exists. y replace it · Esc"))
        try screen.keys("Escape")
        try screen.keys("M-s")
        try screen.keys("C-u")
        try screen.typeText("pain-2.md")
        try screen.keys("Enter")
        #expect(try screen.waitFor("pain-2.md"))
        try screen.keys("C-q")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try String(contentsOfFile: folder + "/pain-2.md", encoding: .utf8) == "# Pain\nFarine. Eau.\n")
        #expect(try String(contentsOfFile: folder + "/autre.md", encoding: .utf8) == "autre\n")
        #expect(try String(contentsOfFile: folder + "/pain.md", encoding: .utf8) == "# Pain\nFarine.\n")
    }

    @Test func aFolderOf200RecipesScrollsToTheHighlightAndOpensWhatIsShown() throws {
        let folder = try Self.folder()
        for number in 1 ... 200 {
            try "# Recette \(number)\nTexte \(number).\n".write(toFile: folder + String(format: "/r%03d.md", number), atomically: true, encoding: .utf8)
        }
        // Equal times: the list is by name.
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        for number in 1 ... 200 {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: folder + String(format: "/r%03d.md", number))
        }
        let screen = try Terminal(command: "\(Self.binary) \(folder)")
        #expect(try screen.waitFor("Recette 1"))
        try screen.keys("F6")
        try screen.keys("F6")
        for _ in 0 ..< 5 { try screen.keys("PgDn") }
        // The highlighted recipe is on screen: Enter opens the one shown highlighted.
        let colored = try screen.screen(colors: true)
        // The list's highlighted row (the title bar is reversed too).
        let reversed = try #require(colored.first { $0.contains("7m") && $0.contains("  Recette") && !$0.contains("Roux") })
        let name = try #require(reversed.range(of: #"Recette \d+"#, options: .regularExpression))
        let shownNumber = try #require(Int(reversed[name].dropFirst("Recette ".count)))
        #expect(shownNumber > 100)
        try screen.keys("Enter")
        #expect(try screen.waitFor("Texte \(shownNumber)."))
        try screen.keys("C-q")
    }

    @Test func aTerminalNcursesCannotDriveGetsAMessageAndThePrintedRecipe() throws {
        let folder = try Self.folder()
        try "# Houmous\n- 250 g ^[pois chiches](ingredient: \"pois chiches\")\nÉcraser.\n".write(toFile: folder + "/houmous.md", atomically: true, encoding: .utf8)
        let screen = try Terminal(command: "env TERM=dumb \(Self.binary) \(folder)/houmous.md; echo ROUX-STATUS=$?; sleep 5")
        #expect(try screen.waitFor("ROUX-STATUS=0"))
        let text = try screen.screen().joined(separator: "\n")
        #expect(text.contains("roux: the terminal type \"dumb\" cannot move the cursor"))
        #expect(text.contains("Houmous"))
        #expect(text.contains("- 250 g pois chiches"))
        #expect(text.contains("Écraser."))
    }

    @Test(arguments: ["vt100", "linux"])
    func quittingATerminalWithoutAnAlternateScreenLeavesNoEditorBehind(term: String) throws {
        let folder = try Self.folder()
        try "# Galettes\nBeurre salé.\n".write(toFile: folder + "/galettes.md", atomically: true, encoding: .utf8)
        let screen = try Terminal(command: "env TERM=\(term) \(Self.binary) \(folder)/galettes.md; echo ROUX-EXITED; sleep 5")
        #expect(try screen.waitFor("Beurre salé."))
        try screen.keys("C-q")
        #expect(try screen.waitFor("ROUX-EXITED"))
        let rows = try screen.screen()
        #expect(!rows.contains { $0.contains("Beurre salé.") || $0.contains("Ingredients") }, "\(rows.joined(separator: "\n"))")
    }

    @Test func ctrlOCompletesANameRelativeToARecipeOpenedByARelativeName() throws {
        let folder = try Self.folder()
        try "# Crêpes\nLait.\n".write(toFile: folder + "/crepes.md", atomically: true, encoding: .utf8)
        try "# Tarte\nPommes.\n".write(toFile: folder + "/tarte-aux-pommes.md", atomically: true, encoding: .utf8)
        let screen = try Terminal(command: "cd \(folder) && \(Self.binary) crepes.md")
        #expect(try screen.waitFor("Crêpes"))
        try screen.keys("C-o")
        try screen.typeText("tar")
        try screen.keys("Tab")
        #expect(try screen.waitFor("Open (Tab completes): tarte-aux-pommes.md"))
        try screen.keys("Enter")
        #expect(try screen.waitFor("Pommes."))
        try screen.keys("C-q")
    }

    /// Strikethrough is a line through the text (a combining long stroke
    /// overlay: ncurses has no attribute for it), not dim like ticked items.
    @Test func strikethroughIsStruckNotDim() throws {
        let folder = try Self.folder()
        try "Du ~~sucre~~ miel.\n".write(toFile: folder + "/barre.md", atomically: true, encoding: .utf8)
        let screen = try Terminal(command: "env -u NO_COLOR \(Self.binary) \(folder)/barre.md")
        #expect(try screen.waitFor("miel."))
        let line = try #require(try screen.screen(colors: true).first { $0.contains("miel.") })
        // The text pane's part of the row (the inspector's border after it is dim).
        let text = try #require(line.components(separatedBy: "miel.").first)
        #expect(text.contains("s\u{0336}u\u{0336}c\u{0336}r\u{0336}e\u{0336}"))
        #expect(!text.contains("\u{1B}[2m"))
        try screen.keys("C-q")
    }

    /// Ticks survive quitting and reopening (they live in the state folder),
    /// and Alt-X shows the quantities for another number of servings.
    @Test func ticksSurviveReopeningAndTheScaleShowsOtherQuantities() throws {
        let folder = try Self.folder()
        try RecipeDataTests.markdown.write(toFile: folder + "/crepes.md", atomically: true, encoding: .utf8)
        let command = "env XDG_STATE_HOME=\(folder)/state \(Self.binary) \(folder)/crepes.md"
        let screen = try Terminal(command: command)
        #expect(try screen.waitFor("Serves 4"))
        try screen.keys("F6", "Space")
        #expect(try screen.waitFor("[x] farine 250 g"))
        try screen.keys("M-x")
        #expect(try screen.waitFor("Cook for"))
        try screen.typeText("6")
        try screen.keys("Enter")
        #expect(try screen.waitFor("Serves 6 (×1.5 of 4)"))
        #expect(try screen.waitFor("[x] farine 375 g"))
        #expect(try screen.waitFor("[ ] lait 750 ml"))
        // Nothing to save: a tick and a scale are not edits of the file.
        try screen.keys("C-q")
        Thread.sleep(forTimeInterval: 0.5)
        let again = try Terminal(command: command)
        #expect(try again.waitFor("[x] farine 250 g"))
        try again.keys("C-q")
    }
}
