import Foundation
import Testing

/// The launcher opens a file as Ctrl-O does (`EditorSession.open`,
/// `RecipeFolder.fileToOpen`), in a real terminal.
@Suite("Opening from the command line (tmux)", .serialized)
struct TmuxOpeningTests {
    typealias Terminal = TmuxEndToEndTests.Terminal

    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-e2e-open-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "# Soupe au pistou\nDes légumes.\n".write(toFile: folder + "/soupe.md", atomically: true, encoding: .utf8)
        try Data([0x23, 0x20, 0x61, 0x0A, 0x62, 0x00, 0x63]).write(to: URL(fileURLWithPath: folder + "/photo.md"))
        return folder
    }

    /// `roux soupe` opens soupe.md, as Ctrl-O soupe does, and says so.
    @Test func aNameWithoutExtensionOpensItsRecipe() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = try Terminal(command: "\(TmuxEndToEndTests.binary) \(folder)/soupe")
        let shown = try screen.waitFor("Soupe au pistou — soupe.md")
        let lines = try screen.screen()
        #expect(shown, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("  opened soupe.md") }, "\(lines.joined(separator: "\n"))")
        try screen.quitWithoutSaving()
        #expect(!FileManager.default.fileExists(atPath: folder + "/soupe"))
    }

    /// `roux --force` opens a binary file as Ctrl-O's "open it anyway" does: as plain text.
    @Test func forceOpensABinaryFileAsPlainText() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = try Terminal(command: "\(TmuxEndToEndTests.binary) --force \(folder)/photo.md")
        #expect(try screen.waitFor("photo.md"))
        let lines = try screen.screen()
        // As plain text, "# a" is the text as it is, not a heading.
        #expect(lines.contains { $0.hasPrefix("# a") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("  opened photo.md; ") }, "\(lines.joined(separator: "\n"))")
        try screen.quitWithoutSaving()
    }
}
