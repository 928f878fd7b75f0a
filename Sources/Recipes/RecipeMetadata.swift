import Foundation
import Yams

/// The front matter of a recipe: its title and every other key, in order.
///
/// Keys other than `title` and `ingredients` are kept as the exact YAML text of
/// their entries (comments included) and written back untouched, so a file
/// with keys Roux does not know loses nothing.
public struct RecipeMetadata: Equatable, Sendable {
    public var title: String?
    /// Top-level keys in file order, `title` and `ingredients` included, so a
    /// rewritten front matter keeps its shape.
    public var keyOrder: [String]
    /// Other keys: the YAML text of each entry, from its key to the next one.
    public var otherEntries: [String: String]

    public init(title: String? = nil, keyOrder: [String] = [], otherEntries: [String: String] = [:]) {
        self.title = title
        self.keyOrder = keyOrder
        self.otherEntries = otherEntries
    }

    /// Same title and other entries in the same order; where `title` and
    /// `ingredients` sit among them is cosmetic.
    public static func == (lhs: RecipeMetadata, rhs: RecipeMetadata) -> Bool {
        let others = { (order: [String]) in order.filter { $0 != "title" && $0 != "ingredients" } }
        return lhs.title == rhs.title && lhs.otherEntries == rhs.otherEntries && others(lhs.keyOrder) == others(rhs.keyOrder)
    }

    /// The value of another key as plain text when it is a simple scalar
    /// ("servings: 12" → "12").
    public func value(of key: String) -> String? {
        guard let entry = otherEntries[key] else { return nil }
        let afterColon = entry.drop { $0 != ":" }.dropFirst()
        let value = String(afterColon).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty, !value.contains("\n") else { return nil }
        // As YAML reads it: quotes taken off, a comment left out. A plain
        // value needs no parse (this is read on every frame).
        guard value.first == "\"" || value.first == "'" || value.contains(" #") else { return value }
        if let node = try? BoundedYAML.compose(entry), let scalar = node.mapping?.first?.value.scalar {
            return scalar.string
        }
        return value
    }
}

