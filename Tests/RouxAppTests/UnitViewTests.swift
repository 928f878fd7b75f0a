import Foundation
import Recipes
@testable import RouxApp
import Testing

/// Alt-M shows the recipe in metric or US units and "Apply the units"
/// writes them as one undo step; Alt-X scales by what is at hand.
@Suite("Units in the editor")
struct UnitViewTests {
    static let cook = """
        >> servings: 4

        Mix @flour{1%cup} and @milk{250%ml}. Bake at 350°F for 20 minutes.

        """
    static let altM: [UInt8] = [0x1B, 0x6D]

    /// The recipe open with a configuration folder of its own (no user densities).
    static func open() throws -> (EditorController, path: String, folder: URL) {
        let (app, path, folder) = try RecipeDataTests.open(Self.cook, name: "pancakes.cook")
        app.session.units.environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        return (app, path, folder)
    }

    /// The inspector's ingredient rows and its "In the text" section, as drawn.
    static func inspector(_ app: EditorController) -> [String] {
        app.inspectorLines
    }

    @Test func altMCyclesTheViewAndTheFileKeepsItsUnits() throws {
        let (app, path, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.altM)
        #expect(Array(Self.inspector(app).prefix(7)) == [
            "Ingredients (2) | marks", "Serves 4 · metric", "[ ] flour 120 g | 1", "[ ] milk 250 ml | 1", "In the text", "350°F → 180°C", "Suggestion",
        ])
        #expect(app.message?.hasPrefix("quantities and temperatures shown in metric units; the file keeps its own") == true)
        app.type(Self.altM)
        #expect(Array(Self.inspector(app).prefix(5)) == ["Ingredients (2) | marks", "Serves 4 · US", "[ ] flour 1 cup | 1", "[ ] milk 1 cup | 1", "Suggestion"])
        app.type(Self.altM)
        #expect(Array(Self.inspector(app).prefix(5)) == ["Ingredients (2) | marks", "Serves 4", "[ ] flour 1 cup | 1", "[ ] milk 250 ml | 1", "Suggestion"])
        #expect(!app.session.isModified)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.cook)
    }

    @Test func applyingTheUnitsIsOneUndoStep() throws {
        let (app, path, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("p") + Array("apply the units\r".utf8))
        #expect(app.message == "no units to apply: Alt-M shows the recipe in metric or US units")
        app.type(Self.altM + Keys.control("p") + Array("apply the units\r".utf8) + Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == """
            >> servings: 4

            Mix @flour{120%g} and @milk{250%ml}. Bake at 180°C for 20 minutes.

            """)
        #expect(app.session.units.system == nil, "the view is as written again: the file holds the units")
        app.type(Keys.control("z") + Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.cook)
    }

    @Test func altXScalesByWhatIsAtHand() throws {
        let (app, _, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(RecipeDataTests.altX + Array("flour=240g\r".utf8))
        #expect(Array(Self.inspector(app).prefix(4)) == ["Ingredients (2) | marks", "Serves 8 (×2 of 4)", "[ ] flour 2 cups | 1", "[ ] milk 500 ml | 1"])
        #expect(app.message == "flour 240 g: ×2: serves 8 instead of 4; the file keeps its own (Ctrl-P \"Apply the scale\" writes them)")
        app.type(RecipeDataTests.altX + Array("milk=1 lb\r".utf8))
        // The prompt stays, with what is wrong beside the answer.
        #expect(app.screen.allText.contains("milk=1 lb  — milk: the recipe gives 250 ml"))
        #expect(abs(app.session.viewScale - 2) < 1e-9, "a refused answer leaves the scale as it was")
    }
}
