import Foundation

extension WrittenDuration {
    /// A timer's name from the step's words: one word, the first that says
    /// something of the part of the sentence holding the duration (between
    /// `.`, `;`, `,`, `!`, `?`, `:` followed by a space, line ends, and
    /// `then`, `and`, `puis`, `dann`…): `Fry in a hot pan for 2 minutes` is
    /// `Fry`, `Bake 1 h 30 then rest 20 à 25 min` gives `Bake` and `rest`,
    /// `let the batter rest 10 minutes` is `batter`, `1,5 Stunden gehen
    /// lassen` is `gehen`, `Fry in a pan, 2 minutes a side` is `Fry` (a
    /// clause with no word of its own takes its sentence's). Articles,
    /// prepositions and helpers (`let`, `faire`, `lassen`) are passed over;
    /// with no other word the duration names itself. A status line showing
    /// several timers has room for a word each, not for the sentence (which
    /// the timer keeps for when it rings).
    public static func name(around range: Range<Int>, in text: String, limit: Int = 16) -> String {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: min(range.lowerBound, utf8.count))
        let upper = utf8.index(utf8.startIndex, offsetBy: min(range.upperBound, utf8.count))
        var start = lower
        while start > text.startIndex, !endsClause(text, before: start) { start = text.index(before: start) }
        var end = upper
        while end < text.endIndex, !endsClause(text, at: end) { end = text.index(after: end) }
        // The words of the clause before the duration, from the last connector, and after it, to the next.
        var before = words(text[start ..< lower])
        if let connector = before.lastIndex(where: { connectors.contains($0.lowercased()) }) { before.removeFirst(connector + 1) }
        var after = words(text[upper ..< end])
        if let connector = after.firstIndex(where: { connectors.contains($0.lowercased()) }) { after.removeLast(after.count - connector) }
        // A unit of another duration in the clause names nothing either.
        let names = { (words: [String]) in words.first { !passedOver.contains($0.lowercased()) && units[$0.lowercased()] == nil } }
        // A clause of the duration alone (`Fry in a pan, 2 minutes a side`): the sentence's first word.
        var sentence = start
        while sentence > text.startIndex, !endsSentence(text, before: sentence) { sentence = text.index(before: sentence) }
        let found = names(before + after) ?? names(words(text[sentence ..< start]))
        let name = found ?? String(text[lower ..< upper])
        return name.count <= limit ? name : String(name.prefix(limit - 1)) + "…"
    }

    /// The same for a duration known by its words (`10 minutes`, a
    /// timer's text): found in `text`, or those words alone.
    public static func name(in text: String, containing piece: String) -> String {
        guard let found = text.range(of: piece) else { return piece }
        let offsets = text.utf8.distance(from: text.startIndex, to: found.lowerBound) ..< text.utf8.distance(from: text.startIndex, to: found.upperBound)
        return name(around: offsets, in: text)
    }

    /// The words of a piece of text, without the punctuation around them
    /// (`(about`, `pan,`); numbers and what starts with one (`180°C`) left out.
    private static func words(_ piece: Substring) -> [String] {
        piece.split(whereSeparator: \.isWhitespace)
            .map { $0.trimmingCharacters(in: CharacterSet.punctuationCharacters.union(.symbols)) }
            .filter { $0.first?.isLetter == true }
            .map { $0.trimmingCharacters(in: CharacterSet.letters.inverted) }
    }

    /// Words that join two actions in one sentence: each has its own timer name.
    private static let connectors: Set<String> = [
        "then", "and", "puis", "ensuite", "et", "dann", "und", "danach", "luego", "y", "después", "poi", "e", "quindi",
    ]

    /// Words that name nothing: articles, prepositions, helpers, amounts of time.
    private static let passedOver: Set<String> = [
        // English
        "let", "leave", "allow", "it", "them", "the", "a", "an", "for", "about", "around", "approximately", "another", "more",
        "over", "during", "in", "within", "after", "before", "until", "till", "to", "at", "on", "of", "or", "now", "tip", "note",
        "least", "up", "per", "side", "each", "further", "again",
        // French
        "laisser", "faire", "pendant", "environ", "encore", "le", "la", "les", "l", "un", "une", "des", "du", "de", "d", "à", "au",
        "aux", "dans", "après", "avant", "jusqu'à", "sur", "en", "astuce",
        // German
        "lassen", "etwa", "ca", "für", "noch", "weitere", "den", "die", "das", "der", "dem", "ein", "eine", "im", "nach", "bei",
        "lang", "zum", "zur",
        // Spanish and Italian
        "dejar", "durante", "unos", "unas", "aproximadamente", "el", "los", "las", "una", "otro", "otros", "lasciare", "fare",
        "far", "per", "circa", "ancora", "il", "lo", "gli", "altri", "dopo", "por", "con",
        // Hebrew
        "במשך", "למשך", "עוד", "כ", "כעבור", "אחרי", "לפני", "עד", "את", "של", "על", "בערך", "לפחות",
    ]

    private static let clauseEnds: Set<Character> = [".", ";", ",", "!", "?", ":", "…"]

    /// Whether the character at `index` ends a clause: a line end, or a
    /// stop followed by a space or the end (`1,5` and `1.5` go on).
    private static func endsClause(_ text: String, at index: String.Index) -> Bool {
        let character = text[index]
        if character.isNewline { return true }
        guard clauseEnds.contains(character) else { return false }
        let next = text.index(after: index)
        return next == text.endIndex || text[next].isWhitespace
    }

    /// Whether the character before `index` ends a sentence: a line end, or
    /// a full stop followed by a space.
    private static func endsSentence(_ text: String, before index: String.Index) -> Bool {
        let previous = text.index(before: index)
        return endsClause(text, at: previous) && !",:".contains(text[previous])
    }

    /// Whether the character before `index` ends a clause.
    private static func endsClause(_ text: String, before index: String.Index) -> Bool {
        endsClause(text, at: text.index(before: index))
    }
}
