public import Foundation
public import Recipes
import RichText

/// Front matter typed at the top of a Markdown recipe (`---`,
/// `servings: 4`, `---`), as Obsidian turns it into properties and Typora
/// into a YAML block: once its closing `---` ends, the lines are read as
/// opening the file reads its front matter, and become the recipe's
/// details. Left as text they were saved `\---` paragraphs, details for
/// no reader.
extension MarkdownRecipeFormat {
    /// The details `lines` (the paragraphs from the body's start, the
    /// opening and closing `---` included; empty ones are the blank lines
    /// Enter showed) say, read by the front matter's reader; nil unless
    /// they are a front matter that reads as a mapping with at least one
    /// key.
    public static func typedFrontMatter(_ lines: [Substring]) -> (metadata: RecipeMetadata, ingredients: [Ingredient])? {
        guard lines.count >= 3, lines.first == "---", lines.last == "---" else { return nil }
        let entries = lines.dropFirst().dropLast().filter { !$0.allSatisfy(\.isWhitespace) }
        guard !entries.isEmpty, !entries.contains("---") else { return nil }
        let yaml = entries.joined(separator: "\n") + "\n"
        guard let parsed = try? FrontMatter.parse(Substring(yaml), path: "", firstLine: 2),
              parsed.metadata.title != nil || !parsed.metadata.keyOrder.isEmpty else { return nil }
        return (parsed.metadata, parsed.ingredients)
    }
}
