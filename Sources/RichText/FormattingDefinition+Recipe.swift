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

    /// What recipe files hold beyond formatting: structure (lists, quotes,
    /// code kept verbatim), links and images, Cooklang's cookware, timers
    /// and comments.
    static let structureAttributes: [ScopedAttribute] = [
        .value(ListItemAttribute.self),
        .value(BlockQuoteAttribute.self),
        .value(VerbatimLineAttribute.self),
        .flag(InlineCodeAttribute.self),
        .value(AttributeScopes.FoundationAttributes.LinkAttribute.self).endingWhereItsTextEnds(),
        .value(ImageAttribute.self),
        .value(CookwareAttribute.self),
        .value(TimerAttribute.self),
        .flag(CommentAttribute.self),
        .flag(MadeParagraphAttribute.self),
    ]

    /// The recipe editor: presentation and paragraph attributes plus the
    /// ingredient, with ingredients green and nothing else coloured.
    public static let recipe = FormattingDefinition(
        name: "Recipe",
        attributes: presentationAttributes + structureAttributes + [.value(IngredientAttribute.self)],
        constraints: [.headingLevelsInRange, .ingredientsAreGreen, .cookwareAndTimersHaveTheirColours]
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
