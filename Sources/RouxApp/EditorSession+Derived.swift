import Foundation
import RecipeStorage
public import Recipes
import RecipeFormats
public import RichText

/// What the panes show of the open recipe, from its `RecipeIndex`: the
/// title, the marks per ingredient, the quantities, the cookware and timers,
/// the suggestion. A keystroke costs what it changed, not the recipe's size.
extension EditorSession {
    /// The title, by the recipe's one rule (`Recipe.title(frontMatter:heading:)`):
    /// the front matter's title as a save would write it, else the first heading.
    public var title: String? {
        Recipe.title(frontMatter: frontMatterTitle, heading: heading)
    }

    /// The front matter's title as the next save writes it: while it follows
    /// the heading, the heading as it is now.
    var frontMatterTitle: String? {
        guard titleFollowsHeading, recipe.metadata.title != nil, let heading else { return recipe.metadata.title }
        return heading
    }

    /// Before a save: the front matter's title follows the heading.
    func syncTitleWithHeading() {
        let title = frontMatterTitle
        if title != recipe.metadata.title { recipe.metadata.title = title }
    }

    /// The first level-1 heading.
    public var heading: String? { index.firstHeading(of: recipe) }

    /// Marks per ingredient.
    public var occurrenceCounts: [IngredientID: Int] { index.occurrenceCounts(of: recipe) }

    /// The recipe's cookware and timers.
    public var equipment: Recipe.Equipment { index.equipment(of: recipe) }

    /// The inspector's suggestion row: what Ctrl-E would add, and which
    /// ingredient (its index) it already is.
    public var shownSuggestion: (suggestion: IngredientSuggestion, existing: Int?)? { index.suggestion(of: recipe) }

    /// An ingredient's quantity as the inspector shows it: its marks' added
    /// up (Cooklang's, or a Markdown file's `quantity:` on marks), else the list's.
    /// With `scale`, each quantity scaled before they are added up, so a
    /// fixed one (`@salt{=1%tsp}`) stays as it is.
    public func shownQuantity(of ingredient: Ingredient, scaledBy scale: Double = 1) -> Quantity? {
        let onMarks = askedQuantities(of: ingredient, scaled: scale != 1)
        guard scale != 1 else { return Recipe.shownQuantity(listed: ingredient.quantity, onMarks: onMarks) }
        return Recipe.shownQuantity(listed: ingredient.quantity?.scaled(by: scale), onMarks: onMarks.map { $0.scaled(by: scale) })
    }

    /// The quantities on an ingredient's marks, in text order, a recipe
    /// reference's mark without one asking for the recipe once (`Ingredient.askedQuantities`).
    func askedQuantities(of ingredient: Ingredient, scaled: Bool) -> [Quantity] {
        let onMarks = index.markQuantities(of: recipe)[ingredient.id] ?? []
        guard ingredient.isRecipeReference else { return onMarks }
        return ingredient.askedQuantities(onMarks: onMarks, marks: occurrenceCounts[ingredient.id] ?? 0, evenAlone: scaled)
    }
}
