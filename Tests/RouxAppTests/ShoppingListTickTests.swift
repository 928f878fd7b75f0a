import Foundation
import RecipeFormats
import RecipeStorage
import Recipes
import RichText
@testable import RouxApp
import TerminalUI
import Testing

/// The editor's ticks on a recipe that is on a `.shopping-list` are the
/// list's: kept in `.shopping-checked` for the Cooklang tools, and theirs
/// shown ticked.
@Suite("Shopping-list ticks in the editor")
struct ShoppingListTickTests {
    static let cook = "Mélanger la @farine{250%g} et le @lait{1/2%l}.\n"

    /// An editor on `crepes.cook` in a folder of its own, with `list` as its
    /// `.shopping-list` and `checked` as its `.shopping-checked` when given.
    static func open(list: String?, checked: String? = nil) throws -> (EditorController, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-shoptick-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("desserts"), withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("desserts/crepes.cook").path
        try cook.write(toFile: path, atomically: true, encoding: .utf8)
        if let list { try list.write(to: folder.appendingPathComponent(".shopping-list"), atomically: true, encoding: .utf8) }
        if let checked { try checked.write(to: folder.appendingPathComponent(".shopping-checked"), atomically: true, encoding: .utf8) }
        let store = RecoveryStore(directory: folder.appendingPathComponent("state"))
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 120, height: 30,
                                   recovery: BackgroundRecovery(store: store))
        return (app, folder)
    }

    static let f6 = Array("\u{1B}[17~".utf8)
    static let down = Array("\u{1B}[B".utf8)

    @Test func ticksOnAListedRecipeAreAppendedToTheListsLog() throws {
        let (app, folder) = try Self.open(list: "./desserts/crepes{2}\nsugar\n", checked: "+ LAIT\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent(".shopping-checked")
        // What another tool ticked shows ticked.
        #expect(app.session.checked == [IngredientID("lait")])
        app.type(Self.f6 + Array(" ".utf8))
        #expect(app.session.checked == [IngredientID("farine"), IngredientID("lait")])
        #expect(try String(contentsOf: log, encoding: .utf8) == "+ LAIT\n+ farine\n")
        app.type(Array(" ".utf8))
        app.type(Self.down + Array(" ".utf8))
        #expect(app.session.checked.isEmpty)
        #expect(try String(contentsOf: log, encoding: .utf8) == "+ LAIT\n+ farine\n- farine\n- lait\n")
        // Clearing writes only what was ticked, and nothing twice.
        app.type(Array(" ".utf8))
        app.type(Keys.control("p") + Array("clear the ticks\r".utf8))
        #expect(try String(contentsOf: log, encoding: .utf8) == "+ LAIT\n+ farine\n- farine\n- lait\n+ lait\n- lait\n")
    }

    @Test func aRecipeNotOnTheListKeepsItsTicksToItself() throws {
        let (app, folder) = try Self.open(list: "./desserts/tarte\nsugar\n", checked: "+ farine\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(app.session.checked.isEmpty)
        app.type(Self.f6 + Array(" ".utf8))
        #expect(app.session.checked == [IngredientID("farine")])
        #expect(try String(contentsOf: folder.appendingPathComponent(".shopping-checked"), encoding: .utf8) == "+ farine\n")
        let (alone, otherFolder) = try Self.open(list: nil)
        defer { try? FileManager.default.removeItem(at: otherFolder) }
        alone.type(Self.f6 + Array(" ".utf8))
        #expect(!FileManager.default.fileExists(atPath: otherFolder.appendingPathComponent(".shopping-checked").path))
    }
}
