import Foundation
public import RichText

extension Recipe {
    /// How far back from the end of a finished word its ingredient name
    /// may start (names are a few words).
    static let typedWindow = 256

    /// After typing finishes a word that ends at UTF-8 `offset`: an
    /// ingredient's name (or plural) ending there is marked, the way a
    /// spell checker underlines a word once it is finished. Only the few
    /// hundred bytes before the caret are read, so a keystroke in a long
    /// paragraph costs what it costs in a short one. A mark of the same
    /// ingredient inside the word ("egg" typed on into "eggs") grows to
    /// the whole word; another ingredient's mark is never touched.
    /// Returns the ingredient marked, if any.
    @discardableResult
    public mutating func markTypedOccurrence(endingAt offset: Int) -> IngredientID? {
        guard !ingredients.isEmpty, offset > 0 else { return nil }
        let text = document.text
        let end = text.characterIndex(atUTF8Offset: offset)
        var start = text.characterIndex(atUTF8Offset: max(0, offset - Self.typedWindow))
        // The window starts at the paragraph's start when that is nearer.
        if let lineBreak = text.characters[start ..< end].lastIndex(where: \.isNewline) {
            start = text.characters.index(after: lineBreak)
        }
        let window = String(text.characters[start ..< end])
        let base = text.utf8Offset(of: start)
        let following = end < text.endIndex ? text.characters[end] : nil
        guard !window.isEmpty, following.map({ GraphemeClass($0) != .word }) ?? true else { return nil }
        let windowLength = window.utf8.count
        for ingredient in ingredients {
            let matches = Self.matches(of: ingredient.name, in: window)
            guard let match = matches.last, match.upperBound == windowLength else { continue }
            let range = base + match.lowerBound ..< base + match.upperBound
            return markTyped(ingredient.id, at: range) ? ingredient.id : nil
        }
        return nil
    }

    /// Marks `range` (UTF-8 offsets) as `id`'s, as typing does: not where
    /// the file holds no marks, not over another ingredient's mark, not
    /// again where it is already marked whole. Whether it marked.
    private mutating func markTyped(_ id: IngredientID, at range: Range<Int>) -> Bool {
        let text = document.text
        let characters = text.characterRange(atUTF8Offsets: range)
        guard text[characters].runs.allSatisfy(holdsMarks) else { return false }
        let marks = text[characters].runs[\.ingredient].map(\.0)
        let others = marks.contains { $0 != nil && $0 != id }
        let whole = marks == [id]
        guard !others, !whole else { return false }
        var attributes = AttributeContainer()
        attributes.ingredient = id
        document.addAttributes(attributes, toUTF8Offsets: [range])
        return true
    }
}

extension Recipe {
    /// After a burst of typing inserted `typed` (UTF-8 offsets) at once (fast
    /// typing, a paste the terminal did not bracket, input batched by ssh):
    /// every word it finished that spells an ingredient's name is marked,
    /// as `markTypedOccurrence(endingAt:)` marks one. A word is finished
    /// where a typed character that is no letter follows it. Each name is
    /// searched for once in the typed text (and the few hundred bytes
    /// before it), not once per word. Returns whether anything was marked.
    @discardableResult
    public mutating func markTypedOccurrences(finishedIn typed: Range<Int>) -> Bool {
        guard !ingredients.isEmpty, !typed.isEmpty else { return false }
        let ends = Self.finishedWordEnds(in: document.text, typed: typed)
        guard let last = ends.last else { return false }
        let text = document.text
        let typedStart = text.characterIndex(atUTF8Offset: typed.lowerBound)
        var start = text.characterIndex(atUTF8Offset: max(0, typed.lowerBound - Self.typedWindow))
        // The window starts at the paragraph's start when that is nearer.
        if let lineBreak = text.characters[start ..< typedStart].lastIndex(where: \.isNewline) {
            start = text.characters.index(after: lineBreak)
        }
        let window = String(text.characters[start ..< text.characterIndex(atUTF8Offset: last)])
        let base = text.utf8Offset(of: start)
        var open = Set(ends)
        var found: [(IngredientID, Range<Int>)] = []
        // The first ingredient whose name ends at a word's end takes it.
        for ingredient in ingredients where !open.isEmpty {
            for match in Self.matches(of: ingredient.name, in: window) where open.contains(base + match.upperBound) {
                open.remove(base + match.upperBound)
                found.append((ingredient.id, base + match.lowerBound ..< base + match.upperBound))
            }
        }
        var marked = false
        for (id, range) in found {
            if markTyped(id, at: range) { marked = true }
        }
        return marked
    }

    /// Where words end in `typed`: before each typed character that is no
    /// letter and follows one (the text before `typed` counts for its first).
    static func finishedWordEnds(in text: AttributedString, typed: Range<Int>) -> [Int] {
        let characters = text.characters
        let range = text.characterRange(atUTF8Offsets: typed)
        var index = range.lowerBound
        var followsWord = index > characters.startIndex && GraphemeClass(characters[characters.index(before: index)]) == .word
        var offset = typed.lowerBound
        var ends: [Int] = []
        while index < range.upperBound {
            let character = characters[index]
            let isWord = GraphemeClass(character) == .word
            if followsWord, !isWord { ends.append(offset) }
            followsWord = isWord
            offset += character.utf8.count
            index = characters.index(after: index)
        }
        return ends
    }
}
