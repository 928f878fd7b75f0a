import Foundation
import RichText

/// A recipe whose body is the file's text verbatim: `.txt` files, and any
/// file that does not parse, so it can be opened and nothing is lost.
public enum PlainTextRecipeFormat {
    public static func parse(_ contents: String) -> Recipe {
        var load = beginLoading(contents, firstSlice: Int.max)
        while !load.isComplete { load.loadMore() }
        return load.recipe
    }

    /// Starts reading a large file so the first screen can show before the
    /// rest is built: the first `firstSlice` bytes of lines now, the rest
    /// with `loadMore`.
    public static func beginLoading(_ contents: String, firstSlice: Int = 64 << 10) -> ProgressiveRecipeLoad {
        let style = Recipe.FileStyle(of: contents)
        let body = style.lineEnding == "\r\n" ? contents.replacingOccurrences(of: "\r\n", with: "\n") : contents
        var recipe = Recipe(style: style)
        recipe.originalFrontMatter = ("", recipe.metadata, recipe.ingredients)
        var load = ProgressiveRecipeLoad(recipe: recipe, body: Substring(body).droppingFinalNewline(),
                                         nextLine: 1, path: "", syntax: .plainText)
        load.loadMore(maxBytes: firstSlice)
        return load
    }

    /// Starts reading a large plain-text file where it lies (`LargeFileReader`).
    static func beginLoading(file reader: LargeFileReader, style: Recipe.FileStyle, firstSlice: Int) -> ProgressiveRecipeLoad {
        var recipe = Recipe(style: style)
        recipe.originalFrontMatter = ("", recipe.metadata, recipe.ingredients)
        var load = ProgressiveRecipeLoad(recipe: recipe, file: reader, bodyStart: 0, nextLine: 1, path: reader.path, syntax: .plainText)
        load.loadMore(maxBytes: firstSlice)
        return load
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
