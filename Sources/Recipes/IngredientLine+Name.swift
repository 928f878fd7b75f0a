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
        trimTrailingWords(from: nameStart, end: &end)
        let noteText = line[end ..< limit]
        let pieces = noteText.split(whereSeparator: { ",;()[]".contains($0) })
            .map { $0.trimmingCharacters(in: Self.noteTrim) }.filter { !$0.isEmpty }
        return (nameStart ..< end, pieces.isEmpty ? nil : pieces.joined(separator: ", "))
    }

    /// Where the note starts: a comma, semicolon, parenthesis or spaced dash,
    /// or a phrase such as " to taste" after the first word.
    private func endOfName(from start: String.Index) -> String.Index {
        var index = start
        var previous: Character = " "
        while index < limit {
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

    /// "smoked tofu drained", "butter 110 gr": preparation words and a second
    /// quantity after the name are not the name (the note takes them).
    private func trimTrailingWords(from start: String.Index, end: inout String.Index) {
        var space = line[start ..< end].lastIndex(of: " ")
        while let found = space {
            var probe = self
            probe.position = line.index(after: found)
            if probe.readAmount() != nil {
                probe.skipSpaces()
                if probe.readUnit() != nil, probe.position >= end {
                    end = found
                    break
                }
            }
            space = line[start ..< found].lastIndex(of: " ")
        }
        while let found = line[start ..< end].lastIndex(of: " "),
              Self.preparationWords.contains(line[line.index(after: found) ..< end].lowercased()) {
            end = found
            while end > start, line[line.index(before: end)] == " " { end = line.index(before: end) }
        }
    }

    /// A quantity at the end of the line after ":" or a spaced dash
    /// ("Sel fin : 8 pincée(s)"); the name ends before it.
    mutating func readQuantityAfterName() -> Quantity? {
        let separators = [":", " - ", " – ", " — "]
        for separator in separators {
            guard let found = line[position...].range(of: separator, options: .backwards) else { continue }
            var probe = self
            probe.position = found.upperBound
            probe.skipSpaces()
            guard let amount = probe.readAmount() else { continue }
            probe.skipSpaces()
            let unit = probe.readUnit()
            guard probe.rest.allSatisfy({ $0.isWhitespace || $0 == "." }) else { continue }
            limit = found.lowerBound
            return Quantity(amount: amount, unit: unit)
        }
        return nil
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
