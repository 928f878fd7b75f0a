import Foundation

/// When two ingredient names are the same item: case, Unicode normalisation
/// (a decomposed "crème" is the precomposed one), typographic apostrophes
/// and quotes, spacing and regular plurals (egg/eggs, tomato/tomatoes,
/// oeuf/oeufs, chou/choux, berry/berries) do not matter.
public enum IngredientName {
    /// The form names are compared in.
    public static func key(_ name: String) -> String {
        // ASCII is its own canonical form and has no typographic quotes: the
        // inspector asks for the word at the caret's key on every keystroke.
        let isASCII = name.utf8.allSatisfy { $0 < 0x80 }
        let folded = (isASCII ? name : typographicFolded(name).precomposedStringWithCanonicalMapping).lowercased()
        return folded.split(whereSeparator: { $0.isWhitespace }).map { singular(String($0)) }.joined(separator: " ")
    }

    /// Typographic apostrophes and quotes as their ASCII forms.
    public static func typographicFolded(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { equivalents[$0] != nil }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(equivalents[scalar] ?? scalar) }
        return String(result)
    }

    /// Apostrophes and quotation marks a cook's keyboard or word processor
    /// writes for `'` and `"`.
    public static let equivalents: [Unicode.Scalar: Unicode.Scalar] = [
        "\u{2019}": "'", "\u{2018}": "'", "\u{02BC}": "'", "\u{2032}": "'",
        "\u{201C}": "\"", "\u{201D}": "\"", "\u{201E}": "\"",
    ]

    /// A word without a regular plural ending: "-ies" → "-y", "-oes",
    /// "-ches", "-shes", "-sses", "-xes" lose "es", "-eaux"/"-oux" lose
    /// "x", other "-s" (not "-ss", "-us", "-is") lose "s". Short words are
    /// left alone ("as", "gas").
    public static func singular(_ word: String) -> String {
        guard word.count > 3 else { return word }
        if word.hasSuffix("ies") { return word.dropLast(3) + "y" }
        for ending in ["oes", "ches", "shes", "sses", "xes", "zes"] where word.hasSuffix(ending) {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("eaux") || word.hasSuffix("oux") { return String(word.dropLast()) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") {
            return String(word.dropLast())
        }
        return word
    }
}
