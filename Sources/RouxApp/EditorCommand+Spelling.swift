import TerminalUI

extension EditorCommand {
    /// Spelling's commands, in the text's list.
    static let spelling: [EditorCommand] = [
        EditorCommand(name: "Spelling suggestions",
                      summary: "what to write instead of the word at the caret (misspelt words are underlined): Enter replaces it (one undo step), or add it to your dictionary",
                      scope: .text, keys: [.alt("w")]) { controller, _ in controller.showSpellingSuggestions() },
        EditorCommand(name: "Add to dictionary", summary: "the word at the caret is right from now on, in every recipe (kept in ~/.local/share/roux/words.txt)",
                      scope: .text, keys: []) { controller, _ in controller.addToDictionary() },
        EditorCommand(name: "Spell checking", summary: "turn spell checking off (or on): in the recipe's languages (its locale, else its text's)",
                      scope: .text, keys: [Key(.function(9), .shift)], keyLabel: "Shift-F9") { controller, _ in controller.toggleSpelling() },
    ]
}
