import Foundation
import Yams
import Recipes

extension HeadPatch {
    /// The front matter's `ingredients:` block (its key line and the lines
    /// of its items, in the file's line endings) with only what changed
    /// written anew: an unchanged item keeps its lines byte for byte, a
    /// changed one its unchanged fields' lines and anything Roux does not
    /// read; a removed item's lines go, a new one is added at the end in
    /// the list's indentation. Editing one quantity changes one line.
    /// Nil when the block is not a plain block list of as many items as were
    /// read (a flow list `[a, b]`, an anchor): the caller writes it whole.
    static func ingredientLines(_ block: [String], from old: [Ingredient], to new: [Ingredient], lineEnding: String) -> [String]? {
        guard let header = block.first, let colon = header.firstIndex(of: ":") else { return nil }
        let rest = header[header.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        guard rest.isEmpty || rest.hasPrefix("#") else { return nil }
        let starts = itemStarts(block)
        guard starts.count == old.count, !starts.isEmpty else { return nil }
        // Lines before the first item may only be blank or comments.
        guard block[1 ..< starts[0]].allSatisfy(isBlankOrComment) else { return nil }
        let items = starts.indices.map { number in
            Array(block[starts[number] ..< (number + 1 < starts.count ? starts[number + 1] : block.count)])
        }
        let indent = String(block[starts[0]].prefix { $0 == " " })
        var result = Array(block[..<starts[0]])
        var used = Set<Int>()
        var taken = Set<String>()
        for ingredient in new {
            // The reader names an item without `id:` by its name's slug, unique among those before it.
            let derivable = Slug.unique(ingredient.name, taken: taken) == ingredient.id.rawValue
            taken.insert(ingredient.id.rawValue)
            guard let index = old.indices.first(where: { !used.contains($0) && old[$0].id == ingredient.id }) else {
                result += newItem(ingredient, indent: indent, withID: !derivable, lineEnding: lineEnding)
                continue
            }
            used.insert(index)
            if old[index] == ingredient {
                result += items[index]
            } else if let patched = patchedItem(items[index], to: ingredient, withID: !derivable, lineEnding: lineEnding) {
                result += patched
            } else {
                result += newItem(ingredient, indent: indent, withID: !derivable, lineEnding: lineEnding)
            }
        }
        return result
    }

    /// The lines that start an item: a dash at the list's (least) indentation.
    private static func itemStarts(_ block: [String]) -> [Int] {
        let dashes = block.indices.dropFirst().filter { index in
            let content = block[index].drop { $0 == " " }
            return content.hasPrefix("- ") || content.trimmingCharacters(in: .newlines) == "-"
        }
        let indentation = { (index: Int) in block[index].prefix { $0 == " " }.count }
        guard let least = dashes.map(indentation).min() else { return [] }
        return dashes.filter { indentation($0) == least }
    }

    /// The fields Roux reads of an item, as it would write them.
    private static func fields(of ingredient: Ingredient, withID: Bool) -> [(key: String, value: String?)] {
        [("id", withID ? ingredient.id.rawValue : nil), ("name", ingredient.name),
         ("quantity", ingredient.quantity?.description), ("note", ingredient.note)]
    }

    private static func newItem(_ ingredient: Ingredient, indent: String, withID: Bool, lineEnding: String) -> [String] {
        var lines: [String] = []
        for (key, value) in fields(of: ingredient, withID: withID) {
            guard let value else { continue }
            lines.append((lines.isEmpty ? indent + "- " : indent + "  ") + key + ": " + RecipeMetadata.yamlScalar(value) + lineEnding)
        }
        return lines
    }

    /// A mapping item with each read field's line rewritten only when its
    /// value changed, a field added after the item's last line, a field
    /// gone dropped. Nil when that cannot be done line by line (a plain
    /// name item, a field spread over lines, the first line's field gone).
    private static func patchedItem(_ item: [String], to ingredient: Ingredient, withID: Bool, lineEnding: String) -> [String]? {
        guard let first = item.first else { return nil }
        let dash = first.prefix { $0 == " " }.count
        var lines = item
        var fieldIndent: String?
        var seen = Set<String>()
        // The key of each line, from the item's own fields (one level in).
        func key(of line: String, at index: Int) -> (key: String, valueStart: String.Index)? {
            var content = Substring(line)
            if index == 0 {
                content = content.dropFirst(dash)
                guard content.hasPrefix("- ") else { return nil }
                content = content.dropFirst(2).drop { $0 == " " }
            } else {
                let spaces = content.prefix { $0 == " " }.count
                guard spaces > dash else { return nil }
                if fieldIndent == nil { fieldIndent = String(content.prefix(spaces)) }
                content = content.dropFirst(spaces)
            }
            guard let colon = content.firstIndex(of: ":"), !content[..<colon].contains(" ") else { return nil }
            return (String(content[..<colon]), content.index(after: colon))
        }
        // An item that says its id keeps saying it.
        let wanted = fields(of: ingredient, withID: true)
        var drop: [Int] = []
        for index in lines.indices {
            guard let (name, valueStart) = key(of: lines[index], at: index),
                  let field = wanted.first(where: { $0.key == name }) else {
                if index == 0 { return nil } // a plain name item
                continue
            }
            seen.insert(name)
            let written = String(lines[index][valueStart...]).trimmingCharacters(in: .whitespacesAndNewlines)
            // A value that goes on over the next lines (a block scalar) is not patched.
            if written.hasPrefix("|") || written.hasPrefix(">") || written.isEmpty { return nil }
            guard let value = field.value else {
                if index == 0 { return nil }
                drop.append(index)
                continue
            }
            if !says(written, value, as: name) {
                lines[index] = String(lines[index][..<valueStart]) + " " + RecipeMetadata.yamlScalar(value) + lineEnding
            }
        }
        let added = fields(of: ingredient, withID: withID)
        for index in drop.reversed() { lines.remove(at: index) }
        let indent = fieldIndent ?? String(repeating: " ", count: dash + 2)
        for (name, value) in added where !seen.contains(name) {
            guard let value else { continue }
            lines.append(indent + name + ": " + RecipeMetadata.yamlScalar(value) + lineEnding)
        }
        return lines
    }

    /// Whether a value as written in the file (quoted or not, a comment
    /// after it) reads as `value`; a quantity as the reader parses it.
    private static func says(_ written: String, _ value: String, as key: String) -> Bool {
        guard let node = try? BoundedYAML.compose("key: " + written), let read = node.mapping?["key"]?.string else { return false }
        return key == "quantity" ? Quantity(parsing: read).description == value : read == value
    }
}
