import Foundation
import RecipeFormats
import RouxTestSupport
import Testing

/// A recipe written from scratch in an empty folder, as a cook types it: a
/// title, the servings, an ingredient list, numbered steps, a tip in a
/// quote, marks. Saved and opened again it shows the same screen, and
/// `cmark-gfm` (GitHub's CommonMark) renders the same blocks.
@Suite("A recipe written from scratch (tmux)", .serialized)
struct TmuxRecipeFromScratchTests {
    typealias Terminal = TmuxEndToEndTests.Terminal

    /// The text pane's rows (left of the inspector), trailing blanks removed.
    static func textRows(_ screen: Terminal) throws -> [String] {
        // Without the title bar, the status line, the key bar and the empty string after the last newline.
        try screen.screen().dropFirst().dropLast(3).map { row in
            let text = row.split(separator: "│", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? row
            return text.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        }
    }

    @Test func aRecipeTypedInAnEmptyFolderReadsTheSameReopenedAndInCommonMark() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-scratch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/gateau-au-yaourt.md"
        let screen = try Terminal(command: "\(TmuxEndToEndTests.binary) \(path)")
        #expect(try screen.waitFor("new recipe"))

        // The title, a heading.
        try screen.typeText("Gâteau au yaourt")
        try screen.keys("M-h")
        try screen.keys("Enter")
        // The servings, from their prompt.
        try screen.keys("M-v")
        #expect(try screen.waitFor("Serves"))
        try screen.keys("C-u")
        try screen.typeText("6")
        try screen.keys("Enter")
        // The ingredients, a bullet list: Enter continues it, Enter on the empty item ends it.
        try screen.typeText("Ingrédients")
        try screen.keys("M-h", "M-h")
        try screen.keys("Enter")
        try screen.typeText("- 1 pot de yaourt")
        try screen.keys("Enter")
        try screen.typeText("3 œufs")
        try screen.keys("Enter")
        try screen.typeText("200 g de farine")
        try screen.keys("Enter", "Enter")
        // The steps, numbered.
        try screen.typeText("1. Mélanger le yaourt et les œufs.")
        try screen.keys("Enter")
        try screen.typeText("Ajouter la farine.")
        try screen.keys("Enter")
        try screen.typeText("Cuire 35 minutes à 180 °C.")
        try screen.keys("Enter", "Enter")
        // A tip, quoted, over two paragraphs.
        try screen.typeText("> Le pot de yaourt sert de mesure.")
        try screen.keys("Enter")
        try screen.typeText("Piquer le gâteau pour vérifier la cuisson.")
        try screen.keys("Enter", "Enter")
        try screen.typeText("Bon appétit.")
        // Marks: the ingredients, with Ctrl-E on a found word.
        for word in ["yaourt", "farine"] {
            try screen.keys("C-f")
            try screen.typeText(word)
            try screen.keys("Enter", "C-e")
            #expect(try screen.waitFor("[ ] \(word)"), "\(word) is not marked")
        }
        let typed = try Self.textRows(screen)
        try screen.keys("C-s")
        #expect(try screen.waitFor("saved"))
        try screen.quitWithoutSaving()

        let file = try String(contentsOfFile: path, encoding: .utf8)
        let reopened = try Terminal(command: "\(TmuxEndToEndTests.binary) \(path)")
        #expect(try reopened.waitFor("Gâteau au yaourt"))
        // Marked from its list item, farine kept the item's quantity.
        #expect(try reopened.waitFor("[ ] farine 200 g"))
        let shownAgain = try Self.textRows(reopened)
        #expect(shownAgain == typed, "typed:\n\(typed.joined(separator: "\n"))\nreopened:\n\(shownAgain.joined(separator: "\n"))")
        try reopened.quitWithoutSaving()

        #expect(file.contains("servings: 6"), "file:\n\(file)")
        let shown = RenderedBlock.paragraphs(of: MarkdownRecipeFormat.parse(file).document.text)
        let rendered = try CommonMarkReference.blocks(of: file)
        #expect(rendered == shown, "file:\n\(file)")
        #expect(rendered.first == RenderedBlock(kind: "heading", level: 1, text: "Gâteau au yaourt"))
        #expect(rendered.contains { $0.text == "Ajouter la farine." }, "file:\n\(file)")
    }

    /// The editor opened on a folder without recipes: the first recipe's
    /// name is asked at its first save, from its title, as Ctrl-N's is.
    @Test func theFirstRecipeOfAnEmptyFolderIsNamedFromItsTitle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-first-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = try Terminal(command: "\(TmuxEndToEndTests.binary) \(folder)")
        #expect(try screen.waitFor("new recipe: Ctrl-S asks for its name"))
        try screen.typeText("Tomato soup")
        try screen.keys("M-h")
        try screen.keys("C-s")
        #expect(try screen.waitFor("tomato-soup.md"))
        try screen.keys("Enter")
        #expect(try screen.waitFor("saved"))
        try screen.quitWithoutSaving()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") } == ["tomato-soup.md"])
        #expect(try String(contentsOfFile: folder + "/tomato-soup.md", encoding: .utf8) == "# Tomato soup\n")
    }
}
