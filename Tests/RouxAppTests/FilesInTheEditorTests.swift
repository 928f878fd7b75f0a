import Foundation
import RecipeStorage
import RecipeFormats
import RichText
@testable import RouxApp
import TerminalUI
import Testing

@Suite("Files in the editor")
struct FilesInTheEditorTests {
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-folder-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "---\ntitle: Tarte aux pommes\n---\nDes pommes.\n".write(toFile: folder + "/tarte.md", atomically: true, encoding: .utf8)
        Thread.sleep(forTimeInterval: 0.01)
        try "# Crêpes\nFarine et lait.\n".write(toFile: folder + "/crepes.md", atomically: true, encoding: .utf8)
        return folder
    }

    static func app(in folder: String, file: String) throws -> EditorController {
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: folder + "/" + file)), width: 120, height: 30)
        app.showFolder(folder)
        return app
    }

    /// Under 90 columns the list is hidden until F7, then shows in the
    /// inspector's place; F7 again gives the inspector back.
    @Test func onANarrowTerminalF7ShowsTheListInPlaceOfTheInspector() throws {
        let folder = try Self.folder()
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: folder + "/crepes.md")), width: 80, height: 24)
        app.showFolder(folder)
        #expect(app.listFrame.width == 0 && app.inspectorFrame.width > 0)
        let f7 = Array("\u{1B}[18~".utf8)
        app.type(f7)
        #expect(app.listFrame.width > 0 && app.inspectorFrame.width == 0)
        #expect(app.screen.line(3).hasPrefix("▸ Crêpes"))
        #expect(!app.screen.allText.contains("Ingredients"))
        // The list works there: F6 reaches it, Enter opens.
        app.type(Array("\u{1B}[17~".utf8) + Array("\u{1B}[B".utf8) + [0x0D])
        #expect(app.session.path == folder + "/tarte.md")
        app.type(f7)
        #expect(app.listFrame.width == 0 && app.inspectorFrame.width > 0)
        #expect(app.screen.allText.contains("Ingredients"))
    }

    /// Two recipes of one title at 120 columns: the list gives each its
    /// file name, and cuts the title rather than the name (both showed
    /// `Grandma's Pancakes …`).
    @Test func recipesOfOneTitleAreToldApartByTheirFileNames() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, time) in [("recipe.md", 2_000.0), ("plain.md", 1_000)] {
            try "# Grandma's Pancakes\nFlour.\n".write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: time)], ofItemAtPath: folder + "/" + name)
        }
        let app = try Self.app(in: folder, file: "recipe.md")
        let list = app.listFrame
        let rows = (list.y + 1 ..< list.y + list.height).map { String(app.screen.line($0).prefix(list.width - 1)) }
        let pancakes = rows.filter { $0.contains("Grandma") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(pancakes == ["▸ Grandma… (recipe.md)", "Grandma'… (plain.md)"], "\(rows)")
    }

    /// A name too long for the list is shortened at its logical end, in
    /// either direction: a Hebrew title shows its first words, drawn right to
    /// left, and "…" on the left where it goes on.
    @Test func aLongRightToLeftTitleShowsItsStartInTheList() throws {
        let folder = try Self.folder()
        let title = "סופגניות לחנוכה עם ריבת תות ואבקת סוכר"
        try "# \(title)\nשמן.\n".write(toFile: folder + "/sufganiyot.md", atomically: true, encoding: .utf8)
        let app = try Self.app(in: folder, file: "crepes.md")
        let row = try #require(app.screen.lines.first { $0.contains("…") && $0.contains(String("סופגניות".reversed())) },
                               "the list shows the title's first word:\n\(app.screen.lines.joined(separator: "\n"))")
        #expect(!row.contains(String("סוכר".reversed())), "the list shows the title's last word: \(row)")
        let ellipsis = try #require(row.firstIndex(of: "…"))
        let firstWord = try #require(row.range(of: String("סופגניות".reversed())))
        #expect(ellipsis < firstWord.lowerBound, "… is left of the first word: \(row)")
    }

    @Test func theRecipeListShowsTitlesNewestFirstAndOpens() throws {
        let folder = try Self.folder()
        let app = try Self.app(in: folder, file: "crepes.md")
        let grid = app.screen
        // The parent folder first, then the recipes.
        #expect(grid.line(2).hasPrefix("  ../"))
        #expect(grid.line(3).hasPrefix("▸ Crêpes"))
        #expect(grid.line(4).hasPrefix("  Tarte aux pommes"))
        app.type(Array("\u{1B}[17~\u{1B}[17~".utf8)) // F6 twice: the list
        #expect(app.focus == .list)
        app.type(Array("\u{1B}[B".utf8) + [0x0D])
        #expect(app.session.recipe.title == "Tarte aux pommes")
        #expect(app.focus == .editor)
    }

    @Test func f6GoesRoundThePanesAndShiftF6GoesBackEscReturnsToTheText() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = try Self.app(in: folder, file: "crepes.md")
        var order: [EditorController.Pane] = []
        for _ in 0 ..< 3 {
            app.type(Array("\u{1B}[17~".utf8))
            order.append(app.focus)
        }
        #expect(order == [.inspector, .list, .editor])
        order = []
        for _ in 0 ..< 3 {
            app.type(Array("\u{1B}[17;2~".utf8)) // Shift-F6, as xterm sends it
            order.append(app.focus)
        }
        #expect(order == [.list, .inspector, .editor])
        app.type(Array("\u{1B}[17;2~".utf8))
        app.type(Keys.escape)
        #expect(app.focus == .editor)
    }

    @Test func switchingAwayFromUnsavedWorkAsks() throws {
        let folder = try Self.folder()
        let app = try Self.app(in: folder, file: "crepes.md")
        app.type("Bonnes ")
        app.type(Keys.control("o") + Array("tar".utf8) + [0x09])
        #expect(app.prompt == .line(OpenFileQuestion(), "tarte.md"))
        app.type([0x0D])
        #expect(app.prompt == .question(SwitchUnsavedQuestion(path: folder + "/tarte.md")))
        app.type("y")
        #expect(app.session.recipe.title == "Tarte aux pommes")
        #expect(try String(contentsOfFile: folder + "/crepes.md", encoding: .utf8) == "# Bonnes Crêpes\nFarine et lait.\n")
    }

    @Test func ctrlNStartsANewRecipeNamedOnSave() throws {
        let folder = try Self.folder()
        let app = try Self.app(in: folder, file: "crepes.md")
        app.type(Keys.control("n"))
        #expect(app.session.path == folder + "/untitled.md")
        app.type(Array("Pain perdu".utf8) + Keys.control("s") + [0x0D])
        #expect(try String(contentsOfFile: folder + "/pain-perdu.md", encoding: .utf8) == "Pain perdu\n")
        #expect(app.screen.lines.contains { $0.contains("pain-perdu.md") })
    }

    @Test func ctrlNWithANewUnsavedRecipeSavesItAndStartsAnotherOne() throws {
        let folder = try Self.folder()
        let app = try Self.app(in: folder, file: "crepes.md")
        app.type(Keys.control("n"))
        app.type("Pain perdu")
        app.type(Keys.control("n"))
        app.type("y")
        app.type([0x0D])
        #expect(try String(contentsOfFile: folder + "/pain-perdu.md", encoding: .utf8) == "Pain perdu\n")
        // Not the same file again: a second new one, empty.
        #expect(app.session.path == folder + "/untitled-2.md")
        #expect(app.text.isEmpty)
    }

    @Test func ctrlOWithANameThatDoesNotExistSaysSoAndOffersMd() throws {
        let folder = try Self.folder()
        let app = try Self.app(in: folder, file: "crepes.md")
        app.type(Keys.control("o") + Array("soupe\r".utf8))
        #expect(app.screen.allText.contains("soupe does not exist. m new recipe soupe.md · y new file soupe · Esc"))
        #expect(app.session.path == folder + "/crepes.md")
        app.type("m")
        #expect(app.session.path == folder + "/soupe.md")
        // A name without its extension opens the recipe that has it.
        app.type(Keys.control("o") + Array("tarte\r".utf8))
        #expect(app.session.path == folder + "/tarte.md")
        // With an extension: y or Esc.
        app.type(Keys.control("o") + Array("pain.cook\r".utf8))
        #expect(app.screen.allText.contains("pain.cook does not exist. y new recipe pain.cook · Esc"))
        app.type(Keys.escape)
        #expect(app.session.path == folder + "/tarte.md")
    }

    @Test func filesNamedOnTheCommandLineAreTheList() throws {
        let folder = try Self.folder()
        let other = try Self.folder()
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: folder + "/tarte.md")), width: 120, height: 30)
        app.showFiles([folder + "/tarte.md", other + "/crepes.md"])
        let grid = app.screen
        #expect(grid.line(1).contains("Recipes · 2 files"))
        #expect(grid.line(2).hasPrefix("▸ Tarte aux pommes"))
        #expect(grid.line(3).hasPrefix("  Crêpes"))
        app.type(Array("\u{1B}[17~\u{1B}[17~".utf8) + Array("\u{1B}[B".utf8) + [0x0D])
        #expect(app.session.path == other + "/crepes.md")
    }
}

@Suite("Renaming and deleting in the recipe list")
struct RecipeListEditingTests {
    static let f6Twice: [UInt8] = Array("\u{1B}[17~\u{1B}[17~".utf8)

    @Test func renameKeepsTheExtensionAndFollowsTheOpenFile() throws {
        let folder = try FilesInTheEditorTests.folder()
        let app = try FilesInTheEditorTests.app(in: folder, file: "crepes.md")
        app.type(Self.f6Twice + Array("\u{1B}r".utf8)) // Alt-R
        #expect(app.prompt == .line(RenameRecipeQuestion(path: folder + "/crepes.md"), "crepes.md"))
        app.type(Array(repeating: 0x7F, count: 9) + Array("galettes".utf8) + [0x0D])
        #expect(FileManager.default.fileExists(atPath: folder + "/galettes.md"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/crepes.md"))
        #expect(app.session.path == folder + "/galettes.md")
        app.type(Array("\u{1B}r".utf8) + Array(repeating: 0x7F, count: 11) + Array("tarte.md".utf8) + [0x0D])
        #expect(app.screen.line(app.height - 2).contains("tarte.md already exists; nothing renamed"))
        // Another format's extension would read the same bytes another way.
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/galettes.md"))
        app.type(Array("\u{1B}r".utf8) + Array(repeating: 0x7F, count: 11) + Array("galettes.cook".utf8) + [0x0D])
        #expect(app.message?.hasPrefix("galettes.cook would be read as Cooklang, and the file is Markdown: nothing renamed") == true)
        #expect(!FileManager.default.fileExists(atPath: folder + "/galettes.cook"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/galettes.md")) == before)
        #expect(app.session.path == folder + "/galettes.md")
        // Between two extensions of one format, a rename is a rename.
        app.type(Array("\u{1B}r".utf8) + Array(repeating: 0x7F, count: 11) + Array("galettes.markdown".utf8) + [0x0D])
        #expect(app.session.path == folder + "/galettes.markdown")
    }

    @Test func deleteAsksThenOpensTheNextRecipe() throws {
        let folder = try FilesInTheEditorTests.folder()
        let app = try FilesInTheEditorTests.app(in: folder, file: "crepes.md")
        app.trash = Trash(folder: folder + "/.trash")
        app.type(Self.f6Twice + Array("\u{1B}[3~".utf8))
        #expect(app.prompt == .question(DeleteRecipeQuestion(path: folder + "/crepes.md")))
        #expect(app.screen.allText.contains("Move crepes.md to the trash? y move it · Esc keep"))
        app.type(Keys.escape)
        app.type(Keys.escape)
        app.type("Vite. ")
        app.type(Self.f6Twice + Array("\u{1B}[3~".utf8))
        #expect(app.screen.allText.contains("Move crepes.md to the trash? It is open with unsaved changes. y move it · Esc keep"))
        app.type(Keys.escape)
        #expect(FileManager.default.fileExists(atPath: folder + "/crepes.md"))
        app.type(Array("\u{1B}[3~".utf8) + Array("y".utf8))
        #expect(!FileManager.default.fileExists(atPath: folder + "/crepes.md"))
        // In the trash, where a file manager restores it from.
        #expect(try String(contentsOfFile: folder + "/.trash/files/crepes.md", encoding: .utf8) == "# Crêpes\nFarine et lait.\n")
        #expect(try String(contentsOfFile: folder + "/.trash/info/crepes.md.trashinfo", encoding: .utf8)
            .hasPrefix("[Trash Info]\nPath=\(folder)/crepes.md\nDeletionDate="))
        #expect(app.message == "crepes.md moved to the trash (\(folder)/.trash): a file manager can restore it")
        #expect(app.session.recipe.title == "Tarte aux pommes")
    }

    @Test func typingInTheListFiltersItByWordsInAnyOrder() throws {
        let folder = try FilesInTheEditorTests.folder()
        try "# Crème brûlée\nSucre.\n".write(toFile: folder + "/creme.md", atomically: true, encoding: .utf8)
        let app = try FilesInTheEditorTests.app(in: folder, file: "crepes.md")
        app.type(Self.f6Twice + Array("brulee CREME".utf8))
        #expect(app.screen.line(1).contains("Filter: brulee CREME"))
        #expect(app.screen.line(2).contains("Crème brûlée"))
        #expect(!app.screen.allText.contains("Tarte aux pommes"))
        app.type([0x0D])
        #expect(app.session.path == folder + "/creme.md")
        #expect(app.screen.line(1).contains("Recipes ·"))
        // Backspace edits the filter; a filter nothing matches says so; Esc clears it.
        app.type(Self.f6Twice + Array("zzz".utf8))
        #expect(app.screen.allText.contains("no recipe matches"))
        app.type([0x7F, 0x7F, 0x7F])
        #expect(app.screen.allText.contains("Tarte aux pommes"))
        app.type(Array("tarte".utf8) + Keys.escape)
        #expect(app.screen.line(1).contains("Recipes ·"))
        #expect(app.focus == .list)
        #expect(app.screen.allText.contains("Crêpes"))
    }
}
