import Foundation
import RichText
public import Recipes
import RecipeFormats

extension RecipeExport {
    /// A recipe for a person to read in a terminal or a pipe (`roux open
    /// --print`, `roux FILE | cat`): its title, servings, ingredients with
    /// their quantities and cookware, then the text a paragraph a line, with
    /// headings, list markers and quotes as the file writes them. With
    /// `styles`, bold, italic, underline, strikethrough and green
    /// ingredients as ANSI SGR sequences. Control characters in the recipe
    /// are shown as visible stand-ins, so a file can never drive the terminal.
    public static func readable(_ recipe: Recipe, styles: Bool) -> String {
        let style = ReadableStyle(enabled: styles)
        var lines: [String] = []
        var paragraphs = shownParagraphs(of: recipe)
        if paragraphs.count == 1, paragraphs[0].text.isEmpty { paragraphs = [] }
        if let title = recipe.title {
            lines.append(style.apply("1", to: visible(title)))
            // The title's own heading is not repeated below it.
            if let first = paragraphs.first, first.paragraph.headingLevel == 1,
               String(decoding: first.text, as: UTF8.self).trimmingCharacters(in: .whitespaces) == title {
                paragraphs.removeFirst()
            }
        }
        if let servings = recipe.metadata.value(of: "servings") ?? recipe.metadata.value(of: "serves") {
            lines.append("Serves \(visible(servings))")
        }
        if !lines.isEmpty { lines.append("") }
        if !recipe.ingredients.isEmpty {
            lines.append(style.apply("1", to: "Ingredients"))
            let notes = notes(recipe)
            for (ingredient, shown) in zip(recipe.ingredients, recipe.shownQuantityOfEachIngredient) {
                let quantity = shown.map { "\($0) " } ?? ""
                let note = notes[ingredient.id].map { " (\(visible($0)))" } ?? ""
                lines.append("- \(visible(quantity))\(style.apply("32", to: visible(ingredient.name)))\(note)")
            }
            lines.append("")
        }
        let cookware = recipe.equipment.cookware
        if !cookware.isEmpty {
            lines.append(style.apply("1", to: "Cookware"))
            lines += cookware.map { "- \(visible($0))" }
            lines.append("")
        }
        // Blank lines at the start of the body (after the title) say nothing.
        while let first = paragraphs.first, first.text.isEmpty, !lines.isEmpty { paragraphs.removeFirst() }
        for paragraph in paragraphs { lines.append(readableLine(paragraph, style: style)) }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The text's paragraphs as plain lines for the text export: list
    /// markers, numbers and quotes as the file writes them, headings as their
    /// words, the title's own heading left out.
    static func plainLines(_ recipe: Recipe) -> [String] {
        var paragraphs = shownParagraphs(of: recipe)
        if let title = recipe.title, let first = paragraphs.first, first.paragraph.headingLevel == 1,
           String(decoding: first.text, as: UTF8.self).trimmingCharacters(in: .whitespaces) == title {
            paragraphs.removeFirst()
            while let next = paragraphs.first, next.text.isEmpty { paragraphs.removeFirst() }
        }
        // Comments are the writer's, not the reader's.
        return paragraphs.filter { !isCommentOnly($0) }.map {
            readableLine(withoutLineBreakMark($0, in: recipe), style: ReadableStyle(enabled: false), headingMarkup: false, withComments: false)
        }
    }

    /// One paragraph: its block markup as written (a heading's only with
    /// `headingMarkup`), then its text with styles.
    private static func readableLine(_ paragraph: ParagraphContent, style: ReadableStyle, headingMarkup: Bool = true,
                                     withComments: Bool = true) -> String {
        let attributes = paragraph.paragraph
        if attributes.verbatimLine != nil {
            let text = visible(String(decoding: paragraph.text, as: UTF8.self))
            return attributes.verbatimLine == .comment ? style.apply("2", to: text) : text
        }
        // As the file wrote it (a Cooklang `= Dough` too), else as the Markdown writer would.
        let prefix = !headingMarkup && attributes.headingLevel != nil ? ""
            : attributes[LineMarkupAttribute.self]?.prefix ?? MarkdownSyntax.markup(for: attributes).prefix
        // A heading is bold throughout, its styled runs included.
        let base = attributes.headingLevel != nil ? ["1"] : []
        var line = style.apply(base, to: visible(prefix))
        for run in paragraph.runs where withComments || run.attributes.comment != true {
            line += style.inline(visible(String(decoding: paragraph.text[run.range], as: UTF8.self)), run.attributes, base: base)
        }
        // The spaces before a comment left out are not the reader's either.
        if !withComments, paragraph.runs.last?.attributes.comment == true {
            while line.hasSuffix(" ") || line.hasSuffix("\t") { line.removeLast() }
        }
        return line
    }

    /// C0 and C1 controls, DEL and the direction overrides, embeddings and
    /// isolates (`OutgoingText.mustNotLeaveRaw`) as visible stand-ins (U+2400
    /// pictures, U+FFFD): a recipe never sends an escape sequence to the
    /// terminal nor makes printed text read in another order. Line ends
    /// stay, and tabs with `keepingTabs`.
    public static func visible(_ text: String, keepingTabs: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { OutgoingText.mustNotLeaveRaw($0) || (!keepingTabs && $0 == "\t") }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x0A: scalar
            case 0x09 where keepingTabs: scalar
            case 0x00 ..< 0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
            case 0x7F: "\u{2421}"
            case _ where OutgoingText.mustNotLeaveRaw(scalar): "\u{FFFD}"
            default: scalar
            }
        }))
    }
}

/// SGR sequences for the readable print, or none.
private struct ReadableStyle {
    let enabled: Bool

    func apply(_ parameter: String, to text: String) -> String {
        apply([parameter], to: text)
    }

    func apply(_ parameters: [String], to text: String) -> String {
        enabled && !text.isEmpty && !parameters.isEmpty ? "\u{1B}[\(parameters.joined(separator: ";"))m\(text)\u{1B}[0m" : text
    }

    func inline(_ text: String, _ attributes: AttributeContainer, base: [String]) -> String {
        var parameters = base
        if attributes.bold == true { parameters.append("1") }
        if attributes.italic == true { parameters.append("3") }
        if attributes.underline == true || attributes.link != nil { parameters.append("4") }
        if attributes.strikethrough == true { parameters.append("9") }
        if attributes.ingredient != nil { parameters.append("32") }
        if attributes.comment == true { parameters.append("2") }
        return apply(parameters, to: text)
    }
}
