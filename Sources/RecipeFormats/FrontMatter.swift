import Foundation
import RichText
import Yams
import RecipeStorage
import Recipes

/// The YAML front matter between `---` lines at the top of a recipe file.
enum FrontMatter {
    struct Parsed {
        var metadata: RecipeMetadata
        var ingredients: [Ingredient]
    }

    /// Splits a file into its front matter block (delimiters included, exactly
    /// as written) and the body. No block when the file does not start with "---".
    static func split(_ text: Substring) -> (block: Substring?, yaml: Substring, body: Substring, bodyLine: Int)? {
        // Bytes, not characters: "\r\n" is one character, which "\n" does not match.
        let utf8 = text.utf8
        guard text.utf8.starts(with: "---\n".utf8) || text.utf8.starts(with: "---\r\n".utf8),
              let firstNewline = utf8.firstIndex(of: 0x0A) else { return nil }
        var lineStart = utf8.index(after: firstNewline)
        let yamlStart = lineStart
        var line = 2
        while lineStart < utf8.endIndex {
            let lineEnd = utf8[lineStart...].firstIndex(of: 0x0A) ?? utf8.endIndex
            var content = utf8[lineStart ..< lineEnd]
            if content.last == 0x0D { content = content.dropLast() }
            if content.elementsEqual("---".utf8) || content.elementsEqual("...".utf8) {
                let blockEnd = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
                return (text[..<blockEnd], text[yamlStart ..< lineStart], text[blockEnd...], line + 1)
            }
            lineStart = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
            line += 1
        }
        return (nil, text[yamlStart...], text[text.endIndex...], line)
    }

    /// Reads `title`, `ingredients` and keeps every other entry's text.
    static func parse(_ yaml: Substring, path: String, firstLine: Int) throws(RecipeLoadFailure) -> Parsed {
        let source = String(yaml).replacingOccurrences(of: "\r\n", with: "\n")
        let node: Node?
        do {
            node = try BoundedYAML.compose(source)
        } catch let error as BoundedYAML.TooLarge {
            let line = firstLine + YAMLLineNumbers(source).fileLine(error.line) - 1
            throw RecipeLoadFailure(errors: [RecipeFileError(path: path, line: line, column: error.column, message: "front matter: \(error.message)")])
        } catch let error as YamlError {
            throw RecipeLoadFailure(errors: [located(error, path: path, firstLine: firstLine, lineOf: YAMLLineNumbers(source), source: source)])
        } catch {
            throw RecipeLoadFailure(errors: [RecipeFileError(path: path, line: firstLine, column: 1, message: "front matter: \(error)")])
        }
        guard let node else { return Parsed(metadata: RecipeMetadata(), ingredients: []) }
        guard let mapping = node.mapping else {
            throw RecipeLoadFailure(errors: [RecipeFileError(path: path, line: firstLine, column: 1,
                                                             message: "front matter must be a mapping of keys to values")])
        }
        var metadata = RecipeMetadata()
        var ingredients: [Ingredient] = []
        var errors: [RecipeFileError] = []
        // Split as YAMLLineNumbers counts: at "\n" scalars. Split as
        // Characters, a "\r\n" left by a lone "\r" before it ("\r\r\n") is
        // one Character that is not "\n", and the entries' lines shifted.
        let lines = source.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
        let lineOf = YAMLLineNumbers(source)
        let keyLines = mapping.keys.map { lineOf.fileLine($0.mark?.line ?? 1) - 1 }
        for (position, (key, value)) in mapping.enumerated() {
            guard let name = key.string else { continue }
            metadata.keyOrder.append(name)
            let line = firstLine + lineOf.fileLine(key.mark?.line ?? 1) - 1
            switch name {
            case "title":
                metadata.title = value.string
            case "ingredients":
                do throws(RecipeFileError) {
                    ingredients = try Self.ingredients(from: value, path: path, line: line, firstLine: firstLine, lineOf: lineOf)
                } catch {
                    errors.append(error)
                }
            default:
                // Clamped: a key's line comes from the YAML reader, which must never crash the open.
                let start = min(max(0, keyLines[position]), lines.count - 1)
                let end = position + 1 < keyLines.count ? min(keyLines[position + 1], lines.count) : lines.count
                metadata.otherEntries[name] = lines[start ..< max(start + 1, end)]
                    .joined(separator: "\n").trimmingTrailingNewlines() + "\n"
            }
        }
        if !errors.isEmpty { throw RecipeLoadFailure(errors: errors) }
        return Parsed(metadata: metadata, ingredients: ingredients)
    }

    /// Front matter that YAML rejects but that is `key: value` lines
    /// (`cooking time    :30 mins`): each key and value trimmed, quotes
    /// taken off, as a Cooklang `>>` line reads; blank lines and `#`
    /// comments left out. Nil when a line is not `key: value`.
    static func keyValueLines(_ yaml: Substring) -> [(key: String, value: String)]? {
        var entries: [(key: String, value: String)] = []
        for line in yaml.split(whereSeparator: \.isNewline) {
            let content = line.trimmingCharacters(in: .whitespaces)
            if content.isEmpty || content.hasPrefix("#") { continue }
            guard let (key, value) = CooklangFormat.metadataEntry(Substring(">>" + content)) else { return nil }
            entries.append((key, value))
        }
        return entries.isEmpty ? nil : entries
    }

    private static func ingredients(from node: Node, path: String, line: Int, firstLine: Int,
                                    lineOf: YAMLLineNumbers) throws(RecipeFileError) -> [Ingredient] {
        guard let sequence = node.sequence else {
            throw RecipeFileError(path: path, line: line, column: 1, message: "ingredients must be a list")
        }
        var result: [Ingredient] = []
        var taken = Set<String>()
        for item in sequence {
            let itemLine = firstLine + lineOf.fileLine(item.mark?.line ?? 1) - 1
            let itemColumn = item.mark?.column ?? 1
            if let plain = item.string {
                let id = Slug.unique(plain, taken: taken)
                taken.insert(id)
                result.append(Ingredient(id: IngredientID(id), name: plain))
                continue
            }
            guard let fields = item.mapping else {
                throw RecipeFileError(path: path, line: itemLine, column: itemColumn, message: "an ingredient must be a name or a mapping")
            }
            guard let name = fields["name"]?.string ?? fields["id"]?.string else {
                throw RecipeFileError(path: path, line: itemLine, column: itemColumn, message: "an ingredient needs a name")
            }
            let id = fields["id"]?.string ?? Slug.unique(name, taken: taken)
            if taken.contains(id) {
                throw RecipeFileError(path: path, line: itemLine, column: itemColumn, message: "ingredient id \"\(id)\" is used twice")
            }
            taken.insert(id)
            result.append(Ingredient(
                id: IngredientID(id), name: name,
                quantity: fields["quantity"]?.string.map { Quantity(parsing: $0) },
                note: fields["note"]?.string))
        }
        return result
    }

    private static func located(_ error: YamlError, path: String, firstLine: Int, lineOf: YAMLLineNumbers,
                                source: String) -> RecipeFileError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return RecipeFileError(path: path, line: firstLine + lineOf.fileLine(mark.line) - 1, column: mark.column, message: "front matter: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams points at the mapping; the message points at the key given again.
            let key = duplicates.first ?? ""
            let lines = source.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String(String.UnicodeScalarView($0)) }
            let uses = lines.indices.filter { index in
                let entry = lines[index].drop { $0 == " " }
                return [key + ":", "\"" + key + "\":", "'" + key + "':"].contains { entry.hasPrefix($0) }
            }
            guard uses.count > 1 else {
                return RecipeFileError(path: path, line: firstLine + lineOf.fileLine(context.mark.line) - 1, column: context.mark.column,
                                       message: "front matter: \"\(key)\" is given twice")
            }
            return RecipeFileError(path: path, line: firstLine + uses[1], column: lines[uses[1]].prefix { $0 == " " }.count + 1,
                                   message: "front matter: \"\(key)\" is given twice (first on line \(firstLine + uses[0]))")
        default:
            return RecipeFileError(path: path, line: firstLine, column: 1, message: "front matter: \(error)")
        }
    }

    /// The front matter block for `metadata` and `ingredients`, keys in their
    /// original order, other entries written back as they were.
    static func serialize(_ metadata: RecipeMetadata, ingredients: [Ingredient], lineEnding: String) -> String {
        var order = metadata.keyOrder
        if metadata.title != nil, !order.contains("title") { order.insert("title", at: 0) }
        if !ingredients.isEmpty, !order.contains("ingredients") {
            order.insert("ingredients", at: min(order.count, order.firstIndex(of: "title").map { $0 + 1 } ?? 0))
        }
        var yaml = ""
        for key in order {
            switch key {
            case "title":
                if let title = metadata.title { yaml += "title: " + RecipeMetadata.yamlScalar(title) + "\n" }
            case "ingredients":
                guard !ingredients.isEmpty else { continue }
                yaml += "ingredients:\n"
                for ingredient in ingredients {
                    yaml += "  - id: " + RecipeMetadata.yamlScalar(ingredient.id.rawValue) + "\n"
                    yaml += "    name: " + RecipeMetadata.yamlScalar(ingredient.name) + "\n"
                    if let quantity = ingredient.quantity { yaml += "    quantity: " + RecipeMetadata.yamlScalar(quantity.description) + "\n" }
                    if let note = ingredient.note { yaml += "    note: " + RecipeMetadata.yamlScalar(note) + "\n" }
                }
            default:
                if let entry = metadata.otherEntries[key] { yaml += entry }
            }
        }
        let block = "---\n" + yaml + "---\n"
        return lineEnding == "\n" ? block : block.replacingOccurrences(of: "\n", with: lineEnding)
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

extension Substring {
    /// Without one final "\n", in O(1): `dropLast()` on a Substring walks the
    /// whole text by grapheme on this toolchain, O(n) in a large file.
    func droppingFinalNewline() -> Substring {
        guard utf8.last == 0x0A else { return self }
        return self[..<utf8.index(before: utf8.endIndex)]
    }
}
