public import Foundation
import RichText

/// The markup around a line's text exactly as the file wrote it (`> - `,
/// `### `, ` ###`, `== `): a line written again uses it while it still says
/// what the paragraph's attributes say, so an edited line keeps its style.
public struct LineMarkup: Hashable, Codable, Sendable {
    public var prefix: String
    public var suffix: String

    public init(prefix: String, suffix: String = "") {
        self.prefix = prefix
        self.suffix = suffix
    }
}

public enum LineMarkupAttribute: CodableAttributedStringKey {
    public typealias Value = LineMarkup
    public static let name = "lineMarkup"
    public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

/// How a link was written after its text: `(url "title")` as in the file,
/// or `<>` for an autolink (`<https://…>`, whose text is the address).
public enum LinkSourceAttribute: CodableAttributedStringKey {
    public typealias Value = String
    public static let name = "linkSource"
}

/// This occurrence's own quantity: Cooklang's `@oil{1%tbsp}`, Markdown's
/// `^[huile](ingredient: "huile", quantity: "1 tbsp")`. Two occurrences of
/// one ingredient keep their own amounts; the list shows the total.
public enum OccurrenceQuantityAttribute: CodableAttributedStringKey {
    public typealias Value = Quantity
    public static let name = "quantity"
    public static let inheritedByAddedText = false
    public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
}

/// This occurrence's note: Cooklang's `@onion{1}(peeled)`.
public enum OccurrenceNoteAttribute: CodableAttributedStringKey {
    public typealias Value = String
    public static let name = "note"
    public static let inheritedByAddedText = false
    public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
}

/// A Cooklang component (`@salt`, `#frying pan{ }`, `~eggs{3%minutes}`)
/// exactly as written, so a line written again keeps it byte for byte while
/// its text and attributes are unchanged.
public enum CooklangSourceAttribute: CodableAttributedStringKey {
    public typealias Value = String
    public static let name = "cooklangSource"
    public static let inheritedByAddedText = false
    public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
}

/// The delimiter bold or italic was typed with when it was not `*`
/// (`_fresh_`, `__init__`), so the file writes what was typed.
public enum EmphasisMarkupAttribute: CodableAttributedStringKey {
    public typealias Value = String
    public static let name = "emphasisMarkup"
}
