import Foundation
import RichText
public import Recipes
public import RecipeFormats

/// Export-only formats: plain text, a standalone HTML page, and JSON.
public enum RecipeExport {
    /// Title, the ingredient list (quantities added up), the cookware, then
    /// the text a paragraph a line with its list markers and quotes, for
    /// reading or printing.
    /// With `references`, a reference is followed by its recipe's ingredients, indented.
    public static func plainText(_ recipe: Recipe, references: ReferenceExpansion? = nil) -> String {
        var lines: [String] = []
        // Control characters as stand-ins, as the text's lines have them.
        if let title = recipe.title.map({ visible($0) }) {
            lines += [title, String(repeating: "=", count: max(1, TextWidth.columns(title))), ""]
        }
        let details = about(recipe)
        if !details.isEmpty { lines += details.map { visible("\($0.label): \($0.value)") } + [""] }
        if !recipe.ingredients.isEmpty {
            lines.append("Ingredients:")
            let notes = notes(recipe)
            let referenced = referenced(references)
            for (ingredient, shown) in zip(recipe.ingredients, recipe.shownQuantityOfEachIngredient) {
                let quantity = shown.map { "\($0) " } ?? ""
                lines.append(visible("- \(quantity)\(ingredient.name)" + (notes[ingredient.id].map { " (\($0))" } ?? "")))
                lines += referencedLines(referenced[ingredient.id] ?? [])
            }
            lines.append("")
        }
        let cookware = recipe.equipment.cookware
        if !cookware.isEmpty {
            lines.append("Cookware:")
            lines += cookware.map { visible("- \($0)") }
            lines.append("")
        }
        lines += plainLines(recipe)
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A standalone page: headings, lists, quotes, code, links and images,
    /// styles, ingredients as elements that carry their ID, and `dir` on
    /// every paragraph so bidi text shows right. The ingredient list and the
    /// cookware come after the title. Nothing of the recipe runs in it: HTML
    /// blocks are shown escaped (unless `htmlBlocks` is `.raw`), links and
    /// images keep only `safeAddress`es, and control characters are
    /// stand-ins (`OutgoingText`). `images` (`RecipeImage.all`) are shown
    /// after the details, each step's with its number.
    public static func html(_ recipe: Recipe, htmlBlocks: HTMLBlocks = .escaped, images: [RecipeImage] = [],
                            references: ReferenceExpansion? = nil) -> String {
        let title = escape(recipe.title ?? "Recipe")
        var html = """
        <!DOCTYPE html>
        <html>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>
        body { font-family: system-ui, sans-serif; max-width: 42em; margin: 2em auto; line-height: 1.5; }
        .ingredient { color: green; }
        .cookware { color: teal; }
        .timer { color: purple; }
        .comment { color: gray; }
        p { margin: 0.2em 0; }
        .about { color: #555; }
        figure.image img { max-width: 100%; }
        @media print {
          body { max-width: none; margin: 0; font-size: 11pt; color: black; }
          a { color: inherit; text-decoration: none; }
          h1, h2, h3 { break-after: avoid; }
          li, p { break-inside: avoid; }
        }
        </style>
        </head>
        <body>

        """
        var paragraphs = shownParagraphs(of: recipe)
            .map { withoutLineBreakMark($0, in: recipe) }
        if paragraphs.count == 1, paragraphs[0].text.isEmpty { paragraphs = [] }
        // The title first: the first paragraph when it is the title's heading, else a heading of its own.
        if let first = paragraphs.first, first.paragraph.headingLevel == 1 {
            html += HTMLBody.paragraph(first, htmlBlocks: htmlBlocks) + "\n"
            paragraphs.removeFirst()
        } else if recipe.metadata.title != nil {
            html += "<h1 dir=\"auto\">\(title)</h1>\n"
        }
        for (label, value) in about(recipe) {
            // A source that is a web address is a link to it.
            let isAddress = (value.hasPrefix("http://") || value.hasPrefix("https://")) && safeAddress(value) != nil
            let shown = isAddress ? "<a href=\"\(escape(value))\">\(escape(value))</a>" : escape(value)
            html += "<p class=\"about\" dir=\"auto\"><strong>\(escape(label)):</strong> \(shown)</p>\n"
        }
        html += imagesHTML(images, title: title)
        if !recipe.ingredients.isEmpty {
            html += "<ul class=\"ingredients\">\n"
            let notes = notes(recipe)
            let referenced = referenced(references)
            for (ingredient, shown) in zip(recipe.ingredients, recipe.shownQuantityOfEachIngredient) {
                let quantity = shown.map { "<span class=\"quantity\">\(escape($0.description))</span> " } ?? ""
                let note = notes[ingredient.id].map { " <span class=\"note\">(\(escape($0)))</span>" } ?? ""
                html += "<li data-ingredient=\"\(escape(ingredient.id.rawValue))\" dir=\"auto\">\(quantity)\(escape(ingredient.name))\(note)"
                    + referencedHTML(referenced[ingredient.id] ?? []) + "</li>\n"
            }
            html += "</ul>\n"
        }
        let cookware = recipe.equipment.cookware
        if !cookware.isEmpty {
            html += "<ul class=\"cookware\">\n" + cookware.map { "<li dir=\"auto\">\(escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        html += HTMLBody.blocks(paragraphs, htmlBlocks: htmlBlocks)
        return html + "</body>\n</html>\n"
    }

    /// The recipe's pictures, each a figure; an address that is not safe
    /// is left out (`RecipeImage.pageAddress`).
    static func imagesHTML(_ images: [RecipeImage], title: String) -> String {
        images.compactMap { image in
            guard let address = image.pageAddress else { return nil }
            let caption = image.step.map { "<figcaption>Step \($0)</figcaption>" } ?? ""
            let alt = image.step.map { "\(title), step \($0)" } ?? title
            return "<figure class=\"image\"><img src=\"\(escape(address))\" alt=\"\(alt)\">\(caption)</figure>\n"
        }.joined()
    }

    /// Text and attribute values for the page: markup characters as
    /// references, control characters as stand-ins (`OutgoingText`).
    static func escape(_ text: String) -> String {
        var result = ""
        for character in visible(text, keepingTabs: true) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    static func cssColor(_ color: TerminalColor) -> String {
        switch color {
        case .default: return "inherit"
        case .rgb: return color.fileName // "#rrggbb" or a CSS name such as "orange"
        case .ansi(let ansi):
            let names = ["black", "maroon", "green", "olive", "navy", "purple", "teal", "silver",
                         "gray", "red", "lime", "yellow", "blue", "fuchsia", "aqua", "white"]
            return names[Int(ansi.rawValue)]
        case .palette(let index): return "var(--palette-\(index), currentColor)"
        }
    }

    /// How deep each paragraph's list item is nested (1 for the outermost),
    /// from the markers' indentation; nil for a paragraph that is not one.
    static func listLevels(_ paragraphs: [ParagraphContent]) -> [Int?] {
        var open: [Int] = []
        return paragraphs.map { paragraph in
            guard let marker = paragraph.paragraph.listItem else {
                let isBlank = paragraph.text.allSatisfy { $0 == 0x20 || $0 == 0x09 }
                if !isBlank, paragraph.text.first != 0x20 { open.removeAll() }
                return nil
            }
            while let last = open.last, last >= marker.indentation { open.removeLast() }
            open.append(marker.indentation)
            return open.count
        }
    }
}

/// The body as HTML blocks.
enum HTMLBody {
    static func blocks(_ paragraphs: [ParagraphContent], htmlBlocks: RecipeExport.HTMLBlocks) -> String {
        var html = ""
        let levels = RecipeExport.listLevels(paragraphs)
        // Open lists, innermost last: their tags.
        var lists: [String] = []
        // The number each open ordered list would give its next item, by level.
        var nextNumbers: [Int: Int] = [:]
        var code: [String]?
        func closeLists(to depth: Int) {
            while lists.count > depth { html += "</li></\(lists.removeLast())>\n" }
        }
        for (index, paragraph) in paragraphs.enumerated() {
            let attributes = paragraph.paragraph
            // Comments are the writer's, not the reader's.
            if RecipeExport.isCommentOnly(paragraph) { continue }
            if let verbatim = attributes.verbatimLine, verbatim == .code || verbatim == .codeFence {
                closeLists(to: 0)
                if verbatim == .codeFence {
                    if let lines = code {
                        html += "<pre><code>" + lines.map(RecipeExport.escape).joined(separator: "\n") + "</code></pre>\n"
                        code = nil
                    } else {
                        code = []
                    }
                } else {
                    code = (code ?? []) + [String(decoding: paragraph.text, as: UTF8.self)]
                    // An indented block ends where its lines do.
                    let next = index + 1 < paragraphs.count ? paragraphs[index + 1].paragraph.verbatimLine : nil
                    if next != .code, next != .codeFence, let lines = code, paragraphs[index].text.first == 0x20 || paragraphs[index].text.first == 0x09 {
                        html += "<pre><code>" + lines.map(RecipeExport.escape).joined(separator: "\n") + "</code></pre>\n"
                        code = nil
                    }
                }
                continue
            }
            if let level = levels[index], let marker = attributes.listItem {
                let tag = marker.isOrdered ? "ol" : "ul"
                // Another kind of list at the same level: the one open ends.
                if level <= lists.count, lists[level - 1] != tag { closeLists(to: level - 1) }
                if level > lists.count {
                    while lists.count < level - 1 { lists.append(tag); html += "<\(tag)><li>" }
                    var start = ""
                    if case .ordered(let number, _) = marker.kind, number != 1 { start = " start=\"\(number)\"" }
                    html += "<\(tag)\(start)>\n"
                    lists.append(tag)
                    if case .ordered(let number, _) = marker.kind { nextNumbers[level] = number }
                } else {
                    closeLists(to: level)
                    html += "</li>\n"
                }
                // A number the list would not give (1, 2, 4) is the file's own.
                var value = ""
                if case .ordered(let number, _) = marker.kind {
                    if let expected = nextNumbers[level], expected != number { value = " value=\"\(number)\"" }
                    nextNumbers[level] = number + 1
                }
                html += "<li\(value) dir=\"\(direction(attributes))\">" + inline(paragraph)
                continue
            }
            let isBlank = paragraph.text.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            if !lists.isEmpty, !isBlank, paragraph.text.first == 0x20 || paragraph.text.first == 0x09 {
                // An indented line under an item belongs to it.
                html += "<br>" + inline(paragraph)
                continue
            }
            // A blank line only separates blocks, which HTML's margins do: no
            // empty paragraph for it, and a list does not take it in.
            if isBlank, attributes.verbatimLine == nil, attributes.headingLevel == nil, attributes.blockQuote == nil { continue }
            closeLists(to: 0)
            html += self.paragraph(paragraph, htmlBlocks: htmlBlocks) + "\n"
        }
        closeLists(to: 0)
        if let lines = code { html += "<pre><code>" + lines.map(RecipeExport.escape).joined(separator: "\n") + "</code></pre>\n" }
        return html
    }

    static func direction(_ attributes: AttributeContainer) -> String {
        attributes.baseWritingDirection.map { $0 == .rightToLeft ? "rtl" : "ltr" } ?? "auto"
    }

    /// One paragraph that is not part of a list or a code block.
    static func paragraph(_ paragraph: ParagraphContent, htmlBlocks: RecipeExport.HTMLBlocks) -> String {
        let attributes = paragraph.paragraph
        switch attributes.verbatimLine {
        case .html?:
            let line = String(decoding: paragraph.text, as: UTF8.self)
            return htmlBlocks == .raw ? line : "<p class=\"html\"><code>\(RecipeExport.escape(line))</code></p>"
        case .thematicBreak?: return "<hr>"
        case .comment?, .metadata?:
            return "<p class=\"comment\">\(RecipeExport.escape(String(decoding: paragraph.text, as: UTF8.self)))</p>"
        default: break
        }
        let tag = attributes.headingLevel.map { "h\(min(6, max(1, $0)))" } ?? "p"
        let alignment = attributes.alignment.flatMap { $0 == .natural ? nil : " style=\"text-align: \($0.rawValue)\"" } ?? ""
        let content = inline(paragraph)
        let element = "<\(tag) dir=\"\(direction(attributes))\"\(alignment)>\(content.isEmpty ? "<br>" : content)</\(tag)>"
        guard let depth = attributes.blockQuote, depth > 0 else { return element }
        return String(repeating: "<blockquote>", count: depth) + element + String(repeating: "</blockquote>", count: depth)
    }

    static func inline(_ paragraph: ParagraphContent) -> String {
        var content = ""
        for run in paragraph.runs where run.attributes.comment != true {
            content += inlineHTML(RecipeExport.escape(String(decoding: paragraph.text[run.range], as: UTF8.self)), run.attributes)
        }
        return content
    }

    private static func inlineHTML(_ escaped: String, _ attributes: AttributeContainer) -> String {
        var content = escaped
        if attributes.inlineCode == true { content = "<code>\(content)</code>" }
        if attributes.bold == true { content = "<strong>\(content)</strong>" }
        if attributes.italic == true { content = "<em>\(content)</em>" }
        if attributes.underline == true { content = "<u>\(content)</u>" }
        if attributes.strikethrough == true { content = "<s>\(content)</s>" }
        var styles: [String] = []
        if !attributes.hasDerivedColor, let color = attributes.foregroundColor { styles.append("color: \(RecipeExport.cssColor(color))") }
        if let color = attributes.backgroundColor { styles.append("background-color: \(RecipeExport.cssColor(color))") }
        if !styles.isEmpty { content = "<span style=\"\(styles.joined(separator: "; "))\">\(content)</span>" }
        if let id = attributes.ingredient {
            content = "<span class=\"ingredient\" data-ingredient=\"\(RecipeExport.escape(id.rawValue))\">\(content)</span>"
        }
        if attributes.cookware != nil { content = "<span class=\"cookware\">\(content)</span>" }
        if attributes.timer != nil { content = "<span class=\"timer\">\(content)</span>" }
        if attributes.comment == true { content = "<span class=\"comment\">\(content)</span>" }
        // A link or an image to an address that is not safe is its text alone.
        if let url = attributes.link.flatMap({ RecipeExport.safeAddress($0.absoluteString) }) {
            content = "<a href=\"\(RecipeExport.escape(url))\">\(content)</a>"
        }
        if let source = attributes.image.flatMap({ RecipeExport.safeAddress(RecipeExport.imageAddress($0)) }) {
            content = "<img src=\"\(RecipeExport.escape(source))\" alt=\"\(escaped)\">"
        }
        return content
    }
}

extension RecipeExport {
    /// An image's address from its source as the file writes it
    /// (`(feuilletage.jpg "Le feuilletage")` → `feuilletage.jpg`).
    package static func imageAddress(_ source: String) -> String {
        let bytes = Array(source.utf8)
        return bytes.withUnsafeBufferPointer { MarkdownInlineReader.linkDestination($0, from: 0, limit: $0.count)?.url } ?? source
    }
}
