import Foundation
import RichText
import Recipes
import RecipeFormats

/// Cooklang's line break inside a step (the spec, 2026-03): a step's line
/// that ends in a backslash goes on to the next line with a line break,
/// where two lines of a step are otherwise joined by a space. The
/// document keeps the backslash (the file's bytes, and what the writer
/// writes back); the exports show the break instead of it.
extension RecipeExport {
    /// Whether a paragraph of `recipe` is a Cooklang step line ending in
    /// the line-break backslash (not in a component, a comment, a heading
    /// or a metadata line).
    static func endsWithLineBreak(_ paragraph: ParagraphContent, in recipe: Recipe) -> Bool {
        guard recipe.headFormat == .cooklang, paragraph.text.last == 0x5C, let last = paragraph.runs.last,
              paragraph.paragraph.verbatimLine == nil, paragraph.paragraph.headingLevel == nil else { return false }
        let attributes = last.attributes
        return attributes.ingredient == nil && attributes.cookware == nil && attributes.timer == nil && attributes.comment != true
    }

    /// The paragraph without its line-break backslash, when it ends in one.
    static func withoutLineBreakMark(_ paragraph: ParagraphContent, in recipe: Recipe) -> ParagraphContent {
        guard endsWithLineBreak(paragraph, in: recipe) else { return paragraph }
        var trimmed = paragraph
        trimmed.text.removeLast()
        let end = trimmed.text.count
        trimmed.runs = trimmed.runs.compactMap { run in
            let range = run.range.clamped(to: 0 ..< end)
            return range.isEmpty ? nil : (range, run.attributes)
        }
        return trimmed
    }
}
