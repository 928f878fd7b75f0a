import Foundation
import RichText

/// A recipe whose body is still being read: `recipe` holds the paragraphs
/// read so far and can be shown and scrolled; `loadMore` reads the next
/// slice of whole lines and appends it without an undo step.
public struct ProgressiveRecipeLoad: Sendable {
    /// How a slice of the body becomes text.
    enum BodySyntax: Sendable {
        /// Markdown: formatting and ingredient marks, problems located.
        case markdown
        /// Plain text: the characters verbatim, nothing can go wrong.
        case plainText
    }

    public private(set) var recipe: Recipe
    /// Problems found so far, located; a caller opens the file as plain text if any.
    public private(set) var errors: [RecipeFileError] = []
    private let body: Substring
    private var offset = 0
    private var finished = false
    private var nextLine: Int
    private let path: String
    private let syntax: BodySyntax

    init(recipe: Recipe, body: Substring, nextLine: Int, path: String, syntax: BodySyntax = .markdown) {
        self.recipe = recipe
        self.body = body
        self.nextLine = nextLine
        self.path = path
        self.syntax = syntax
    }

    public var isComplete: Bool { finished }

    /// How much of the body has been read, from 0 to 1.
    public var fractionLoaded: Double {
        body.isEmpty ? 1 : min(1, Double(offset) / Double(body.utf8.count))
    }

    /// Reads at least `maxBytes` more of the body (whole lines) and appends it.
    public mutating func loadMore(maxBytes: Int = 1 << 20) {
        var target = recipe
        loadMore(maxBytes: maxBytes, into: &target)
        recipe = target
    }

    /// Reads the next slice into `target`: an editor that already shows (and
    /// may have edited) the first slices appends the rest to its own recipe.
    public mutating func loadMore(maxBytes: Int = 1 << 20, into target: inout Recipe) {
        guard !isComplete else { return }
        let utf8 = body.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        var end = utf8.index(start, offsetBy: min(maxBytes, utf8.count - offset))
        while end < utf8.endIndex, utf8[end] != 0x0A { end = utf8.index(after: end) }
        let slice = body[start ..< end]
        var text: AttributedString
        switch syntax {
        case .markdown:
            let parsed = MarkdownBody.parse(slice, path: path, firstLine: nextLine)
            text = parsed.text
            errors += parsed.errors
        case .plainText:
            text = AttributedString(String(slice))
        }
        nextLine += slice.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + 1
        if offset == 0 {
            target.document = RichTextDocument(text: text, definition: .recipeFile)
        } else {
            text = AttributedString("\n") + text
            target.document.appendLoaded(text)
        }
        offset = utf8.distance(from: utf8.startIndex, to: end) + 1
        finished = end == utf8.endIndex
        if finished {
            target.addIngredientsForUnknownMarks()
            target.originalFrontMatter = (target.originalFrontMatter?.text ?? "", target.metadata, target.ingredients)
        }
    }
}
