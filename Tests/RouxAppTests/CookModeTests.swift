import Foundation
import RecipeFormats
@testable import RouxApp
import TerminalUI
import Testing

/// Cook mode (F9) as whole screens: a step at a time, its ingredients
/// scaled and converted, its cookware and timers, the next step.
@Suite("Cook mode")
struct CookModeTests {
    static let pancakes = """
        >> title: Pancakes
        >> servings: 4

        Whisk @flour{1%cup} and @milk{250%ml} in a #bowl{} until smooth.

        Rest the batter ~{30%minutes}.

        Fry in a #pan{} at 350°F, 2 minutes a side.

        """
    static let f9 = Array("\u{1B}[20~".utf8)
    static let altM: [UInt8] = [0x1B, 0x6D]

    static func open(width: Int = 80, height: Int = 16) throws -> (EditorController, TestClock, URL) {
        let (app, _, folder) = try RecipeDataTests.open(Self.pancakes, name: "pancakes.cook")
        app.resize(width: width, height: height)
        app.session.units.environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        let clock = TestClock()
        app.useClock(clock)
        return (app, clock, folder)
    }

    static func screen(_ app: EditorController) -> [String] {
        let grid = app.screen
        return (0 ..< grid.height).map(grid.line)
    }

    @Test func theFirstStepLargeWithItsIngredientsAndCookware() throws {
        let (app, _, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f9)
        #expect(Self.screen(app) == [
            " Roux  Pancakes — pancakes.cook",
            " Step 1 of 3                                                      ✓ 0 of 3 done",
            "",
            "                                                      │ Ingredients",
            "                                                      │ 1 cup flour",
            "                                                      │ 250 ml milk",
            "     Whisk flour and milk in a bowl until smooth.     │",
            "                                                      │ Cookware",
            "                                                      │ bowl",
            "                                                      │",
            "                                                      │",
            "",
            "                        ● ○ ○",
            " Next: Rest the batter 30 minutes.",
            "cook mode  →/Space next · ← back · Enter done · t timer · Esc text",
            "^S Save  ^Q Quit  ^Z Undo  ^F Find  ^L Line  ^P Commands  F1 Help  ^E Ingredient",
        ])
    }

    @Test func spaceGoesToTheNextStepWhoseTimerTStarts() throws {
        let (app, clock, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f9 + Array(" ".utf8))
        #expect(Self.screen(app) == [
            " Roux  Pancakes — pancakes.cook",
            " Step 2 of 3                                                      ✓ 0 of 3 done",
            "",
            "                                                      │",
            "                                                      │",
            "             Rest the batter 30 minutes.              │",
            "                                                      │",
            "             ⏲ Rest · 30:00 · t starts it             │",
            "                                                      │",
            "                                                      │",
            "                                                      │",
            "",
            "                        ○ ● ○",
            " Next: Fry in a pan at 350°F, 2 minutes a side.",
            "cook mode",
            "^S Save  ^Q Quit  ^Z Undo  ^F Find  ^L Line  ^P Commands  F1 Help  ^E Ingredient",
        ])
        app.type("t")
        clock.advance(61)
        #expect(Self.screen(app) == [
            " Roux  Pancakes — pancakes.cook",
            " Step 2 of 3                                                      ✓ 0 of 3 done",
            "",
            "                                                      │",
            "                                                      │",
            "             Rest the batter 30 minutes.              │",
            "                                                      │",
            "             ⏲ Rest · 30:00 · 28:59 left              │",
            "                                                      │",
            "                                                      │",
            "                                                      │",
            "",
            "                        ○ ● ○",
            " Next: Fry in a pan at 350°F, 2 minutes a side.",
            "cook mode  started: Rest 30:00                                     ⏲ 28:59 Rest",
            "^S Save  ^Q Quit  ^Z Undo  ^F Find  ^L Line  ^P Commands  F1 Help  ^E Ingredient",
        ])
    }

    @Test func enterTicksTheStepDoneAndShowsTheNext() throws {
        let (app, _, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f9 + [0x0D] + Keys.left)
        #expect(Self.screen(app) == [
            " Roux  Pancakes — pancakes.cook",
            " Step 1 of 3                                                      ✓ 1 of 3 done",
            "",
            "                                                      │ Ingredients",
            "                                                      │ 1 cup flour",
            "                        ✓ done                        │ 250 ml milk",
            "                                                      │",
            "     Whisk flour and milk in a bowl until smooth.     │ Cookware",
            "                                                      │ bowl",
            "                                                      │",
            "                                                      │",
            "",
            "                        ✓ ○ ○",
            " Next: Rest the batter 30 minutes.",
            "cook mode",
            "^S Save  ^Q Quit  ^Z Undo  ^F Find  ^L Line  ^P Commands  F1 Help  ^E Ingredient",
        ])
    }

    @Test func theStepInMetricUnitsScaledForEight() throws {
        let (app, _, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.altM + [0x1B, 0x78] + Array("8\r".utf8))
        app.type(Self.f9 + Keys.end)
        #expect(Self.screen(app) == [
            " Roux  Pancakes — pancakes.cook",
            " Step 3 of 3                                                      ✓ 0 of 3 done",
            "",
            "                                                      │ Cookware",
            "                                                      │ pan",
            "       Fry in a pan at 180°C, 2 minutes a side.       │",
            "                                                      │",
            "              ⏲ Fry · 2:00 · t starts it              │",
            "                                                      │",
            "                                                      │",
            "                                                      │",
            "",
            "                        ○ ○ ●",
            " Last step",
            "cook mode",
            "^S Save  ^Q Quit  ^Z Undo  ^F Find  ^L Line  ^P Commands  F1 Help  ^E Ingredient",
        ])
        app.type(Keys.home)
        #expect(Self.screen(app) == [
            " Roux  Pancakes — pancakes.cook",
            " Step 1 of 3                                                      ✓ 0 of 3 done",
            "",
            "                                                      │ Ingredients",
            "                                                      │ 240 g flour",
            "                                                      │ 500 ml milk",
            "     Whisk flour and milk in a bowl until smooth.     │",
            "                                                      │ Cookware",
            "                                                      │ bowl",
            "                                                      │",
            "                                                      │",
            "",
            "                        ● ○ ○",
            " Next: Rest the batter 30 minutes.",
            "cook mode",
            "^S Save  ^Q Quit  ^Z Undo  ^F Find  ^L Line  ^P Commands  F1 Help  ^E Ingredient",
        ])
    }

    @Test func onANarrowTerminalTheIngredientsGoUnderTheStep() throws {
        let (app, _, folder) = try Self.open(width: 50, height: 20)
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f9)
        #expect(Self.screen(app) == [
            " Roux  Pancakes — pancakes.cook",
            " Step 1 of 3                        ✓ 0 of 3 done",
            "",
            "",
            "",
            "   Whisk flour and milk in a bowl until smooth.",
            "",
            "  Ingredients",
            "  1 cup flour",
            "  250 ml milk",
            "",
            "  Cookware",
            "  bowl",
            "",
            "",
            "",
            "                      ● ○ ○",
            " Next: Rest the batter 30 minutes.",
            "cook mode  →/Space next · ← back · Enter done · t",
            "timer · Esc text",
        ])
    }


    /// A step that says "ingredients" is a step like any other (it was
    /// taken for an ingredient list's label, and the milk was never added).
    @Test func aStepThatSaysIngredientsIsShown() throws {
        let (app, _, folder) = try RecipeDataTests.open("Crack @eggs{2}.\n\nMix all the ingredients with @milk{1%cup}.\n\nBake @bread.\n",
                                                        name: "mix.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.resize(width: 80, height: 16)
        app.type(Self.f9 + Keys.right)
        #expect(Self.screen(app) == [
            " Roux  mix.cook",
            " Step 2 of 3                                                      ✓ 0 of 3 done",
            "",
            "                                                      │ Ingredients",
            "                                                      │ 1 cup milk",
            "                                                      │",
            "          Mix all the ingredients with milk.          │",
            "                                                      │",
            "                                                      │",
            "                                                      │",
            "                                                      │",
            "",
            "                        ○ ● ○",
            " Next: Bake bread.",
            "cook mode",
            "^S Save  ^Q Quit  ^Z Undo  ^F Find  ^L Line  ^P Commands  F1 Help  ^E Ingredient",
        ])
    }

    @Test func escGoesBackToTheTextAtTheStepShown() throws {
        let (app, _, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f9 + Array("  ".utf8) + Keys.escape)
        #expect(app.focus == .editor)
        let fry = try #require(app.text.range(of: "Fry"))
        #expect(app.session.caret.offset == app.text.utf8.distance(from: app.text.startIndex, to: fry.lowerBound))
        #expect(!app.isShown(.cook), "the text again")
    }

    @Test func aTimerThatEndsShowsItsStep() throws {
        let (app, clock, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f9 + Array(" t".utf8) + Keys.left)
        clock.advance(1_800)
        #expect(app.advanceTimers())
        // Back on the step it belongs to, which says it is done, as the status line does.
        #expect(Self.screen(app) == [
            " Roux  Pancakes — pancakes.cook",
            " Step 2 of 3                                                      ✓ 0 of 3 done",
            "",
            "                                                      │",
            "                                                      │",
            "             Rest the batter 30 minutes.              │",
            "                                                      │",
            "                ⏲ Rest · 30:00 · done                 │",
            "                                                      │",
            "                                                      │",
            "                                                      │",
            "",
            "                        ○ ● ○",
            " Next: Fry in a pan at 350°F, 2 minutes a side.",
            "cook mode  ⏲ Rest is done (step 2: Rest the batter 30 minutes.)     ⏲ Rest done",
            "^S Save  ^Q Quit  ^Z Undo  ^F Find  ^L Line  ^P Commands  F1 Help  ^E Ingredient",
        ])
    }
}
