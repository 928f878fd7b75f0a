import Foundation

/// The name and the note after the quantity.
extension IngredientLineReader {
    /// Parentheses and preparation or size words before the name ("(packed)
    /// brown sugar", "chopped onions", "large eggs"): to the note, never the
    /// last word of the name.
    mutating func readLeadingNoteWords() {
        while true {
            skipSpaces()
            if rest.first == "(", let close = rest.firstIndex(of: ")"), hasWordAfter(line.index(after: close)) {
                noteParts.append(String(line[line.index(after: position) ..< close]))
                position = line.index(after: close)
                continue
            }
            guard let (word, end) = nextWord(), hasWordAfter(end) else { return }
            let lowered = word.lowercased()
            guard Self.preparationWords.contains(lowered) || Self.sizeWords.contains(lowered) else { return }
            noteParts.append(String(word))
            position = end
            if rest.first == "," { position = line.index(after: position) }
        }
    }

    /// The name from the position to where the note starts, and the note;
    /// nil when no letter is left.
    mutating func readName() -> (Range<String.Index>, note: String?)? {
        skipSpaces()
        let start = position
        var end = endOfName(from: start)
        // Trailing full stops, asterisks, colons and spaces are not the name.
        while end > start, let last = line[..<end].last, last.isWhitespace || ".*:·".contains(last) {
            end = line.index(before: end)
        }
        var nameStart = start
        while nameStart < end, !line[nameStart].isLetter, !line[nameStart].isNumber { nameStart = line.index(after: nameStart) }
        guard line[nameStart ..< end].contains(where: \.isLetter) else { return nil }
        let noteText = line[end...]
        let pieces = noteText.split(whereSeparator: { ",;()[]".contains($0) })
            .map { $0.trimmingCharacters(in: Self.noteTrim) }.filter { !$0.isEmpty }
        return (nameStart ..< end, pieces.isEmpty ? nil : pieces.joined(separator: ", "))
    }

    /// Where the note starts: a comma, semicolon, parenthesis or spaced dash,
    /// or a phrase such as " to taste" after the first word.
    private func endOfName(from start: String.Index) -> String.Index {
        var index = start
        var previous: Character = " "
        while index < line.endIndex {
            let character = line[index]
            if ",;([".contains(character) { return index }
            if "-–—".contains(character), previous == " ", index > start {
                let next = line.index(after: index)
                if next == line.endIndex || line[next] == " " { return line.index(before: index) }
            }
            if character == " ", index > start, startsNotePhrase(at: line.index(after: index)) { return index }
            previous = character
            index = line.index(after: index)
        }
        return index
    }

    private func startsNotePhrase(at index: String.Index) -> Bool {
        let text = line[index...]
        for phrase in Self.notePhrases {
            let candidate = text.prefix(phrase.count)
            guard candidate.count == phrase.count, candidate.lowercased() == phrase.lowercased() else { continue }
            // A phrase that is a whole word ends there ("optional", not "optionally").
            if phrase.last != " ", candidate.endIndex < line.endIndex, line[candidate.endIndex].isLetter { continue }
            return true
        }
        return false
    }
}
