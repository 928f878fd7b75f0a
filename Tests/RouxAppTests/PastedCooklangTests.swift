import Foundation
import RecipeFormats
import RecipeStorage
import Recipes
import RichText
@testable import RouxApp
import TerminalUI
import Testing

/// Cooklang that reaches a `.cook` recipe other than a character at a
/// time: pasted from another program, a `>>` line typed in a new recipe,
/// a step made a note or a section, a section typed with its closing
/// `==`. The saved file holds what the cook sees, nothing escaped and
/// nothing dropped.
@Suite("Cooklang pasted and made into blocks")
struct PastedCooklangTests {
    /// A folder of its own and an editor on `name` in it (a new recipe
    /// when `contents` is nil), opened as the launcher opens it.
    static func open(_ name: String, contents: String? = nil) throws -> (app: EditorController, path: String, folder: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-pasted-cook-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + name
        if let contents { try contents.write(toFile: path, atomically: true, encoding: .utf8) }
        let app = EditorController(session: try EditorSession.open(path).session, width: 100, height: 24)
        return (app, path, folder)
    }

    static func saved(_ app: EditorController, _ path: String) throws -> String {
        app.type(Keys.control("s"))
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    static let pasted = ">> servings: 2\n\nCrack @eggs{3}(large) into a #bowl{}.\n\nWhisk ~{1%minute} with @milk{50%ml}.\n\n> Use fresh eggs.\n"

    // MARK: #1 Pasting

    @Test func cooklangPastedIntoANewRecipeIsSavedAsPasted() throws {
        let (app, path, folder) = try Self.open("om.cook")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        app.handle(.paste(Self.pasted))
        // What the file's reader reads: components, metadata and the note.
        #expect(TypedCooklangTests.components(app)
            == ">> servings: 2\n\nCrack [@eggs 3] into a [#bowl].\n\nWhisk [~1 minute] with [@milk 50 ml].\n\nUse fresh eggs.\n")
        #expect(app.session.recipe.ingredients.map(\.name) == ["eggs", "milk"])
        #expect(app.session.recipe.metadata.value(of: "servings") == "2")
        let saved = try Self.saved(app, path)
        #expect(!saved.contains("\\"), "nothing escaped: \(saved)")
        #expect(saved.trimmingCharacters(in: .newlines) == Self.pasted.trimmingCharacters(in: .newlines))
        // Read back: the same recipe as the pasted text gives.
        let reread = CooklangFormat.parse(saved)
        let fromPaste = CooklangFormat.parse(Self.pasted)
        #expect(reread.ingredients.map(\.name) == fromPaste.ingredients.map(\.name))
        #expect(reread.ingredients.map(\.quantity) == fromPaste.ingredients.map(\.quantity))
        #expect(reread.metadata.value(of: "servings") == "2")
        #expect(reread.document.text.runs.contains { $0.blockQuote != nil })
    }

    @Test func cooklangPastedIntoAnExistingRecipeKeepsEveryLine() throws {
        let (app, path, folder) = try Self.open("ex.cook", contents: "Mix @flour{200%g}.\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        app.press(Key(.end, .control))
        app.press(Key(.enter))
        app.handle(.paste("Add @salt{1%tsp} and stir.\nThen @pepper{}."))
        #expect(try Self.saved(app, path) == "Mix @flour{200%g}.\n\nAdd @salt{1%tsp} and stir.\nThen @pepper{}.\n")
        #expect(app.session.recipe.ingredients.map(\.name) == ["flour", "salt", "pepper"])
    }

    @Test func pastedMetadataLinesInARowGiveEachKey() throws {
        let app = TypedBlockTests.cooklangEditor("")
        app.handle(.paste(">> servings: 2\n>> time: 20 minutes\n\nMix @flour{100%g}."))
        #expect(app.session.recipe.metadata.value(of: "servings") == "2")
        #expect(app.session.recipe.metadata.value(of: "time") == "20 minutes")
        #expect(TypedCooklangTests.written(app) == ">> servings: 2\n>> time: 20 minutes\n\nMix @flour{100%g}.")
    }

    @Test func oneUndoGivesTheLiteralPasteBack() throws {
        let app = TypedBlockTests.cooklangEditor("")
        app.handle(.paste(Self.pasted))
        #expect(app.session.document.text.runs.contains { $0.ingredient != nil })
        app.type(Keys.control("z"))
        #expect(app.text == Self.pasted)
        #expect(app.session.document.text.runs.allSatisfy { $0.attributes == AttributeContainer() })
        app.type(Keys.control("z"))
        #expect(app.text == "")
    }

    // MARK: #2 A note typed after an ingredient (fixed on main: checked here)

    @Test(arguments: ["Add @onion{1}(finely chopped).", "Add @egg{1}(beaten) and @milk{100%ml}(cold)."])
    func aNoteTypedAfterAnIngredientIsItsNote(line: String) throws {
        let (app, path, folder) = try Self.open("note.cook")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        TypedBlockTests.typeSlowly(line, into: app)
        let saved = try Self.saved(app, path)
        #expect(saved.trimmingCharacters(in: .newlines) == line)
    }

    // MARK: #3 A typed `>>` line in a new recipe

    @Test func aMetadataLineTypedInANewRecipeIsWrittenOnce() throws {
        let (app, path, folder) = try Self.open("dup.cook")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        TypedBlockTests.typeSlowly(">> servings: 2", into: app)
        app.press(Key(.enter))
        TypedBlockTests.typeSlowly("Mix @flour{100%g}.", into: app)
        let saved = try Self.saved(app, path)
        #expect(saved.components(separatedBy: ">> servings").count == 2, "once: \(saved)")
        #expect(saved.hasPrefix(">> servings: 2\n"))
        #expect(saved.contains("Mix @flour{100%g}."))
        #expect(CooklangFormat.parse(saved).metadata.value(of: "servings") == "2")
    }

    // MARK: #28 A step with components made a note or a section

    static let step = "Melt @butter{30%g} in a #pan{} for ~{2%minutes}.\n\nServe.\n"

    @Test(arguments: ["q", "h"])
    func aStepWithComponentsStaysAStep(key: String) throws {
        let app = TypedBlockTests.cooklangEditor(Self.step)
        app.press(.alt(Character(key)))
        #expect(app.message?.hasPrefix("Cooklang reads a") == true, "\(app.message ?? "no message")")
        #expect(app.message?.contains("ingredients, cookware and timers would be lost") == true)
        #expect(TypedBlockTests.blocks(app).first == "Melt butter in a pan for 2 minutes.")
        #expect(TypedCooklangTests.written(app) == Self.step)
        // A step without components still becomes a note.
        app.press(Key(.end, .control))
        app.press(.alt("q"))
        #expect(TypedBlockTests.blocks(app).contains("> Serve."))
    }

    @Test func noteMarkupTypedBeforeAStepWithComponentsStaysText() throws {
        let app = TypedBlockTests.cooklangEditor(Self.step)
        TypedBlockTests.typeSlowly("> ", into: app)
        #expect(app.message?.hasPrefix("Cooklang reads a note as text") == true, "\(app.message ?? "no message")")
        #expect(app.session.document.text.runs.allSatisfy { $0.blockQuote == nil })
        let reread = CooklangFormat.parse(TypedCooklangTests.written(app))
        #expect(reread.ingredients.map(\.name) == ["butter"])
        #expect(reread.ingredients.map(\.quantity) == CooklangFormat.parse(Self.step).ingredients.map(\.quantity))
    }

    @Test func noteMarkupTypedInOneReadBeforeAKnownIngredientMakesANote() throws {
        // tmux send-keys, or a paste the terminal does not bracket, arrives as one read.
        let app = TypedBlockTests.cooklangEditor(Self.step)
        app.press(Key(.end, .control))
        app.press(Key(.enter))
        app.type("> Use fresh butter.")
        #expect(app.session.document.text.runs.contains { $0.blockQuote != nil })
        #expect(TypedCooklangTests.written(app).trimmingCharacters(in: .newlines).hasSuffix("\n> Use fresh butter."))
    }

    // MARK: #6 A section typed with its closing `==`

    @Test func aSectionTypedWithItsClosingMarkersIsWrittenAsTyped() throws {
        let (app, path, folder) = try Self.open("sec.cook", contents: "Start @a{1}.\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        app.press(Key(.end, .control))
        app.press(Key(.enter))
        TypedBlockTests.typeSlowly("== Sauce ==", into: app)
        app.press(Key(.enter))
        TypedBlockTests.typeSlowly("Stir.", into: app)
        #expect(TypedBlockTests.blocks(app).contains("## Sauce"))
        let saved = try Self.saved(app, path)
        #expect(saved.contains("\n== Sauce ==\n"), "\(saved)")
        #expect(!saved.contains("== Sauce == =="))
        let reread = CooklangFormat.parse(saved).document.text
        let sections = reread.runs.filter { $0.headingLevel != nil }.map { String(reread[$0.range].characters).trimmingCharacters(in: .newlines) }
        #expect(sections == ["Sauce"])
    }
}
