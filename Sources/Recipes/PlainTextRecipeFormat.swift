import Foundation
import RichText

/// A recipe whose body is the file's text verbatim: `.txt` files, and any
/// file that does not parse, so it can be opened and nothing is lost.
public enum PlainTextRecipeFormat {
    public static func parse(_ contents: String) -> Recipe {
        let style = Recipe.FileStyle(
            lineEnding: MarkdownRecipeFormat.usesCRLF(contents) ? "\r\n" : "\n",
            endsWithNewline: contents.hasSuffix("\n"))
        var body = style.lineEnding == "\r\n" ? contents.replacingOccurrences(of: "\r\n", with: "\n") : contents
        if body.hasSuffix("\n") { body.removeLast() }
        var recipe = Recipe(body: AttributedString(body), style: style)
        recipe.originalFrontMatter = ("", recipe.metadata, recipe.ingredients)
        return recipe
    }

    /// The text; what plain text cannot hold (formatting, ingredients) is
    /// reported in `dropped`.
    public static func serialize(_ recipe: Recipe) -> (text: String, dropped: [String]) {
        var text = String(recipe.document.text.characters[...])
        if recipe.style.lineEnding != "\n" { text = text.replacingOccurrences(of: "\n", with: recipe.style.lineEnding) }
        if recipe.style.endsWithNewline { text += recipe.style.lineEnding }
        var dropped: [String] = []
        if recipe.document.text.runs.contains(where: { $0.attributes != AttributeContainer() }) {
            dropped.append("formatting and ingredient marks")
        }
        if !recipe.ingredients.isEmpty || recipe.metadata.title != nil { dropped.append("the title and ingredient list") }
        return (text, dropped)
    }
}
