import Foundation
import Recipes

/// A file's head (YAML front matter, Cooklang `>>` lines) with only the
/// entries whose value changed written anew: editing the servings changes
/// the `servings:` line and no other byte (comments, quoting, the order and
/// spelling of every other entry stay as the file had them).
enum HeadPatch {
    /// `original` is the front matter as read, delimiters included. Nil when
    /// it has no closing delimiter (the caller writes it whole).
    static func frontMatter(_ original: String, from old: (metadata: RecipeMetadata, ingredients: [Ingredient]),
                            to new: (metadata: RecipeMetadata, ingredients: [Ingredient]), lineEnding: String) -> String? {
        var lines = Self.lines(original)
        guard lines.count >= 2, let close = lines.indices.dropFirst().first(where: { index in
            let content = lines[index].trimmingCharacters(in: .newlines)
            return content == "---" || content == "..."
        }) else { return nil }
        // Top-level keys: a line that starts with neither space, comment nor list dash.
        var spans: [(key: String, range: Range<Int>)] = []
        for index in 1 ..< close {
            let line = lines[index]
            guard let first = line.first, !" \t#-\r\n".contains(first), let colon = line.firstIndex(of: ":") else { continue }
            var key = line[..<colon].trimmingCharacters(in: .whitespaces)
            if key.count >= 2, let quote = key.first, quote == "\"" || quote == "'", key.last == quote { key = String(key.dropFirst().dropLast()) }
            if let last = spans.last { spans[spans.count - 1].range = last.range.lowerBound ..< index }
            spans.append((key, index ..< close))
        }
        func entry(_ key: String) -> String? {
            switch key {
            case "title": return new.metadata.title.map { "title: " + RecipeMetadata.yamlScalar($0) + "\n" }
            case "ingredients":
                guard !new.ingredients.isEmpty else { return nil }
                let block = FrontMatter.serialize(RecipeMetadata(keyOrder: ["ingredients"]), ingredients: new.ingredients, lineEnding: "\n")
                return String(block.dropFirst(4).dropLast(4))
            default: return new.metadata.otherEntries[key]
            }
        }
        func changed(_ key: String) -> Bool {
            switch key {
            case "title": old.metadata.title != new.metadata.title
            case "ingredients": old.ingredients != new.ingredients
            default: old.metadata.otherEntries[key] != new.metadata.otherEntries[key]
            }
        }
        let present = Set(spans.map(\.key))
        var added = ""
        var addedKeys = Set<String>()
        let newKeys = new.metadata.keyOrder + (new.metadata.title != nil ? ["title"] : []) + (new.ingredients.isEmpty ? [] : ["ingredients"])
        for key in newKeys where !present.contains(key) && changed(key) && addedKeys.insert(key).inserted {
            if let text = entry(key) { added += text }
        }
        // From the last span back, so earlier ranges stay valid.
        for span in spans.reversed() where changed(span.key) {
            // A multi-line entry keeps the blank lines and comments after it.
            var end = span.range.upperBound
            while end > span.range.lowerBound + 1, isBlankOrComment(lines[end - 1]) { end -= 1 }
            // The ingredient list item by item: an unchanged item keeps its bytes.
            if span.key == "ingredients", !new.ingredients.isEmpty,
               let patched = ingredientLines(Array(lines[span.range.lowerBound ..< end]), from: old.ingredients,
                                             to: new.ingredients, lineEnding: lineEnding) {
                lines.replaceSubrange(span.range.lowerBound ..< end, with: patched)
                continue
            }
            var replacement = entry(span.key).map { converted($0, to: lineEnding) } ?? ""
            // A one-line entry keeps the comment after its value (servings: 4 # adults).
            if end - span.range.lowerBound == 1, let comment = trailingComment(of: lines[span.range.lowerBound]),
               replacement.filter(\.isNewline).count == 1, let newline = replacement.firstIndex(where: \.isNewline) {
                replacement.insert(contentsOf: comment, at: newline)
            }
            lines.replaceSubrange(span.range.lowerBound ..< end, with: replacement.isEmpty ? [] : [replacement])
        }
        if !added.isEmpty {
            let closeIndex = lines.indices.dropFirst().first { index in
                let content = lines[index].trimmingCharacters(in: .newlines)
                return content == "---" || content == "..."
            } ?? lines.count
            lines.insert(converted(added, to: lineEnding), at: closeIndex)
        }
        return lines.joined()
    }

    /// Cooklang `>> key: value` lines: a changed key's line is replaced, a
    /// new key goes after the last one. Nil when there are none.
    static func cooklangLines(_ original: String, from old: RecipeMetadata, to new: RecipeMetadata, lineEnding: String) -> String? {
        var lines = Self.lines(original)
        var lineOfKey: [String: Int] = [:]
        var lastMetadataLine: Int?
        for (index, line) in lines.enumerated() where line.hasPrefix(">>") {
            lastMetadataLine = index
            if let (key, _) = CooklangFormat.metadataEntry(Substring(line.trimmingCharacters(in: .newlines))) { lineOfKey[key] = index }
        }
        guard let last = lastMetadataLine else { return nil }
        func value(_ metadata: RecipeMetadata, _ key: String) -> String? {
            key == "title" ? metadata.title : metadata.value(of: key)
        }
        var removals: [Int] = []
        var additions: [String] = []
        let keys = ["title"] + (old.keyOrder + new.keyOrder).filter { $0 != "title" && $0 != "ingredients" }
        var seen = Set<String>()
        for key in keys where seen.insert(key).inserted && value(old, key) != value(new, key) {
            let text = value(new, key).map { ">> \(key): \($0)" + lineEnding }
            if let index = lineOfKey[key] {
                if let text { lines[index] = text } else { removals.append(index) }
            } else if let text {
                additions.append(text)
            }
        }
        if !additions.isEmpty {
            // The last `>>` line may be the file's last line, without a line ending.
            if !lines[last].hasSuffix("\n") { lines[last] += lineEnding }
            lines.insert(contentsOf: additions, at: last + 1)
        }
        for index in removals.sorted(by: >) { lines.remove(at: index) }
        return lines.joined()
    }

    /// Lines with their line endings.
    private static func lines(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            current.unicodeScalars.append(scalar)
            if scalar == "\n" {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// The comment that ends a one-line YAML entry, with the spaces before
    /// it (" # adults"): a "#" after a space, outside quotes.
    static func trailingComment(of line: String) -> String? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        var quote: Character?
        var previous: Character = ":"
        var index = line.index(after: colon)
        while index < line.endIndex {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'", previous == " " || previous == ":" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                var start = index
                while start > colon, line[line.index(before: start)] == " " || line[line.index(before: start)] == "\t" {
                    start = line.index(before: start)
                }
                return String(line[start...]).trimmingCharacters(in: .newlines)
            }
            previous = character
            index = line.index(after: index)
        }
        return nil
    }

    static func isBlankOrComment(_ line: String) -> Bool {
        let content = line.trimmingCharacters(in: .whitespacesAndNewlines)
        return content.isEmpty || content.hasPrefix("#")
    }

    private static func converted(_ text: String, to lineEnding: String) -> String {
        lineEnding == "\n" ? text : text.replacingOccurrences(of: "\n", with: lineEnding)
    }
}
