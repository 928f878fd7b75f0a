/// What a format keeps of the file a recipe was read from, to write the
/// file back as it was (`Recipe.origin`). The domain holds it and copies it
/// with the recipe; only the format that made it reads it.
public protocol RecipeOrigin: Sendable {}
