import Foundation
import RecipeFormats
@testable import RouxApp
import TerminalUI
import Testing

/// Ctrl-N then Ctrl-S asks for a name, offering one made from the title,
/// pre-filled and selected, in the open folder.
@Suite("A new recipe's name")
struct NewRecipeNameTests {
    static let altH: [UInt8] = [0x1B, 0x68]

    static func app() throws -> (EditorController, folder: String) {
        let folder = try FilesInTheEditorTests.folder()
        return (try FilesInTheEditorTests.app(in: folder, file: "crepes.md"), folder)
    }

    @Test func ctrlSOffersTheTitleAsTheNameSelectedAndEnterSavesThere() throws {
        let (app, folder) = try Self.app()
        app.type(Keys.control("n"))
        app.type(Array("Chocolate mousse".utf8) + Self.altH + Keys.control("s"))
        #expect(app.prompt == .line(SaveAsQuestion(), "chocolate-mousse.md"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/untitled.md"))
        // Drawn selected after its label.
        let row = app.height - app.bottomRows
        let label = "Save as (Tab completes): "
        #expect(app.screen.line(row) == label + "chocolate-mousse.md")
        #expect((0 ..< app.width).filter { app.screen[$0, row].style.reverse } == Array(label.count ..< label.count + 19))
        app.type([0x0D])
        #expect(try String(contentsOfFile: folder + "/chocolate-mousse.md", encoding: .utf8) == "# Chocolate mousse\n")
        #expect(app.session.path == folder + "/chocolate-mousse.md")
        #expect(!app.session.isModified)
        // Named now: the next Ctrl-S writes it without asking.
        app.type(Array(" au chocolat noir".utf8) + Keys.control("s"))
        #expect(app.prompt == nil)
        #expect(try String(contentsOfFile: folder + "/chocolate-mousse.md", encoding: .utf8) == "# Chocolate mousse au chocolat noir\n")
    }

    @Test func withoutATitleTheFirstLineNamesItAndATakenNameIsNotOffered() throws {
        let (app, folder) = try Self.app()
        try "".write(toFile: folder + "/pain-perdu.md", atomically: true, encoding: .utf8)
        app.type(Keys.control("n"))
        app.type(Array("Pain perdu".utf8) + Keys.control("s"))
        #expect(app.prompt == .line(SaveAsQuestion(), "pain-perdu-2.md"))
        // Another name typed replaces the offer; one that exists asks first.
        app.type(Array("tarte.md\r".utf8))
        #expect(app.prompt == .question(OverwriteExistingQuestion(path: folder + "/tarte.md")))
        app.type(Keys.escape)
        #expect(try String(contentsOfFile: folder + "/tarte.md", encoding: .utf8) == "---\ntitle: Tarte aux pommes\n---\nDes pommes.\n")
        // Cancelled: nothing written, and Ctrl-S asks again.
        app.type(Keys.control("s"))
        #expect(app.prompt == .line(SaveAsQuestion(), "pain-perdu-2.md"))
        app.type(Array("tarte.md\ry".utf8))
        #expect(try String(contentsOfFile: folder + "/tarte.md", encoding: .utf8) == "Pain perdu\n")
    }

    /// Beside Cooklang recipes Ctrl-N starts a Cooklang one: what is typed
    /// is read as Cooklang, and the name offered is made from the text as it
    /// reads (`Boil water.`), not from its markup.
    @Test func besideCooklangRecipesCtrlNStartsACooklangRecipeNamedFromItsText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-new-cook-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "Add @tomato{2} and @eggs{3}.\n".write(toFile: folder + "/a.cook", atomically: true, encoding: .utf8)
        let app = try FilesInTheEditorTests.app(in: folder, file: "a.cook")
        app.type(Keys.control("n"))
        #expect(app.session.path == folder + "/untitled.cook")
        #expect(app.screen.line(0).contains("untitled.cook"))
        app.type("Boil @water{1%l}.")
        #expect(app.text == "Boil water.")
        app.type(Keys.control("s"))
        #expect(app.prompt == .line(SaveAsQuestion(), "boil-water.cook"))
        app.type([0x0D])
        #expect(try String(contentsOfFile: folder + "/boil-water.cook", encoding: .utf8) == "Boil @water{1%l}.\n")
    }

    @Test func anEmptyNewRecipeIsOfferedUntitled() throws {
        let (app, _) = try Self.app()
        app.type(Keys.control("n") + Keys.control("s"))
        #expect(app.prompt == .line(SaveAsQuestion(), "untitled.md"))
    }

    @Test func quittingWithANewRecipeNamesItSavesItAndQuits() throws {
        let (app, folder) = try Self.app()
        app.type(Keys.control("n"))
        app.type(Array("Pain perdu".utf8) + Keys.control("q") + Array("y".utf8))
        #expect(app.prompt == .line(SaveAsQuestion(), "pain-perdu.md"))
        #expect(!app.quitRequested)
        app.type([0x0D])
        #expect(try String(contentsOfFile: folder + "/pain-perdu.md", encoding: .utf8) == "Pain perdu\n")
        #expect(app.quitRequested)
    }

    @Test func aSaveAsCancelledDoesNotQuitLater() throws {
        let (app, folder) = try Self.app()
        app.type(Keys.control("n"))
        app.type(Array("Pain perdu".utf8) + Keys.control("q") + Array("y".utf8) + Keys.escape)
        #expect(app.prompt == nil)
        app.type(Keys.control("s") + [0x0D])
        #expect(try String(contentsOfFile: folder + "/pain-perdu.md", encoding: .utf8) == "Pain perdu\n")
        #expect(!app.quitRequested)
    }

    @Test(arguments: [
        ("Chocolate mousse", "chocolate-mousse.md"),
        ("Crème brûlée", "crème-brûlée.md"),
        ("סופגניות", "סופגניות.md"),
        ("  ", "untitled.md"),
        ("Mix the flour, the butter and the sugar until it looks like breadcrumbs", "mix-the-flour-the-butter-and-the-sugar-until-it.md"),
    ])
    func theNameMadeFromATitle(_ title: String, _ name: String) {
        #expect(RecipeFiles.suggestedName(forTitle: title, extension: "md") { _ in false } == name)
    }
}
