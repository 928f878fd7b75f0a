import Foundation

/// The quantity at the start of an ingredient line: an amount, size words, a
/// unit, and a second quantity in another unit.
extension IngredientLineReader {
    /// "200 g", "2-3 cloves", "1½ c.", "a pinch", "une pincée", "2 large":
    /// the amount and unit; nil, reading nothing, when the line does not
    /// start with one.
    mutating func readQuantity() -> Quantity? {
        let start = position
        if let amount = readAmount() {
            amountRange = start ..< position
            skipSpaces()
            readMultiplied()
            readSizeWords()
            let unitStart = position
            let unit = readUnit()
            if unit != nil { unitRange = unitStart ..< writtenEnd(before: position) }
            return Quantity(amount: amount, unit: unit)
        }
        // "etwas Knoblauch", "some salt": an amount that is no number.
        if let (word, end) = nextWord(), Self.vagueAmounts.contains(word.lowercased()), hasWordAfter(end) {
            position = end
            skipSpaces()
            return Quantity(amount: String(word), unit: readUnit())
        }
        if let (amount, isArticle) = readNumberWord() {
            if let vague = readVagueWord(after: start) { return Quantity(amount: vague, unit: readUnit()) }
            readSizeWords()
            if let unit = readUnit() { return Quantity(amount: amount, unit: unit) }
            // "a" before a word that is no unit is an article, "an egg" one egg,
            // unless nothing follows ("A", "Un").
            if isArticle, !rest.contains(where: \.isLetter) {
                position = start
                noteParts = []
                return nil
            }
            return Quantity(amount: amount)
        }
        // "pinch of salt", "קורט מלח": a unit that needs no number.
        if let (unit, after) = units.match(prefixOf: rest), Self.countedWithoutNumber.contains(unit.lowercased()),
           after.contains(where: \.isLetter) {
            position = after.startIndex
            skipSpaces()
            return Quantity(amount: "1", unit: unit)
        }
        return nil
    }

    /// Where what was read before `end` ends, without the spaces after it.
    func writtenEnd(before end: String.Index) -> String.Index {
        var index = end
        while index > line.startIndex, line[line.index(before: index)].isWhitespace { index = line.index(before: index) }
        return index
    }

    /// The unit at the position as a whole word, with an abbreviation's full
    /// stop ("c.", "tbsp.") and the spaces after it.
    mutating func readUnit() -> String? {
        if rest.first == "-", let (_, after) = units.match(prefixOf: rest.dropFirst()), after.first?.isLetter != true {
            // "14-ounce".
            position = line.index(after: position)
        }
        guard let (written, after) = units.match(prefixOf: rest) else { return nil }
        var end = after.startIndex
        // "pincée(s)", "Prise(n)": the plural written beside.
        for plural in ["(s)", "(n)", "(es)", "(e)"] where line[end...].hasPrefix(plural) {
            end = line.index(end, offsetBy: plural.count)
            break
        }
        if !written.hasSuffix("."), end < line.endIndex, line[end] == "." {
            let next = line.index(after: end)
            if next == line.endIndex || line[next].isWhitespace { end = next }
        }
        position = end
        skipSpaces()
        // "5 El El Olivenöl": a unit written twice.
        if let (again, afterAgain) = units.match(prefixOf: rest), again.lowercased() == written.lowercased() {
            position = afterAgain.startIndex
            skipSpaces()
        }
        return written
    }

    /// "(240 ml)", "(about 7 oz)", "/½oz", "/ 240 ml" right after the
    /// quantity: the same amount in other units.
    mutating func readAlternative() -> Quantity? {
        let start = position
        if rest.first == "(" || rest.first == "[" {
            let closing: Character = rest.first == "(" ? ")" : "]"
            position = line.index(after: position)
            skipSpaces()
            skipApproximately()
            let amountStart = position
            if let amount = readAmount() {
                skipSpaces()
                let unit = readUnit()
                alternativeRange = amountStart ..< writtenEnd(before: position)
                skipSpaces()
                if rest.first == closing {
                    position = line.index(after: position)
                    skipSpaces()
                    return Quantity(amount: amount, unit: unit)
                }
            }
        } else if rest.first == "/" {
            position = line.index(after: position)
            skipSpaces()
            if let amount = readAmount() {
                skipSpaces()
                if let unit = readUnit() { return Quantity(amount: amount, unit: unit) }
            }
        }
        position = start
        return nil
    }

    /// "2 x 400 g tins": the size of each goes to the note.
    private mutating func readMultiplied() {
        let start = position
        guard let first = rest.first, first == "x" || first == "×" else {
            // "2 3oz packages": the size of each before the unit.
            guard readAmount() != nil else { return }
            skipSpaces()
            if readUnit() != nil, units.match(prefixOf: rest) != nil {
                noteParts.append(String(line[start ..< position]).trimmingCharacters(in: .whitespaces))
                return
            }
            position = start
            return
        }
        position = line.index(after: position)
        guard rest.first == " " else {
            position = start
            return
        }
        skipSpaces()
        let sizeStart = position
        guard readAmount() != nil else {
            position = start
            return
        }
        skipSpaces()
        _ = readUnit()
        noteParts.append(String(line[sizeStart ..< position]))
    }

    /// "about", "approx.", "ca.", "environ": before an amount in parentheses.
    private mutating func skipApproximately() {
        for word in Self.approximately {
            let candidate = rest.prefix(word.count)
            guard candidate.lowercased() == word, candidate.endIndex < line.endIndex, line[candidate.endIndex] == " " else { continue }
            position = candidate.endIndex
            skipSpaces()
            return
        }
    }

    /// "large", "heaped", "gehäufter" before the unit or the name: to the note.
    mutating func readSizeWords() {
        while let (word, end) = nextWord(), Self.sizeWords.contains(word.lowercased()), hasWordAfter(end) {
            noteParts.append(String(word))
            position = end
            skipSpaces()
        }
    }

    /// A number written as a word ("two", "une", "zwei"), and whether it is
    /// an article ("a", "une", "ein").
    private mutating func readNumberWord() -> (String, isArticle: Bool)? {
        guard let (word, end) = nextWord(), let amount = Self.numberWords[word.lowercased()], end < line.endIndex,
              line[end] == " " else { return nil }
        position = end
        skipSpaces()
        return (amount, Self.articles.contains(word.lowercased()))
    }

    /// "a few", "a little", "un peu": an amount that is no number, as written.
    private mutating func readVagueWord(after start: String.Index) -> String? {
        guard let (word, end) = nextWord(), Self.vagueWords.contains(word.lowercased()), hasWordAfter(end) else { return nil }
        position = end
        skipSpaces()
        return String(line[start ..< end])
    }

    /// "of", "de", "d'", "di" between the quantity and the name: kept out of
    /// the name ("250 g de ^[beurre doux]").
    mutating func skipConnector() {
        for connector in Self.connectors {
            let candidate = rest.prefix(connector.count)
            guard candidate.count == connector.count, candidate.lowercased() == connector,
                  line[candidate.endIndex...].contains(where: \.isLetter) else { continue }
            position = candidate.endIndex
            skipSpaces()
            return
        }
    }

    /// The word at the position (letters, and the full stops and hyphens
    /// inside it) and where it ends.
    func nextWord() -> (Substring, String.Index)? {
        let word = rest.prefix { $0.isLetter || $0 == "-" || $0 == "." || $0 == "'" || $0 == "’" }
        guard word.first?.isLetter == true else { return nil }
        var trimmed = word
        while let last = trimmed.last, !last.isLetter, !(last == "." && Self.sizeWords.contains(trimmed.lowercased())) {
            trimmed = trimmed.dropLast()
        }
        return (trimmed, trimmed.endIndex)
    }

    /// Whether a word follows `index` before the name ends: a size or
    /// preparation word is not the whole name ("1 cup shredded").
    func hasWordAfter(_ index: String.Index) -> Bool {
        for character in line[index...] {
            if character.isLetter { return true }
            if ",;(".contains(character) { return false }
        }
        return false
    }
}
