@testable import RecipeExport
import RecipeFormats
import Testing

/// `roux open --print` on a terminal: Roux's own SGR styles pass the
/// outgoing-text gate, every other escape is a stand-in.
@Suite("Styled print")
struct StyledPrintTests {
    /// A bold word that starts with a combining mark: the `m` ending the
    /// bold sequence and the mark are one Character, and the gate showed the
    /// sequence as `␛[1ḿ` (found by the printers fuzzer). Read by scalars,
    /// it is a style; an escape in the recipe is still a stand-in.
    @Test func aStyledWordStartingWithACombiningMarkKeepsItsStyle() {
        let recipe = MarkdownRecipeFormat.parse("# T\n\n**\u{301}bold** and \u{1B}[2Jhere\n")
        let printed = OutgoingText.safe(RecipeExport.readable(recipe, styles: true), as: .styledText, toTerminal: true)
        #expect(Array(printed.unicodeScalars) == Array("\u{1B}[1mT\u{1B}[0m\n\n\u{1B}[1m\u{301}bold\u{1B}[0m and \u{241B}[2Jhere\n".unicodeScalars),
                "\(printed.debugDescription)")
    }

    /// Sequences that only look like Roux's (no `[`, a letter other than
    /// `m`, an unfinished one at the end) are stand-ins.
    @Test func onlyCompleteSGRSequencesPass() {
        let printed = OutgoingText.safe("a\u{1B}[31mred\u{1B}[0m \u{1B}]0;t\u{7} \u{1B}[2J \u{1B}[1", as: .styledText, toTerminal: true)
        #expect(Array(printed.unicodeScalars) == Array("a\u{1B}[31mred\u{1B}[0m \u{241B}]0;t\u{2407} \u{241B}[2J \u{241B}[1".unicodeScalars),
                "\(printed.debugDescription)")
    }
}
