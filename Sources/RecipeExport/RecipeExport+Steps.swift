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
    /// a list item starts the next, each list item is one. Left out: the
    /// title, comments, notes and quotes, code and HTML, the metadata, and
    /// the ingredient lists with the heading or label that names them.
    public static func steps(of recipe: Recipe) -> [Step] {
        placedSteps(of: recipe).map(\.step)
    }

    /// The steps with where each is in the text: the UTF-8 offsets from its
    /// first paragraph's start to its last one's end (cook mode lists the
    /// ingredients, cookware and timers marked there).
    public static func placedSteps(of recipe: Recipe) -> [(step: Step, offsets: Range<Int>)] {
        let text = recipe.document.text
        let itemStarts = Set(recipe.ingredientLists().flatMap { $0.map(\.offsets.lowerBound) })
        var steps: [(step: Step, offsets: Range<Int>)] = []
        var section: String?
        var current: String?
        var place = 0 ..< 0
        var skippingSection = false
        var joint = " "
        func endStep() {
            if let step = current?.trimmingCharacters(in: .whitespaces), !step.isEmpty {
                steps.append((Step(section: section, text: step), place))
            }
            current = nil
        }
        var offset = 0
        for line in ParagraphReader.paragraphs(of: text, in: 0 ..< text.utf8.count) {
            let start = offset
            offset += line.text.count + 1
            let paragraph = withoutLineBreakMark(line, in: recipe)
            let attributes = paragraph.paragraph
            let words = paragraph.runs.filter { $0.attributes.comment != true }
                .map { String(decoding: paragraph.text[$0.range], as: UTF8.self) }.joined().trimmingCharacters(in: .whitespaces)
            if let level = attributes.headingLevel {
                endStep()
                // The title is the recipe's name, not a section.
                guard level > 1 else { continue }
                skippingSection = IngredientHeadings.names(words)
                section = skippingSection ? nil : words
                continue
            }
            let isStepText = attributes.verbatimLine == nil && attributes.blockQuote == nil && !isCommentOnly(paragraph)
            let isIngredientItem = itemStarts.contains { (start ... start + paragraph.text.count).contains($0) } && attributes.listItem != nil
            let isLabel = attributes.listItem == nil && words.count <= TextParagraph.labelLength && IngredientHeadings.names(words)
            guard isStepText, !words.isEmpty, !skippingSection, !isIngredientItem, !isLabel else {
                // A comment inside a step leaves it whole; anything else ends it.
                if !(isCommentOnly(paragraph) && current != nil) { endStep() }
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
}
