public import Recipes

extension ReferenceExpansion {
    /// Every entry's quantities, at every depth, in the conversion's system:
    /// what `ingredients` and the exports show with `--units`. Each
    /// ingredient's quantities are added in the system and rounded once
    /// (`UnitConversion.total`), as the recipe's own are.
    public func converted(with conversion: UnitConversion) -> ReferenceExpansion {
        var copy = self
        copy.entries = Self.converted(entries, with: conversion)
        return copy
    }

    private static func converted(_ entries: [Entry], with conversion: UnitConversion) -> [Entry] {
        entries.map { entry in
            var entry = entry
            entry.quantities = conversion.total(entry.quantities, ingredient: entry.ingredient.name)
            if var recipe = entry.recipe {
                recipe.entries = converted(recipe.entries, with: conversion)
                entry.recipe = recipe
            }
            return entry
        }
    }
}
