import Foundation
import Recipes
@testable import RouxApp
import TerminalUI
import Testing

/// A prompt that opens with an answer shows it selected: what is typed
/// first replaces it, a move keeps it to edit (`LineEditor`).
@Suite("Pre-filled prompts")
struct PreFilledPromptTests {
    static let cook = ">> servings: 2\n\nAdd @flour{60%g} and @salt{1%tsp}.\n"

    /// The columns of the status row drawn reversed.
    static func reversedColumns(_ app: EditorController) -> [Int] {
        let grid = app.screen
        let row = app.height - app.bottomRows
        return (0 ..< grid.width).filter { grid[$0, row].style.reverse }
    }

    static func statusRow(_ app: EditorController) -> String {
        app.screen.line(app.height - app.bottomRows)
    }

    @Test func theServingsShowSelectedAndWhatIsTypedReplacesThem() throws {
        let (app, path, folder) = try RecipeDataTests.open(Self.cook, name: "pain.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(RecipeDataTests.altV)
        let label = "Serves (saved with the recipe): "
        #expect(Self.statusRow(app) == label + "2")
        #expect(Self.reversedColumns(app) == [label.count])
        app.type("3")
        #expect(app.prompt == .line(ServingsQuestion(), "3"))
        #expect(Self.reversedColumns(app).isEmpty)
        app.type([0x0D] + Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == Self.cook.replacingOccurrences(of: "servings: 2", with: "servings: 3"))
    }

    @Test func arrowsKeepThePreFilledServingsBackspaceClearsThem() throws {
        let cook = Self.cook.replacingOccurrences(of: "servings: 2", with: "servings: 12")
        let (app, _, folder) = try RecipeDataTests.open(cook, name: "pain.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(RecipeDataTests.altV + Keys.end + Array("0".utf8))
        #expect(app.prompt == .line(ServingsQuestion(), "120"))
        // Left goes to the selection's start, as in every dialog.
        app.type(Keys.escape + RecipeDataTests.altV + Keys.left + Array("1".utf8))
        #expect(app.prompt == .line(ServingsQuestion(), "112"))
        app.type(Keys.escape + RecipeDataTests.altV + [0x7F] + Array("5".utf8))
        #expect(app.prompt == .line(ServingsQuestion(), "5"))
        app.type(Keys.escape + RecipeDataTests.altV + Array("\u{1B}[3~".utf8) + Array("6".utf8))
        #expect(app.prompt == .line(ServingsQuestion(), "6"))
        app.type(Keys.escape)
        #expect(app.prompt == nil)
        #expect(app.session.recipe.servings == 12)
    }

    @Test func theIngredientFormsFieldsShowSelectedAndTypingReplacesThem() throws {
        let (app, path, folder) = try RecipeDataTests.open(Self.cook, name: "pain.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        // F6, Enter on flour: its quantity, 60, selected.
        app.type(RecipeDataTests.f6 + [0x0D])
        let label = "flour · [Quantity] unit note name (Tab next, Enter keeps): "
        #expect(Self.statusRow(app) == label + "60")
        #expect(Self.reversedColumns(app) == [label.count, label.count + 1])
        app.type("300")
        // Tab: the unit, selected too; Home keeps it and types before it.
        app.type(RecipeDataTests.tab)
        #expect(Self.reversedColumns(app) == [label.count])
        app.type(Keys.home + Array("k".utf8) + [0x0D])
        #expect(app.session.recipe.ingredients.first?.quantity == Quantity(amount: "300", unit: "kg"))
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == Self.cook.replacingOccurrences(of: "@flour{60%g}", with: "@flour{300%kg}"))
    }

    @Test func aPreFilledAnswerLongerThanTheRowScrollsWithItsSelection() throws {
        let name = "une-tres-longue-recette-de-chocolat-noir.md"
        let (wide, _, folder) = try RecipeDataTests.open("# Chocolat\n", name: name)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = EditorController(session: wide.session, width: 40, height: 12)
        app.type([0x1B, 0x73])
        #expect(app.prompt == .line(SaveAsQuestion(), name))
        // The end shows, the cursor after it on the last column; all of the name shown is reversed.
        #expect(Self.statusRow(app) == String(name.suffix(39)))
        #expect(Self.reversedColumns(app) == Array(0 ..< 39))
    }
}
