public import Foundation

extension FormattingDefinition {
    /// The presentation and paragraph attributes every Roux editor accepts.
    public static let presentationAttributes: [ScopedAttribute] = [
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

    /// What files hold beyond formatting: structure (lists, quotes, code
    /// kept verbatim), links and images, and the paragraphs made in the
    /// editor.
    public static let structureAttributes: [ScopedAttribute] = [
        .value(ListItemAttribute.self),
        .value(BlockQuoteAttribute.self),
        .value(VerbatimLineAttribute.self),
        .flag(InlineCodeAttribute.self),
        .value(AttributeScopes.FoundationAttributes.LinkAttribute.self).endingWhereItsTextEnds(),
        .value(ImageAttribute.self),
        .flag(MadeParagraphAttribute.self),
    ]

    /// Free rich text: the same keys, no constraint beyond the heading range.
    public static let richText = FormattingDefinition(
        name: "Rich text",
        attributes: presentationAttributes,
        constraints: [.headingLevelsInRange]
    )
}

extension AttributeConstraint {
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
