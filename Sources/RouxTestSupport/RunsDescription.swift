public import Foundation
import Recipes
import RichText

/// A readable, ordered description of a text's runs for assertions:
/// `["ab ", "beurre{foregroundColor=green ingredient=beurre}", " cd"]`.
public enum RunsDescription {
    public static func of(_ text: AttributedString) -> [String] {
        text.runs.map { run in
            let piece = String(text.characters[run.range])
            let attributes = describe(run.attributes)
            return attributes.isEmpty ? piece : "\(piece){\(attributes)}"
        }
    }

    public static func describe(_ attributes: AttributeContainer) -> String {
        var parts: [String] = []
        if attributes[BoldAttribute.self] == true { parts.append("bold") }
        if attributes[ItalicAttribute.self] == true { parts.append("italic") }
        if attributes[UnderlineAttribute.self] == true { parts.append("underline") }
        if attributes[StrikethroughAttribute.self] == true { parts.append("strikethrough") }
        if let color = attributes[ForegroundColorAttribute.self] { parts.append("foregroundColor=\(name(of: color))") }
        if let color = attributes[BackgroundColorAttribute.self] { parts.append("backgroundColor=\(name(of: color))") }
        if let alignment = attributes[AlignmentAttribute.self] { parts.append("alignment=\(alignment.rawValue)") }
        if let direction = attributes[BaseWritingDirectionAttribute.self] { parts.append("direction=\(direction.rawValue)") }
        if let level = attributes[HeadingLevelAttribute.self] { parts.append("heading=\(level)") }
        if let ingredient = attributes[IngredientAttribute.self] { parts.append("ingredient=\(ingredient)") }
        return parts.joined(separator: " ")
    }

    private static func name(of color: TerminalColor) -> String {
        switch color {
        case .default: "default"
        case .ansi(let ansi): "\(ansi)"
        case .palette(let index): "palette(\(index))"
        case .rgb(let red, let green, let blue): "rgb(\(red),\(green),\(blue))"
        }
    }
}
