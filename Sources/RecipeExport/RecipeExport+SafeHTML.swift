import Foundation

/// What keeps the HTML export from running anything a recipe holds: a
/// recipe is something people download and share, and the page is opened
/// in a browser.
extension RecipeExport {
    /// What the HTML export does with a recipe's HTML blocks.
    public enum HTMLBlocks: Sendable {
        /// Shown as the text they are, escaped: a `<script>` or an `onerror=`
        /// is words on the page (the default).
        case escaped
        /// Copied into the page as they are (`roux export --raw-html`): only
        /// for recipes one trusts, as their scripts run when the page opens.
        case raw
    }

    /// The schemes a link or an image may use: the web and mail. Anything
    /// else (`javascript:`, `data:`, `vbscript:`, `file:`) could run or
    /// reach what the reader did not mean to.
    static let safeSchemes: Set<String> = ["http", "https", "mailto"]

    /// `address` if a link or image may point there: `http`, `https`,
    /// `mailto`, or relative (no scheme); nil for any other scheme. Read as
    /// a browser reads it: tabs and line ends inside are dropped, controls
    /// and spaces around are trimmed, case is ignored (`JaVa\tScRiPt:`).
    public static func safeAddress(_ address: String) -> String? {
        let scalars = address.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        let trimmed = String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: CharacterSet(charactersIn: "\u{0}" ... "\u{20}"))
        // A scheme ends at the first colon before any "/", "?" or "#".
        guard let colon = trimmed.firstIndex(where: { ":/?#".contains($0) }), trimmed[colon] == ":" else { return address }
        return safeSchemes.contains(trimmed[..<colon].lowercased()) ? address : nil
    }
}
