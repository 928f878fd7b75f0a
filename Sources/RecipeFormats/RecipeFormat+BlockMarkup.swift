public import Foundation
public import RichText
public import Recipes

/// Blocks made from the keyboard the way the format writes them: markup
/// typed at the start of a paragraph (`- `, `1. `, `> `, `## `) becomes
/// the paragraph's block, and text pasted from another program is read as
/// the format's own reader reads a file's lines. A format offers only the
/// blocks it can save, so what the editor shows is what the file says.
extension RecipeFormat {
    /// The paragraph's block keys (list item, quote, heading) once
    /// `markup`, typed at the start of its text, is taken as markup: in
    /// Markdown what the file reader takes for a line's prefix and the
    /// writer writes back the same way (`- `, `* `, `+ `, `1. `, `1) `,
    /// `> `, `#` to `######` and a space); in Cooklang a note's `> ` and a
    /// section's `= ` or `== `; nothing in plain text. Nil when `markup` is
    /// not exactly such a prefix, or when the paragraph cannot take it:
    /// a list marker in a list item, a heading in a heading, a quote in a
    /// list item or heading (the files write quotes outside them), any
    /// markup in a line kept verbatim, a quote where the format would not
    /// read it back as one (`canQuote`).
    public func block(typing markup: String, on paragraph: AttributeContainer,
                      between neighbours: @autoclosure () -> ParagraphNeighbours) -> AttributeContainer? {
        guard paragraph.verbatimLine == nil, markup.hasSuffix(" "), let first = markup.utf8.first, first != 0x20, first != 0x09
        else { return nil }
        let block = file.block(typing: markup, on: paragraph)
        // The neighbours are found only when asked (finding them reads the
        // whole paragraph, which can be megabytes).
        if let block, block.blockQuote != paragraph.blockQuote, !canQuote(between: neighbours()) { return nil }
        return block
    }

    /// Whether paragraphs between `neighbours` can be quoted: in Markdown
    /// anywhere; in Cooklang a note is read as one only after a blank
    /// line, a section, metadata or another note, and the line after it
    /// would be read as more of the note unless it is one of those too;
    /// plain text has no quotes.
    public func canQuote(between neighbours: ParagraphNeighbours) -> Bool {
        file.canQuote(between: neighbours)
    }
}

extension MarkdownRecipeFormat {
    static func canQuote(between neighbours: ParagraphNeighbours) -> Bool { true }

    static func block(typing markup: String, on paragraph: AttributeContainer) -> AttributeContainer? {
        let prefix = Array(markup.utf8).withUnsafeBufferPointer { MarkdownSyntax.prefix($0, from: 0) }
        guard prefix.length == markup.utf8.count else { return nil }
        var typed = AttributeContainer()
        typed.blockQuote = prefix.quoteDepth > 0 ? prefix.quoteDepth : nil
        typed.listItem = prefix.listMarker
        typed.headingLevel = prefix.headingLevel
        // Only markup the writer gives back as typed: `01. ` would come back as `1. `.
        guard MarkdownSyntax.markup(for: typed).prefix == markup else { return nil }
        if typed.listItem != nil, paragraph.listItem != nil || paragraph.headingLevel != nil { return nil }
        if typed.headingLevel != nil, paragraph.headingLevel != nil { return nil }
        if typed.blockQuote != nil, paragraph.listItem != nil || paragraph.headingLevel != nil { return nil }
        var block = AttributeContainer()
        let depth = (paragraph.blockQuote ?? 0) + prefix.quoteDepth
        block.blockQuote = depth > 0 ? depth : nil
        block.listItem = typed.listItem ?? paragraph.listItem
        block.headingLevel = typed.headingLevel ?? paragraph.headingLevel
        return block
    }

}

extension CooklangFormat {
    static func canQuote(between neighbours: ParagraphNeighbours) -> Bool {
        func standsApart(_ neighbour: ParagraphNeighbours.Neighbour?) -> Bool {
            guard let neighbour else { return true }
            let attributes = neighbour.attributes
            return neighbour.isEmpty || attributes.blockQuote != nil || attributes.headingLevel != nil
                || attributes.verbatimLine == .metadata
        }
        return standsApart(neighbours.before) && standsApart(neighbours.after)
    }

    /// Cooklang has no lists and one level of notes; its sections are
    /// read as level-2 headings.
    static func block(typing markup: String, on paragraph: AttributeContainer) -> AttributeContainer? {
        guard paragraph.blockQuote == nil, paragraph.headingLevel == nil, paragraph.listItem == nil else { return nil }
        var block = AttributeContainer()
        switch markup {
        case "> ": block.blockQuote = 1
        case "= ", "== ":
            block.headingLevel = 2
            // Written back as typed (`= Dough`, not `== Dough ==`).
            block[LineMarkupAttribute.self] = LineMarkup(prefix: markup)
        default: return nil
        }
        return block
    }
}

extension MarkdownRecipeFormat {
    /// Text pasted from another program, read as the lines of a Markdown
    /// file's body are read (the file reader itself, no front matter):
    /// blocks and inline styles as opening such a file would show them.
    /// Nil when it holds no Markdown (read, it is itself with no
    /// attributes): it is then pasted as it is.
    public static func readPasted(_ pasted: String) -> AttributedString? {
        // Read whole, a final line break ends the last line and holds its
        // paragraph keys, as between any two lines of a file.
        let read = BodyReader.readWhole(Substring(pasted), syntax: MarkdownSyntax(), path: "", crlf: false, firstLine: 1, sourceStart: 0,
                                        definition: .recipeFile).document.text
        let isPlain = read.runs.allSatisfy { $0.attributes == AttributeContainer() }
        return isPlain && String(read.characters) == pasted ? nil : read
    }
}
