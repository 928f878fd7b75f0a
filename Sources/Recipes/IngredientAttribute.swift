public import Foundation

/// The stable identifier of an ingredient in a recipe's ingredient list
/// (a readable slug such as `beurre` or `beurre-2`).
public struct IngredientID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Marks text as an occurrence of an ingredient.
///
/// - `inheritedByAddedText = false`: typing right after "beurre" does not make
///   the new letters part of the ingredient.
/// - `invalidationConditions = [.textChanged]`: changing any character inside
///   the marked run removes the mark from the whole run, because "beure" is no
///   longer the ingredient (the WWDC25 spell-checker argument).
public enum IngredientAttribute: CodableAttributedStringKey {
    public typealias Value = IngredientID
    public static let name = "ingredient"
    public static let inheritedByAddedText = false
    public static let invalidationConditions: Set<AttributedString.AttributeInvalidationCondition>? = [.textChanged]
}

extension AttributeContainer {
    /// Whether the foreground colour is derived (an ingredient's green,
    /// cookware's and timers' colours) rather than the user's: never saved.
    public var hasDerivedColor: Bool {
        self[IngredientAttribute.self] != nil || self[CookwareAttribute.self] != nil || self[TimerAttribute.self] != nil
    }
}
