import Foundation

/// What is typed to filter a list (the command palette, the recipe list):
/// every word must occur, in any order, ignoring case and accents, so
/// "creme brulee" finds "Crème brûlée".
struct WordQuery {
    let words: [String]

    init(_ typed: String) {
        words = typed.split(whereSeparator: \.isWhitespace).map { Self.folded(String($0)) }
    }

    var isEmpty: Bool { words.isEmpty }

    func matches(_ text: String) -> Bool {
        let haystack = Self.folded(text)
        return words.allSatisfy { haystack.contains($0) }
    }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
