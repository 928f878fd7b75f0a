import Foundation
import RichText

/// The JSON export, run-based (documented in README, "JSON export"):
///
///     {"format": "roux-recipe", "version": 1, "title": …,
///      "ingredients": [{"id", "name", "quantity"?, "unit"?, "amount"?, "note"?}],
///      "paragraphs": [{"heading"?, "alignment"?, "direction"?, "runs": [{"text", …attributes}]}]}
///
/// A run's attributes are present only when set: bold, italic, underline,
/// strikethrough (true), foregroundColor, backgroundColor (as in the Markdown
/// file), ingredient (an ID of the list). Joining the runs of the paragraphs
/// with "\n" gives the text.
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
        var runs: [JSONRun]
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
    }

    public static func json(_ recipe: Recipe) -> String {
        let paragraphs = paragraphs(of: recipe.document.text).map { runs in
            let first = runs.first?.1 ?? AttributeContainer()
            return JSONParagraph(
                heading: first.headingLevel, alignment: first.alignment?.rawValue,
                direction: first.baseWritingDirection?.rawValue,
                runs: runs.map { text, attributes in
                    JSONRun(text: text, bold: attributes.bold, italic: attributes.italic, underline: attributes.underline,
                            strikethrough: attributes.strikethrough,
                            foregroundColor: attributes.ingredient == nil ? attributes.foregroundColor?.fileName : nil,
                            backgroundColor: attributes.backgroundColor?.fileName, ingredient: attributes.ingredient?.rawValue)
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
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
