import Foundation
import RichText

/// Prints a run as its text (control characters made visible, so a recipe
/// can never send escape sequences to the terminal) and its attributes.
enum RunPrinter {
    static func line(piece: String, attributes: AttributeContainer) -> String {
        var names: [String] = []
        if let ingredient = attributes[IngredientAttribute.self] { names.append("ingredient=\(ingredient)") }
        if let color = attributes[ForegroundColorAttribute.self] { names.append("foregroundColor=\(color)") }
        if attributes[BoldAttribute.self] == true { names.append("bold") }
        if attributes[ItalicAttribute.self] == true { names.append("italic") }
        let visible = String(String.UnicodeScalarView(piece.unicodeScalars.map(visibleScalar)))
        return names.isEmpty ? visible : "\(visible)  ⟵ \(names.joined(separator: ", "))"
    }

    /// C0 and C1 controls as visible stand-ins: U+2400 pictures for C0 and DEL,
    /// U+FFFD for C1. Newlines stay, so the text keeps its shape.
    private static func visibleScalar(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x0A: scalar
        case 0x00 ..< 0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        case 0x80 ..< 0xA0: "\u{FFFD}"
        default: scalar
        }
    }
}
