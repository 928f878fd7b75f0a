/// The script a word is written in, as far as spelling tells them apart.
///
/// A dictionary knows the words of one script, and a paragraph is checked
/// as a whole in the script most of its words are written in: a dish's
/// name in Hebrew or Chinese inside an English paragraph is a quotation,
/// not checked (an underline under a right word is worse than none), and a
/// language's dictionary is read only when a paragraph in its script is
/// checked (Hebrew's takes 48 MiB).
public enum SpellScript: Hashable, Sendable {
    case latin, greek, cyrillic, hebrew, arabic
    /// Every other script (Han, kana, Hangul, Thai…): no language Roux
    /// tells from the text is written in them.
    case other

    /// The script of a letter.
    public init(of letter: Unicode.Scalar) {
        switch letter.value {
        case 0 ... 0x02AF, 0x1D00 ... 0x1DBF, 0x1E00 ... 0x1EFF, 0x2C60 ... 0x2C7F, 0xA720 ... 0xA7FF, 0xAB30 ... 0xAB6F,
             0xFB00 ... 0xFB06, 0xFF21 ... 0xFF5A:
            self = .latin
        case 0x0370 ... 0x03FF, 0x1F00 ... 0x1FFF: self = .greek
        case 0x0400 ... 0x052F, 0x1C80 ... 0x1C8F, 0x2DE0 ... 0x2DFF, 0xA640 ... 0xA69F: self = .cyrillic
        case 0x0590 ... 0x05FF, 0xFB1D ... 0xFB4F: self = .hebrew
        case 0x0600 ... 0x06FF, 0x0750 ... 0x077F, 0x08A0 ... 0x08FF, 0xFB50 ... 0xFDFF, 0xFE70 ... 0xFEFF: self = .arabic
        default: self = .other
        }
    }

    /// The script of a word: its first letter's.
    public init(ofWord word: Substring) {
        self = word.unicodeScalars.first.map { SpellScript(of: $0) } ?? .other
    }

    /// The script a language's dictionary is written in (its code as
    /// dictionaries name it: `he_IL`, `ru`, `fr`).
    public init(language: String) {
        let bare = language.prefix { $0 != "_" && $0 != "-" }.lowercased()
        switch bare {
        case "he", "yi": self = .hebrew
        case "el": self = .greek
        case "ru", "uk", "be", "bg", "mk": self = .cyrillic
        case "ar", "fa", "ur", "ps": self = .arabic
        default: self = .latin
        }
    }

    /// The language that writes in this script when the recipe names none
    /// of it: Hebrew letters are Hebrew (Yiddish says so in `locale`).
    /// The other scripts are written in several languages Roux cannot tell
    /// apart, so they are checked only in the languages the recipe names.
    public var ownLanguage: String? {
        self == .hebrew ? "he" : nil
    }

    /// The words of a paragraph to check: those of the script most of its
    /// words (`SpellWords.words`, UTF-8 ranges of `text`) are written in (on
    /// a tie, the one met first); nil for a paragraph without words.
    public static func mainScript(of words: [Range<Int>], in text: String) -> (script: SpellScript, words: [Range<Int>])? {
        let utf8 = text.utf8
        let scripts = words.map { range in
            let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let end = utf8.index(start, offsetBy: range.count)
            return SpellScript(ofWord: text[start ..< end])
        }
        var counts: [SpellScript: Int] = [:]
        for script in scripts { counts[script, default: 0] += 1 }
        var main: SpellScript?
        for script in scripts where main == nil || counts[script, default: 0] > counts[main ?? script, default: 0] { main = script }
        guard let main else { return nil }
        return (main, zip(words, scripts).filter { $0.1 == main }.map(\.0))
    }
}
