import Foundation
import PropertyBased
import RecipeFormats
import RecipeStorage
import Recipes
import RichText
import RouxApp
import RouxTestSupport
import TerminalUI
import Testing

/// What the panes show is kept up to date per edit by the session's one
/// index (`RecipeIndex`); whatever the user does, each fact must be what
/// working it out from the whole text gives.
@Suite("The recipe's index")
struct RecipeIndexTests {
    static let keys: [[UInt8]] = [
        Array("beurre ".utf8), Array("sel".utf8), [0x0D], [0x7F], Array("\u{1B}[3~".utf8), Array("\u{1B}[C".utf8),
        Array("\u{1B}[D".utf8), Array("\u{1B}[A".utf8), Array("\u{1B}[B".utf8), Array("\u{1B}[1;2C".utf8),
        Array("\u{1B}[1;2B".utf8), Array("\u{1B}[1;2A".utf8), Keys.control("e"), [0x1B, 0x68], Keys.control("z"),
        Keys.control("y"), Keys.control("b"), Array("\u{1B}[1;5F".utf8), Array("\u{1B}[1;5H".utf8), Array("# ".utf8),
        Keys.control("a"), Array("x".utf8),
    ]

    static let markdown = "# Croissants\nDu ^[beurre](ingredient: \"beurre\", quantity: \"250 g\") et du sel.\n\n## Pâte\n"
        + (0 ..< 12).map { "Ligne \($0) : ^[beurre](ingredient: \"beurre\"), farine, sel.\n" }.joined()
    static let cooklang = "Mettre @beurre{250%g} dans un #poêlon{} et cuire ~{10%minutes}.\n\n== Pâte ==\n"
        + (0 ..< 12).map { "Ligne \($0) : @sel{1%pincée}, #bol{}, farine ~repos{5%min}.\n" }.joined()

    static func app(_ contents: String, name: String) throws -> EditorController {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-index-\(UUID().uuidString)-\(name)").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        return EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 90, height: 20)
    }

    /// The facts as the session gives them, and as the whole text gives them.
    static func mismatch(_ session: EditorSession) -> String? {
        let recipe = session.recipe
        if session.heading != Recipe.firstHeading(in: recipe.document.text)?.text {
            return "heading \(session.heading ?? "nil")"
        }
        if session.occurrenceCounts != recipe.occurrenceCounts { return "counts \(session.occurrenceCounts) ≠ \(recipe.occurrenceCounts)" }
        if session.equipment != recipe.equipment { return "equipment \(session.equipment) ≠ \(recipe.equipment)" }
        for ingredient in recipe.ingredients {
            let fresh = Recipe.shownQuantity(listed: ingredient.quantity, onMarks: recipe.markQuantities[ingredient.id] ?? [])
            if session.shownQuantity(of: ingredient) != fresh { return "quantity of \(ingredient.name)" }
        }
        let suggestion = session.shownSuggestion
        if suggestion?.suggestion.name != recipe.suggestion?.name { return "suggestion" }
        return nil
    }

    @Test(arguments: [("croissants.md", markdown), ("croissants.cook", cooklang)])
    func everyFactIsWhatTheWholeTextGives(name: String, contents: String) async throws {
        let input = Gen.int(in: 0 ..< Self.keys.count).array(of: 1 ... 40)
        await propertyCheck(count: PropertyCases.scaled(40), input: input) { codes in
            guard let app = try? Self.app(contents, name: name) else {
                Issue.record("the recipe did not open")
                return
            }
            for (step, code) in codes.enumerated() {
                app.type(Self.keys[code])
                if app.prompt != nil || app.colorMenu != nil { app.type(Keys.escape) }
                // Asked every other key, as a frame drawn now and then would.
                guard step % 2 == 1 || step == codes.count - 1 else { continue }
                let problem = Self.mismatch(app.session)
                #expect(problem == nil, "after \(step + 1) keys")
                if problem != nil { return }
            }
        }
    }

    /// Found by the property above: Ctrl-E over text that already carries a
    /// quantity (here "min" of a Cooklang timer's `{5%min}`, selected with the
    /// line after it) gives that quantity to the new ingredient, which the
    /// inspector must show.
    @Test func markingTextThatCarriesAQuantityShowsIt() throws {
        let app = try Self.app(Self.cooklang, name: "croissants.cook")
        for code in [0, 0, 17, 0, 0, 0, 3, 3, 0, 7, 4, 3, 12] {
            app.type(Self.keys[code])
            if app.prompt != nil || app.colorMenu != nil { app.type(Keys.escape) }
            #expect(Self.mismatch(app.session) == nil)
        }
        let marked = try #require(app.session.recipe.ingredients.first { $0.name == "minLigne" })
        #expect(app.session.shownQuantity(of: marked)?.description == "5 min")
    }

    /// Found by the property above: an empty level-1 heading stood first
    /// (Alt-H on an empty line), a heading with text after it; typing over
    /// a selection that took the empty one away left the other first.
    @Test func aHeadingLeftFirstByAnEditIsTheTitle() throws {
        let app = try Self.app(Self.cooklang, name: "croissants.cook")
        for code in [17, 2, 13, 0, 7, 13, 11, 0] {
            app.type(Self.keys[code])
            #expect(Self.mismatch(app.session) == nil)
        }
        #expect(app.session.heading == "beurre")
    }

    /// Loading a large file a slice at a time keeps the facts asked for
    /// up to date, so a keystroke then does not re-read what loaded since.
    @Test func factsFollowEachSliceOfALoad() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-index-\(UUID().uuidString).md").path
        defer { unlink(path) }
        var book = String(repeating: "Une ligne avec du ^[beurre](ingredient: \"beurre\") et assez de texte pour remplir.\n", count: 60_000)
        book += "# Titre tardif\n"
        try book.write(toFile: path, atomically: true, encoding: .utf8)
        let session = EditorSession(opened: try RecipeFiles.open(path: path, progressively: true))
        #expect(session.isLoading)
        #expect(session.heading == nil)
        _ = session.occurrenceCounts
        var slices = 0
        while session.isLoading {
            session.loadMore()
            slices += 1
        }
        #expect(slices > 1)
        #expect(session.occurrenceCounts == session.recipe.occurrenceCounts)
        #expect(session.heading == "Titre tardif")
        #expect(session.occurrenceCounts == [IngredientID("beurre"): 60_000])
    }
}
