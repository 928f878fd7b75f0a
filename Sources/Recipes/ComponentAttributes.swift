public import Foundation

// A recipe's components in its steps, as Cooklang names them: what the
// recipe formats read and write and the recipe's lists count.

/// Cookware named in a step (Cooklang's `#pot{}`); the value is its name.
public enum CookwareAttribute: CodableAttributedStringKey {
    public typealias Value = String
    public static let name = "cookware"
    public static let inheritedByAddedText = false
    public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
}

/// A timer in a step (Cooklang's `~{10%minutes}`); the text shows its
/// duration, the value is the timer's name (empty for none).
public enum TimerAttribute: CodableAttributedStringKey {
    public typealias Value = String
    public static let name = "timer"
    public static let inheritedByAddedText = false
    public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
}

/// A comment kept in the text (Cooklang's `-- …` and `[- … -]`): drawn
/// dimmed, never counted as a step or an ingredient.
public enum CommentAttribute: CodableAttributedStringKey {
    public typealias Value = Bool
    public static let name = "comment"
}
