import Foundation

extension WrittenDuration {
    /// A timer's name from the step's words: the clause holding the
    /// duration (between `.`, `;`, `,`, `!`, `?`, `:` followed by a space,
    /// and line ends), `Cuire 20 à 25 min au four`; cut after the duration
    /// when longer than `limit` characters, then before it with "…".
    public static func words(around range: Range<Int>, in text: String, limit: Int = 40) -> String {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: min(range.lowerBound, utf8.count))
        let upper = utf8.index(utf8.startIndex, offsetBy: min(range.upperBound, utf8.count))
        var start = lower
        while start > text.startIndex, !endsClause(text, before: start) { start = text.index(before: start) }
        var end = upper
        while end < text.endIndex, !endsClause(text, at: end) { end = text.index(after: end) }
        let clause = text[start ..< end].trimmingCharacters(in: .whitespaces)
        if clause.count <= limit { return clause }
        let toDuration = text[start ..< upper].trimmingCharacters(in: .whitespaces)
        if toDuration.count <= limit { return toDuration + "…" }
        return "…" + String(toDuration.suffix(limit - 1))
    }

    /// The same for a duration known by its words (`10 minutes`, a
    /// timer's text): found in `text`, or those words alone.
    public static func words(around text: String, containing piece: String, limit: Int = 40) -> String {
        guard let found = text.range(of: piece) else { return piece }
        let offsets = text.utf8.distance(from: text.startIndex, to: found.lowerBound) ..< text.utf8.distance(from: text.startIndex, to: found.upperBound)
        return words(around: offsets, in: text, limit: limit)
    }

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

    /// Whether the character before `index` ends a clause.
    private static func endsClause(_ text: String, before index: String.Index) -> Bool {
        endsClause(text, at: text.index(before: index))
    }
}
