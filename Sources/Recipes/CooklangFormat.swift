import Foundation
import RichText

/// Cooklang (cooklang.org): `@name{qty%unit}(note)` ingredients, `== Section ==`,
/// `>> key: value` or YAML front matter. Ingredients become marks and list
/// entries; cookware (`#pot{}`), timers (`~{10%minutes}`) and comments stay
/// in the text as written, so they are saved back unchanged.
public enum CooklangFormat {
    public static func parse(_ contents: String, path: String = "recipe.cook") throws(RecipeLoadFailure) -> (recipe: Recipe, warnings: [String]) {
        let style = Recipe.FileStyle(of: contents)
        let normalized = style.lineEnding == "\r\n" ? contents.replacingOccurrences(of: "\r\n", with: "\n") : contents
        var recipe = Recipe(style: style)
        var body = Substring(normalized)
        if let split = FrontMatter.split(body), split.block != nil {
            let parsed = try FrontMatter.parse(split.yaml, path: path, firstLine: 2)
            recipe.metadata = parsed.metadata
            body = split.body
        }
        body = body.droppingFinalNewline()

        var text = ""
        var marks: [(range: Range<Int>, name: String)] = []
        var headings: [(range: Range<Int>, level: Int)] = []
        var quantities: [String: (quantity: Quantity?, note: String?)] = [:]
        var names: [String] = []
        var firstLine = true
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(">>"), let colon = line.firstIndex(of: ":") {
                let key = line[line.index(line.startIndex, offsetBy: 2) ..< colon].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if key == "title" {
                    recipe.metadata.title = value
                } else {
                    recipe.metadata.otherEntries[key] = "\(key): \(FrontMatter.scalar(value))\n"
                }
                recipe.metadata.keyOrder.append(key)
                continue
            }
            // The blank line that separates metadata from the steps is not a paragraph.
            if firstLine, line.isEmpty, !recipe.metadata.keyOrder.isEmpty { continue }
            if !firstLine { text += "\n" }
            firstLine = false
            let start = text.utf8.count
            if let title = sectionTitle(line) {
                text += title
                headings.append((start ..< text.utf8.count + 1, 1))
                continue
            }
            var rest = line
            while let at = rest.firstIndex(of: "@") {
                text += rest[..<at]
                let afterAt = rest[rest.index(after: at)...]
                guard let (name, quantity, note, remainder) = ingredient(afterAt) else {
                    text += "@"
                    rest = afterAt
                    continue
                }
                let markStart = text.utf8.count
                text += name
                marks.append((markStart ..< text.utf8.count, name))
                let key = name.lowercased()
                if quantities[key] == nil {
                    names.append(name)
                    quantities[key] = (quantity, note)
                } else if let quantity, let total = Self.add(quantities[key]?.quantity, quantity) {
                    quantities[key]?.quantity = total
                }
                rest = remainder
            }
            text += rest
        }
        var taken = Set<String>()
        var ids: [String: IngredientID] = [:]
        for name in names {
            let id = IngredientID(Slug.unique(name, taken: taken))
            taken.insert(id.rawValue)
            ids[name.lowercased()] = id
            recipe.ingredients.append(Ingredient(id: id, name: name, quantity: quantities[name.lowercased()]?.quantity,
                                                 note: quantities[name.lowercased()]?.note))
        }
        // Built as a loaded Markdown file is: one set of attributes per
        // heading level and per ingredient, each applied over all its ranges.
        var spans: [AttributeContainer: [Range<Int>]] = [:]
        for (range, level) in headings {
            var heading = AttributeContainer()
            heading.headingLevel = level
            spans[heading, default: []].append(range.lowerBound ..< min(range.upperBound, text.utf8.count))
        }
        for (range, name) in marks {
            var mark = AttributeContainer()
            mark.ingredient = ids[name.lowercased()]
            spans[mark, default: []].append(range)
        }
        recipe.document = RichTextDocument(text: text, attributeSpans: spans, definition: .recipeFile)
        if !recipe.ingredients.isEmpty, !recipe.metadata.keyOrder.contains("ingredients") {
            // Where a Markdown file lists them: after the title.
            let position = recipe.metadata.keyOrder.firstIndex(of: "title").map { $0 + 1 } ?? 0
            recipe.metadata.keyOrder.insert("ingredients", at: position)
        }
        return (recipe, [])
    }

    /// "== Dough ==" or "= Dough" → "Dough".
    private static func sectionTitle(_ line: Substring) -> String? {
        guard line.hasPrefix("=") else { return nil }
        let title = line.trimmingCharacters(in: CharacterSet(charactersIn: "= "))
        return title
    }

    /// `name{qty%unit}(note)` or a single word after "@".
    private static func ingredient(_ text: Substring) -> (String, Quantity?, String?, Substring)? {
        guard let first = text.first, first.isLetter || first.isNumber else { return nil }
        var name: Substring
        var rest: Substring
        if let brace = text.firstIndex(of: "{"), !text[..<brace].contains(where: { "@#~".contains($0) }),
           let close = text[brace...].firstIndex(of: "}") {
            name = text[..<brace]
            let amount = text[text.index(after: brace) ..< close]
            rest = text[text.index(after: close)...]
            var quantity: Quantity?
            if !amount.isEmpty {
                let parts = amount.split(separator: "%", maxSplits: 1)
                quantity = Quantity(amount: parts[0].trimmingCharacters(in: .whitespaces),
                                    unit: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil)
            }
            var note: String?
            if rest.first == "(", let end = rest.firstIndex(of: ")") {
                note = String(rest[rest.index(after: rest.startIndex) ..< end])
                rest = rest[rest.index(after: end)...]
            }
            return (String(name), quantity, note, rest)
        }
        let end = text.firstIndex(where: { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) ?? text.endIndex
        name = text[..<end]
        rest = text[end...]
        return (String(name), nil, nil, rest)
    }

    /// Two quantities of one ingredient: added when they share a unit and are
    /// numbers, else kept side by side as text ("1/2 kg + 100 g").
    private static func add(_ total: Quantity?, _ more: Quantity) -> Quantity? {
        guard let total else { return more }
        guard total.unit == more.unit, let left = total.value, let right = more.value else {
            return Quantity(amount: "\(total) + \(more)")
        }
        return Quantity(amount: Self.format(left + right), unit: total.unit)
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

    /// Cooklang text; formatting Cooklang cannot hold is listed in `dropped`.
    public static func serialize(_ recipe: Recipe) -> (text: String, dropped: [String]) {
        var lines: [String] = []
        if let title = recipe.metadata.title { lines.append(">> title: \(title)") }
        for key in recipe.metadata.keyOrder where key != "title" && key != "ingredients" {
            if let value = recipe.metadata.value(of: key) { lines.append(">> \(key): \(value)") }
        }
        if !lines.isEmpty, !recipe.document.text.characters.isEmpty { lines.append("") }
        var dropped = Set<String>()
        var quantityWritten = Set<IngredientID>()
        let text = recipe.document.text
        var line = ""
        var lineIsHeading = false
        func endLine() {
            lines.append(lineIsHeading ? "== \(line) ==" : line)
            line = ""
            lineIsHeading = false
        }
        for run in text.runs {
            let piece = String(text.characters[run.range])
            let attributes = run.attributes
            if attributes.bold == true || attributes.italic == true || attributes.underline == true
                || attributes.strikethrough == true { dropped.insert("bold, italic, underline and strikethrough") }
            if attributes.backgroundColor != nil || (attributes.foregroundColor != nil && attributes.ingredient == nil) {
                dropped.insert("colours")
            }
            if attributes.alignment != nil || attributes.baseWritingDirection != nil { dropped.insert("alignment and direction") }
            var first = true
            for segment in piece.split(separator: "\n", omittingEmptySubsequences: false) {
                if !first { endLine() }
                first = false
                if segment.isEmpty { continue }
                if attributes.headingLevel != nil { lineIsHeading = true }
                if let id = attributes.ingredient {
                    var amount = ""
                    var note = ""
                    if !quantityWritten.contains(id), let ingredient = recipe.ingredient(id) {
                        amount = ingredient.quantity.map { $0.amount + ($0.unit.map { "%" + $0 } ?? "") } ?? ""
                        note = ingredient.note.map { "(\($0))" } ?? ""
                        quantityWritten.insert(id)
                    }
                    line += "@\(segment){\(amount)}\(note)"
                } else {
                    line += segment
                }
            }
        }
        endLine()
        if recipe.document.text.characters.isEmpty { lines.removeLast() }
        var result = lines.joined(separator: recipe.style.lineEnding)
        if recipe.style.endsWithNewline { result += recipe.style.lineEnding }
        return (result, dropped.sorted())
    }
}
