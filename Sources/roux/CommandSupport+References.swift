import RecipeFormats
import Recipes

extension CommandSupport {
    /// The recipes `recipe` references (those `selection` follows), read and
    /// scaled; their warnings and errors printed, `failed` set when one
    /// could not be read.
    static func expandedReferences(of recipe: Recipe, at file: String, factor: Double, following selection: ReferenceSelection = .all,
                                   failed: inout Bool) -> ReferenceExpansion {
        let expansion = ReferenceExpansion(of: recipe, at: file, factor: factor, following: selection)
        for warning in expansion.warnings { printError("warning: \(warning)") }
        for error in expansion.errors { printError(error.description) }
        if !expansion.errors.isEmpty { failed = true }
        return expansion
    }
}
