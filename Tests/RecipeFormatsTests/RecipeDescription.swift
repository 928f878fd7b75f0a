import Foundation
@testable import RecipeStorage
@testable import Recipes
@testable import RecipeFormats
import RichText
import RouxTestSupport

/// A readable description of what a recipe file was read as, for golden
/// files: metadata, ingredients, warnings, then each paragraph with its
/// paragraph attributes and its runs.
///
///     3 [list=- indent=2 markup="  - "] "beurre"{ingredient=beurre quantity=250 g} " doux"
enum RecipeDescription {
    static func of(_ recipe: Recipe, warnings: [RecipeFileError] = []) -> String {
        var lines: [String] = []
        if let title = recipe.metadata.title { lines.append("title: \(title)") }
        lines.append("keys: \(recipe.metadata.keyOrder.joined(separator: ", "))")
        for key in recipe.metadata.keyOrder where key != "title" && key != "ingredients" {
            if let entry = recipe.metadata.otherEntries[key] { lines.append("entry: " + entry.debugDescription) }
        }
        for ingredient in recipe.ingredients {
            lines.append("ingredient \(ingredient.id): \(ingredient.name)"
                         + (ingredient.quantity.map { " | \($0)" } ?? "") + (ingredient.note.map { " | \($0)" } ?? ""))
        }
        for warning in warnings { lines.append("warning: \(warning)") }
        lines.append("line ending: \(recipe.style.lineEnding.debugDescription), final newline: \(recipe.style.endsWithNewline)")
        let text = recipe.document.text
        for (number, paragraph) in ParagraphReader.paragraphs(of: text, in: 0 ..< text.utf8.count).enumerated() {
            let attributes = describe(paragraph.paragraph)
            var line = "\(number + 1)" + (attributes.isEmpty ? "" : " [\(attributes)]")
            for run in paragraph.runs {
                let piece = String(decoding: paragraph.text[run.range], as: UTF8.self).debugDescription
                let inline = describe(run.attributes)
                line += " " + piece + (inline.isEmpty ? "" : "{\(inline)}")
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ attributes: AttributeContainer) -> String {
        var parts = RunsDescription.describe(attributes).split(separator: " ").map(String.init)
        if let marker = attributes.listItem {
            switch marker.kind {
            case .bullet(let bullet): parts.append("list=\(bullet)")
            case .ordered(let number, let delimiter): parts.append("list=\(number)\(delimiter)")
            }
            parts.append("indent=\(marker.indentation)")
        }
        if let depth = attributes.blockQuote { parts.append("quote=\(depth)") }
        if let verbatim = attributes.verbatimLine { parts.append("verbatim=\(verbatim.rawValue)") }
        if attributes.inlineCode == true { parts.append("code") }
        if let url = attributes.link { parts.append("link=\(url.absoluteString)") }
        if let source = attributes[LinkSourceAttribute.self] { parts.append("linkSource=\(source.debugDescription)") }
        if let source = attributes.image { parts.append("image=\(source.debugDescription)") }
        if let name = attributes.cookware { parts.append("cookware=\(name.debugDescription)") }
        if let name = attributes.timer { parts.append("timer=\(name.debugDescription)") }
        if attributes.comment == true { parts.append("comment") }
        if let quantity = attributes[OccurrenceQuantityAttribute.self] { parts.append("quantity=\(quantity.occurrenceText.debugDescription)") }
        if let note = attributes[OccurrenceNoteAttribute.self] { parts.append("note=\(note.debugDescription)") }
        if let markup = attributes[LineMarkupAttribute.self] {
            parts.append("markup=\(markup.prefix.debugDescription)" + (markup.suffix.isEmpty ? "" : "…\(markup.suffix.debugDescription)"))
        }
        if let retained = attributes[RetainedMarkdownAttributes.self] { parts.append("retained=\(retained.debugDescription)") }
        return parts.joined(separator: " ")
    }
}
