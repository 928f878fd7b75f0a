/// Paths as text. Foundation's `NSString.deletingLastPathComponent` traps on
/// a one-character name without a slash ("a", "-", "." crash roux export
/// -o a), so the folder of a path is found here, the one place that does.
public enum PathText {
    /// The folder that holds what `path` names: "." for a bare name, "/" at
    /// the root; trailing and doubled slashes before the name are dropped
    /// ("a/b/" → "a", "a//b" → "a").
    public static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        var folder = trimmed[..<slash]
        while folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}

extension PathText {
    /// A path as a message prints it: a control character in a name (a
    /// newline above all) as its visible stand-in (␊), so a file name can
    /// never forge a `file:line:column` line of `roux check` or reach a
    /// terminal as an escape sequence.
    public static func shown(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isControl) else { return path }
        return String(String.UnicodeScalarView(path.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x00 ..< 0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
            case 0x7F: "\u{2421}"
            case 0x80 ..< 0xA0: "\u{FFFD}"
            default: scalar
            }
        }))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F ..< 0xA0).contains(scalar.value)
    }
}
