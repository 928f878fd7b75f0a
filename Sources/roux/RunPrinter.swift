import Foundation
import RecipeExport
import Recipes
import RichText

/// Prints a run as its text and its attributes, control characters of
/// both made visible (an ingredient's ID is the recipe's text too): a recipe
/// never sends escape sequences to the terminal.
enum RunPrinter {
    static func line(piece: String, attributes: AttributeContainer) -> String {
        var names: [String] = []
        if let ingredient = attributes[IngredientAttribute.self] { names.append("ingredient=\(ingredient)") }
        if let color = attributes[ForegroundColorAttribute.self] { names.append("foregroundColor=\(color)") }
        if attributes[BoldAttribute.self] == true { names.append("bold") }
        if attributes[ItalicAttribute.self] == true { names.append("italic") }
        return RecipeExport.visible(names.isEmpty ? piece : "\(piece)  ⟵ \(names.joined(separator: ", "))")
    }
}
