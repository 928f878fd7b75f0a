/// Checks words against the recipe's dictionaries and the words it knows
/// besides: a word is right when any of the recipe's languages knows it
/// (a French recipe quoting an English step, a Hebrew line in an English
/// one), when it is a name of the recipe or its folder (ingredients, units,
/// cookware), or when it is in the user's own list.
public struct SpellChecker: Sendable {
    /// The dictionaries of the recipe's languages, in their order.
    public let dictionaries: [HunspellDictionary]
    /// Words right whatever the dictionaries say, lowercased.
    public private(set) var acceptedWords: Set<String>

    public init(dictionaries: [HunspellDictionary], acceptedWords: some Sequence<String> = []) {
        self.dictionaries = dictionaries
        self.acceptedWords = []
        accept(acceptedWords)
    }

    /// The names' words are right, alone or together (`olive oil` makes
    /// `olive` and `oil` right).
    public mutating func accept(_ names: some Sequence<String>) {
        for name in names {
            for range in SpellWords.words(in: name) {
                acceptedWords.insert(Self.word(in: name, at: range).lowercased())
            }
            acceptedWords.insert(name.lowercased())
        }
    }

    /// Whether `word` is right.
    public func knows(_ word: String) -> Bool {
        let lowered = word.lowercased()
        if acceptedWords.contains(lowered) { return true }
        // Dictionaries write the apostrophe as ASCII; typographers do not.
        let plain = word.replacingOccurrences(of: "\u{2019}", with: "'")
        if plain != word, acceptedWords.contains(plain.lowercased()) { return true }
        return dictionaries.contains { $0.knows(word) || (plain != word && $0.knows(plain)) }
    }

    /// The misspelt words of `text` (ranges of UTF-8 offsets), outside `skipping`.
    public func misspelt(in text: String, skipping: [Range<Int>] = []) -> [Range<Int>] {
        SpellWords.words(in: text, skipping: skipping).filter { !knows(Self.word(in: text, at: $0)) }
    }

    /// What to write instead of `word`: each dictionary's suggestions, the
    /// first language's first, without repeats.
    public func suggestions(for word: String) -> [String] {
        var seen = Set<String>()
        return dictionaries.flatMap { $0.suggestions(for: word) }.filter { seen.insert($0).inserted }
    }

    /// The word at `range` (UTF-8 offsets) of `text`.
    public static func word(in text: String, at range: Range<Int>) -> String {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return String(text[start ..< end])
    }
}
