public import Foundation
public import RichText

/// Inline attributes Roux does not know (`^[x](pronunciation: "…")`), kept as
/// the exact text of their `key: value` pairs so saving writes them back.
public enum RetainedMarkdownAttributes: CodableAttributedStringKey {
    public typealias Value = String
    public static let name = "retainedMarkdownAttributes"
    public static let inheritedByAddedText = false
}

extension FormattingDefinition {
    /// The recipe definition plus what a recipe file carries that the editor
    /// does not show: inline attributes from other tools, markup as written,
    /// each occurrence's quantity and note.
    public static let recipeFile = FormattingDefinition(
        name: "Recipe",
        attributes: FormattingDefinition.recipe.attributes + [
            .value(RetainedMarkdownAttributes.self), .value(LineMarkupAttribute.self), .value(LinkSourceAttribute.self).endingWhereItsTextEnds(),
            .value(OccurrenceQuantityAttribute.self), .value(OccurrenceNoteAttribute.self), .value(CooklangSourceAttribute.self),
            .value(EmphasisMarkupAttribute.self),
        ],
        constraints: FormattingDefinition.recipe.constraints
    )
}
