/// The kinds of file a recipe is read from and saved to.
public enum RecipeFormat: String, Sendable, CaseIterable {
    case markdown
    case cooklang
    /// Text as it is: no markup, nothing interpreted, nothing lost.
    case plainText

    /// By extension: `.cook` is Cooklang, `.txt` plain text, anything else Markdown.
    public init(path: String) {
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".cook") {
            self = .cooklang
        } else if lowercased.hasSuffix(".txt") {
            self = .plainText
        } else {
            self = .markdown
        }
    }
}
