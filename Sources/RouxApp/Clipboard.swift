import Foundation
import Recipes
import RecipeExport

/// What copy and cut keep: within Roux the attributed text (ingredients
/// stay ingredients when pasted), and for the system clipboard the OSC 52
/// sequences the run loop sends to the terminal.
struct Clipboard {
    /// The text copied last, with its attributes.
    private(set) var contents: AttributedString?
    /// OSC 52 sequences not sent yet.
    private var outgoing: [String] = []

    /// Keeps `copied`, and asks the terminal to put its text on the system clipboard.
    mutating func keep(_ copied: AttributedString) {
        contents = copied
        // OSC 52: the terminal puts the text on the system clipboard if it
        // allows it. It leaves Roux: a control character copied raw would be
        // pasted into a shell (an ESC ends a bracketed paste), so stand-ins.
        let plain = OutgoingText.safe(String(copied.characters), as: .text, toTerminal: true)
        outgoing.append("\u{1B}]52;c;" + Data(plain.utf8).base64EncodedString() + "\u{07}")
    }

    /// The sequences for the terminal, once.
    mutating func takeSequences() -> [String] {
        defer { outgoing.removeAll() }
        return outgoing
    }
}
