public import Foundation

/// The paragraph was made in the editor (Enter began it), not read as a
/// line of a file. A Markdown reader joins a line of text to the paragraph
/// above it; a file's own lines keep the neighbours the file gave them, but
/// a paragraph the user made is kept apart in the file as the editor shows
/// it (`LineSyntax.separator`). Never written to a file: the blank line
/// written in its place says the same to the next reader.
public enum MadeParagraphAttribute: CodableAttributedStringKey {
    public typealias Value = Bool
    public static let name = "madeParagraph"
    public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}
