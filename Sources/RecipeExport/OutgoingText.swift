/// The one rule for what leaves Roux, whatever prints it (`roux open
/// --print`, `--runs`, `ingredients`, `shopping-list`, `export`, `import`,
/// `check`, error messages, the editor's copy to the system clipboard): a
/// recipe file in its own format is its own bytes, into a file or a pipe;
/// everything else, and everything shown on a terminal, has the characters
/// that could drive a terminal or hide what the text says as visible
/// stand-ins (`RecipeExport.visible`) or, in JSON, as `\u` escapes that
/// read back as the same text.
public enum OutgoingText {
    /// What a piece of output is, which says how it is made safe.
    public enum Kind: Sendable {
        /// A recipe file in its own format (`export -f markdown` of a `.md`):
        /// the file's bytes, but on a terminal.
        case recipeFile
        /// Text for a person: stand-ins everywhere, tabs and line ends kept.
        case text
        /// Text for a person with Roux's own styles (SGR sequences, which
        /// only colour and weigh): stand-ins for every other control.
        case styledText
        /// JSON: the characters that must not leave raw as `\u` escapes.
        case json
    }

    /// `text` as it may leave Roux as `kind`, onto a terminal or not. A
    /// terminal gets line feeds for CRLF line ends (a carriage return could
    /// rewrite the line); a file or a pipe keeps them (a converted CRLF
    /// recipe stays CRLF); a lone carriage return is a stand-in everywhere.
    public static func safe(_ text: String, as kind: Kind, toTerminal: Bool) -> String {
        switch kind {
        case .recipeFile: toTerminal ? shownOnATerminal(text) : text
        case .text: toTerminal ? shownOnATerminal(text) : shownKeepingLineEnds(text)
        case .styledText: styledVisible(text.replacing("\r\n", with: "\n"))
        case .json: escapedJSON(text)
        }
    }

    private static func shownOnATerminal(_ text: String) -> String {
        RecipeExport.visible(text.replacing("\r\n", with: "\n"), keepingTabs: true)
    }

    private static func shownKeepingLineEnds(_ text: String) -> String {
        // "\r\n" is one Character: the split leaves lone carriage returns in the pieces.
        text.split(separator: "\r\n", omittingEmptySubsequences: false)
            .map { RecipeExport.visible(String($0), keepingTabs: true) }.joined(separator: "\r\n")
    }

    /// Whether a scalar must not leave Roux raw (but in a recipe file in its
    /// own format): C0 controls but tab and line feed, DEL, C1 controls (an
    /// escape sequence or a terminal command), and the direction embeddings,
    /// overrides and isolates that make text read in another order than it
    /// is written ("Trojan Source"). The marks U+200E and U+200F, which
    /// only tell a neutral character its direction, stay.
    public static func mustNotLeaveRaw(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00 ..< 0x20, 0x7F ..< 0xA0, 0x202A ... 0x202E, 0x2066 ... 0x2069: true
        default: false
        }
    }

    /// JSON text with every scalar that must not leave raw written as a
    /// `\u` escape. Outside strings JSON holds only ASCII punctuation,
    /// letters and white space, so an escape lands inside a string, where it
    /// reads back as the same character.
    public static func escapedJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: mustNotLeaveRaw) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard mustNotLeaveRaw(scalar) else {
                result.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(result)
    }

    /// Roux's SGR sequences (`ESC [ digits and ; m`) kept, every other
    /// control as its stand-in. Read by scalars, not characters: the `m`
    /// that ends a sequence and a combining mark after it (a styled word
    /// that starts with one) are one Character.
    private static func styledVisible(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var plain = String.UnicodeScalarView()
        func flushPlain() {
            result.append(contentsOf: RecipeExport.visible(String(plain), keepingTabs: true).unicodeScalars)
            plain = String.UnicodeScalarView()
        }
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\u{1B}" else {
                plain.append(scalars[index])
                index += 1
                continue
            }
            var end = index + 1
            if end < scalars.count, scalars[end] == "[" {
                end += 1
                while end < scalars.count, scalars[end] == ";" || ("0" ... "9").contains(scalars[end]) { end += 1 }
            }
            if end > index + 1, end < scalars.count, scalars[end] == "m" {
                flushPlain()
                result.append(contentsOf: scalars[index ... end])
                index = end + 1
            } else {
                plain.append(scalars[index])
                index += 1
            }
        }
        flushPlain()
        return String(result)
    }
}
