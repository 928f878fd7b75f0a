import Foundation
import RichText

extension InlineAttributeList {
    /// The attributes the list sets; keys Roux does not know are kept verbatim
    /// in `RetainedMarkdownAttributes`. Throws for a known key with a value it
    /// cannot take (`alignment: "sideways"`).
    func attributes() throws(SyntaxError) -> AttributeContainer {
        var container = AttributeContainer()
        var retained: [String] = []
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
            case ("ingredient", _), ("underline", _), ("bold", _), ("italic", _), ("strikethrough", _),
                 ("foregroundColor", _), ("backgroundColor", _), ("alignment", _), ("baseWritingDirection", _), ("headingLevel", _):
                throw SyntaxError(offset: 0, message: "\(pair.key) has a value of the wrong kind")
            default:
                retained.append(pair.source)
            }
        }
        if !retained.isEmpty { container[RetainedMarkdownAttributes.self] = retained.joined(separator: ", ") }
        return container
    }

    /// The list for the inline attributes of a run, in a fixed order; the
    /// ingredient's green is derived, so it is not written.
    static func source(for attributes: AttributeContainer, paragraph: AttributeContainer?) -> String {
        var parts: [String] = []
        if let ingredient = attributes.ingredient { parts.append("ingredient: " + quote(ingredient.rawValue)) }
        if attributes.underline == true { parts.append("underline: true") }
        if attributes.ingredient == nil, let color = attributes.foregroundColor {
            parts.append("foregroundColor: " + quote(color.fileName))
        }
        if let color = attributes.backgroundColor { parts.append("backgroundColor: " + quote(color.fileName)) }
        if let paragraph {
            if let alignment = paragraph.alignment { parts.append("alignment: " + quote(alignment.rawValue)) }
            if let direction = paragraph.baseWritingDirection { parts.append("baseWritingDirection: " + quote(direction.rawValue)) }
        }
        if let retained = attributes[RetainedMarkdownAttributes.self] { parts.append(retained) }
        return parts.joined(separator: ", ")
    }
}
