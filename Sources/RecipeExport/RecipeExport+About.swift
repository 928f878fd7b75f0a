import Foundation
import RichText
import Recipes
import RecipeFormats
import Yams

/// What the readable exports (HTML and text) say besides the title, the
/// ingredients and the text: how many the recipe serves and its other
/// metadata (time, source, tags…), and not the comments, which are the
/// writer's notes to themselves.
extension RecipeExport {
    /// The recipe's metadata for a reader, in the file's order: servings
    /// as "Serves", every other key but the title and the ingredient list
    /// under its own name, capitalized ("Time", "Source", "Tags"; see
    /// `label(of:)`). A list
    /// is its items joined by commas.
    static func about(_ recipe: Recipe) -> [(label: String, value: String)] {
        recipe.metadata.keyOrder.compactMap { key in
            guard key != "title", key != "ingredients", let value = readableValue(of: key, in: recipe.metadata), !value.isEmpty else {
                return nil
            }
            return (label(of: key), value)
        }
    }

    /// A key as a reader is shown it: servings as "Serves", a key of the
    /// Cooklang conventions written with a dot as its meaning ("time.prep"
    /// is "Prep time", "source.url" "Source"), any other capitalized.
    static func label(of key: String) -> String {
        if key == "servings" || key == "serves" { return "Serves" }
        if key.contains("."), let meaning = Recipe.ConventionalKey(key: key) { return meaning.label }
        return key.prefix(1).uppercased() + key.dropFirst()
    }

    /// A key's value as words: a scalar as YAML reads it; a list (flow or
    /// block) as its items joined by commas; anything else as its lines
    /// joined. Read from the entry's text, so that no YAML is expanded here.
    private static func readableValue(of key: String, in metadata: RecipeMetadata) -> String? {
        // As YAML reads it, quotes and escapes taken off (a tag typed
        // `"quick: easy"` is saved `"\"quick: easy\""`), a block scalar's
        // `|` too; what YAML cannot read, from its words below.
        if let entry = metadata.otherEntries[key], let node = try? BoundedYAML.compose(entry)?.mapping?.first?.value {
            // (Cooklang's `>> tags: [a, b]` is a string that reads as a list, below.)
            if let scalar = node.scalar, !(scalar.string.hasPrefix("[") && scalar.string.hasSuffix("]")) { return oneLine(scalar.string) }
            let items = node.sequence.map { Array($0) }?.compactMap(\.scalar) ?? []
            if !items.isEmpty, items.count == node.sequence?.count { return items.map { oneLine($0.string) }.joined(separator: ", ") }
        }
        if let scalar = metadata.value(of: key) {
            guard scalar.hasPrefix("["), scalar.hasSuffix("]") else { return scalar }
            return scalar.dropFirst().dropLast().split(separator: ",").map { unquoted($0) }.joined(separator: ", ")
        }
        guard let entry = metadata.otherEntries[key] else { return nil }
        let lines = entry.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        if !lines.isEmpty, lines.allSatisfy({ $0.hasPrefix("- ") || $0 == "-" }) {
            return lines.map { unquoted($0.dropFirst()) }.joined(separator: ", ")
        }
        return lines.joined(separator: " ")
    }

    /// A value's lines as one line of words.
    private static func oneLine(_ value: String) -> String {
        value.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    private static func unquoted(_ item: Substring) -> String {
        let trimmed = item.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first else { return trimmed }
        return String(trimmed.dropFirst().dropLast())
    }

    /// Each ingredient's note for a reader: the list's, then the notes on its
    /// marks (Cooklang's `@butter{100%g}(cold)`), each once, joined by commas.
    static func notes(_ recipe: Recipe) -> [IngredientID: String] {
        var notes: [IngredientID: [String]] = [:]
        for ingredient in recipe.ingredients {
            if let note = ingredient.note, !note.isEmpty { notes[ingredient.id] = [note] }
        }
        for run in recipe.document.text.runs {
            guard let id = run.ingredient, let note = run[OccurrenceNoteAttribute.self], !note.isEmpty,
                  notes[id]?.contains(note) != true else { continue }
            notes[id, default: []].append(note)
        }
        return notes.mapValues { $0.joined(separator: ", ") }
    }

    /// Whether a paragraph is a comment and nothing else (a Cooklang `--`
    /// line, a block comment's lines): a reader is not shown it.
    static func isCommentOnly(_ paragraph: ParagraphContent) -> Bool {
        if paragraph.paragraph.verbatimLine == .comment { return true }
        var hasComment = false
        for run in paragraph.runs {
            if run.attributes.comment == true {
                hasComment = true
            } else if !paragraph.text[run.range].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                return false
            }
        }
        return hasComment
    }
}
