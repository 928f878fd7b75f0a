import Foundation
import Testing

/// The recipe's details in a real terminal (tmux): a front matter that does
/// not parse fixed in Roux, a detail added, saved as the file writes them.
@Suite("Recipe details in a real terminal (tmux)", .serialized)
struct TmuxDetailsTests {
    typealias Terminal = TmuxEndToEndTests.Terminal

    @Test func aBrokenFrontMatterIsFixedAndADetailAddedThenSaved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-details-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soupe.md"
        try "---\ntitle: Soupe: au pistou\nservings: 4 # adultes\n---\n# Soupe\n\nRemuer.\n".write(toFile: path, atomically: true, encoding: .utf8)
        let screen = try Terminal(command: "\(TmuxEndToEndTests.binary) \(path)")
        #expect(try screen.waitFor("mapping values are not allowed in this context"))
        #expect(try screen.waitFor("2▸ title: Soupe: au pistou"))
        try screen.keys("F8")
        try screen.keys("Enter")
        #expect(try screen.waitFor("Line 2: title: Soupe: au pistou"))
        try screen.keys("C-u")
        try screen.typeText("title: 'Soupe: au pistou'")
        try screen.keys("Enter")
        #expect(try screen.waitFor("the front matter reads now"))
        #expect(try screen.waitFor(" servings  4"))
        try screen.typeText("a")
        #expect(try screen.waitFor("New detail"))
        try screen.typeText("time")
        try screen.keys("Enter")
        try screen.typeText("1 h")
        try screen.keys("Enter")
        #expect(try screen.waitFor(" time      1 h"))
        try screen.keys("C-s")
        #expect(try screen.waitFor("saved"))
        #expect(try String(contentsOfFile: path, encoding: .utf8)
            == "---\ntitle: 'Soupe: au pistou'\nservings: 4 # adultes\ntime: 1 h\n---\n# Soupe\n\nRemuer.\n")
        try screen.quitWithoutSaving()
    }
}
