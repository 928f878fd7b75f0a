public import Foundation
public import RichText

/// A recipe: metadata, an ingredient list (the source of truth for what the
/// ingredients are) and a rich-text body under the recipe file definition.
public struct Recipe: Sendable {
    public var metadata: RecipeMetadata
    public var ingredients: [Ingredient]
    public var document: RichTextDocument
    /// How the file was written, so saving gives the same bytes back.
    public var style: FileStyle
    /// The file line (from 1) of the text's first paragraph: the lines
    /// before are the front matter. Each paragraph is a line of the file, so
    /// paragraph `n` (from 0) is line `firstBodyLine + n`.
    public var firstBodyLine = 1

    /// The front matter exactly as read, reused on save while the metadata
    /// and ingredients are as they were.
    package var originalFrontMatter: (text: String, metadata: RecipeMetadata, ingredients: [Ingredient])?
    /// The front matter did not parse: it is written back as read, whatever
    /// the list and metadata become (marks keep the ingredients), so the
    /// servings and the list's quantities cannot be saved in it.
    public package(set) var headIsVerbatim = false
    /// The format the head was read in: its text is written back as it was
    /// only in that format (YAML front matter fits both).
    package var headFormat: RecipeFormat = .markdown
    /// What the last `apply` or `rescan` added (see `MarkingReport`); an
    /// editor that undoes a marking says so here (the marks it took off).
    public var lastMarking: MarkingReport?

    public struct FileStyle: Equatable, Sendable {
        public var lineEnding: String
        public var endsWithNewline: Bool
        /// The file has nothing after its front matter: while the text stays
        /// empty, nothing (not even a line ending) is written there.
        package var bodyIsEmpty = false
        /// The file starts with a UTF-8 byte-order mark, written back first.
        public var hasByteOrderMark = false

        public init(lineEnding: String = "\n", endsWithNewline: Bool = true) {
            self.lineEnding = lineEnding
            self.endsWithNewline = endsWithNewline
        }
    }

    public init(title: String? = nil, ingredients: [Ingredient] = [], body: AttributedString = AttributedString(),
                metadata: RecipeMetadata? = nil, style: FileStyle = FileStyle()) {
        var metadata = metadata ?? RecipeMetadata()
        if let title { metadata.title = title }
        self.metadata = metadata
        self.ingredients = ingredients
        self.document = RichTextDocument(text: body, definition: .recipeFile)
        self.style = style
    }

    public func ingredient(_ id: IngredientID) -> Ingredient? {
        ingredients.first { $0.id == id }
    }
}

extension Recipe: Equatable {
    /// Same metadata, ingredients, text and attributes. Not compared: the
    /// selection and undo history (the editor's), and inline formatting on a
    /// line break, which a file cannot hold (a line break after bold text is
    /// bold in the editor and plain once saved; it shows the same).
    public static func == (lhs: Recipe, rhs: Recipe) -> Bool {
        lhs.metadata == rhs.metadata && lhs.ingredients == rhs.ingredients
            && lhs.document.text.withoutInlineAttributesOnLineBreaks.hasSameContent(as: rhs.document.text.withoutInlineAttributesOnLineBreaks)
    }
}

extension AttributedString {
    /// A copy whose line breaks keep only paragraph attributes.
    var withoutInlineAttributesOnLineBreaks: AttributedString {
        var copy = self
        var breaks: [Range<Int>] = []
        for run in runs {
            var inline = run.attributes
            inline.alignment = nil
            inline.baseWritingDirection = nil
            inline.headingLevel = nil
            guard inline != AttributeContainer() else { continue }
            let start = utf8Offset(of: run.range.lowerBound)
            for (offset, byte) in String(characters[run.range]).utf8.enumerated() where byte == 0x0A {
                breaks.append(start + offset ..< start + offset + 1)
            }
        }
        for range in copy.characterRanges(atSortedUTF8Offsets: breaks) {
            let paragraph = copy[range].runs.first?.attributes
            var kept = AttributeContainer()
            kept.alignment = paragraph?.alignment
            kept.baseWritingDirection = paragraph?.baseWritingDirection
            kept.headingLevel = paragraph?.headingLevel
            copy[range].setAttributes(kept)
        }
        return copy
    }
}

/// The marks one `apply` or `rescan` added, per ingredient, and the document
/// versions before and after: a view that counts marks adds these instead of
/// recounting a text whose every occurrence of a word just changed.
public struct MarkingReport: Equatable, Sendable {
    public let fromVersion: Int
    public let toVersion: Int
    public let added: [IngredientID: Int]
    /// Some of the text it marked already carried a quantity (a Cooklang
    /// timer's, or one kept from an earlier mark), which the new marks now
    /// give their ingredient.
    public var carriesQuantities = false

    public init(fromVersion: Int, toVersion: Int, added: [IngredientID: Int], carriesQuantities: Bool = false) {
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.added = added
        self.carriesQuantities = carriesQuantities
    }
}
