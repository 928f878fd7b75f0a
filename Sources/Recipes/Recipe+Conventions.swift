import Foundation
import Yams

/// The metadata keys the Cooklang conventions name (the spec's
/// `conventions.md`, "Canonical metadata"), so that a recipe written for
/// another Cooklang app says the same in Roux: each meaning has the keys
/// that may hold it, the first found counts. A dotted key (`source.url`)
/// is either written so (`>> source.url: …`) or nested in the front
/// matter (`source:` then `url:` under it).
extension Recipe {
    public enum ConventionalKey: String, CaseIterable, Sendable {
        case source, sourceURL, author, course, locale, time, prepTime, cookTime, difficulty, cuisine, diet, tags, images, description

        /// The keys of this meaning, in the order they are looked for.
        public var keys: [String] {
            switch self {
            case .source: ["source", "source.name"]
            case .sourceURL: ["source.url", "url"]
            case .author: ["author", "source.author"]
            case .course: ["course", "category"]
            case .locale: ["locale"]
            case .time: ["time required", "time", "duration", "total time", "time.total"]
            case .prepTime: ["prep time", "time.prep"]
            case .cookTime: ["cook time", "time.cook"]
            case .difficulty: ["difficulty"]
            case .cuisine: ["cuisine"]
            case .diet: ["diet"]
            case .tags: ["tags"]
            case .images: ["image", "images", "picture", "pictures"]
            case .description: ["description", "introduction"]
            }
        }

        /// How a reader is shown it (the HTML and text exports).
        public var label: String {
            switch self {
            case .source, .sourceURL: "Source"
            case .author: "Author"
            case .course: "Course"
            case .locale: "Language"
            case .time: "Time"
            case .prepTime: "Prep time"
            case .cookTime: "Cook time"
            case .difficulty: "Difficulty"
            case .cuisine: "Cuisine"
            case .diet: "Diet"
            case .tags: "Tags"
            case .images: "Images"
            case .description: "Description"
            }
        }

        /// The meaning of a key as written at the top of the metadata.
        public init?(key: String) {
            let lowered = key.lowercased()
            guard let found = Self.allCases.first(where: { $0.keys.contains(lowered) }) else { return nil }
            self = found
        }
    }

    /// The values of a meaning as text: a scalar is one, a list its items.
    /// A nested `source:` mapping gives its `name` for `.source` (its `url`
    /// when it has no name).
    public func conventionalValues(_ meaning: ConventionalKey) -> [String] {
        for key in meaning.keys {
            let values = metadataValues(at: key)
            if !values.isEmpty { return values }
        }
        if meaning == .source { return conventionalValues(.sourceURL) }
        return []
    }

    /// The first value of a meaning, or nil.
    public func conventionalValue(_ meaning: ConventionalKey) -> String? {
        conventionalValues(meaning).first
    }

    /// The time a meaning holds (`time`, `prep time`, `cook time`) when it
    /// reads as one.
    public func conventionalDuration(_ meaning: ConventionalKey) -> CookingDuration? {
        conventionalValue(meaning).flatMap(CookingDuration.init)
    }

    /// The text values at a key: a top-level key as written (`source.url`
    /// included), else a path into nested mappings.
    private func metadataValues(at key: String) -> [String] {
        let keys = metadata.otherEntries.keys
        if let top = keys.first(where: { $0.lowercased() == key }) { return metadataValues(of: top, path: []) }
        let path = key.split(separator: ".").map(String.init)
        guard path.count > 1, let top = keys.first(where: { $0.lowercased() == path[0] }) else { return [] }
        return metadataValues(of: top, path: Array(path.dropFirst()))
    }

    private func metadataValues(of top: String, path: [String]) -> [String] {
        // A plain one-line value needs no parse.
        if path.isEmpty, let value = metadata.value(of: top), let first = value.first, !"[{&*!|>".contains(first) { return [value] }
        guard let entry = metadata.otherEntries[top], var node = (try? BoundedYAML.compose(entry))??.mapping?.first?.value else { return [] }
        for part in path {
            guard let inner = node.mapping?.first(where: { $0.key.string?.lowercased() == part })?.value else { return [] }
            node = inner
        }
        if path.isEmpty, let mapping = node.mapping {
            // `source:` as a mapping: its name, else its address.
            guard let named = mapping.first(where: { $0.key.string == "name" })?.value ?? mapping.first(where: { $0.key.string == "url" })?.value
            else { return [] }
            node = named
        }
        if let scalar = node.scalar { return scalar.string.isEmpty ? [] : [scalar.string] }
        // A list of images may give each as `{url: …}`.
        return node.sequence?.compactMap { $0.scalar?.string ?? $0.mapping?.first(where: { $0.key.string == "url" })?.value.string }
            .filter { !$0.isEmpty } ?? []
    }
}
