import Foundation
import Testing

/// The built `roux` reads `config.toml` and keeps prompt answers, as a user
/// starts it: a line it cannot take is said and the recipe opens, a bound
/// key runs its command, and a search comes back in the next session.
@Suite("In a real terminal: configuration and histories", .serialized)
struct TmuxConfigurationTests {
    typealias Terminal = TmuxEndToEndTests.Terminal

    @Test func theConfigurationAppliesAndAnswersComeBackNextTime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-config-e2e-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/home/roux", withIntermediateDirectories: true)
        try "# Soupe\n\nDu sel et de l'eau.\n".write(toFile: folder + "/soupe.md", atomically: true, encoding: .utf8)
        try "[keys]\n\"alt-g\" = \"Find\"\n\"ctrl-t\" = \"Sav\"\n".write(toFile: folder + "/home/roux/config.toml", atomically: true, encoding: .utf8)
        let command = "env -u NO_COLOR XDG_CONFIG_HOME=\(folder)/home XDG_STATE_HOME=\(folder)/state \(TmuxEndToEndTests.binary) \(folder)/soupe.md"
        var first: Terminal? = try Terminal(command: command)
        let screen = try #require(first)
        let said = try screen.waitFor("config.toml:3: \"Sav\" is not a command")
        let opened = try screen.screen().joined(separator: "\n")
        #expect(said, "\(opened)")
        #expect(try screen.waitFor("Soupe"))
        try screen.keys("M-g")
        #expect(try screen.waitFor("Find:"))
        try screen.typeText("sel")
        try screen.keys("Enter")
        try screen.quitWithoutSaving()
        first = nil
        #expect(FileManager.default.fileExists(atPath: folder + "/state/roux/history.json"))

        let second = try Terminal(command: command)
        #expect(try second.waitFor("Soupe"))
        try second.keys("C-f")
        try second.keys("Up")
        let recalled = try second.waitFor("Find: sel")
        let prompt = try second.screen().joined(separator: "\n")
        #expect(recalled, "\(prompt)")
        try second.keys("Escape")
        try second.quitWithoutSaving()
    }
}
