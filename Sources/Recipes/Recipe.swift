public import Foundation
public import RichText

/// A recipe: metadata, an ingredient list (the source of truth for what the
/// ingredients are) and a rich-text body under the recipe file definition.
public struct Recipe: Sendable {
    public var metadata: RecipeMetadata
    public var ingredients: [Ingredient]
    public var document: RichTextDocument
    /// Each ingredient's quantity and note are kept on its marks, and the
    /// list is made from them (Cooklang's components): marks in headings
    /// and notes are not components, and a mark renamed by typing in it
    /// keeps its ingredient.
    public var keepsIngredientsOnMarks = false
    /// What the file the recipe was read from needs to be written back as
    /// it was (its style, its head as read): its format's, which alone
    /// reads it. Nil for a recipe made here.
    public var origin: (any RecipeOrigin)?
    /// What the last `apply` or `rescan` added (see `MarkingReport`); an
    /// editor that undoes a marking says so here (the marks it took off).
    public var lastMarking: MarkingReport?

    public init(title: String? = nil, ingredients: [Ingredient] = [], body: AttributedString = AttributedString(),
                metadata: RecipeMetadata? = nil) {
        var metadata = metadata ?? RecipeMetadata()
        if let title { metadata.title = title }
        self.metadata = metadata
        self.ingredients = ingredients
        self.document = RichTextDocument(text: body, definition: .recipeFile)
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
