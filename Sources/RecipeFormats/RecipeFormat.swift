/// The kinds of file a recipe is read from and saved to, by name (a
/// session's, a save's, a recovery file's). What each one reads and writes,
/// its extensions and its name in a message are its format's
/// (`RecipeFileFormat`, listed once in `RecipeFormat.registered`).
public enum RecipeFormat: String, Sendable, CaseIterable {
    case markdown
    case cooklang
    /// Text as it is: no markup, nothing interpreted, nothing lost.
    case plainText
}
