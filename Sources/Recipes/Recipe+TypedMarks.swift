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
            let characters = text.characterRange(atUTF8Offsets: range)
            guard text[characters].runs.allSatisfy(holdsMarks) else { return nil }
            let marks = text[characters].runs[\.ingredient].map(\.0)
            let others = marks.contains { $0 != nil && $0 != ingredient.id }
            let whole = marks == [ingredient.id]
            guard !others, !whole else { return nil }
            var attributes = AttributeContainer()
            attributes.ingredient = ingredient.id
            document.addAttributes(attributes, toUTF8Offsets: [range])
            return ingredient.id
        }
        return nil
    }
}
