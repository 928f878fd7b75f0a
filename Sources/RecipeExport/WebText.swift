import Foundation
import RichText
import Recipes
import RecipeFormats

/// Text from a web page made plain and harmless: HTML tags taken out,
/// character references decoded (`&amp;`, `&#189;`, `&frac12;`), white
/// space and line ends made single spaces, and every character that must
/// not leave Roux raw (controls, escapes, direction overrides:
/// `OutgoingText.mustNotLeaveRaw`) dropped. A page is anyone's: what it
/// says reaches a file and a terminal only through here.
public enum WebText {
    /// The longest value read from a page: a recipe's longest step is a
    /// few thousand characters; more is noise.
    static let longestValue = 20_000

    /// `html` as one line of plain text.
    public static func plain(_ html: String) -> String {
        // Tags out first (a `&lt;b&gt;` is text that reads "<b>" and goes too,
        // as pages escape their markup twice in JSON-LD), then the references.
        // Characters that must not leave go before the tags are looked for:
        // dropped after, `<\u{1}p>` would close up into a tag.
        let bare = String(String.UnicodeScalarView(html.prefix(longestValue).unicodeScalars.filter { scalar in
            scalar.properties.isWhitespace || !OutgoingText.mustNotLeaveRaw(scalar)
        }))
        let decoded = withoutTags(decodingReferences(withoutTags(bare)))
        var result = ""
        var pendingSpace = false
        for scalar in decoded.unicodeScalars {
            if scalar.properties.isWhitespace || scalar == "\u{0}" {
                pendingSpace = !result.isEmpty
                continue
            }
            if OutgoingText.mustNotLeaveRaw(scalar) || (0xD800 ... 0xDFFF).contains(scalar.value) { continue }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// `html` as paragraphs of plain text: a line break, a paragraph or a
    /// list item of the markup ends one (instructions given as one string
    /// of `<p>` or `<li>`, or of lines).
    public static func paragraphs(_ html: String) -> [String] {
        var marked = String(html.prefix(longestValue))
        for tag in ["<br", "<p", "</p", "<li", "</li", "<div", "</div", "<h", "</h", "<BR", "<P", "</P", "<LI", "</LI"] {
            marked = marked.replacingOccurrences(of: tag, with: "\n" + tag)
        }
        return marked.split(whereSeparator: \.isNewline).map { plain(String($0)) }.filter { !$0.isEmpty }
    }

    /// Markup tags (`<b>`, `</p>`, `<img src=…>`, `<!-- … -->`) removed; a `<`
    /// that starts no tag ("< 5 min") is text.
    static func withoutTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        // Past the last ">" no tag can close: one look for it, not one per "<".
        guard let lastClose = text.lastIndex(of: ">") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            // A "<" left by the text before an inline tag taken out starts a
            // tag with what follows it (`<<b>p>`): one pass takes out every
            // tag that nesting builds.
            let opensWithLeftOver = result.last == "<" && (character.isLetter || character == "/" || character == "!")
            if opensWithLeftOver, index < lastClose, let close = text[index ... lastClose].firstIndex(of: ">") {
                result.removeLast()
                let name = text[index ..< close].drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if !inlineTags.contains(name) { result.append(" ") }
                index = text.index(after: close)
                continue
            }
            if character == "<", next < lastClose, text[next].isLetter || text[next] == "/" || text[next] == "!",
               let close = text[next ... lastClose].firstIndex(of: ">") {
                // A block's tag or a line break stands for a space between
                // words ("a<br>b"); an inline one for nothing ("<b>simple</b>,").
                let name = text[next ..< close].drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if !inlineTags.contains(name) { result.append(" ") }
                index = text.index(after: close)
                continue
            }
            result.append(character)
            index = next
        }
        return result
    }

    /// Tags inside a line of text, which join the words around them.
    static let inlineTags: Set<String> = ["a", "abbr", "b", "bdi", "bdo", "cite", "code", "em", "font", "i", "kbd", "mark", "q", "s",
                                          "small", "span", "strong", "sub", "sup", "time", "u"]

    /// The named references recipes use, beside the five of XML.
    static let namedReferences: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ensp": " ", "emsp": " ", "thinsp": " ",
        "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "frac13": "⅓", "frac23": "⅔", "frac18": "⅛", "deg": "°", "times": "×",
        "middot": "·", "bull": "•", "copy": "©", "reg": "®", "trade": "™", "eacute": "é", "egrave": "è", "ecirc": "ê", "euml": "ë",
        "agrave": "à", "aacute": "á", "acirc": "â", "auml": "ä", "aring": "å", "ccedil": "ç", "iacute": "í", "icirc": "î", "iuml": "ï",
        "ntilde": "ñ", "oacute": "ó", "ocirc": "ô", "ouml": "ö", "oslash": "ø", "uacute": "ú", "ugrave": "ù", "ucirc": "û", "uuml": "ü",
        "szlig": "ß", "Eacute": "É", "Egrave": "È", "Agrave": "À", "Ccedil": "Ç", "Ouml": "Ö", "Uuml": "Ü", "Auml": "Ä", "aelig": "æ",
        "oelig": "œ", "OElig": "Œ", "euro": "€", "pound": "£", "cent": "¢", "shy": "",
    ]

    /// Character references decoded: named (the list above; others stay
    /// as written), decimal and hexadecimal. A reference to a control, a
    /// surrogate or no character at all is left out.
    static func decodingReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == "&", let semicolon = text[index...].prefix(34).firstIndex(of: ";") else {
                result.append(text[index])
                index = text.index(after: index)
                continue
            }
            let name = text[text.index(after: index) ..< semicolon]
            if name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                if let value {
                    if let scalar = Unicode.Scalar(value), !OutgoingText.mustNotLeaveRaw(scalar) || scalar == "\n" || scalar == "\t", value != 0 {
                        result.unicodeScalars.append(scalar)
                    }
                    index = text.index(after: semicolon)
                    continue
                }
            } else if let character = namedReferences[String(name)] {
                result += character
                index = text.index(after: semicolon)
                continue
            }
            result.append("&")
            index = text.index(after: index)
        }
        return result
    }
}
