public import Foundation

/// The languages a recipe is written in: from its `locale` metadata when it
/// has one, else guessed from its text; codes as dictionaries are named
/// (`fr`, `en_US`).
public enum SpellingLanguage {
    /// A code as dictionaries name it: `de-de` → `de_DE`, `en_GB.UTF-8` →
    /// `en_GB`, `FR` → `fr`; nil for what is no language code.
    public static func normalized(_ code: String) -> String? {
        let bare = code.trimmingCharacters(in: .whitespaces).split(separator: ".").first.map(String.init) ?? ""
        let parts = bare.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first, (2 ... 3).contains(language.count), language.allSatisfy(\.isLetter),
              language.allSatisfy(\.isASCII) else { return nil }
        guard parts.count > 1, parts[1].count == 2, parts[1].allSatisfy(\.isLetter) else { return language.lowercased() }
        return language.lowercased() + "_" + parts[1].uppercased()
    }

    /// The region whose dictionary stands for a language written alone.
    static func mainRegion(of language: String) -> String {
        switch language {
        case "en": "US"
        case "he": "IL"
        case "el": "GR"
        case "da": "DK"
        case "sv": "SE"
        case "cs": "CZ"
        case "nb", "nn": "NO"
        default: language.uppercased()
        }
    }

    /// The codes of a `locale` value: one or several (`en, fr`, `[de, fr]`).
    public static func codes(fromLocale values: [String]) -> [String] {
        values.flatMap { $0.split(whereSeparator: { ",; []".contains($0) }) }.compactMap { normalized(String($0)) }
    }

    /// Words common in recipes of each language that the others do not
    /// use: how a text without a locale tells its languages.
    private static let markers: [(code: String, words: Set<String>)] = [
        ("en", ["the", "and", "with", "until", "into", "of", "or", "then", "add", "stir", "minutes"]),
        ("fr", ["le", "les", "et", "avec", "dans", "pour", "du", "des", "au", "jusqu'à", "ajouter", "faire"]),
        ("de", ["der", "die", "das", "und", "mit", "ein", "eine", "auf", "bis", "dem", "den", "zugeben"]),
        ("es", ["el", "los", "las", "y", "con", "para", "hasta", "una", "del", "añadir", "cocinar"]),
        ("it", ["il", "gli", "e", "per", "fino", "della", "nel", "aggiungere", "cuocere", "alla", "delle"]),
    ]

    /// The languages of `text`: Hebrew when it has Hebrew letters, and the
    /// Latin-script languages whose marker words it uses (each counted; a
    /// language with at least a third of the most used one's count is in,
    /// so a French recipe quoting an English line is both).
    public static func guessed(in text: String) -> [String] {
        var counts: [String: Int] = [:]
        var hebrew = false
        for word in text.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation && $0 != "'" }) {
            let lowered = word.lowercased()
            if !hebrew, lowered.unicodeScalars.contains(where: { (0x05D0 ... 0x05EA).contains($0.value) }) { hebrew = true }
            for marker in markers where marker.words.contains(lowered) { counts[marker.code, default: 0] += 1 }
        }
        let top = counts.values.max() ?? 0
        let latin = markers.map(\.code).filter { code in
            let count = counts[code] ?? 0
            return count >= 2 && count * 3 >= top
        }
        return latin + (hebrew ? ["he"] : [])
    }

    /// The language of the user's locale (`LC_ALL`, `LC_MESSAGES`, `LANG`),
    /// for a text that tells nothing; nil for C and POSIX.
    public static func ofEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        guard value != "C", value != "POSIX", !value.hasPrefix("C.") else { return nil }
        return normalized(value)
    }
}
