import Foundation

extension FormattingDefinition {
    /// The presentation and paragraph attributes every Roux editor accepts.
    static let presentationAttributes: [ScopedAttribute] = [
        .flag(BoldAttribute.self),
        .flag(ItalicAttribute.self),
        .flag(UnderlineAttribute.self),
        .flag(StrikethroughAttribute.self),
        .color(ForegroundColorAttribute.self),
        .color(BackgroundColorAttribute.self),
        .value(AlignmentAttribute.self),
        .value(BaseWritingDirectionAttribute.self),
        .value(HeadingLevelAttribute.self),
    ]

    /// The recipe editor: presentation and paragraph attributes plus the
    /// ingredient, with ingredients green and nothing else coloured.
    public static let recipe = FormattingDefinition(
        name: "Recipe",
        attributes: presentationAttributes + [.value(IngredientAttribute.self)],
        constraints: [.headingLevelsInRange, .ingredientsAreGreen]
    )

    /// Free rich text: the same keys, no constraint beyond the heading range.
    public static let richText = FormattingDefinition(
        name: "Rich text",
        attributes: presentationAttributes,
        constraints: [.headingLevelsInRange]
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

    /// Markdown has six heading levels; anything else is body text.
    public static let headingLevelsInRange = AttributeConstraint(
        name: "HeadingLevelsInRange",
        constrainedKey: HeadingLevelAttribute.name,
        dependencies: [HeadingLevelAttribute.name],
        explanation: "headings go from level 1 to 6"
    ) { container in
        if let level = container[HeadingLevelAttribute.self], !(1...6).contains(level) {
            container[HeadingLevelAttribute.self] = nil
        }
    }
}
