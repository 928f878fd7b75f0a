/// The kinds of file a recipe is read from and saved to: a name the domain
/// can hold. What each one reads and writes, its extensions and its name in
/// a message are its format's (`RecipeFileFormat` in `RecipeFormats`, listed
/// once in `RecipeFormat.registered`).
public enum RecipeFormat: String, Sendable, CaseIterable {
    case markdown
    case cooklang
    /// Text as it is: no markup, nothing interpreted, nothing lost.
    case plainText
}
