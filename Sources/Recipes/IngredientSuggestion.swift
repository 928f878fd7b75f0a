public import Foundation
public import RichText

/// What the selection would become as an ingredient: the inspector's `[+]` row.
public struct IngredientSuggestion: Equatable, Sendable {
    public var name: String
    public var quantity: Quantity?
    /// What the line says besides ("minced", "warmed"): the list's note.
    public var note: String?

    public init(name: String, quantity: Quantity? = nil, note: String? = nil) {
        self.name = name
        self.quantity = quantity
        self.note = note
    }

    /// From selected text, read as an ingredient line (`IngredientLine`):
    /// trimmed of surrounding spaces and punctuation, a leading quantity and
    /// unit separated from the name ("250 g de beurre" → 250 g, beurre;
    /// "2 cups of flour" → 2 cup, flour), and what follows the name in the
    /// note ("2 cloves garlic, minced"). Nil when no name is left.
    public init?(selectedText: String, units: UnitTable = .standard) {
        guard let line = IngredientLine(Self.trimmed(selectedText), units: units) else { return nil }
        self = line.suggestion
    }

    static func trimmed(_ text: String) -> String {
        // A word at the caret, drawn every frame, usually has nothing to trim.
        if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
           CharacterSet.alphanumerics.contains(first), CharacterSet.alphanumerics.contains(last) {
            return text
        }
        return text.trimmingCharacters(in: trimmedEdges)
    }

    private static let trimmedEdges = CharacterSet.whitespacesAndNewlines.union(.punctuationCharacters).union(.symbols)
}

extension Recipe {
    /// The suggestion for a selection: its ranges grown to whole words and
    /// joined (a bidi selection is several) and read as an ingredient line
    /// ("200 g flour" selected: flour, 200 g; "flour" selected in the list
    /// item "200 g flour": the same); with nothing selected, the
    /// item of an ingredient list the caret is in (`ingredientItem`), else
    /// the word at the caret; nil when there is no word or the selection
    /// spans paragraphs.
    public func suggestion(for selection: TextSelection) -> IngredientSuggestion? {
        let text = document.text
        if selection.ranges.allSatisfy(\.isCaret), let caret = selection.ranges.first, let item = ingredientItem(around: caret.bounds.lowerBound) {
            return item.suggestion
        }
        let ranges = ingredientRanges(for: selection)
        guard let first = ranges.first, let last = ranges.last else { return nil }
        if String(text.characters[first.lowerBound ..< last.upperBound]).contains(where: \.isNewline) { return nil }
        // Ranges apart (a bidi selection of two words) join with a space.
        var joined = ""
        for (index, range) in ranges.enumerated() {
            if index > 0, ranges[index - 1].upperBound < range.lowerBound { joined += " " }
            joined += String(text.characters[range])
        }
        let suggestion = IngredientSuggestion(selectedText: joined).map(withoutWrittenOnPrefix)
        // The name alone selected in an item of an ingredient list ("200 g
        // flour"): with the item's quantity and note, as Ctrl-E on the item gives.
        if ranges.count == 1, let suggestion, suggestion.quantity == nil, let item = ingredientItem(around: first.lowerBound),
           item.name == suggestion.name {
            return item.suggestion
        }
        return suggestion
    }

    /// A Hebrew or Arabic name with a one-letter word written onto it (ו
    /// and, ה the, ב in: ומלח, הבצל) named without it, when the recipe
    /// tells the bare word is one: it is an ingredient already, or the text
    /// writes it alone (`- מלח` in the list). A word that only starts with
    /// such a letter (בצל, onion; וניל, vanilla) keeps it.
    func withoutWrittenOnPrefix(_ suggestion: IngredientSuggestion) -> IngredientSuggestion {
        guard !suggestion.name.contains(" ") else { return suggestion }
        let splits = WrittenTogether.prefixSplits(of: suggestion.name)
        guard !splits.isEmpty, ingredient(named: suggestion.name) == nil else { return suggestion }
        var bare = suggestion
        for split in splits.reversed() where ingredient(named: split.rest) != nil {
            bare.name = split.rest
            return bare
        }
        // The text read only when it is a recipe's size: the inspector asks every frame.
        let text = document.plainText
        guard text.utf8.count <= Self.prefixEvidenceLimit else { return suggestion }
        for split in splits.reversed() where Self.writesAlone(split.rest, in: text) {
            bare.name = split.rest
            return bare
        }
        return suggestion
    }

    /// The most text read for a bare word's evidence (a recipe is a few KB).
    static let prefixEvidenceLimit = 64 * 1024

    /// Whether `word` stands alone somewhere in `text`: no letter before it
    /// (no prefix), and no letter after.
    static func writesAlone(_ word: String, in text: String) -> Bool {
        var remaining = text[...]
        while let found = remaining.range(of: word) {
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : " "
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : " "
            if !before.isLetter, !after.isLetter { return true }
            remaining = text[found.upperBound...]
        }
        return false
    }

    /// What Ctrl-E takes: each selected range grown over the words it cuts
    /// where words are separated by spaces ("our" in "four" is "four"; ملح
    /// in وملح stays), or the word at (or just before) the caret.
    public func ingredientRanges(for selection: TextSelection) -> [Range<AttributedString.Index>] {
        let characters = document.text.characters
        let selected = selection.ranges.filter { !$0.isCaret }.map(\.bounds)
        guard !selected.isEmpty else {
            guard let caret = selection.ranges.first?.bounds.lowerBound else { return [] }
            var word = characters.wordRange(around: caret)
            // Just after a word's last letter, that word; not across a line end or a space.
            if !Self.isWord(characters, word), caret > characters.startIndex,
               GraphemeClass(characters[characters.index(before: caret)]) == .word {
                word = characters.wordRange(around: characters.index(before: caret))
            }
            return Self.isWord(characters, word) ? [word] : []
        }
        return selected.map { characters.wordRange(containing: $0) }
    }

    private static func isWord(_ characters: AttributedString.CharacterView, _ range: Range<AttributedString.Index>) -> Bool {
        !range.isEmpty && GraphemeClass(characters[range.lowerBound]) == .word
    }

    /// The suggestion for the document's own selection.
    public var suggestion: IngredientSuggestion? { suggestion(for: document.selection) }

    /// The list item around `index` read as an ingredient line, when it is
    /// an item of an ingredient list (it starts with a quantity, or its
    /// heading or label names ingredients). Not for a long paragraph, which
    /// is no ingredient line (the inspector asks on every keystroke).
    func ingredientItem(around index: AttributedString.Index) -> IngredientLine? {
        let text = document.text
        // Foundation keeps a list item's attribute over its whole paragraph:
        // the character at the index says whether it is one, without finding
        // the paragraph's ends.
        if index < text.endIndex, text.runs[index].attributes.listItem == nil { return nil }
        // An ingredient item is a short line: a longer paragraph is not read.
        guard let paragraph = text.paragraphRange(around: index, atMost: 300),
              text[paragraph].runs.first?.attributes.listItem != nil else { return nil }
        let words = String(text.characters[paragraph]).trimmingCharacters(in: .newlines)
        guard let line = IngredientLine(words), isIngredientItem(line, at: text.utf8Offset(of: paragraph.lowerBound)) else { return nil }
        return line
    }
}
