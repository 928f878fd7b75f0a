import Foundation
import Recipes
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
        let visible = RecipeExport.visible(piece)
        return names.isEmpty ? visible : "\(visible)  ⟵ \(names.joined(separator: ", "))"
    }
}
