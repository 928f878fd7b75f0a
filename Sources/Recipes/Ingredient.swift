public import RichText

/// An entry of a recipe's ingredient list. The list is the source of truth:
/// an ingredient can exist with no mark in the text.
public struct Ingredient: Equatable, Sendable, Identifiable {
    public var id: IngredientID
    public var name: String
    public var quantity: Quantity?
    public var note: String?
    /// For a reference to another recipe (Cooklang's `@./sauces/Hollandaise{}`):
    /// its path as written, which the inspector opens.
    public var recipePath: String?

    public init(id: IngredientID, name: String, quantity: Quantity? = nil, note: String? = nil) {
        self.id = id
        self.name = name
        self.quantity = quantity
        self.note = note
    }
}
