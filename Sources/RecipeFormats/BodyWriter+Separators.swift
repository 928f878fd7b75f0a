import Foundation
import RecipeStorage
import RichText

/// Separators: where another reader of the format would join two
/// paragraphs Roux shows apart and one of them was made in the editor
/// (`MadeParagraphAttribute`), the writer puts the line that reader needs
/// between them (`LineSyntax.separator`). Lines of a file keep the
/// neighbours the file gave them. A separator is a unit of its own with no
/// line of the text: the new map names none of its bytes, so the next save
/// decides again, from the text, and writes the same.
extension BodyWriter {
    /// The separator between two paragraphs, when one of them is the user's.
    func separator(between previous: ParagraphContent, and next: ParagraphContent) -> [UInt8]? {
        guard previous.isMade || next.isMade else { return nil }
        return syntax.separator(between: previous, and: next)
    }

    /// A unit of separator bytes before the text at `offset`; `state` goes past it.
    func separatorUnit(_ separator: [UInt8], at offset: Int, state: inout UInt32) -> BodyUnit {
        let before = state
        state = separator.withUnsafeBufferPointer { syntax.state(after: $0, state: before) }
        return BodyUnit(content: .bytes(separator), textStart: offset, textLength: 0, sourceLineStarts: [], textLineStarts: [], states: [])
    }

    /// A copied piece's first and last paragraphs, as the text has them.
    func firstParagraph(of piece: TextSourceMap.Piece, in text: AttributedString) -> ParagraphContent {
        paragraph(of: piece, line: piece.lines.lowerBound, in: text)
    }

    func lastParagraph(of piece: TextSourceMap.Piece, in text: AttributedString) -> ParagraphContent {
        paragraph(of: piece, line: piece.lines.upperBound - 1, in: text)
    }

    private func paragraph(of piece: TextSourceMap.Piece, line: Int, in text: AttributedString) -> ParagraphContent {
        let empty = ParagraphContent(text: [], runs: [], paragraph: AttributeContainer())
        guard let map else { return empty }
        let block = map.blocks[piece.block]
        let base = piece.text.lowerBound - Int(block.textLineStarts[piece.lines.lowerBound])
        let range = block.textRange(ofLine: line)
        guard range.count >= longLineBytes else {
            return ParagraphReader.paragraphs(of: text, in: base + range.lowerBound ..< base + range.upperBound).first ?? empty
        }
        // A long line is not made whole: a separator looks at its attributes
        // and whether it is empty, so its first character stands for its text.
        let start = text.utf8.index(text.startIndex, offsetBy: base + range.lowerBound)
        let attributes = text[start ..< text.characters.index(after: start)].runs.first?.attributes ?? AttributeContainer()
        return ParagraphContent(text: Array(String(text.characters[start]).utf8), runs: [],
                                paragraph: ParagraphReader.paragraphPart(attributes),
                                isMade: attributes[MadeParagraphAttribute.self] == true)
    }
}
