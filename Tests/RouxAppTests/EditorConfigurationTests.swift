import Foundation
import RecipeStorage
import RecipeFormats
import RichText
@testable import RouxApp
import Testing
import TerminalUI

/// `config.toml`: each setting taken, each line that cannot be taken said
/// with its line and left out, and the bindings run through the real key
/// path, shown by the help, the palette, the key bar and the hints.
@Suite("Editor configuration")
struct EditorConfigurationTests {
    static func configured(_ toml: String, _ markdown: String = "# Pain\n\nFarine et eau.\n") -> (EditorController, EditorConfiguration) {
        let configuration = EditorConfiguration(parsing: toml)
        let app = editor(markdown)
        app.apply(configuration)
        return (app, configuration)
    }

    @Test func aGoodFileHasNoProblems() {
        let configuration = EditorConfiguration(parsing: """
            # Roux
            text-width = 80
            mark_as_you_type = false
            [theme]
            ingredient = "brightGreen"
            cookware = "#5f87af"
            timer = "palette(208)"
            [theme.highlights]
            yellow = "#5f5f00"
            [keys]
            "ctrl-k" = "Mark as an ingredient"
            "alt-f" = "find"
            "f9" = "save-as"
            "ctrl-e" = "none"
            """)
        #expect(configuration.problems == [])
        #expect(configuration.textWidth == .some(80))
        #expect(configuration.marksAsYouType == false)
        #expect(configuration.theme.ingredient == .ansi(.brightGreen))
        #expect(configuration.theme.cookware == .rgb(red: 0x5F, green: 0x87, blue: 0xAF))
        #expect(configuration.theme.timer == .palette(208))
        #expect(configuration.theme.highlights == [.ansi(.yellow): .rgb(red: 0x5F, green: 0x5F, blue: 0)])
        #expect(configuration.summary == "text width 80, marking as you type off, a theme, 4 keys bound")
    }

    /// Each kind of mistake, on its line, in the file's order; the rest of the file applies.
    @Test func eachMistakeIsSaidWithItsLine() {
        let configuration = EditorConfiguration(parsing: """
            text-widht = 80
            text-width = "wide"
            mark-as-you-type = "yes"
            [theme]
            ingredient = "grene"
            colour = "red"
            [theme.highlights]
            violet = "red"
            [keys]
            "ctrl-k" = "Sav"
            "ctrl-i" = "Find"
            "alt-x" = "Bold"
            "Alt-X" = "Italic"
            "M-x" = "Underline"
            "ctrl-left" = "Move"
            "ctrl-t" = 3
            """)
        #expect(configuration.problems.map(\.description) == [
            "1: \"text-widht\" is not a setting (text-width, mark-as-you-type, theme, keys)",
            "2: text-width: a number of columns from 20 to 1000 (80, 100, 120) or \"full\" (the whole pane) expected",
            "3: mark-as-you-type: true or false expected",
            "5: theme.ingredient: \"grene\" is not a colour (green, brightBlue, orange, #5f8700, palette(208))",
            "6: \"colour\" is not a theme setting (ingredient, cookware, timer, highlights)",
            "8: \"violet\" is not a highlight colour (the colour menu's: yellow, green, cyan, magenta, red, blue, gray)",
            "10: \"Sav\" is not a command; did you mean \"Save\"?",
            "11: \"ctrl-i\": a terminal sends Tab for it; choose another key",
            "14: Alt-X is bound twice: \"alt-x\" on line 12 and \"M-x\" here (this one is ignored)",
            "15: \"Move\" cannot be bound: its keys (arrows, Home, End, PgUp, PgDn) say where to go or what to delete",
            "16: \"ctrl-t\": a command's name in quotes expected (\"Find\", \"Save as\"; \"none\" unbinds the key)",
        ])
        // What could be read applies: Alt-x and Alt-X are two keys.
        #expect(configuration.summary == "2 keys bound (11 problems ignored)")
    }

    @Test func aLineThatIsNotTOMLIsLeftOutAndTheRestApplies() {
        let configuration = EditorConfiguration(parsing: "text-width = 80\n[keys\n\"ctrl-k\" = \"Find\"\n")
        #expect(configuration.problems.map(\.line) == [2, 3])
        #expect(configuration.problems.first?.message.hasSuffix("this line is left out") == true)
        #expect(configuration.problems.last?.message == "\"ctrl-k\" is not a setting (text-width, mark-as-you-type, theme, keys)")
        #expect(configuration.textWidth == 80)
    }

    /// One key written the same way twice is a TOML error: said at the
    /// second, which is left out; the first and every other setting apply.
    @Test func theSameKeyWrittenTwiceIsSaidWhereItIsRepeated() {
        let configuration = EditorConfiguration(parsing: "text-width = 70\n[keys]\n\"ctrl-k\" = \"Undo\"\n\"ctrl-k\" = \"Find\"\n")
        #expect(configuration.problems.map(\.description) == ["4:12: \"ctrl-k\" is written twice (TOML takes each key once): this line is left out"])
        #expect(configuration.keyHint("Undo") == "Ctrl-K")
        #expect(configuration.textWidth == 70)
    }

    /// A file past mending (more refused lines than any slip makes) applies nothing.
    @Test func aFileThatIsNotTOMLAppliesNothing() {
        let broken = (1 ... EditorConfiguration.linesLeftOutAtMost + 1).map { "a\($0) = = \n" }.joined()
        let configuration = EditorConfiguration(parsing: "text-width = 80\n" + broken)
        #expect(configuration.problems.last?.message.hasSuffix("nothing in the file is used") == true)
        #expect(configuration.textWidth == nil)
    }

    /// The file read from disk: its problems as `file:line: message`, and
    /// one line for the status line that says they were ignored.
    @Test func problemsAreSaidWithTheFileAndLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        try "text-width = 80\nwidth = 3\n[keys]\n\"ctrl-k\" = \"nothing at all\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let configuration = EditorConfiguration.read(path: path)
        #expect(configuration.messages == [
            "\(path):2: \"width\" is not a setting (text-width, mark-as-you-type, theme, keys)",
            "\(path):4: \"nothing at all\" is not a command (Ctrl-P lists them)",
        ])
        #expect(configuration.startupNotice == "\(path):2: \"width\" is not a setting (text-width, mark-as-you-type, theme, keys) (ignored; 1 more: roux check --config)")
        #expect(configuration.textWidth == .some(80))
        // No file: no setting, nothing to say.
        let absent = EditorConfiguration.read(path: folder.appendingPathComponent("none.toml").path)
        #expect(absent.problems == [] && absent.startupNotice == nil)
        // A file that is not UTF-8 is one problem.
        try Data([0x74, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: path))
        #expect(EditorConfiguration.read(path: path).messages == ["\(path): cannot be read as a UTF-8 text file of at most 1 MB: no settings read"])
    }

    // MARK: Bindings through the key path

    /// Ctrl-K bound to Bold makes the selection bold; Ctrl-B, Bold's own
    /// key, still does (a binding adds a key, it does not move the command).
    @Test func aBoundKeyRunsItsCommandAndTheDefaultKeyStillDoes() throws {
        let (app, _) = Self.configured("[keys]\n\"ctrl-k\" = \"Bold\"\n")
        app.type(Keys.control("a"))
        app.type(Keys.control("k"))
        #expect(app.session.document.text.runs.allSatisfy { $0.bold == true })
        app.type(Keys.control("b"))
        #expect(app.session.document.text.runs.allSatisfy { $0.bold != true })
        // Without the binding, Ctrl-K does nothing and says so.
        let plain = editor("# Pain\n\nFarine et eau.\n")
        plain.type(Keys.control("a"))
        plain.type(Keys.control("k"))
        #expect(plain.session.document.text.runs.allSatisfy { $0.bold != true })
        #expect(plain.message == "Ctrl-K does nothing here; Ctrl-P lists the commands, F1 the keys")
    }

    /// A key taken from another command no longer runs it; "none" unbinds.
    @Test func aKeyBoundElsewhereOrToNoneLeavesItsOldCommand() throws {
        let (app, _) = Self.configured("[keys]\n\"ctrl-b\" = \"Find\"\n\"ctrl-z\" = \"none\"\n")
        app.type(Keys.control("a"))
        app.type(Keys.control("b"))
        #expect(app.prompt == .line(FindQuestion(), ""))
        #expect(app.session.document.text.runs.allSatisfy { $0.bold != true })
        app.type(Keys.escape)
        app.type("x")
        app.type(Keys.control("z"))
        #expect(app.text == "x")
        #expect(app.message == "Ctrl-Z does nothing here; Ctrl-P lists the commands, F1 the keys")
        // Bold keeps its palette entry.
        app.type(Keys.control("a"))
        app.type(Keys.control("p"))
        app.type("bold\r")
        #expect(app.session.document.text.runs.allSatisfy { $0.bold == true })
    }

    /// A command that reads which key ran it (Next pane: Shift goes back)
    /// runs from a bound key as from its first default key.
    @Test func aBoundKeyRunsAKeyReadingCommandAsItsDefault() throws {
        let (app, _) = Self.configured("[keys]\n\"alt-n\" = \"Next pane\"\n")
        #expect(app.focus == .editor)
        app.type(Array("\u{1B}n".utf8))
        #expect(app.focus == .inspector)
    }

    /// The help, the palette, the key bar and a status hint show the keys bound.
    @Test func theHelpPaletteKeyBarAndHintsShowTheBoundKeys() throws {
        let (app, _) = Self.configured("[keys]\n\"ctrl-k\" = \"Bold\"\n\"f9\" = \"Undo\"\n\"ctrl-z\" = \"Redo\"\n\"alt-z\" = \"Cook for\"\n")
        let keyBar = app.screen.line(app.height - 1)
        #expect(keyBar.contains("^K Bold"))
        #expect(keyBar.contains("F9 Undo"))
        // F1, then every page of the help: Undo lost Ctrl-Z to Redo.
        app.type("\u{1B}OP")
        var help = ""
        for _ in 0 ..< 12 {
            help += app.screen.allText
            app.type("\u{1B}[6~")
        }
        #expect(help.contains("  F9                     undo the last change"))
        #expect(help.contains("  Ctrl-Z, Ctrl-Y         redo what was undone"))
        #expect(help.contains("  Ctrl-K, Ctrl-B         bold"))
        app.type(Keys.escape)
        app.type(Keys.control("p"))
        app.type("bold")
        #expect(app.screen.allText.contains(" Bold") && app.screen.allText.contains("Ctrl-K"))
        app.type(Keys.escape)
        // A hint names the key a command has now.
        app.type(Keys.control("p"))
        app.type("apply the scale\r")
        #expect(app.message == "no scale to apply: Alt-Z sets one")
    }

    @Test func everyHintNamesTheKeyAsBound() throws {
        let (app, configuration) = Self.configured("""
            [keys]
            "alt-i" = "Pictures"
            "alt-p" = "none"
            "ctrl-k" = "Undo"
            "ctrl-z" = "none"
            "f12" = "Save"
            "ctrl-s" = "none"
            "f11" = "Spell checking"
            "shift-f9" = "none"
            """)
        #expect(configuration.problems.isEmpty)
        app.type("\u{1B}i")
        #expect(app.message == "pictures hidden: their text is shown (Alt-I shows them)")
        app.type("\u{1B}[23~")
        #expect(app.message == "spell checking is off")
        app.type("\u{1B}w")
        #expect(app.message == "spell checking is off (F11 turns it on)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-hints-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (_, said) = try EditorSession.open(folder + "/new.md", save: configuration.keyHint("Save"))
        #expect(said == ["new recipe: F12 writes new.md"])
        #expect(configuration.keyHint("Undo") == "Ctrl-K")
        #expect(EditorConfiguration().keyHint("Undo") == "Ctrl-Z")
    }

    // MARK: Theme and settings

    /// The style of the first cell of `word`'s first occurrence on `row`.
    static func style(of word: String, row: Int, in grid: CellGrid) throws -> CellStyle {
        let line = grid.line(row)
        let start = try #require(line.range(of: word), "\(word) is not on row \(row): \(line)").lowerBound
        return grid[line.distance(from: line.startIndex, to: start), row].style
    }

    /// An ingredient, cookware, a timer and a highlight in the theme's
    /// colours, in the text and in the inspector; without a theme, the defaults.
    @Test func theThemeColoursTheCells() throws {
        let theme = EditorConfiguration(parsing: """
            [theme]
            ingredient = "brightMagenta"
            cookware = "orange"
            timer = "#010203"
            [theme.highlights]
            yellow = "palette(100)"
            """)
        #expect(theme.problems == [])
        let cooklang = "Put the @eggs{2} in a #pot{} for ~{10%minutes}.\n"
        let markdown = "Du ^[beurre](ingredient: \"beurre\") et du ^[miel](backgroundColor: \"yellow\").\n"
        for themed in [true, false] {
            let cook = EditorController(session: EditorSession(recipe: CooklangFormat.parse(cooklang), path: nil, format: .cooklang),
                                        width: 100, height: 20)
            let mark = editor(markdown)
            if themed {
                cook.apply(theme)
                mark.apply(theme)
            }
            let grid = cook.screen
            let text = cook.editorFrame.y
            #expect(try Self.style(of: "eggs", row: text, in: grid).foreground == (themed ? .ansi(.brightMagenta) : .green))
            #expect(try Self.style(of: "pot", row: text, in: grid).foreground == (themed ? .rgb(red: 255, green: 165, blue: 0) : .ansi(.cyan)))
            #expect(try Self.style(of: "10 minutes", row: text, in: grid).foreground == (themed ? .rgb(red: 1, green: 2, blue: 3) : .ansi(.magenta)))
            // The inspector's list and cookware in the same colours.
            #expect(try Self.style(of: "eggs", row: cook.inspectorFrame.y + 1, in: grid).foreground == (themed ? .ansi(.brightMagenta) : .green))
            #expect(try Self.style(of: "pot", row: cook.inspectorFrame.y + 4, in: grid).foreground == (themed ? .rgb(red: 255, green: 165, blue: 0) : .ansi(.cyan)))
            let markGrid = mark.screen
            let row = mark.editorFrame.y
            #expect(try Self.style(of: "beurre", row: row, in: markGrid).foreground == (themed ? .ansi(.brightMagenta) : .green))
            #expect(try Self.style(of: "miel", row: row, in: markGrid).background == (themed ? .palette(100) : .ansi(.yellow)))
        }
    }

    @Test func theTextWidthAndMarkingAsYouTypeApply() {
        let (narrow, _) = Self.configured("text-width = 80\nmark-as-you-type = false\n")
        #expect(narrow.maxTextWidth == 80)
        #expect(!narrow.marksAsYouType)
        let (full, _) = Self.configured("text-width = \"full\"\n")
        #expect(full.maxTextWidth == nil)
        #expect(full.marksAsYouType)
        #expect(editor("x\n").maxTextWidth == 100)
    }
}
