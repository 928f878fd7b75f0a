import Foundation
import RichText
import Recipes
import RecipeFormats

extension RecipeExport {
    /// The paragraphs (indices, from 0) of the text's own ingredient lists
    /// that the readable exports' ingredient list says again: a list whose
    /// every item is marked, right under a heading or a label that names
    /// ingredients ("## Ingredients", "Ingredients:"), with that heading
    /// and the blank lines after it. The exports' list stays (it adds up,
    /// scales and converts the quantities), as the title's heading gives
    /// way to the title. A list under a heading of its own ("### Dough")
    /// stays, its grouping being the author's.
    static func repeatedIngredientParagraphs(of recipe: Recipe) -> Set<Int> {
        guard !recipe.ingredients.isEmpty else { return [] }
        let text = recipe.document.text
        let paragraphs = ParagraphReader.paragraphs(of: text, in: 0 ..< text.utf8.count)
        var starts: [Int] = []
        var offset = 0
        for paragraph in paragraphs {
            starts.append(offset)
            offset += paragraph.text.count + 1
        }
        let isBlank = { (index: Int) in paragraphs[index].text.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        var repeated = Set<Int>()
        for list in recipe.ingredientLists() where !list.isEmpty && list.allSatisfy(\.isMarked) {
            let items = Set(list.map { item in starts.lastIndex { $0 <= item.offsets.lowerBound } ?? 0 })
            guard let first = items.min(), let last = items.max(),
                  (first ... last).allSatisfy({ items.contains($0) || isBlank($0) }) else { continue }
            var above = first - 1
            while above >= 0, isBlank(above) { above -= 1 }
            guard above >= 0 else { continue }
            let attributes = paragraphs[above].paragraph
            let words = String(decoding: paragraphs[above].text, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let isSectionHeading = attributes.headingLevel.map { $0 > 1 } ?? false
            let isLabel = attributes.headingLevel == nil && attributes.listItem == nil && attributes.blockQuote == nil
                && attributes.verbatimLine == nil && words.count <= TextParagraph.labelLength
            guard isSectionHeading || isLabel, IngredientHeadings.names(words) else { continue }
            var end = last + 1
            while end < paragraphs.count, isBlank(end) { end += 1 }
            repeated.formUnion(above ..< end)
        }
        return repeated
    }

    /// The text's paragraphs as the readable exports lay them out, the
    /// ingredient lists their own list says again left out.
    static func shownParagraphs(of recipe: Recipe) -> [ParagraphContent] {
        let text = recipe.document.text
        let repeated = repeatedIngredientParagraphs(of: recipe)
        let paragraphs = ParagraphReader.paragraphs(of: text, in: 0 ..< text.utf8.count)
        guard !repeated.isEmpty else { return paragraphs }
        return paragraphs.enumerated().filter { !repeated.contains($0.offset) }.map(\.element)
    }
}
