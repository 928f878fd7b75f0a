/// The man page's KEYS section (`Resources/man/roux.1`), from the command
/// table as the README's key tables are; a test keeps the page equal to it.
extension EditorCommand {
    /// One subsection per scope, one tagged paragraph per command.
    static var manPageKeys: String {
        Scope.allCases.map { scope in
            ".SS \(roff(scope.title))\n"
                + all.filter { $0.scope == scope }.map { command in
                    // Bold by an escape, not `.B`, which would drop the quotes of `Ctrl-P "Fold"`.
                    ".TP\n\\fB\(roff(command.keysText))\\fR\n\(roff(command.summary))\n"
                }.joined()
        }.joined()
    }

    /// Text as roff reads it: backslashes escaped, a line
    /// never starting with a control character, anything beyond ASCII
    /// written as its code point (groff reads its input as Latin-1).
    static func roff(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "\n": escaped += " "
            case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
            default: escaped += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
            }
        }
        if let first = escaped.first, first == "." || first == "'" { escaped = "\\&" + escaped }
        return escaped
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}

extension EditorController {
    /// The man page's key section (a test keeps `roux.1` equal to it).
    public static var manPageKeys: String { EditorCommand.manPageKeys }
}
