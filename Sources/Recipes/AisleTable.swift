import Foundation

/// Which aisle of the shop an ingredient is in, from a file in the format of
/// CookCLI's `aisle.conf`: `[section]`, then one name per line, synonyms
/// after `|` (`tomato|tomatoes`). Names are compared as `IngredientName.key`.
public struct AisleTable: Sendable {
    /// Aisle names in file order.
    public let aisles: [String]
    private let aisleOfKey: [String: String]

    public init(contents: String = "") {
        var aisles: [String] = []
        var aisleOfKey: [String: String] = [:]
        for name in ListFile.entries(contents) {
            guard let section = name.section else { continue }
            if !aisles.contains(section) { aisles.append(section) }
            for spelling in name.names where aisleOfKey[IngredientName.key(spelling)] == nil {
                aisleOfKey[IngredientName.key(spelling)] = section
            }
        }
        self.aisles = aisles
        self.aisleOfKey = aisleOfKey
    }

    /// The aisle of a name already in key form.
    public func aisle(of key: String) -> String? { aisleOfKey[key] }
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
