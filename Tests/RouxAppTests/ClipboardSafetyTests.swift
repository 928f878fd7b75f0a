import Foundation
@testable import RouxApp
import Testing

/// What a copy puts on the system clipboard (OSC 52) leaves Roux: it is
/// pasted into shells and other programs.
@Suite("Clipboard safety")
struct ClipboardSafetyTests {
    /// ESC, BEL, C1 and a direction override copied from a recipe reach the
    /// clipboard as stand-ins (an ESC would end a shell's bracketed paste and
    /// run what follows); tabs and line ends stay.
    @Test func controlCharactersReachTheClipboardAsStandIns() throws {
        // (No brackets in the text: they are the selection's markup.)
        let app = try editor(markup: "[Sel\u{1B}P201~rm -rf ~\u{07}\tx\u{9B}201~ \u{202E}gpj.exe|]")
        app.copy(cut: false)
        let sequences = app.takeTerminalSequences()
        #expect(sequences.count == 1)
        let sequence = try #require(sequences.first)
        #expect(sequence.hasPrefix("\u{1B}]52;c;") && sequence.hasSuffix("\u{07}"))
        let encoded = String(sequence.dropFirst("\u{1B}]52;c;".count).dropLast())
        let copied = String(decoding: try #require(Data(base64Encoded: encoded)), as: UTF8.self)
        #expect(copied == "Sel\u{241B}P201~rm -rf ~\u{2407}\tx\u{FFFD}201~ \u{FFFD}gpj.exe")
    }
}
