public import Foundation
public import RichText

extension FormattingDefinition {
    /// What a recipe's steps hold beyond rich text: Cooklang's cookware,
    /// timers and comments.
    static let componentAttributes: [ScopedAttribute] = [
        .value(CookwareAttribute.self),
        .value(TimerAttribute.self),
        .flag(CommentAttribute.self),
    ]

    /// The recipe editor: presentation, paragraph and structure attributes
    /// plus the recipe's components and the ingredient, with ingredients
    /// green and nothing else coloured.
    public static let recipe = FormattingDefinition(
        name: "Recipe",
        attributes: presentationAttributes + structureAttributes + componentAttributes + [.value(IngredientAttribute.self)],
        constraints: [.headingLevelsInRange, .ingredientsAreGreen, .cookwareAndTimersHaveTheirColours]
    )
}

extension AttributeConstraint {
    /// Text marked as an ingredient is green; other text has no foreground
    /// colour of its own (WWDC25's `IngredientsAreGreen`).
    public static let ingredientsAreGreen = AttributeConstraint(
        name: "IngredientsAreGreen",
        constrainedKey: ForegroundColorAttribute.name,
        dependencies: [IngredientAttribute.name],
        explanation: "colour is set by the ingredient"
    ) { container in
        container[ForegroundColorAttribute.self] = container[IngredientAttribute.self] == nil ? nil : .green
    }

    /// Cookware is cyan and a timer magenta, never green (they are not
    /// ingredients). Derived like an ingredient's green, never saved; it
    /// also keeps a component's run apart from plain text beside it, which
    /// Foundation needs to take the component off only the run that was
    /// edited (see DECISIONS.md, "Components and Foundation's invalidation").
    public static let cookwareAndTimersHaveTheirColours = AttributeConstraint(
        name: "CookwareAndTimersHaveTheirColours",
        constrainedKey: ForegroundColorAttribute.name,
        dependencies: [IngredientAttribute.name, CookwareAttribute.name, TimerAttribute.name],
        settledBy: [IngredientAttribute.name],
        explanation: "colour is set by the cookware or timer"
    ) { container in
        guard container[IngredientAttribute.self] == nil else { return }
        if container[CookwareAttribute.self] != nil {
            container[ForegroundColorAttribute.self] = .ansi(.cyan)
        } else if container[TimerAttribute.self] != nil {
            container[ForegroundColorAttribute.self] = .ansi(.magenta)
        }
    }
}
