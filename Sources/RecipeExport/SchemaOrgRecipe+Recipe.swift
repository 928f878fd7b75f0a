import Foundation
import RichText
public import Recipes
public import RecipeFormats

/// A schema.org recipe as a Roux recipe, to be written as Markdown or
/// Cooklang by their writers (which escape whatever the page's text holds
/// that would read as markup): the name as the title, the details as
/// metadata under the Cooklang conventions' keys, an "Ingredients" list
/// of the page's lines (read by `IngredientLine` into quantities and
/// names), and the steps as a numbered list under "Steps", each section
/// under a heading of its own.
extension SchemaOrgRecipe {
    /// `source` is where the page was read from (its address), used when
    /// the recipe gives no `url` of its own.
    public func recipe(as format: RecipeFormat, source: String? = nil) -> Recipe {
        var recipe = Recipe(body: body(for: format))
        if format != .markdown, let name { recipe.metadata.set("title", toText: name) }
        func set(_ key: String, _ value: String?) {
            if let value, !value.isEmpty { recipe.metadata.set(key, toText: value) }
        }
        func setList(_ key: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            if items.count == 1 { return set(key, items[0]) }
            recipe.metadata.keyOrder.append(key)
            recipe.metadata.otherEntries[key] = Recipe.listEntry(key, items: items, like: "\(key): []\n")
        }
        set("servings", yield)
        set("prep time", prepTime?.written)
        set("cook time", cookTime?.written)
        set("time", totalTime?.written)
        set("source", url ?? source.flatMap { Self.isWebAddress($0) ? $0 : nil } ?? basedOn)
        setList("author", authors)
        setList("course", categories)
        setList("cuisine", cuisines)
        setList("tags", keywords)
        setList("image", images)
        set("description", description)
        // Markdown keeps the list as a cook writes it (Roux reads its
        // items as ingredients); Cooklang needs its ingredients marked.
        guard format != .markdown else { return recipe }
        var cooklang = recipe.readingIngredientLists(asComponents: true)
        // Read as lists, written as lines: Cooklang has no list markers.
        let text = cooklang.document.text
        try? cooklang.document.removeAttribute(ListItemAttribute.self, from: [text.startIndex ..< text.endIndex])
        return cooklang
    }

    /// The text. Markdown: the title, "Ingredients" and a bulleted list,
    /// "Steps" and a numbered list, a section a heading below it. Cooklang,
    /// which has no title line: the ingredients as lines of one block (their
    /// list markers taken off once they are read), each step a paragraph, a
    /// section a heading of its own.
    private func body(for format: RecipeFormat) -> AttributedString {
        let isMarkdown = format == .markdown
        var paragraphs: [(String, AttributeContainer)] = []
        func add(_ text: String, heading: Int? = nil, item: ListMarker.Kind? = nil) {
            var attributes = AttributeContainer()
            attributes.headingLevel = heading
            attributes.listItem = item.map { ListMarker(kind: $0) }
            paragraphs.append((text, attributes))
        }
        if isMarkdown, let name {
            add(name, heading: 1)
            add("")
        }
        if !ingredients.isEmpty {
            add("Ingredients", heading: 2)
            add("")
            for line in ingredients { add(line, item: .bullet("-")) }
            add("")
        }
        if !steps.isEmpty, isMarkdown || steps[0].section == nil {
            add("Steps", heading: 2)
            add("")
        }
        var section: String?
        var number = 1
        for (index, step) in steps.enumerated() {
            if index == 0 || step.section != section {
                if index > 0, isMarkdown { add("") }
                if let name = step.section {
                    add(name, heading: isMarkdown ? 3 : 2)
                    add("")
                }
                number = 1
            }
            section = step.section
            add(step.text, item: .ordered(number: number, delimiter: "."))
            // Cooklang: a blank line ends a step.
            if !isMarkdown { add("") }
            number += 1
        }
        while paragraphs.last?.0 == "" { paragraphs.removeLast() }
        var text = AttributedString()
        for (index, paragraph) in paragraphs.enumerated() {
            let line = index + 1 < paragraphs.count ? paragraph.0 + "\n" : paragraph.0
            text += AttributedString(line, attributes: paragraph.1)
        }
        return text
    }
}
