import Foundation
import RichText
public import RecipeStorage
public import Recipes

/// Cooklang recipe files (`.cook`): an optional YAML front matter and
/// `>> key: value` lines at the top (the file's head, kept as written), then
/// the steps a line per paragraph (`CooklangSyntax`). Each occurrence of an
/// ingredient keeps its own quantity; the list has one entry per name.
public enum CooklangFormat: RecipeFileFormat {
    static let format = RecipeFormat.cooklang
    static let displayName = "Cooklang"
    /// A meal plan (`.menu`) is a Cooklang file of sections and recipe
    /// references, as the Cooklang conventions and CookCLI write it.
    static let extensions = ["cook", "menu"]
    static var lineSyntax: CooklangSyntax { CooklangSyntax() }

    public static func read(_ contents: String, path: String = "recipe.cook") -> (recipe: Recipe, warnings: [RecipeFileError]) {
        read(contents, path: path, readFrom: nil)
    }

    /// The recipe, warnings left aside.
    public static func parse(_ contents: String, path: String = "recipe.cook") -> Recipe {
        read(contents, path: path).recipe
    }

    static func read(_ contents: String, path: String, readFrom file: FileFingerprint?) -> (recipe: Recipe, warnings: [RecipeFileError]) {
        var recipe = Recipe(style: Recipe.FileStyle(of: contents))
        recipe.headFormat = .cooklang
        recipe.keepsIngredientsOnMarks = true
        let crlf = recipe.style.lineEnding == "\r\n"
        var warnings: [RecipeFileError] = []
        let (text, hadMark) = ByteOrderMark.strip(contents)
        recipe.style.hasByteOrderMark = hadMark
        var seenKeys: [String: String] = [:]
        let head = readHead(text, into: &recipe, path: path, seenKeys: &seenKeys, warnings: &warnings)
        let body = head.body
        recipe.style.bodyIsEmpty = body.isEmpty
        recipe.firstBodyLine = head.bodyLine
        let read = BodyReader.readWhole(body.droppingFinalLineEnding(crlf: crlf), syntax: CooklangSyntax(), path: path, crlf: crlf,
                                        firstLine: head.bodyLine, sourceStart: contents.utf8.distance(from: contents.startIndex, to: body.startIndex),
                                        definition: .recipeFile)
        recipe.document = read.document
        warnings += read.warnings
        if let file {
            recipe.document.sourceMap = TextSourceMap(readFrom: path, stamp: file.stamp, crlf: crlf, blocks: read.blocks)
        }
        recipe.ingredients = ingredients(in: recipe.document.text)
        readBodyMetadata(into: &recipe, path: path, seenKeys: &seenKeys, warnings: &warnings)
        recipe.markHeadAsRead()
        return (recipe, warnings)
    }

    /// The head: YAML front matter at the very top, then `>>` lines, the
    /// blank lines between them and one blank line after the last (the
    /// separator a writer puts there); more blank lines are the body's, so a
    /// body that starts with empty paragraphs reads back as it was. Keys are read into `recipe.metadata`; the
    /// head's text is kept to be written back as it was.
    private static func readHead(_ text: Substring, into recipe: inout Recipe, path: String, seenKeys: inout [String: String],
                                 warnings: inout [RecipeFileError]) -> (body: Substring, bodyLine: Int) {
        var rest = text
        var line = 1
        var headEnd = text.startIndex
        if let split = FrontMatter.split(text), split.block != nil {
            do throws(RecipeLoadFailure) {
                let parsed = try FrontMatter.parse(split.yaml, path: path, firstLine: 2)
                recipe.metadata = parsed.metadata
                for key in parsed.metadata.keyOrder { seenKeys[key] = "in the front matter" }
            } catch {
                recipe.headIsVerbatim = true
                if let entries = FrontMatter.keyValueLines(split.yaml) {
                    // Not YAML but `key: value` lines, as Cooklang's `>>` lines are: read so (the spec's canonical tests).
                    for entry in entries {
                        recipe.metadata.set(entry.key, toText: entry.value)
                        seenKeys[entry.key] = "in the front matter"
                    }
                    warnings.append(RecipeFileError(path: path, line: 2, column: 1, message: "front matter: not YAML; read as "
                        + "\"key: value\" lines (keys \(entries.map { "\"\($0.key)\"" }.joined(separator: ", "))); the front matter is kept as it is"))
                } else {
                    warnings += error.errors.map {
                        RecipeFileError(path: $0.path, line: $0.line, column: $0.column, message: $0.message + "; the front matter is kept as it is")
                    }
                }
            }
            rest = split.body
            line = split.bodyLine
            headEnd = split.body.startIndex
        }
        // `>>` lines, and the blank lines between them. Bytes, not characters:
        // "\r\n" is one character, which "\n" does not match.
        var sawMetadata = false
        var position = rest.utf8.startIndex
        var headEndLine = line
        // The blank line after the last `>>` line is in the head.
        var separatorTaken = true
        while position < rest.utf8.endIndex {
            let lineEnd = rest.utf8[position...].firstIndex(of: 0x0A) ?? rest.utf8.endIndex
            var contentEnd = lineEnd
            if contentEnd > position, rest.utf8[rest.utf8.index(before: contentEnd)] == 0x0D { contentEnd = rest.utf8.index(before: contentEnd) }
            let content = rest[position ..< contentEnd]
            let next = lineEnd < rest.utf8.endIndex ? rest.utf8.index(after: lineEnd) : lineEnd
            if content.hasPrefix(">>") {
                if headEnd > text.startIndex, !sawMetadata { warnings.append(mixedHeadWarning(path: path, line: line)) }
                sawMetadata = true
                if let (key, value) = metadataEntry(content) {
                    if let earlier = seenKeys[key] {
                        warnings.append(RecipeFileError(path: path, line: line, column: 1, message:
                            "metadata key \"\(key)\" is given again (first \(earlier)); the last value counts"))
                    }
                    seenKeys[key] = "on line \(line)"
                    recipe.metadata.set(key, toText: value)
                } else {
                    warnings.append(RecipeFileError(path: path, line: line, column: 1, message: "a metadata line needs \"key: value\"; kept as it is"))
                }
            } else if !(sawMetadata && content.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 })) {
                break
            }
            position = next
            line += 1
            if content.hasPrefix(">>") {
                headEnd = next
                headEndLine = line
                separatorTaken = false
            } else if !separatorTaken {
                headEnd = next
                headEndLine = line
                separatorTaken = true
            }
        }
        line = headEndLine
        recipe.originalFrontMatter = (String(text[..<headEnd]), recipe.metadata, recipe.ingredients)
        return (text[headEnd...], line)
    }

    /// `>> key: value`: the key trimmed, the value trimmed and without the
    /// quotes around it.
    static func metadataEntry(_ line: Substring) -> (key: String, value: String)? {
        let afterMarker = line.dropFirst(2)
        guard let colon = afterMarker.firstIndex(of: ":") else { return nil }
        let key = afterMarker[..<colon].trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty else { return nil }
        var value = afterMarker[afterMarker.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = String(value.dropFirst().dropLast())
        }
        return (key, value)
    }

    /// One list entry per ingredient named in the text, in order, with the
    /// occurrences' quantities added up where they can be.
    static func ingredients(in text: AttributedString) -> [Ingredient] {
        var order: [IngredientID] = []
        var names: [IngredientID: String] = [:]
        var paths: [IngredientID: String] = [:]
        var quantities: [IngredientID: [Quantity]] = [:]
        for run in text.runs {
            guard let id = run.ingredient else { continue }
            if names[id] == nil {
                order.append(id)
                var name = String(text.characters[run.range])
                if let source = run[CooklangSourceAttribute.self] {
                    let bytes = Array(source.utf8)
                    bytes.withUnsafeBufferPointer { line in
                        guard let component = CooklangComponent.parse(line, at: 0) else { return }
                        name = component.displayName(line)
                        if RecipeReference.isPath(component.name(line)) { paths[id] = component.name(line) }
                    }
                }
                names[id] = name
            }
            if let quantity = run[OccurrenceQuantityAttribute.self] { quantities[id, default: []].append(quantity) }
        }
        return order.map { id in
            var ingredient = Ingredient(id: id, name: names[id] ?? id.rawValue, quantity: Quantity.combinedTotal(quantities[id] ?? []))
            ingredient.recipePath = paths[id]
            return ingredient
        }
    }

    static func contents(of recipe: Recipe, reusingSource: Bool) -> (contents: FileContents, dropped: [String]) {
        fileContents(recipe, reusingSource: reusingSource)
    }

    /// The title of the head's front matter or `>>` lines.
    static func title(ofHead head: String, path: String) -> String? {
        parse(head, path: path).title
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

    /// The file's bytes (lines not edited copied from the file) and what
    /// Cooklang cannot hold.
    public static func fileContents(_ recipe: Recipe, reusingSource: Bool = true) -> (contents: FileContents, dropped: [String]) {
        let head = head(of: recipe)
        var syntax = CooklangSyntax()
        for ingredient in recipe.ingredients where syntax.ingredientNames[ingredient.id] == nil {
            syntax.ingredientNames[ingredient.id] = ingredient.name
        }
        return (RecipeFileAssembly.contents(of: recipe.withListQuantitiesOnMarks, head: head, syntax: syntax,
                                            reusingSource: reusingSource),
                dropped(recipe))
    }

    static func head(of recipe: Recipe) -> [UInt8] {
        var head = headBytes(recipe)
        // A reader takes one blank line after `>>` lines as the head's: an
        // empty first paragraph written as a blank line needs that separator
        // before it (an empty section `=` is not blank).
        if startsWithBlankLine(recipe.document.text), let last = lastLine(of: head), last.starts(with: ">>".utf8) {
            head += Array(recipe.style.lineEnding.utf8)
        }
        return head
    }

    /// Whether the first paragraph is empty or only spaces and tabs, which a
    /// reader takes for the head's blank line when it comes right after it.
    private static func startsWithBlankLine(_ text: AttributedString) -> Bool {
        let firstLine = text.utf8.prefix(4096).prefix { $0 != 0x0A }
        guard firstLine.allSatisfy({ $0 == 0x20 || $0 == 0x09 }), firstLine.count < 4096, let first = text.runs.first else { return false }
        return first.headingLevel == nil && first.blockQuote == nil && first.verbatimLine == nil
            && first[LineMarkupAttribute.self] == nil
    }

    /// The head's last line, without its line ending (nil for an empty head).
    private static func lastLine(of head: [UInt8]) -> ArraySlice<UInt8>? {
        guard !head.isEmpty else { return nil }
        var end = head.count
        if head[end - 1] == 0x0A { end -= 1 }
        if end > 0, head[end - 1] == 0x0D { end -= 1 }
        let start = head[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return head[start ..< end]
    }

    /// Cooklang text, every line written; formatting Cooklang cannot hold is listed in `dropped`.
    public static func serialize(_ recipe: Recipe) -> (text: String, dropped: [String]) {
        let (contents, dropped) = fileContents(recipe, reusingSource: false)
        return (String(decoding: contents.joined() ?? [], as: UTF8.self), dropped)
    }

    /// The head as read while the metadata is unchanged; else the entries
    /// changed where the file wrote them, or a front matter.
    static func headBytes(_ recipe: Recipe) -> [UInt8] {
        if let original = recipe.originalFrontMatter, recipe.headFormat == .cooklang || original.text.hasPrefix("---"),
           recipe.headIsVerbatim || original.metadata == recipe.metadata {
            return Array(original.text.utf8)
        }
        let lineEnding = recipe.style.lineEnding
        if let original = recipe.originalFrontMatter, !recipe.headIsVerbatim {
            // Only the entries that changed are written anew, each where it is written.
            let patched = patchedMixedHead(original.text, from: original.metadata, to: recipe.metadata, lineEnding: lineEnding)
                ?? (original.text.hasPrefix("---")
                ? HeadPatch.frontMatter(original.text, from: (original.metadata, []), to: (recipe.metadata, []), lineEnding: lineEnding)
                : HeadPatch.cooklangLines(original.text, from: original.metadata, to: recipe.metadata, lineEnding: lineEnding))
            if let patched { return Array(patched.utf8) }
        }
        // A head of its own (a recipe converted or made here): YAML front
        // matter, the specification's metadata (cooklang-rs warns that `>>`
        // lines are deprecated); `>>` lines only where the file had them.
        if recipe.originalFrontMatter?.text.hasPrefix("---") ?? true {
            guard recipe.metadata.title != nil || recipe.metadata.otherEntries.keys.contains(where: { $0 != "ingredients" }) else { return [] }
            return Array(FrontMatter.serialize(recipe.metadata, ingredients: [], lineEnding: lineEnding).utf8)
        }
        var lines: [String] = []
        if let title = recipe.metadata.title { lines.append(">> title: \(title)") }
        for key in recipe.metadata.keyOrder where key != "title" && key != "ingredients" {
            if let value = recipe.metadata.value(of: key) { lines.append(">> \(key): \(value)") }
        }
        guard !lines.isEmpty else { return [] }
        return Array((lines.joined(separator: lineEnding) + lineEnding + lineEnding).utf8)
    }

    static func dropped(_ recipe: Recipe) -> [String] {
        // Only what the recipe has ("bold", not "bold, italic, underline and strikethrough").
        var dropped = Set<String>()
        for run in recipe.document.text.runs {
            let attributes = run.attributes
            let present: [(Bool, String)] = [
                (attributes.bold == true, "bold"), (attributes.italic == true, "italic"),
                (attributes.underline == true, "underline"), (attributes.strikethrough == true, "strikethrough"),
                (attributes.backgroundColor != nil || (attributes.foregroundColor != nil && !attributes.hasDerivedColor), "colours"),
                (attributes.alignment != nil, "alignment"), (attributes.baseWritingDirection != nil, "paragraph direction"),
                (attributes.link != nil, "links"), (attributes.image != nil, "images"), (attributes.inlineCode != nil, "code"),
                (attributes.listItem != nil, "list markers"),
            ]
            for (isPresent, name) in present where isPresent { dropped.insert(name) }
        }
        return dropped.sorted()
    }
}

extension Recipe {
    /// Cooklang keeps quantities and notes on the marks: an ingredient of a
    /// recipe read from Markdown whose list entry has a quantity (or a note)
    /// none of its marks has gives it to its first mark.
    package var withListQuantitiesOnMarks: Recipe {
        // A Cooklang recipe's list is made from its marks: nothing to give back.
        guard headFormat != .cooklang else { return self }
        let needed = ingredients.filter { $0.quantity != nil || $0.note != nil }
        guard !needed.isEmpty else { return self }
        var withQuantity = Set<IngredientID>()
        var withNote = Set<IngredientID>()
        var firstMarks: [IngredientID: Range<Int>] = [:]
        let text = document.text
        for run in text.runs {
            guard let id = run.ingredient else { continue }
            if run[OccurrenceQuantityAttribute.self] != nil { withQuantity.insert(id) }
            if run[OccurrenceNoteAttribute.self] != nil { withNote.insert(id) }
            if firstMarks[id] == nil { firstMarks[id] = text.utf8Offsets(of: run.range) }
        }
        var copy = self
        for ingredient in needed {
            guard let range = firstMarks[ingredient.id] else { continue }
            var attributes = AttributeContainer()
            if !withQuantity.contains(ingredient.id) { attributes[OccurrenceQuantityAttribute.self] = ingredient.quantity }
            if !withNote.contains(ingredient.id) { attributes[OccurrenceNoteAttribute.self] = ingredient.note }
            if attributes != AttributeContainer() { copy.document.addAttributes(attributes, toUTF8Offsets: [range]) }
        }
        return copy
    }
}
