public import Foundation

extension AttributeScopes {
    /// The attributes a recipe adds to rich text: its ingredients and the
    /// components and comments of its steps. `FormattingDefinition.recipe`
    /// accepts them beside the rich-text ones (`RouxAttributes`).
    public struct RecipeAttributes: AttributeScope {
        public let ingredient: IngredientAttribute
        public let cookware: CookwareAttribute
        public let timer: TimerAttribute
        public let comment: CommentAttribute
    }

    public var recipe: RecipeAttributes.Type { RecipeAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.RecipeAttributes, T>
    ) -> T {
        self[T.self]
    }
}
