import Foundation
import RichText

/// Export-only formats: plain text, a standalone HTML page, and JSON.
public enum RecipeExport {
    /// Title, the ingredient list, then the text, for reading or printing.
    public static func plainText(_ recipe: Recipe) -> String {
        var lines: [String] = []
        if let title = recipe.title {
            lines += [title, String(repeating: "=", count: title.count), ""]
        }
        if !recipe.ingredients.isEmpty {
            lines.append("Ingredients:")
            for ingredient in recipe.ingredients {
                let quantity = ingredient.quantity.map { "\($0) " } ?? ""
                lines.append("- \(quantity)\(ingredient.name)" + (ingredient.note.map { " (\($0))" } ?? ""))
            }
            lines.append("")
        }
        lines.append(String(recipe.document.text.characters[...]))
        return lines.joined(separator: "\n") + "\n"
    }

    /// A standalone page: headings, styles, ingredients as elements that carry
    /// their ID, and `dir` on every paragraph so bidi text shows right.
    public static func html(_ recipe: Recipe) -> String {
        let title = escape(recipe.title ?? "Recipe")
        var html = """
        <!DOCTYPE html>
        <html>
        <head>
        <meta charset="utf-8">
        <title>\(title)</title>
        <style>
        body { font-family: system-ui, sans-serif; max-width: 42em; margin: 2em auto; line-height: 1.5; }
        .ingredient { color: green; }
        p { margin: 0.2em 0; }
        </style>
        </head>
        <body>

        """
        if !recipe.ingredients.isEmpty {
            html += "<ul class=\"ingredients\">\n"
            for ingredient in recipe.ingredients {
                let quantity = ingredient.quantity.map { "<span class=\"quantity\">\(escape($0.description))</span> " } ?? ""
                let note = ingredient.note.map { " <span class=\"note\">(\(escape($0)))</span>" } ?? ""
                html += "<li data-ingredient=\"\(escape(ingredient.id.rawValue))\" dir=\"auto\">\(quantity)\(escape(ingredient.name))\(note)</li>\n"
            }
            html += "</ul>\n"
        }
        for paragraph in paragraphs(of: recipe.document.text) {
            let attributes = paragraph.first?.1 ?? AttributeContainer()
            let tag = attributes.headingLevel.map { "h\(min(6, max(1, $0)))" } ?? "p"
            let direction = attributes.baseWritingDirection.map { $0 == .rightToLeft ? "rtl" : "ltr" } ?? "auto"
            let alignment = attributes.alignment.flatMap { $0 == .natural ? nil : " style=\"text-align: \($0.rawValue)\"" } ?? ""
            var content = ""
            for (text, runAttributes) in paragraph {
                content += inlineHTML(escape(text), runAttributes)
            }
            html += "<\(tag) dir=\"\(direction)\"\(alignment)>\(content.isEmpty ? "<br>" : content)</\(tag)>\n"
        }
        return html + "</body>\n</html>\n"
    }

    private static func inlineHTML(_ escaped: String, _ attributes: AttributeContainer) -> String {
        var content = escaped
        if attributes.bold == true { content = "<strong>\(content)</strong>" }
        if attributes.italic == true { content = "<em>\(content)</em>" }
        if attributes.underline == true { content = "<u>\(content)</u>" }
        if attributes.strikethrough == true { content = "<s>\(content)</s>" }
        var styles: [String] = []
        if attributes.ingredient == nil, let color = attributes.foregroundColor { styles.append("color: \(cssColor(color))") }
        if let color = attributes.backgroundColor { styles.append("background-color: \(cssColor(color))") }
        if !styles.isEmpty { content = "<span style=\"\(styles.joined(separator: "; "))\">\(content)</span>" }
        if let id = attributes.ingredient {
            content = "<span class=\"ingredient\" data-ingredient=\"\(escape(id.rawValue))\">\(content)</span>"
        }
        return content
    }

    /// The document, paragraph by paragraph, each as its runs' text and attributes.
    static func paragraphs(of text: AttributedString) -> [[(String, AttributeContainer)]] {
        var result: [[(String, AttributeContainer)]] = [[]]
        for run in text.runs {
            let piece = String(text.characters[run.range])
            var first = true
            for segment in piece.split(separator: "\n", omittingEmptySubsequences: false) {
                if !first { result.append([]) }
                first = false
                if !segment.isEmpty { result[result.count - 1].append((String(segment), run.attributes)) }
            }
        }
        if text.characters.last == "\n" { result.removeLast() }
        return result
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
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
}
