import Foundation
import RecipeFormats
@testable import RouxApp
import TerminalUI
import RouxTestSupport
import Testing

/// A Markdown recipe typed the way a new user types it (title, intro,
/// "Ingredients" list, numbered steps, a tip after them), saved as
/// Cooklang with Alt-S and cooked with F9.
@Suite("A typed recipe saved as Cooklang and cooked")
struct ConvertedRecipeTests {
    static let pancakes = TypedPancakes.markdown

    static let f9 = Array("\u{1B}[20~".utf8)

    static func screen(_ app: EditorController) -> [String] {
        (0 ..< app.screen.height).map(app.screen.line)
    }

    /// #23: after Alt-S to a .cook, the screen shows what the file holds
    /// (no bullets, numbers or bold it lost), converted as `roux import`
    /// converts: the ingredients marked, each step a paragraph of its own.
    @Test func saveAsCooklangShowsTheFileItWrote() throws {
        let (app, _, folder) = try RecipeDataTests.open(Self.pancakes, name: "pan.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cook = folder.appendingPathComponent("pan.cook").path
        app.type([0x1B] + Array("s".utf8))
        app.type(Array("pan.cook".utf8) + [0x0D])
        #expect(app.session.path == cook)
        #expect(app.session.format == .cooklang)
        let written = try String(contentsOfFile: cook, encoding: .utf8)
        #expect(written.contains("== Ingredients ==\n@flour{200%g}\n@milk{1 1/2%cups}\n@eggs{2}\n@salt{1%pinch}\n"), "\(written)")
        #expect(written.contains("Whisk the @flour and @salt in a bowl.\n\nBeat in the @eggs and @milk until smooth.\n\n"), "\(written)")
        #expect(written.hasPrefix("---\ntitle: Grandma's Pancakes\n---\n"), "\(written)")
        // The open recipe is the file, read again.
        #expect(app.session.recipe == (try RecipeFiles.open(path: cook)).recipe)
        #expect(!app.session.isModified)
        let shown = Self.screen(app)
        #expect(shown.contains { $0.hasPrefix("Fluffy pancakes for a lazy Sunday, best with maple syrup.") }, "\(shown)")
        #expect(!shown.contains { $0.contains("•") || $0.contains("1. Whisk") }, "\(shown)")
        #expect(shown.contains { $0.hasPrefix("Beat in the eggs and milk until smooth.") }, "\(shown)")
        #expect(shown[app.height - 2].contains("saved as Cooklang; shown as the file reads now (it cannot hold bold, italic)"),
                "\(shown[app.height - 2])")
    }

    /// #7: cook mode starts at the first step (the intro describes the
    /// dish), and the tip after the last step is shown with it.
    @Test func cookModeShowsTheTipWithTheStepItFollows() throws {
        let (app, _, folder) = try RecipeDataTests.open(Self.pancakes, name: "pan.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.resize(width: 80, height: 16)
        #expect(app.session.cookSteps().map(\.text) == [
            "Whisk the flour and salt in a bowl.", "Beat in the eggs and milk until smooth.",
            "Fry in a hot pan for 2 minutes per side.\nTip: let the batter rest 10 minutes.",
        ])
        app.type(Self.f9)
        app.type(Array("\u{1B}[C\u{1B}[C".utf8))
        let shown = Self.screen(app)
        #expect(shown[1].hasPrefix(" Step 3 of 3"), "\(shown)")
        #expect(shown.contains { $0.contains("Fry in a hot pan for 2 minutes per side.") }, "\(shown)")
        #expect(shown.contains { $0.contains("Tip: let the batter rest 10 minutes.") }, "\(shown)")
    }
}
