import Foundation
import RichText
import RouxApp
import TerminalUI
import Testing

/// Replace (Ctrl-R): the text, the replacement, then y/n/a/Esc for each match.
@Suite("Replace")
struct ReplaceTests {
    static let replace = Keys.control("r")

    /// (text with selection markup, keys after Ctrl-R, expected text with selection markup)
    @Test(arguments: [
        // y on each, from the caret on, then round from the top; the last one replaced stays selected.
        ("sel, |Sel et SEL.", "sel\rpoivre\ryyy", "[poivre|], poivre et poivre."),
        // n skips one; a replaces all the rest.
        ("|beurre, beurre, beurre", "beurre\rhuile\rna", "beurre, huile, [huile|]"),
        // Esc stops: what was replaced stays (and the last replacement is selected).
        ("|a a a", "a\rb\ry\u{1B}", "[b|] a a"),
        // A replacement holding the text is not replaced again.
        ("|ab ab", "ab\rabab\ra", "abab [abab|]"),
        // Right-to-left text: the match is found where it is stored.
        ("|מלח and salt, מלח", "מלח\rsel\ra", "sel and salt, [sel|]"),
    ])
    func replacesAsAnswered(start: String, keys: String, expected: String) throws {
        let app = try editor(markup: start)
        app.type(Self.replace + Array(keys.utf8))
        #expect(app.markup == expected)
        #expect(app.prompt == nil)
    }

    @Test func oneUndoTakesBackTheWholeReplacement() throws {
        let app = try editor(markup: "|sel, sel, sel et sel.")
        app.type(Self.replace + Array("sel\rpoivre\ryna".utf8))
        #expect(app.text == "poivre, sel, poivre et poivre.")
        #expect(app.message?.contains("3 replacements of 4 matches") == true)
        app.type(Keys.control("z"))
        #expect(app.text == "sel, sel, sel et sel.")
        app.type(Keys.control("y"))
        #expect(app.text == "poivre, sel, poivre et poivre.")
    }

    @Test func eachMatchIsAskedAboutWithItsNumberAndShownSelected() throws {
        let app = try editor(markup: "|lait, eau, lait.")
        app.type(Self.replace + Array("LAIT\rcrème\r".utf8))
        #expect(app.screen.allText.contains("Replace this one (1 of 2)? y replace · n skip · a all the rest · Esc stop"))
        #expect(app.markup == "[lait|], eau, lait.")
        app.type("n")
        #expect(app.screen.allText.contains("(2 of 2)"))
        #expect(app.markup == "lait, eau, [lait|].")
    }

    @Test func nothingToReplaceSaysSoAndAnEmptySearchIsRefused() throws {
        let app = try editor(markup: "|farine")
        app.type(Self.replace + Array("sucre\rmiel\r".utf8))
        #expect(app.message == "\"sucre\" not found")
        #expect(app.text == "farine")
        let fresh = try editor(markup: "|farine")
        fresh.type(Self.replace + [0x0D])
        #expect(fresh.screen.allText.contains("type the text to replace"))
    }

    @Test func theSearchIsRememberedForFind() throws {
        let app = try editor(markup: "|cumin, cumin")
        app.type(Self.replace + Array("cumin\rcarvi\r\u{1B}".utf8))
        #expect(app.markup == "[cumin|], cumin")
        app.type("\u{1B}OR") // F3: the next match of the last search
        #expect(app.message == "2 of 2")
    }

    /// More answers typed than there are matches: the extra ones are not typed into the recipe.
    @Test func answersTypedAheadPastTheLastMatchAreDropped() throws {
        let app = try editor(markup: "|sel et sel")
        app.type(Self.replace + Array("sel\rpoivre\ryyyyy".utf8))
        #expect(app.text == "poivre et poivre")
        #expect(app.prompt == nil)
    }
}
