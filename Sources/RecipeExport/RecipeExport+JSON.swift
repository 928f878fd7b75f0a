import Foundation
import RichText
public import Recipes
import RecipeFormats

/// The JSON export, run-based (documented in README, "JSON export"):
///
///     {"format": "roux-recipe", "version": 1, "title": …,
///      "ingredients": [{"id", "name", "quantity"?, "unit"?, "amount"?, "note"?}],
///      "paragraphs": [{"heading"?, "alignment"?, "direction"?, "list"?: {"kind", "marker", "number"?, "level"},
///                      "quote"?, "verbatim"?, "runs": [{"text", …attributes}]}]}
///
/// A run's attributes are present only when set: bold, italic, underline,
/// strikethrough (true), foregroundColor, backgroundColor (as in the Markdown
/// file), ingredient (an ID of the list) with this occurrence's quantity
/// and note, link, image (its address), code, cookware, timer,
/// comment. Joining the runs of the paragraphs with "\n" gives the text.
extension RecipeExport {
    struct JSONRecipe: Encodable {
        var format = "roux-recipe"
        var version = 1
        var title: String?
        var ingredients: [JSONIngredient]
        var paragraphs: [JSONParagraph]
    }

    struct JSONIngredient: Encodable {
        var id: String
        var name: String
        var quantity: String?
        var amount: String?
        var unit: String?
        var note: String?
    }

    struct JSONParagraph: Encodable {
        var heading: Int?
        var alignment: String?
        var direction: String?
        var list: JSONListItem?
        var quote: Int?
        var verbatim: String?
        var runs: [JSONRun]
    }

    struct JSONListItem: Encodable {
        /// "bullet" or "ordered".
        var kind: String
        var marker: String
        var number: Int?
        /// 1 for an item at the outermost level.
        var level: Int
    }

    struct JSONRun: Encodable {
        var text: String
        var bold: Bool?
        var italic: Bool?
        var underline: Bool?
        var strikethrough: Bool?
        var foregroundColor: String?
        var backgroundColor: String?
        var ingredient: String?
        var quantity: String?
        var note: String?
        var link: String?
        var image: String?
        var code: Bool?
        var cookware: String?
        var timer: String?
        var comment: Bool?
    }

    public static func json(_ recipe: Recipe) -> String {
        let contents = ParagraphReader.paragraphs(of: recipe.document.text, in: 0 ..< recipe.document.text.utf8.count)
        let levels = listLevels(contents)
        let paragraphs = zip(contents, levels).map { paragraph, level in
            let first = paragraph.paragraph
            return JSONParagraph(
                heading: first.headingLevel, alignment: first.alignment?.rawValue,
                direction: first.baseWritingDirection?.rawValue,
                list: first.listItem.map { marker in
                    switch marker.kind {
                    case .bullet(let bullet): JSONListItem(kind: "bullet", marker: bullet, level: level ?? 1)
                    case .ordered(let number, let delimiter): JSONListItem(kind: "ordered", marker: delimiter, number: number, level: level ?? 1)
                    }
                },
                quote: first.blockQuote, verbatim: first.verbatimLine?.rawValue,
                runs: paragraph.runs.map { range, attributes in
                    JSONRun(text: String(decoding: paragraph.text[range], as: UTF8.self), bold: attributes.bold, italic: attributes.italic,
                            underline: attributes.underline, strikethrough: attributes.strikethrough,
                            foregroundColor: attributes.hasDerivedColor ? nil : attributes.foregroundColor?.fileName,
                            backgroundColor: attributes.backgroundColor?.fileName, ingredient: attributes.ingredient?.rawValue,
                            quantity: attributes[OccurrenceQuantityAttribute.self]?.occurrenceText,
                            note: attributes[OccurrenceNoteAttribute.self], link: attributes.link?.absoluteString,
                            image: attributes.image.map(RecipeExport.imageAddress), code: attributes.inlineCode, cookware: attributes.cookware,
                            timer: attributes.timer, comment: attributes.comment)
                })
        }
        let document = JSONRecipe(
            title: recipe.title,
            ingredients: recipe.ingredients.map {
                JSONIngredient(id: $0.id.rawValue, name: $0.name, quantity: $0.quantity?.description,
                               amount: $0.quantity?.amount, unit: $0.quantity?.unit, note: $0.note)
            },
            paragraphs: paragraphs)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        // C1, DEL and direction controls as escapes too (`OutgoingText`).
        return OutgoingText.escapedJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }
}
