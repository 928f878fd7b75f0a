/// The kinds of file a recipe is read from and saved to.
public enum RecipeFormat: String, Sendable, CaseIterable {
    case markdown
    case cooklang
    /// Text as it is: no markup, nothing interpreted, nothing lost.
    case plainText

    /// By extension: `.cook` is Cooklang, and so is a meal plan (`.menu`:
    /// a Cooklang file of sections and recipe references, as the Cooklang
    /// conventions and CookCLI write it); `.txt` plain text, anything else Markdown.
    public init(path: String) {
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".cook") || lowercased.hasSuffix(".menu") {
            self = .cooklang
        } else if lowercased.hasSuffix(".txt") {
            self = .plainText
        } else {
            self = .markdown
        }
    }

    /// The format's name in a message.
    public var displayName: String {
        switch self {
        case .markdown: "Markdown"
        case .cooklang: "Cooklang"
        case .plainText: "plain text"
        }
    }

    /// The extensions of recipe files, the one list: a folder's recipes are
    /// listed and read by them, and a name typed without one finds its file
    /// through them, in this order.
    public static let extensions = ["md", "cook", "markdown", "menu", "txt"]

    /// Whether a file name has a recipe extension (`extensions`), in any case.
    public static func isRecipeFileName(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return extensions.contains { lowercased.hasSuffix("." + $0) }
    }
}
