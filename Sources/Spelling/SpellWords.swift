/// The words of a paragraph to check, as ranges of UTF-8 offsets in it.
///
/// A word is a run of letters (and the marks on them) as Unicode's word
/// boundaries (UAX #29) have it: an apostrophe between two letters is inside
/// the word (`don't`, `l'eau`, `aujourd’hui`), as are a Hebrew geresh or
/// gershayim; a hyphen, a slash, a digit end it. What is not prose is
/// skipped: a token with a URL or an e-mail address in it, a word touching
/// a digit (`200g`, `3rd`, `1/2tsp`: quantities), a word right after a
/// Cooklang sigil (`@salt{}`, `#pan{}`, `~{10%minutes}`) or inside its
/// braces, and single letters.
public enum SpellWords {
    /// The words of `text`, outside `skipping` (ranges of UTF-8 offsets the
    /// caller knows are not prose: code spans, marked names, kept lines).
    public static func words(in text: String, skipping: [Range<Int>] = []) -> [Range<Int>] {
        var result: [Range<Int>] = []
        let scalars = Array(text.unicodeScalars)
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        var index = 0
        while index < scalars.count {
            // A whitespace-separated token at a time: a URL is skipped whole.
            guard !scalars[index].properties.isWhitespace else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
            if !isAddress(scalars[index ..< end]) {
                result += words(in: scalars, from: index, to: end, offsets: offsets)
            }
            index = end
        }
        guard !skipping.isEmpty else { return result }
        return result.filter { word in !skipping.contains { $0.overlaps(word) } }
    }

    /// The words of one token.
    private static func words(in scalars: [Unicode.Scalar], from start: Int, to end: Int, offsets: [Int]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var index = start
        var braces = 0
        while index < end {
            let scalar = scalars[index]
            if scalar == "{" { braces += 1 }
            if scalar == "}" { braces = max(0, braces - 1) }
            guard isLetter(scalar) else {
                index += 1
                continue
            }
            let first = index
            while index < end, isLetter(scalars[index]) || isMark(scalars[index])
                || (isJoiner(scalars[index]) && index + 1 < end && isLetter(scalars[index + 1]) && index > first) {
                index += 1
            }
            let before = first > start ? scalars[first - 1] : nil
            let after = index < end ? scalars[index] : nil
            let touchesDigit = before.map(isDigit) == true || after.map(isDigit) == true
            let afterSigil = before.map { "@#~%".unicodeScalars.contains($0) } == true
            if index - first > 1, !touchesDigit, !afterSigil, braces == 0 {
                result.append(offsets[first] ..< offsets[index])
            }
        }
        return result
    }

    /// A URL (`https://…`, `www.…`) or an e-mail address.
    private static func isAddress(_ token: ArraySlice<Unicode.Scalar>) -> Bool {
        let text = String(String.UnicodeScalarView(token)).lowercased()
        if text.contains("://") || text.hasPrefix("www.") || text.hasPrefix("(www.") || text.hasPrefix("mailto:") { return true }
        guard let at = text.firstIndex(of: "@"), at != text.startIndex else { return false }
        return text[text.index(after: at)...].contains(".")
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && !isDigit(scalar)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: scalar == "\u{200D}"
        }
    }

    /// Inside a word between two letters: apostrophes, a middle dot
    /// (Catalan `l·l`), Hebrew geresh and gershayim.
    private static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        ["'", "\u{2019}", "\u{00B7}", "\u{05F3}", "\u{05F4}"].contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericType != nil
    }
}
