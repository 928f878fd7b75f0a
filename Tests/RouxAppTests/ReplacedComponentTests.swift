import Foundation
import RouxApp
import TerminalUI
import Testing

/// A Cooklang component whose whole name is replaced (typed over when
/// selected, or by Ctrl-R) stays the component with its quantity: the
/// file never loses `{500%g}` to an edit of the name.
@Suite("Replacing a component's name")
struct ReplacedComponentTests {
    @Test func replaceKeepsTheComponentAndItsQuantity() throws {
        let cook = ">> servings: 2\n\nMix @flour{500%g} and @water{300%ml}, knead ~{10%minutes}.\n"
        let (app, path, folder) = try RecipeDataTests.open(cook, name: "bread.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(ReplaceTests.replace + Array("flour\rspelt flour\ra".utf8))
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == ">> servings: 2\n\nMix @spelt flour{500%g} and @water{300%ml}, knead ~{10%minutes}.\n")
        #expect(app.session.recipe.ingredients.map(\.name) == ["spelt flour", "water"])
        app.type(Keys.control("z"))
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == cook)
        #expect(app.session.recipe.ingredients.map(\.name) == ["flour", "water"])
    }

    @Test func typingOverASelectedOneWordNameRenamesIt() throws {
        let cook = "Mix @flour{500%g} and @olive oil{2%tbsp} well.\n"
        let (app, path, folder) = try RecipeDataTests.open(cook, name: "mix.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("flour\r".utf8))
        let text = app.session.document.text
        #expect(app.session.document.selection.ranges.map { String(text.characters[$0.bounds]) } == ["flour"])
        for letter in "rye" { app.type(String(letter)) }
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == "Mix @rye{500%g} and @olive oil{2%tbsp} well.\n")
        #expect(app.session.recipe.ingredients.map(\.name) == ["rye", "olive oil"])
    }

    /// Deleting the selected name still deletes the component: nothing is
    /// left to carry it.
    @Test func deletingASelectedNameDeletesTheComponent() throws {
        let (app, path, folder) = try RecipeDataTests.open("Mix @flour{500%g} well.\n", name: "mix.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("flour\r".utf8))
        app.type([0x7F])
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == "Mix  well.\n")
    }
}

/// Cookware and timers are components too: a name or a duration changed by
/// Ctrl-R or typed over stays the component (`#pot{}` replaced by `large
/// saucepan` is `#large saucepan{}`, `~{20%minutes}` typed over is
/// `~{35%minutes}`), never plain text that leaves the file and the inspector.
@Suite("Replacing cookware and timers")
struct ReplacedCookwareAndTimerTests {
    static let soup = "Melt @butter{30%g} in a #pot{}, add @leeks{3}(sliced).\n\nSimmer ~{20%minutes}.\n"

    @Test func replaceRenamesCookwareAndChangesATimersDuration() throws {
        let (app, path, folder) = try RecipeDataTests.open(Self.soup, name: "soup.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(ReplaceTests.replace + Array("pot\rlarge saucepan\ra".utf8))
        app.type(ReplaceTests.replace + Array("20\r25\ra".utf8))
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path)
            == "Melt @butter{30%g} in a #large saucepan{}, add @leeks{3}(sliced).\n\nSimmer ~{25%minutes}.\n")
        #expect(app.session.equipment.cookware == ["large saucepan"])
        #expect(app.session.equipment.timers == ["25 minutes"])
        #expect(app.inspectorLines.contains { $0.contains("large saucepan") })
        #expect(app.inspectorLines.contains { $0.contains("25 minutes") })
        app.type(Keys.control("z"))
        app.type(Keys.control("z"))
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == Self.soup)
    }

    @Test func typingOverASelectedWordKeepsCookwareAndTimers() throws {
        let (app, path, folder) = try RecipeDataTests.open(Self.soup, name: "soup.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("pot\r".utf8))
        for letter in "pan" { app.type(String(letter)) }
        app.type(Keys.control("f") + Array("20\r".utf8))
        for digit in "35" { app.type(String(digit)) }
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path)
            == "Melt @butter{30%g} in a #pan{}, add @leeks{3}(sliced).\n\nSimmer ~{35%minutes}.\n")
        #expect(app.inspectorLines.contains { $0.contains("pan") })
        #expect(app.inspectorLines.contains { $0.contains("35 minutes") })
        // The unit typed over is the timer's new unit.
        app.type(Keys.control("f") + Array("minutes\r".utf8))
        for letter in "hours" { app.type(String(letter)) }
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path)
            == "Melt @butter{30%g} in a #pan{}, add @leeks{3}(sliced).\n\nSimmer ~{35%hours}.\n")
    }

    /// A named timer keeps its name; a timer shown by its name alone is renamed.
    @Test func aNamedTimerKeepsItsNameWhenItsDurationChanges() throws {
        let cook = "Let it ~rise{1%hour}, then ~rest.\n"
        let (app, path, folder) = try RecipeDataTests.open(cook, name: "dough.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(ReplaceTests.replace + Array("1 hour\r2 hours\ra".utf8))
        app.type(ReplaceTests.replace + Array("rest\rsleep\ra".utf8))
        app.type(Keys.control("s"))
        // A component written anew may take braces a one-word name does not need.
        #expect(try RecipeDataTests.contents(path) == "Let it ~rise{2%hours}, then ~sleep{}.\n")
    }
}
