import Foundation
import RichText
import Recipes

extension InlineAttributeList {
    /// The attributes the list sets; keys Roux does not know are kept verbatim
    /// in `RetainedMarkdownAttributes`. Throws for a known key with a value it
    /// cannot take (`alignment: "sideways"`).
    func attributes() throws(SyntaxError) -> AttributeContainer {
        var container = AttributeContainer()
        var retained: [String] = []
        var unit: String?
        for pair in pairs {
            switch (pair.key, pair.value) {
            case ("ingredient", .string(let id)):
                container.ingredient = IngredientID(id)
            case ("underline", .bool(let on)):
                if on { container.underline = true }
            case ("bold", .bool(let on)):
                if on { container.bold = true }
            case ("italic", .bool(let on)):
                if on { container.italic = true }
            case ("strikethrough", .bool(let on)):
                if on { container.strikethrough = true }
            case ("inlineCode", .bool(let on)):
                if on { container.inlineCode = true }
            case ("comment", .bool(let on)):
                if on { container.comment = true }
            case ("foregroundColor", .string(let name)), ("backgroundColor", .string(let name)):
                guard let color = TerminalColor(fileName: name) else {
                    throw SyntaxError(offset: 0, message: "unknown colour \"\(name)\"")
                }
                if pair.key == "foregroundColor" { container.foregroundColor = color } else { container.backgroundColor = color }
            case ("alignment", .string(let name)):
                guard let alignment = ParagraphAlignment(rawValue: name) else {
                    throw SyntaxError(offset: 0, message: "alignment is one of natural, left, center, right, not \"\(name)\"")
                }
                container.alignment = alignment
            case ("baseWritingDirection", .string(let name)):
                switch name {
                case "rtl", "rightToLeft": container.baseWritingDirection = .rightToLeft
                case "ltr", "leftToRight": container.baseWritingDirection = .leftToRight
                default: throw SyntaxError(offset: 0, message: "baseWritingDirection is \"rtl\" or \"ltr\", not \"\(name)\"")
                }
            case ("headingLevel", .number(let number)):
                guard let level = Int(number), (1 ... 6).contains(level) else {
                    throw SyntaxError(offset: 0, message: "headingLevel goes from 1 to 6")
                }
                container.headingLevel = level
            case ("quantity", .string(let written)):
                container[OccurrenceQuantityAttribute.self] = Quantity(occurrence: written)
            case ("quantity", .number(let number)):
                container[OccurrenceQuantityAttribute.self] = Quantity(amount: number)
            case ("unit", .string(let written)):
                unit = written
            case ("note", .string(let note)):
                container[OccurrenceNoteAttribute.self] = note
            case ("cookware", .string(let name)):
                container.cookware = name
            case ("timer", .string(let name)):
                container.timer = name
            case ("link", .string(let address)):
                guard let url = URL(string: address) else { throw SyntaxError(offset: 0, message: "link is not an address: \"\(address)\"") }
                container.link = url
            case ("image", .string(let source)):
                container.image = source
            case ("ingredient", _), ("underline", _), ("bold", _), ("italic", _), ("strikethrough", _), ("inlineCode", _),
                 ("comment", _), ("foregroundColor", _), ("backgroundColor", _), ("alignment", _), ("baseWritingDirection", _),
                 ("headingLevel", _), ("quantity", _), ("unit", _), ("note", _), ("cookware", _), ("timer", _), ("link", _), ("image", _):
                throw SyntaxError(offset: 0, message: "\(pair.key) has a value of the wrong kind")
            default:
                retained.append(pair.source)
            }
        }
        if let unit {
            var quantity = container[OccurrenceQuantityAttribute.self] ?? Quantity(amount: "")
            quantity.unit = unit
            container[OccurrenceQuantityAttribute.self] = quantity
        }
        if !retained.isEmpty { container[RetainedMarkdownAttributes.self] = retained.joined(separator: ", ") }
        return container
    }

    /// The list for the inline attributes of a run, in a fixed order; the
    /// ingredient's green is derived, so it is not written. Emphasis is
    /// listed only when asked for (it is usually written with `*`).
    static func source(for attributes: AttributeContainer, paragraph: AttributeContainer?, includingFlags: Bool = false) -> String {
        var parts: [String] = []
        if let ingredient = attributes.ingredient { parts.append("ingredient: " + quote(ingredient.rawValue)) }
        if let quantity = attributes[OccurrenceQuantityAttribute.self] {
            // "1 tbsp" when it reads back so; else the unit on its own ("3", unit "items").
            if Quantity(occurrence: quantity.occurrenceText) == quantity {
                parts.append("quantity: " + quote(quantity.occurrenceText))
            } else {
                parts.append("quantity: " + quote((quantity.isFixed ? "=" : "") + quantity.amount))
                if let unit = quantity.unit { parts.append("unit: " + quote(unit)) }
            }
        }
        if let note = attributes[OccurrenceNoteAttribute.self] { parts.append("note: " + quote(note)) }
        if let name = attributes.cookware { parts.append("cookware: " + quote(name)) }
        if let name = attributes.timer { parts.append("timer: " + quote(name)) }
        if attributes.underline == true { parts.append("underline: true") }
        if includingFlags {
            if attributes.bold == true { parts.append("bold: true") }
            if attributes.italic == true { parts.append("italic: true") }
            if attributes.strikethrough == true { parts.append("strikethrough: true") }
        }
        if attributes.inlineCode == true { parts.append("inlineCode: true") }
        if attributes.comment == true { parts.append("comment: true") }
        if !attributes.hasDerivedColor, let color = attributes.foregroundColor {
            parts.append("foregroundColor: " + quote(color.fileName))
        }
        if let color = attributes.backgroundColor { parts.append("backgroundColor: " + quote(color.fileName)) }
        if let url = attributes.link, attributes[LinkSourceAttribute.self] == nil { parts.append("link: " + quote(url.absoluteString)) }
        if let source = attributes.image { parts.append("image: " + quote(source)) }
        if let paragraph {
            if let alignment = paragraph.alignment { parts.append("alignment: " + quote(alignment.rawValue)) }
            if let direction = paragraph.baseWritingDirection { parts.append("baseWritingDirection: " + quote(direction.rawValue)) }
        }
        if let retained = attributes[RetainedMarkdownAttributes.self] { parts.append(retained) }
        return parts.joined(separator: ", ")
    }
}

extension Quantity {
    /// An occurrence's quantity as an attribute list writes it: "1 tbsp",
    /// with "=" before a fixed one ("=1 tsp").
    init(occurrence written: String) {
        let fixed = written.hasPrefix("=")
        self = Quantity(parsing: fixed ? String(written.dropFirst()) : written)
        isFixed = fixed
    }

    package var occurrenceText: String {
        (isFixed ? "=" : "") + description
    }
}
