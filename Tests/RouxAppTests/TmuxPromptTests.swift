import Foundation
import Testing

/// Prompts in a real terminal (tmux): a new recipe named from its title,
/// the offer drawn selected, and Tab listing the names that match.
@Suite("Prompts in a real terminal (tmux)", .serialized)
struct TmuxPromptTests {
    typealias Terminal = TmuxEndToEndTests.Terminal

    @Test func aNewRecipeIsNamedFromItsTitleAndTabListsTheNamesThatMatch() throws {
        let folder = try TmuxEverydayTests.folder()
        for name in ["tarte.md", "tartelettes.md"] {
            try "# Tarte\n".write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        let screen = try Terminal(command: "\(TmuxEndToEndTests.binary) \(folder)")
        #expect(try screen.waitFor("Recipes"))
        try screen.keys("C-n")
        #expect(try screen.waitFor("Ctrl-S asks for its name"))
        try screen.typeText("Chocolate mousse")
        try screen.keys("M-h")
        try screen.keys("C-s")
        #expect(try screen.waitFor("Save as (Tab completes): chocolate-mousse.md"))
        // Drawn selected: reversed from its first letter to its last.
        #expect(try screen.screen(colors: true).contains { $0.contains("\u{1B}[7mchocolate-mousse.md\u{1B}[") })
        try screen.keys("Enter")
        #expect(try screen.waitFor("saved"))
        #expect(try String(contentsOfFile: folder + "/chocolate-mousse.md", encoding: .utf8) == "# Chocolate mousse\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/untitled.md"))
        try screen.keys("C-o")
        try screen.typeText("tar")
        try screen.keys("Tab")
        #expect(try screen.waitFor("tarte.md  tartelettes.md"))
        #expect(try screen.waitFor("Open (Tab completes): tarte"))
        try screen.keys("Escape")
        try screen.quitWithoutSaving()
    }
}
