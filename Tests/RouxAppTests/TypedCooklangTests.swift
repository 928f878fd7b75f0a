import Foundation
import RecipeFormats
import RecipeStorage
import Recipes
import RichText
@testable import RouxApp
import TerminalUI
import Testing

/// Cooklang typed as Cooklang: a component closed by `}`, a punctuation
/// mark, Enter or a save becomes the ingredient, cookware or timer the
/// file's reader reads, and the file says what was typed.
@Suite("Cooklang from the keyboard")
struct TypedCooklangTests {
    /// The text with each component written in brackets: `[@oil 2 tbsp]`,
    /// `[#pan]`, `[~5 minutes]`.
    static func components(_ app: EditorController) -> String {
        let text = app.session.document.text
        return text.runs.map { run in
            let characters = String(text[run.range].characters)
            let quantity = run[OccurrenceQuantityAttribute.self].map { " \($0)" } ?? ""
            if run.ingredient != nil { return "[@\(characters)\(quantity)]" }
            if run.cookware != nil { return "[#\(characters)]" }
            if run.timer != nil { return "[~\(characters)]" }
            return characters
        }.joined()
    }

    static func written(_ app: EditorController) -> String {
        CooklangFormat.serialize(app.session.recipe).text
    }

    @Test func componentsTypedBecomeWhatTheReaderReadsAndAreWrittenAsTyped() {
        let app = TypedBlockTests.cooklangEditor("")
        let typed = "Heat @oil{2%tbsp} in a #pan{}. Fry @onion{1} for ~{5%minutes}."
        TypedBlockTests.typeSlowly(typed, into: app)
        #expect(Self.components(app) == "Heat [@oil 2 tbsp] in a [#pan]. Fry [@onion 1] for [~5 minutes].")
        #expect(app.session.recipe.ingredients.map(\.name) == ["oil", "onion"])
        #expect(Self.written(app) == typed)
        #expect(CooklangFormat.parse(Self.written(app)).document.text == app.session.document.text)
    }

    @Test func aSpaceDoesNotCloseANameThatMayGoOn() {
        let app = TypedBlockTests.cooklangEditor("")
        TypedBlockTests.typeSlowly("Drizzle @olive oil{} over", into: app)
        #expect(Self.components(app) == "Drizzle [@olive oil] over")
        TypedBlockTests.typeSlowly(" with @salt and @pepper", into: app)
        #expect(Self.components(app) == "Drizzle [@olive oil] over with @salt and @pepper")
        TypedBlockTests.typeSlowly(".", into: app)
        #expect(Self.components(app) == "Drizzle [@olive oil] over with [@salt] and [@pepper].")
        #expect(app.session.recipe.ingredients.map(\.name) == ["olive oil", "salt", "pepper"])
    }

    @Test func enterClosesTheLine() {
        let app = TypedBlockTests.cooklangEditor("")
        app.type("Season with @salt")
        app.press(Key(.enter))
        app.type("Serve")
        #expect(Self.components(app) == "Season with [@salt]\n\nServe")
        #expect(Self.written(app) == "Season with @salt\n\nServe")
    }

    @Test func leavingTheLineByAnArrowClosesIt() {
        let app = TypedBlockTests.cooklangEditor("Intro.")
        app.type(Keys.end)
        app.press(Key(.enter))
        app.type("Season with @salt")
        // Left stays in the paragraph: `@salt` may still become `@salted butter{}`.
        app.press(Key(.left))
        #expect(Self.components(app) == "Intro.\n\nSeason with @salt")
        app.press(Key(.up))
        #expect(Self.components(app) == "Intro.\n\nSeason with [@salt]")
        #expect(Self.written(app) == "Intro.\n\nSeason with @salt")
        #expect(app.session.recipe.ingredients.map(\.name) == ["salt"])
        // The caret went up a line from where it was: the blank line between the steps.
        #expect(app.session.document.text.utf8Offset(of: app.session.document.selection.primary.head) == "Intro.\n".utf8.count)
    }

    @Test func leavingTheLineByAClickClosesIt() {
        let app = TypedBlockTests.cooklangEditor("Intro.")
        app.type(Keys.end)
        app.press(Key(.enter))
        app.type("Season with @salt")
        let frame = app.editorFrame
        app.handle(.mouse(MouseEvent(action: .press, button: 0, x: frame.x + app.gutterWidth + 2, y: frame.y)))
        #expect(Self.components(app) == "Intro.\n\nSeason with [@salt]")
        #expect(app.session.document.text.utf8Offset(of: app.session.document.selection.primary.head) == 2)
    }

    @Test func aSaveClosesTheLineBeingTyped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-typed-cook-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soup.cook"
        try "Intro.\n".write(toFile: path, atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 100, height: 24)
        app.type(Keys.end)
        app.press(Key(.enter))
        app.type("Season with @salt")
        app.type(Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Intro.\n\nSeason with @salt\n")
        #expect(Self.components(app) == "Intro.\n\nSeason with [@salt]")
    }

    @Test func undoGivesTheTypedTextBack() {
        let app = TypedBlockTests.cooklangEditor("")
        TypedBlockTests.typeSlowly("Add @rice{300%g}", into: app)
        #expect(Self.components(app) == "Add [@rice 300 g]")
        app.type(Keys.control("z"))
        #expect(app.text == "Add @rice{300%g}")
        #expect(app.session.caret.offset == "Add @rice{300%g}".utf8.count)
    }

    @Test(arguments: [
        "Add \\@salt, then",
        "Cost 5 @ 3, then",
        "Cut # 2, wait ~ 5, then",
        // An open brace: the reader warns (the name is then one word); typing is under way.
        "Add @salt{ and, then",
    ])
    func whatTheReaderReadsAsTextStaysText(typed: String) {
        let app = TypedBlockTests.cooklangEditor("")
        TypedBlockTests.typeSlowly(typed, into: app)
        #expect(app.text == typed)
        #expect(app.session.document.text.runs.allSatisfy { $0.ingredient == nil })
    }

    @Test func aWordWithAnAtSignInsideIsWhatTheReaderReads() {
        // cooklang-rs reads `me@example.com` as the ingredient "example" too.
        let app = TypedBlockTests.cooklangEditor("")
        TypedBlockTests.typeSlowly("Ask me@example.com,", into: app)
        #expect(Self.components(app) == "Ask me[@example].com,")
    }

    @Test func aNoteKeepsItsText() {
        let app = TypedBlockTests.cooklangEditor("")
        TypedBlockTests.typeSlowly("> Goes well with @rice.", into: app)
        #expect(TypedBlockTests.blocks(app) == ["> Goes well with @rice."])
        #expect(app.session.document.text.runs.allSatisfy { $0.ingredient == nil })
    }

    /// Typed one line after another, each as a cook writes it in a text
    /// editor: the file holds what was typed, read by the reader as
    /// components and comments (a comment before a component on the line
    /// changes nothing).
    @Test(arguments: [
        "Serve [- warm -] with @jam{}.",
        "Bake [- hot! -] at 220 °C in a #dutch oven{} for ~{40%minutes}.",
        "Add @salt -- to taste",
        // A typed timer before them on the line changes nothing (#18).
        "Wait ~{2%minutes} then add @basil{3%leaves}(torn).",
        "~{5%minutes} later add @garlic{2%cloves}(minced).",
        "Wait ~{2%minutes} then add @lemon{3}.",
        // A dash before a component needs no backslash (#30).
        "הוסיפו @סוכר{1%כוס} ו-@מלח.",
        "Add semi-@sweet chocolate{100%g} and a half-@lemon{1}.",
    ])
    func aLineIsWrittenAsTyped(line: String) {
        let app = TypedBlockTests.cooklangEditor("Add @lemon{1}(zested).")
        app.press(Key(.end, .control))
        app.press(Key(.enter))
        TypedBlockTests.typeSlowly(line, into: app)
        app.press(Key(.enter))
        #expect(Self.written(app).trimmingCharacters(in: .newlines) == "Add @lemon{1}(zested).\n\n" + line)
        // What the screen shows as components and comments is what the reader reads.
        func read(_ text: AttributedString) -> [String] {
            text.runs.filter { $0.comment == true || $0.ingredient != nil || $0.cookware != nil || $0.timer != nil }
                .map { String(text[$0.range].characters) }
        }
        #expect(read(CooklangFormat.parse(Self.written(app)).document.text) == read(app.session.document.text))
    }

    @Test func aTypedCommentIsAComment() {
        let app = TypedBlockTests.cooklangEditor("")
        TypedBlockTests.typeSlowly("Serve [- warm -] with @jam{}.", into: app)
        #expect(Self.components(app) == "Serve [- warm -] with [@jam].")
        let text = app.session.document.text
        #expect(text.runs.filter { $0.comment == true }.map { String(text[$0.range].characters) } == ["[- warm -]"])
    }

    /// A typed `>> key: value` line is metadata and a typed `-- …` line a
    /// comment, written as typed: the reader reads what the cook typed.
    @Test func metadataAndCommentLinesAreWrittenAsTyped() {
        let app = TypedBlockTests.cooklangEditor("")
        for line in [">> servings: 4", "Put @flour{200%g} in a #bowl{}.", "-- a comment"] {
            TypedBlockTests.typeSlowly(line, into: app)
            app.press(Key(.enter))
        }
        // No blank line after a metadata line (Enter adds none there); the reader needs none.
        #expect(Self.written(app).trimmingCharacters(in: .newlines) == ">> servings: 4\nPut @flour{200%g} in a #bowl{}.\n\n-- a comment")
        #expect(app.session.recipe.metadata.value(of: "servings") == "4")
        let reread = CooklangFormat.parse(Self.written(app))
        #expect(reread.metadata.value(of: "servings") == "4")
        #expect(String(app.session.document.text.characters).contains(">> servings: 4"))
    }

    @Test func markdownKeepsTheCharacters() {
        let app = editor("")
        TypedBlockTests.typeSlowly("Add @salt{1%tsp}.", into: app)
        #expect(app.text == "Add @salt{1%tsp}.")
    }
}
