import Foundation
import RichText
public import Recipes

/// A recipe of another format (Markdown, plain text) as a Cooklang file
/// says it: what `roux export -f cooklang`, `roux import` and a Save As to
/// `.cook` write, so that Cooklang's readers (the reference parser, CookCLI,
/// Roux reopening the file) read the steps, notes and title the recipe has.
/// Cooklang ends a step at a blank line only, reads a `>` note up to the
/// next blank line, takes its title from the front matter and its
/// ingredients from the components.
extension Recipe {
    public func convertedToCooklang() -> Recipe {
        // Which paragraphs are lines of one ingredient list (its items and
        // the remarks nested under them), before reading the lists takes
        // their quantities off the text.
        var titled = self
        titled.takeTitleIntoMetadata()
        let lineStarts = Self.lineStarts(of: titled.document.text)
        let lists = titled.ingredientListExtents().map { extent in
            Set(lineStarts.indices.filter { extent.contains(lineStarts[$0]) })
        }
        var recipe = titled.readingIngredientLists(asComponents: true)
        recipe.moveListQuantitiesIntoMarks()
        recipe.separateBlocks(ingredientLists: lists)
        // Cooklang has no list markers: the blank lines say where items end.
        let text = recipe.document.text
        try? recipe.document.removeAttribute(ListItemAttribute.self, from: [text.startIndex ..< text.endIndex])
        // The head is written anew from the metadata (YAML front matter, as
        // the Cooklang specification writes metadata): the Markdown head's
        // ingredient list is the marks' in Cooklang. A head that did not
        // parse is kept as it was.
        if !recipe.headIsVerbatim { recipe.originalFrontMatter = nil }
        return recipe
    }

    /// A marked item of an ingredient list is its mark alone, the quantity
    /// and the note the item writes around the name going on the mark, as
    /// an unmarked item's do (`readingIngredientLists(asComponents:)`):
    /// `@beurre doux{125%g}(bien froid)`, not `125 g de @beurre doux{125%g}`
    /// `(bien froid), bien froid`; `une pincée de ^[sel]` is `@sel{1%pincée}`.
    /// The quantity the cook reads is the one the text gives, whatever the
    /// list in the front matter says; one the mark has already stays.
    mutating func moveListQuantitiesIntoMarks() {
        // From the last item up, so the offsets before stay right.
        for item in ingredientLists().joined().reversed() where item.isMarked {
            let line = item.line
            let nameStart = item.offsets.lowerBound + line.text.utf8.distance(from: line.text.startIndex, to: line.nameRange.lowerBound)
            let text = document.text
            // The mark that starts where the name does, whole (bold inside it splits its runs).
            let itemRange = text.characterRange(atUTF8Offsets: item.offsets)
            guard let found = text[itemRange].runs[\.ingredient].first(where: { $0.0 != nil && text.utf8Offset(of: $0.1.lowerBound) == nameStart })
            else { continue }
            let marked = text.utf8Offsets(of: found.1)
            let mark = text[found.1].runs
            // Text that holds another component (`, with ^[milk]`) stays, and
            // so does what the mark says already (nothing is lost).
            func movable(_ cut: Range<Int>) -> Bool {
                !cut.isEmpty && !text[text.characterRange(atUTF8Offsets: cut)].runs.contains {
                    $0.ingredient != nil || $0.cookware != nil || $0.timer != nil
                }
            }
            let before = item.offsets.lowerBound ..< nameStart
            let after = marked.upperBound ..< item.offsets.upperBound
            let moveQuantity = line.quantity != nil && movable(before) && mark.allSatisfy { $0[OccurrenceQuantityAttribute.self] == nil }
            let moveNote = movable(after) && mark.allSatisfy { $0[OccurrenceNoteAttribute.self] == nil }
            var attributes = AttributeContainer()
            if moveQuantity { attributes[OccurrenceQuantityAttribute.self] = line.quantity }
            if moveNote { attributes[OccurrenceNoteAttribute.self] = line.note }
            if attributes != AttributeContainer() { document.addAttributes(attributes, toUTF8Offsets: [marked]) }
            for (cut, moved) in [(after, moveNote), (before, moveQuantity)] where moved {
                try? document.replace(document.text.characterRange(atUTF8Offsets: cut), with: "")
            }
        }
    }

    /// The title as Cooklang metadata: the title heading that opens the
    /// text is not a section (`== Grandma's Pancakes ==`) but `title:`.
    mutating func takeTitleIntoMetadata() {
        guard let title else { return }
        if metadata.title == nil { writeTitleInMetadata(title) }
        let paragraphs = ParagraphReader.paragraphs(of: document.text, in: 0 ..< document.text.utf8.count)
        guard let first = paragraphs.firstIndex(where: { !$0.text.allSatisfy(Self.isBlank) }), paragraphs[first].paragraph.headingLevel == 1,
              String(decoding: paragraphs[first].text, as: UTF8.self).trimmingCharacters(in: .whitespaces) == title else { return }
        // The heading and the blank lines around it.
        var end = first + 1
        while end < paragraphs.count, paragraphs[end].text.allSatisfy(Self.isBlank) { end += 1 }
        let length = paragraphs[..<end].reduce(0) { $0 + $1.text.count + 1 }
        let text = document.text
        var rest = AttributedString(text[text.characterRange(atUTF8Offsets: min(length, text.utf8.count) ..< text.utf8.count)])
        if end == paragraphs.count { rest = AttributedString() }
        document = RichTextDocument(text: rest, definition: document.definition)
    }

    /// A blank line between two blocks that Markdown tells apart and
    /// Cooklang would join: list items (but those of one ingredient list,
    /// which stay one block as a web page's imported list does), and a
    /// quote (a note) and the text around it. A line indented under an
    /// item stays with it; headings need none (a section ends a step).
    mutating func separateBlocks(ingredientLists: [Set<Int>]) {
        let text = document.text
        let paragraphs = ParagraphReader.paragraphs(of: text, in: 0 ..< text.utf8.count)
        var result = AttributedString()
        var offset = 0
        for (index, paragraph) in paragraphs.enumerated() {
            let length = paragraph.text.count + (index + 1 < paragraphs.count ? 1 : 0)
            if index > 0, Self.needsBlankLine(between: paragraphs[index - 1], and: paragraph,
                                              sameList: ingredientLists.contains { $0.contains(index - 1) && $0.contains(index) }) {
                result += AttributedString("\n")
            }
            result += AttributedString(text[text.characterRange(atUTF8Offsets: offset ..< offset + length)])
            offset += length
        }
        document = RichTextDocument(text: result, definition: document.definition)
    }

    private static func needsBlankLine(between above: ParagraphContent, and below: ParagraphContent, sameList: Bool) -> Bool {
        guard !above.text.allSatisfy(isBlank), !below.text.allSatisfy(isBlank) else { return false }
        let (upper, lower) = (above.paragraph, below.paragraph)
        guard upper.headingLevel == nil, lower.headingLevel == nil else { return false }
        if (upper.blockQuote ?? 0 > 0) != (lower.blockQuote ?? 0 > 0) { return true }
        if lower.listItem != nil { return !sameList }
        // A line indented under an item is the item's.
        return upper.listItem != nil && !(below.text.first == 0x20 || below.text.first == 0x09)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The UTF-8 offset where each paragraph starts.
    private static func lineStarts(of text: AttributedString) -> [Int] {
        var starts = [0]
        for (offset, byte) in String(text.characters).utf8.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        return starts
    }
}
