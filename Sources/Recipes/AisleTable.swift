import Foundation

/// Which aisle of the shop an ingredient is in, from a file in the format of
/// CookCLI's `aisle.conf`: `[section]`, then one item per line, synonyms
/// after `|` (`olive oil | olive_oil`). The synonyms of a line are one item,
/// named by its first spelling. Names are compared as `IngredientName.key`
/// (case, Unicode normalisation, plurals); the first line naming a key counts.
public struct AisleTable: Sendable {
    /// Aisle names in file order.
    public let aisles: [String]
    private let entryOfKey: [String: Entry]

    /// Where a name is listed.
    public struct Entry: Sendable, Equatable {
        public var aisle: String
        /// The line's first spelling, the name the list uses.
        public var name: String
        /// The line's place among the file's items, the list's order.
        public var rank: Int
    }

    public init(contents: String = "") {
        var aisles: [String] = []
        var entryOfKey: [String: Entry] = [:]
        for (rank, line) in ListFile.entries(contents).enumerated() {
            guard let section = line.section, let first = line.names.first else { continue }
            if !aisles.contains(section) { aisles.append(section) }
            for spelling in line.names where entryOfKey[IngredientName.key(spelling)] == nil {
                entryOfKey[IngredientName.key(spelling)] = Entry(aisle: section, name: first, rank: rank)
            }
        }
        self.aisles = aisles
        self.entryOfKey = entryOfKey
    }

    /// The aisle of a name already in key form.
    public func aisle(of key: String) -> String? { entryOfKey[key]?.aisle }

    /// The line listing a name already in key form.
    public func entry(of key: String) -> Entry? { entryOfKey[key] }
}

/// The line format both files share.
enum ListFile {
    struct Entry {
        var section: String?
        var names: [String]
    }

    static func entries(_ contents: String) -> [Entry] {
        var section: String?
        var entries: [Entry] = []
        for line in contents.split(whereSeparator: \.isNewline) {
            var text = line.trimmingCharacters(in: .whitespaces)
            // `//` starts a comment in CookCLI's files, `#` in Roux's first ones.
            if let comment = text.range(of: "//") { text = text[..<comment.lowerBound].trimmingCharacters(in: .whitespaces) }
            if text.hasPrefix("#") || text.isEmpty { continue }
            if text.hasPrefix("["), text.hasSuffix("]") {
                section = text.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                continue
            }
            // TOML: `name = value`; the name may be quoted or use underscores.
            if let equals = text.firstIndex(of: "=") {
                text = text[..<equals].trimmingCharacters(in: .whitespaces)
                if text.count >= 2, text.first == "\"", text.last == "\"" { text = String(text.dropFirst().dropLast()) }
                text = text.replacingOccurrences(of: "_", with: " ")
            }
            let names = text.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if !names.isEmpty { entries.append(Entry(section: section, names: names)) }
        }
        return entries
    }
}
