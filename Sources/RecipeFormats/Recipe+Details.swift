import Foundation
import RichText
import Yams
public import Recipes

/// The recipe's details as the editor shows and edits them: every key of its
/// metadata (front matter, Cooklang `>>` lines) in the file's order, each
/// changed where the file writes it (the rule of `setMetadata`) and in the
/// form it has there: a YAML list stays a list, flow or block as written.
/// The ingredient list of a Roux front matter is not a detail (the
/// inspector shows it).
extension Recipe {
    public struct Detail: Equatable, Sendable {
        public var key: String
        /// The value on one line: a list's items joined with ", ".
        public var text: String
        /// A YAML list: what is typed is split at commas into its items.
        public var isList = false
        /// A value that one line cannot hold (a mapping, a list of lists,
        /// lines of text): shown flattened, edited in the file.
        public var isNested = false
    }

    /// The details in the file's order, `title` first when only the title is known.
    public var details: [Detail] {
        var keys = metadata.keyOrder.filter { $0 != "ingredients" }
        if metadata.title != nil, !keys.contains("title") { keys.insert("title", at: 0) }
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }.compactMap(detail)
    }

    public func detail(_ key: String) -> Detail? {
        if key == "title" { return metadata.title.map { Detail(key: key, text: $0) } }
        guard let entry = metadata.otherEntries[key] else { return nil }
        // A plain one-line value needs no parse; a flow list, an anchor or a tag does.
        if !entry.dropLast().contains("\n"), let value = metadata.value(of: key), let first = value.first, !"[{&*!|>".contains(first) {
            return Detail(key: key, text: value)
        }
        let flattened = Self.flattened(entry)
        guard let node = try? BoundedYAML.compose(entry), let value = node.mapping?.first?.value else {
            return Detail(key: key, text: flattened, isNested: true)
        }
        if let scalar = value.scalar {
            let text = scalar.string
            guard text.contains("\n") else { return Detail(key: key, text: text) }
            // A block of text (`description: |`): its words, not YAML's `|`; edited in the file.
            let words = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return Detail(key: key, text: words.joined(separator: " "), isNested: true)
        }
        if let sequence = value.sequence {
            let items = sequence.compactMap { $0.scalar?.string }
            guard items.count == sequence.count, !items.contains(where: { $0.contains("\n") }) else {
                return Detail(key: key, text: flattened, isNested: true)
            }
            return Detail(key: key, text: items.joined(separator: ", "), isList: true)
        }
        return Detail(key: key, text: flattened, isNested: true)
    }

    /// An entry's YAML after its key, on one line.
    private static func flattened(_ entry: String) -> String {
        let afterKey = entry.drop { $0 != ":" }.dropFirst()
        return afterKey.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Sets a detail to `text` where the file writes it; a list's items are
    /// the text's comma-separated parts. A new key goes where `setMetadata`
    /// puts it (the front matter, else the `>>` lines; a Markdown file
    /// without front matter gets one).
    public mutating func setDetail(_ key: String, to text: String) {
        let value = text.trimmingCharacters(in: .whitespaces)
        if key != "title", let entry = metadata.otherEntries[key], detail(key)?.isList == true {
            let items = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            metadata.otherEntries[key] = Self.listEntry(key, items: items, like: entry)
            return
        }
        setMetadata(key, toText: value)
    }

    /// A YAML list entry for `items`, flow (`[a, b]`) or block (`- a` lines,
    /// indented as `entry`'s are) as `entry` writes its list.
    package static func listEntry(_ key: String, items: [String], like entry: String) -> String {
        let lines = entry.split(separator: "\n", omittingEmptySubsequences: true)
        let keyLine = lines.first.map(String.init) ?? key + ":"
        let itemLine = lines.dropFirst().first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("-") }
        let head = String(keyLine[..<(keyLine.firstIndex(of: ":") ?? keyLine.endIndex)]) + ":"
        guard let itemLine, !items.isEmpty else {
            return head + " [" + items.map(flowScalar).joined(separator: ", ") + "]\n"
        }
        let indent = itemLine.prefix { $0 == " " || $0 == "\t" }
        return head + "\n" + items.map { "\(indent)- \(RecipeMetadata.yamlScalar($0))\n" }.joined()
    }

    /// An item of a flow list: plain when YAML reads it back as written there.
    private static func flowScalar(_ item: String) -> String {
        if let node = try? BoundedYAML.compose("key: [" + item + "]"), node.mapping?["key"]?.sequence?.first?.string == item,
           node.mapping?["key"]?.sequence?.count == 1 {
            return item
        }
        return RecipeMetadata.yamlScalar(item).hasPrefix("\"") ? RecipeMetadata.yamlScalar(item) : "\"" + item + "\""
    }

    /// Removes a detail from wherever the file writes it (each `>>` line of
    /// it among the steps too).
    public mutating func removeDetail(_ key: String) {
        if key == "title" { metadata.title = nil } else { metadata.otherEntries[key] = nil }
        metadata.keyOrder.removeAll { $0 == key }
        guard headFormat == .cooklang else { return }
        for line in CooklangFormat.bodyMetadataLines(in: document.text).reversed() where line.key == key {
            removeBodyMetadataLine(line)
        }
    }
}
