/// Where a name may begin or end inside a run of letters: the scripts that
/// write words together.
///
/// Marking an ingredient takes the selected words as its name and finds the
/// name's other occurrences. Where words are separated by spaces (Latin,
/// Cyrillic, Greek, Armenian, Devanagari…) a name begins and ends where a
/// word does: "our" selected in "four" is "four", and "sel" is not found in
/// "selle". Elsewhere words are written together:
/// - Chinese, Japanese, Thai, Lao, Khmer and Myanmar put no space between
///   words: a name may begin or end at any letter of theirs (卵 in 卵と,
///   フライパン in フライパンで丸く), never inside a grapheme (a mark, Thai
///   ำ) nor after a Thai or Lao vowel written before its consonant.
/// - Hebrew writes its one-letter words ו ב כ ל מ ש ה (and, in, as, to,
///   from, that, the) onto the next word, up to four of them (ו first, ה
///   last): ריבה in בריבה, מלח in והמלח. The word still ends where it
///   ends: מלח is not found in מלחמה (war).
/// - Arabic writes و ف (and), ب ك ل (with, as, for) and the article ال onto
///   the word, in that order (ل with ال is written لل): ملح in وملح,
///   بالملح, للملح; not in ملحمة.
/// - Korean writes its particles after the word: 김치 in 김치를; the word
///   still begins where it begins.
///
/// Limitations: without a dictionary a name is also found inside a longer
/// word of those scripts (卵 in 卵黄, egg yolk; ไข่ in ไข่แดง), and a Hebrew
/// or Arabic name after letters that could be prefixes is found there
/// (לח, moist, in מלח, salt).
public enum WrittenTogether {
    /// The most letters a Hebrew or Arabic prefix has (וכשה, وبال).
    public static let longestPrefix = 4

    /// Whether a name may begin with `first` right after `previous`, a letter
    /// of the same word. `prefix` gives the word's letters before the name
    /// (with their marks), or nil when they are more than `longestPrefix`.
    public static func mayBegin(at first: Unicode.Scalar, after previous: Unicode.Scalar,
                                prefix: @autoclosure () -> [Unicode.Scalar]?) -> Bool {
        let withoutSpaces = isWrittenWithoutSpaces(previous) || isWrittenWithoutSpaces(first)
        let hebrew = isHebrewLetter(first) && isHebrew(previous)
        let arabic = isArabicLetter(first) && isArabic(previous)
        guard withoutSpaces || hebrew || arabic, !isLeadingVowel(previous), breaks(previous, first) else { return false }
        if withoutSpaces { return true }
        guard let letters = prefix()?.filter({ !isMark($0) }) else { return false }
        return hebrew ? isHebrewPrefix(letters) : isArabicPrefix(letters)
    }

    /// Whether a name may end with `last` right before `next`, a letter of
    /// the same word.
    public static func mayEnd(at last: Unicode.Scalar, before next: Unicode.Scalar) -> Bool {
        let withoutSpaces = isWrittenWithoutSpaces(last) || isWrittenWithoutSpaces(next)
        guard withoutSpaces || (isHangulSyllable(last) && isHangulSyllable(next)), !isLeadingVowel(last) else { return false }
        return breaks(last, next)
    }

    /// Whether two scalars side by side are two graphemes: a name never
    /// ends before a mark, nor before Thai ำ (a letter by its category, but
    /// part of the syllable before it).
    static func breaks(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        var pair = String.UnicodeScalarView()
        pair.append(first)
        pair.append(second)
        return String(pair).count == 2
    }

    /// Han (with 々 and the radicals), kana, Thai, Lao, Khmer, Myanmar.
    static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E00 ... 0x0EFF, // Thai, Lao
             0x1000 ... 0x109F, 0xA9E0 ... 0xA9FF, 0xAA60 ... 0xAA7F, // Myanmar
             0x1780 ... 0x17FF, 0x19E0 ... 0x19FF, // Khmer
             0x2E80 ... 0x2FDF, 0x3005 ... 0x3007, 0x3021 ... 0x3029, 0x3038 ... 0x303B, // Han radicals and marks
             0x3040 ... 0x30FF, 0x31F0 ... 0x31FF, 0xFF66 ... 0xFF9F, // kana
             0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF, 0xF900 ... 0xFAFF, 0x20000 ... 0x3134F: // Han
            return true
        default:
            return false
        }
    }

    /// Japanese scripts, told apart where words are written without spaces:
    /// a run of katakana (フライパン), of kanji (卵, 砂糖) or of hiragana is
    /// the best guess at a word without a dictionary. Nil for others.
    public enum JapaneseScript: Sendable {
        case kanji, hiragana, katakana
    }

    public static func japaneseScript(of character: Character) -> JapaneseScript? {
        guard let scalar = character.unicodeScalars.first else { return nil }
        switch scalar.value {
        case 0x3005 ... 0x3007, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF, 0xF900 ... 0xFAFF, 0x20000 ... 0x3134F: return .kanji
        case 0x3040 ... 0x309F: return .hiragana
        case 0x30A0 ... 0x30FF, 0x31F0 ... 0x31FF, 0xFF66 ... 0xFF9F: return .katakana
        default: return nil
        }
    }

    /// Thai and Lao vowels written before the consonant they follow: a
    /// syllable starts at them.
    static func isLeadingVowel(_ scalar: Unicode.Scalar) -> Bool {
        (0x0E40 ... 0x0E44).contains(scalar.value) || (0x0EC0 ... 0x0EC4).contains(scalar.value)
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    static func isHangulSyllable(_ scalar: Unicode.Scalar) -> Bool { (0xAC00 ... 0xD7A3).contains(scalar.value) }

    static func isHebrew(_ scalar: Unicode.Scalar) -> Bool { (0x0591 ... 0x05F4).contains(scalar.value) }

    static func isHebrewLetter(_ scalar: Unicode.Scalar) -> Bool { (0x05D0 ... 0x05EA).contains(scalar.value) }

    static func isArabic(_ scalar: Unicode.Scalar) -> Bool { (0x0610 ... 0x06FF).contains(scalar.value) }

    static func isArabicLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && !isMark(scalar) && isArabic(scalar)
    }

    /// The ways a Hebrew or Arabic word splits into prefix letters and a
    /// word of at least two letters (והמלח: ו + המלח, וה + מלח), the
    /// shortest prefix first; none for a word of another script.
    public static func prefixSplits(of word: String) -> [(prefix: String, rest: String)] {
        let scalars = Array(word.unicodeScalars)
        // A prefix and two letters at least.
        guard scalars.count >= 3, let first = scalars.first, isHebrewLetter(first) || isArabicLetter(first) else { return [] }
        let hebrew = isHebrewLetter(first)
        var splits: [(String, String)] = []
        for length in 1 ... min(longestPrefix, scalars.count - 2) {
            let prefix = Array(scalars[..<length])
            let rest = scalars[length...]
            guard rest.filter({ !isMark($0) }).count >= 2, hebrew ? isHebrewPrefix(prefix) : isArabicPrefix(prefix) else { continue }
            splits.append((String(String.UnicodeScalarView(prefix)), String(String.UnicodeScalarView(rest))))
        }
        return splits
    }

    /// ו ב כ ל מ ש ה, one to four of them, ו only first, ה (the) only last:
    /// ב, וה, כשה (when the), וכשה.
    static func isHebrewPrefix(_ letters: [Unicode.Scalar]) -> Bool {
        (1 ... longestPrefix).contains(letters.count) && letters.allSatisfy { "ובכלמשה".unicodeScalars.contains($0) }
            && !letters.dropFirst().contains("ו") && !letters.dropLast().contains("ה")
    }

    /// (و|ف)? (ب|ك|ل)? (ال)?, or (و|ف)? لل; not empty.
    static func isArabicPrefix(_ letters: [Unicode.Scalar]) -> Bool {
        var rest = letters[...]
        if let first = rest.first, "وف".unicodeScalars.contains(first) { rest = rest.dropFirst() }
        if Array(rest) == Array("لل".unicodeScalars) { return true }
        if let first = rest.first, "بكل".unicodeScalars.contains(first) { rest = rest.dropFirst() }
        if Array(rest) == Array("ال".unicodeScalars) { rest = [] }
        return rest.isEmpty && !letters.isEmpty
    }
}
