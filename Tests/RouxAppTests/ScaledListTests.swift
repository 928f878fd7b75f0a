import Foundation
import Recipes
@testable import RouxApp
import Testing

/// A Markdown recipe whose quantities are written in its ingredient list
/// ("- 200 g flour"), nothing marked: the scale shown (Alt-X) shows those
/// quantities scaled in the text, and "Apply the scale" writes them with
/// the servings, as one undo step.
@Suite("Scaling the quantities a list writes")
struct ScaledListTests {
    static let markdown = """
        ---
        servings: 4
        ---
        # Pancakes

        ## Ingredients

        - 200 g flour
        - 1 1/2 cups milk
        - 1 cup (240 ml) cream
        - 2 large eggs
        - a pinch of salt

        ## Steps

        1. Bake at 180 °C with 100 g of the flour first.

        """

    /// The text pane's rows holding list items, trailing blanks removed.
    static func items(_ app: EditorController) -> [String] {
        app.screen.lines.compactMap { row in
            let cells = row.split(separator: "│").first.map(String.init) ?? row
            let text = cells.trimmingCharacters(in: .whitespaces)
            return text.hasPrefix("•") ? text : nil
        }
    }

    @Test func theScaleShownShowsTheListScaledAndTheFileKeepsItsOwn() throws {
        let (app, path, folder) = try RecipeDataTests.open(Self.markdown, name: "pancakes.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(RecipeDataTests.altX + Array("8\r".utf8))
        #expect(Self.items(app) == ["• 400 g flour", "• 3 cups milk", "• 2 cups (480 ml) cream", "• 4 large eggs", "• a pinch of salt"])
        // A temperature or an amount in a step is not scaled.
        #expect(app.screen.allText.contains("Bake at 180 °C with 100 g of the flour first."))
        #expect(!app.session.isModified)
        app.type(Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == Self.markdown)
    }

    @Test func applyingTheScaleWritesTheListAndTheServingsInOneUndoStep() throws {
        let (app, path, folder) = try RecipeDataTests.open(Self.markdown, name: "pancakes.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(RecipeDataTests.altX + Array("x2\r".utf8))
        app.type(Keys.control("p") + Array("apply the scale\r".utf8) + Keys.control("s"))
        let scaled = Self.markdown.replacingOccurrences(of: "servings: 4", with: "servings: 8")
            .replacingOccurrences(of: "- 200 g flour", with: "- 400 g flour")
            .replacingOccurrences(of: "- 1 1/2 cups milk", with: "- 3 cups milk")
            .replacingOccurrences(of: "- 1 cup (240 ml) cream", with: "- 2 cups (480 ml) cream")
            .replacingOccurrences(of: "- 2 large eggs", with: "- 4 large eggs")
        #expect(try RecipeDataTests.contents(path) == scaled)
        // What the file now says is what is shown: no scale left on top.
        #expect(Self.items(app) == ["• 400 g flour", "• 3 cups milk", "• 2 cups (480 ml) cream", "• 4 large eggs", "• a pinch of salt"])
        app.type(Keys.control("z") + Keys.control("s"))
        #expect(try RecipeDataTests.contents(path) == Self.markdown)
    }

    @Test func theUnitsAndTheScaleShowTogether() throws {
        let (app, _, folder) = try RecipeDataTests.open(Self.markdown, name: "pancakes.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.session.units.environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        app.type(RecipeDataTests.altX + Array("x2\r".utf8) + UnitViewTests.altM + UnitViewTests.altM)
        let items = Self.items(app)
        // 400 g, not 200 g, in US units: by volume, as the densities give flour.
        #expect(items == ["• 3 1/3 cups flour", "• 3 cups milk", "• 2 cups (480 ml) cream", "• 4 large eggs", "• a pinch of salt"])
        #expect(items.contains("• 4 large eggs"))
    }
}
