import ArgumentParser
import Foundation
import Recipes
import RecipeFormats

/// `--servings N` and `--scale F`, shared by the commands that show quantities.
struct ScaleOptions: ParsableArguments {
    // `.unconditional`: `--scale -2` is a value to refuse, not a missing one.
    @Option(parsing: .unconditional, help: "Scale to this many servings (the recipe says how many it serves).")
    var servings: Double?

    @Option(parsing: .unconditional, help: "Multiply every quantity by this factor (2, 0.5, 1.5).")
    var scale: Double?

    func validate() throws {
        try Self.validate(servings: servings, scale: scale)
    }

    /// The checks, for commands that take only some of these options.
    static func validate(servings: Double?, scale: Double?) throws {
        if let servings, !Recipe.servingsCounts.contains(servings) {
            throw ValidationError("--servings must be a number from \(KitchenNumber.decimal(Recipe.servingsCounts.lowerBound)) to \(KitchenNumber.decimal(Recipe.servingsCounts.upperBound))")
        }
        if let scale, !Recipe.scaleFactors.contains(scale) {
            throw ValidationError("--scale must be a factor from \(KitchenNumber.decimal(Recipe.scaleFactors.lowerBound)) to \(KitchenNumber.decimal(Recipe.scaleFactors.upperBound))")
        }
        if servings != nil, scale != nil { throw ValidationError("give --servings or --scale, not both") }
    }

    /// The factor for `recipe` (named `file` in messages), times `base`
    /// (a factor given after the file name). A recipe that does not say
    /// its servings cannot go to N servings: it is said and left as it is.
    func factor(for recipe: Recipe, file: String, base: Double = 1) -> Double {
        Self.factor(scale: scale, servings: servings, for: recipe, file: file, base: base)
    }

    static func factor(scale: Double?, servings: Double?, for recipe: Recipe, file: String, base: Double = 1) -> Double {
        if let scale { return scale * base }
        guard let servings else { return base }
        guard let own = recipe.servings else {
            CommandSupport.printError("\(file): the recipe does not say how many it serves; its quantities are not scaled")
            return base
        }
        return servings / own * base
    }
}
