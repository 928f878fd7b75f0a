import Foundation
import RichText
public import Recipes
import RecipeFormats

/// The recipe's method as steps, for formats that list steps rather than
/// lay out text (schema.org's `recipeInstructions`).
extension RecipeExport {
    public struct Step: Equatable, Sendable {
        /// The heading the step is under (`## La détrempe`, Cooklang's `= Dough`).
        public var section: String?
        public var text: String

        public init(section: String? = nil, text: String) {
            self.section = section
            self.text = text
        }
    }

    /// The steps: lines in a row are one step (joined by a space, or by a
    /// line break after a Cooklang line-break backslash), a blank line or
    /// a list item starts the next, each list item is one. A note (a quote,
    /// "> Tip: let it rest") goes with the step it follows, on a line of its
    /// own, as a cook reads it there (a note with no step before it in its
    /// section is a step of its own). Left out: the title, the
    /// introduction (`introduction(of:)`), comments, code and HTML, the
    /// metadata, and the ingredient lists with the heading or label that
    /// names them.
    public static func steps(of recipe: Recipe) -> [Step] {
        placedSteps(of: recipe).map(\.step)
    }

    /// The steps with where each is in the text: the UTF-8 offsets from its
    /// first paragraph's start to its last one's end (cook mode lists the
    /// ingredients, cookware and timers marked there).
    public static func placedSteps(of recipe: Recipe) -> [(step: Step, offsets: Range<Int>)] {
        let text = recipe.document.text
        let itemStarts = Set(recipe.ingredientLists().flatMap { $0.map(\.offsets.lowerBound) })
        let introduction = introductionParagraphs(of: recipe)
        var steps: [(step: Step, offsets: Range<Int>)] = []
        var section: String?
        var current: String?
        var place = 0 ..< 0
        var skippingSection = false
        var joint = " "
        // The last step ended can still take the note that follows it.
        var takesNote = false
        var inNote = false
        func endStep() {
            if let step = current?.trimmingCharacters(in: .whitespaces), !step.isEmpty {
                steps.append((Step(section: section, text: step), place))
                takesNote = true
            }
            current = nil
        }
        let lines = ParagraphReader.paragraphs(of: text, in: 0 ..< text.utf8.count)
        var starts: [Int] = []
        var offset = 0
        for line in lines {
            starts.append(offset)
            offset += line.text.count + 1
        }
        // A label is the ingredient list's by where it stands, right above
        // the list's first item: a step that says "ingredients" is a step.
        func labelsIngredientList(_ index: Int) -> Bool {
            var next = index + 1
            while next < lines.count, lines[next].text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { next += 1 }
            guard next < lines.count, lines[next].paragraph.listItem != nil else { return false }
            let item = starts[next] ... starts[next] + lines[next].text.count
            return itemStarts.contains { item.contains($0) }
        }
        for (index, line) in lines.enumerated() {
            let start = starts[index]
            let paragraph = withoutLineBreakMark(line, in: recipe)
            let attributes = paragraph.paragraph
            let words = paragraph.runs.filter { $0.attributes.comment != true }
                .map { String(decoding: paragraph.text[$0.range], as: UTF8.self) }.joined().trimmingCharacters(in: .whitespaces)
            if let level = attributes.headingLevel {
                endStep()
                takesNote = false
                // The title is the recipe's name, not a section.
                guard level > 1 else { continue }
                skippingSection = IngredientHeadings.names(words)
                section = skippingSection ? nil : words
                continue
            }
            let isNote = attributes.blockQuote ?? 0 > 0 && attributes.verbatimLine == nil && !words.isEmpty
            if isNote, !skippingSection {
                endStep()
                if takesNote, let last = steps.indices.last {
                    steps[last].step.text += (inNote ? " " : "\n") + words
                    steps[last].offsets = steps[last].offsets.lowerBound ..< start + line.text.count
                } else {
                    steps.append((Step(section: section, text: words), start ..< start + line.text.count))
                    takesNote = true
                }
                inNote = true
                continue
            }
            inNote = false
            let isStepText = attributes.verbatimLine == nil && attributes.blockQuote == nil && !isCommentOnly(paragraph)
            let isIngredientItem = itemStarts.contains { (start ... start + paragraph.text.count).contains($0) } && attributes.listItem != nil
            let isLabel = attributes.listItem == nil && words.count <= TextParagraph.labelLength && IngredientHeadings.names(words)
                && labelsIngredientList(index)
            guard isStepText, !words.isEmpty, !skippingSection, !isIngredientItem, !isLabel, !isPictureOnly(paragraph),
                  !introduction.contains(index) else {
                // A comment inside a step leaves it whole; anything else ends it.
                if !(isCommentOnly(paragraph) && current != nil) { endStep() }
                if !words.isEmpty, !isCommentOnly(paragraph) { takesNote = false }
                continue
            }
            if attributes.listItem != nil { endStep() }
            place = (current == nil ? start : place.lowerBound) ..< start + line.text.count
            current = current.map { $0 + joint + words } ?? words
            joint = endsWithLineBreak(line, in: recipe) ? "\n" : " "
            if attributes.listItem != nil { endStep() }
        }
        endStep()
        return steps
    }

    /// A paragraph that is only pictures (`![Fresh dorayaki](dorayaki.png)`
    /// on its own line): shown beside the steps, never one (its text is the
    /// picture's description). A picture within a step's words stays in it.
    static func isPictureOnly(_ paragraph: ParagraphContent) -> Bool {
        var hasPicture = false
        for run in paragraph.runs {
            if run.attributes.image != nil {
                hasPicture = true
            } else if !paragraph.text[run.range].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                return false
            }
        }
        return hasPicture
    }

    /// The introduction: the paragraphs of plain text that open a Markdown
    /// or plain-text recipe (after its title's heading) when a heading or a
    /// list follows them, as "Fluffy pancakes for a lazy Sunday." stands
    /// above "## Ingredients". It describes the recipe (schema.org's
    /// `description`); it is no step. Nil for none. A Cooklang recipe has
    /// none: its text before a section is steps.
    public static func introduction(of recipe: Recipe) -> String? {
        let indices = introductionParagraphs(of: recipe)
        guard !indices.isEmpty else { return nil }
        let paragraphs = ParagraphReader.paragraphs(of: recipe.document.text, in: 0 ..< recipe.document.text.utf8.count)
        let words = indices.map { index -> String in
            // A picture is the recipe's image, not words of its description.
            guard !isPictureOnly(paragraphs[index]) else { return "" }
            return paragraphs[index].runs.filter { $0.attributes.comment != true }
                .map { String(decoding: paragraphs[index].text[$0.range], as: UTF8.self) }.joined().trimmingCharacters(in: .whitespaces)
        }
        // Lines in a row are one paragraph; a blank line starts the next.
        var text = ""
        var previousIndex: Int?
        for (index, line) in zip(indices, words) where !line.isEmpty {
            if let previousIndex { text += index == previousIndex + 1 ? " " : "\n\n" }
            text += line
            previousIndex = index
        }
        return text.isEmpty ? nil : text
    }

    /// The paragraph indices of the introduction (see `introduction(of:)`).
    static func introductionParagraphs(of recipe: Recipe) -> Range<Int> {
        guard recipe.headFormat != .cooklang else { return 0 ..< 0 }
        let paragraphs = ParagraphReader.paragraphs(of: recipe.document.text, in: 0 ..< recipe.document.text.utf8.count)
        let isBlank = { (index: Int) in paragraphs[index].text.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        var start = 0
        while start < paragraphs.count, isBlank(start) { start += 1 }
        if start < paragraphs.count, paragraphs[start].paragraph.headingLevel == 1 { start += 1 }
        var end = start
        while end < paragraphs.count {
            let attributes = paragraphs[end].paragraph
            guard attributes.headingLevel == nil, attributes.listItem == nil else { break }
            // Anything but plain text (a quote, code, a comment): no introduction.
            guard isBlank(end) || (attributes.blockQuote == nil && attributes.verbatimLine == nil && !isCommentOnly(paragraphs[end])) else {
                return 0 ..< 0
            }
            end += 1
        }
        guard end < paragraphs.count, (start ..< end).contains(where: { !isBlank($0) }) else { return 0 ..< 0 }
        return start ..< end
    }
}
