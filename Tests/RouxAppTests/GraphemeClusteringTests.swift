import Foundation
import RouxTestSupport
import Testing

/// The built `roux` on a pseudo-terminal the test plays itself, answering
/// the start-up query for mode 2027 (grapheme clustering) as kitty, WezTerm,
/// foot and Ghostty do, or as a terminal without it: the bytes Roux sends
/// are what such a terminal would draw.
@Suite("Emoji sequences and grapheme clustering (mode 2027)", .serialized)
struct GraphemeClusteringTests {
    static let binary = TmuxEndToEndTests.binary

    /// roux on a pseudo-terminal, its state beside the recipe.
    static func played(file: String) throws -> PseudoTerminal {
        try PseudoTerminal(executable: binary, arguments: [file],
                           environment: ["NO_COLOR": nil, "XDG_STATE_HOME": (file as NSString).deletingLastPathComponent + "/state"])
    }

    static func recipe() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-2027-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("emoji.md").path
        try "# Emoji\n\nLa cheffe 👩🏽‍🍳 aime la France 🇫🇷 et ❤️ les crêpes.\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aTerminalThatClustersGraphemesGetsEachEmojiSequenceWhole() throws {
        let terminal = try Self.played(file: try Self.recipe())
        #expect(terminal.waitFor("\u{1B}[?2027$p"), "Roux asks at start-up")
        #expect(terminal.waitFor("aime la France"))
        // The mode is reset: Roux sets it and redraws with the sequences whole.
        terminal.send("\u{1B}[?2027;2$y")
        #expect(terminal.waitFor("\u{1B}[?2027h"))
        for sequence in ["👩🏽‍🍳", "🇫🇷", "❤️"] {
            #expect(terminal.waitFor(sequence), "\(sequence) is sent whole")
        }
        terminal.send("\u{11}")
        #expect(terminal.waitFor("\u{1B}[?2027l"), "the mode is reset on quit, as it was")
        #expect(terminal.waitForExit())
    }

    @Test func aTerminalWithoutItGetsWhatFitsTheCells() throws {
        let terminal = try Self.played(file: try Self.recipe())
        #expect(terminal.waitFor("\u{1B}[?2027$p"))
        terminal.send("\u{1B}[?2027;0$y")
        #expect(terminal.waitFor("aime la France"))
        // Typing after the report still works: the report is not a key.
        terminal.send("\u{1B}[B\u{1B}[B")
        terminal.send("x")
        #expect(terminal.waitFor("xLa cheffe"))
        #expect(terminal.contains(Array("👩".utf8)))
        for sequence in ["👩🏽‍🍳", "🇫🇷", "❤️", "\u{1B}[?2027h"] {
            #expect(!terminal.contains(Array(sequence.utf8)), "\(sequence.debugDescription) is not sent")
        }
        terminal.send("\u{11}n")
        #expect(terminal.waitForExit())
    }
}
