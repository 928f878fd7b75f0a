public import Foundation

extension AttributeScopes {
    /// The rich-text attributes a Roux document can hold (a recipe's own
    /// are `RecipeAttributes`, in Recipes). What an editor accepts is
    /// narrowed further by a `FormattingDefinition`.
    public struct RouxAttributes: AttributeScope {
        public let bold: BoldAttribute
        public let italic: ItalicAttribute
        public let underline: UnderlineAttribute
        public let strikethrough: StrikethroughAttribute
        public let foregroundColor: ForegroundColorAttribute
        public let backgroundColor: BackgroundColorAttribute
        public let alignment: AlignmentAttribute
        public let baseWritingDirection: BaseWritingDirectionAttribute
        public let headingLevel: HeadingLevelAttribute
        public let listItem: ListItemAttribute
        public let blockQuote: BlockQuoteAttribute
        public let verbatimLine: VerbatimLineAttribute
        public let inlineCode: InlineCodeAttribute
        public let image: ImageAttribute
    }

    public var roux: RouxAttributes.Type { RouxAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.RouxAttributes, T>
    ) -> T {
        self[T.self]
    }
}
