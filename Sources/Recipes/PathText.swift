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
