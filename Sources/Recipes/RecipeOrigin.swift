/// What a format keeps of the file a recipe was read from, to write the
/// file back as it was (`Recipe.origin`). The domain holds it and copies it
/// with the recipe; only the format that made it reads it. The domain asks
/// it one thing: where the file writes a metadata value.
public protocol RecipeOrigin: Sendable {
    /// Sets `key` to `value` in `recipe` where its file writes the key: the
    /// metadata always, and whatever else the format keeps the value in (a
    /// Cooklang `>>` line among the steps is text of the document).
    func setMetadata(_ key: String, toText value: String, in recipe: inout Recipe)
}

extension Recipe {
    /// Sets a metadata key where the recipe's file writes it (its origin
    /// decides); a recipe made here keeps it in its metadata, which the
    /// head is written from.
    package mutating func setMetadata(_ key: String, toText value: String) {
        guard let origin else {
            metadata.set(key, toText: value)
            return
        }
        origin.setMetadata(key, toText: value, in: &self)
    }
}
