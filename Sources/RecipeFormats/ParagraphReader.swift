package import Foundation
import RichText
import Recipes

/// The document's paragraphs as a writer needs them.
package enum ParagraphReader {
    /// Paragraph attributes: Foundation keeps them over whole paragraphs.
    static func paragraphPart(_ attributes: AttributeContainer) -> AttributeContainer {
        var result = AttributeContainer()
        result.alignment = attributes.alignment
        result.baseWritingDirection = attributes.baseWritingDirection
        result.headingLevel = attributes.headingLevel
        result.listItem = attributes.listItem
        result.blockQuote = attributes.blockQuote
        result.verbatimLine = attributes.verbatimLine
        result[LineMarkupAttribute.self] = attributes[LineMarkupAttribute.self]
        return result
    }

    static func inlinePart(_ attributes: AttributeContainer) -> AttributeContainer {
        var result = attributes
        result.alignment = nil
        result.baseWritingDirection = nil
        result.headingLevel = nil
        result.listItem = nil
        result.blockQuote = nil
        result.verbatimLine = nil
        result[LineMarkupAttribute.self] = nil
        result[MadeParagraphAttribute.self] = nil
        return result
    }

    /// The paragraphs of whole lines `range` (from a line's start to a
    /// line's end, without its newline). An empty paragraph's attributes are
    /// its newline's.
    package static func paragraphs(of text: AttributedString, in range: Range<Int>) -> [ParagraphContent] {
        let lower = text.utf8.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.utf8.index(lower, offsetBy: range.count)
        // With the newline after the range: an empty last paragraph's attributes are there.
        let reach = upper < text.endIndex ? text.utf8.index(after: upper) : upper
        let bytes = Array(String(text.characters[lower ..< reach]).utf8)
        var paragraphs: [ParagraphContent] = []
        var current = ParagraphContent(text: [], runs: [], paragraph: AttributeContainer())
        var hasParagraphAttributes = false
        var parts = AttributeMemo<(paragraph: AttributeContainer, inline: AttributeContainer)>()
        var offset = 0
        var previous = lower
        for run in text[lower ..< reach].runs {
            let runEnd = offset + text.utf8.distance(from: previous, to: run.range.upperBound)
            previous = run.range.upperBound
            let attributes = run.attributes
            let (paragraph, inline) = parts.value(for: attributes) { (paragraphPart($0), inlinePart($0)) }
            var start = offset
            while start < runEnd {
                let newline = bytes[start ..< runEnd].firstIndex(of: 0x0A)
                let end = newline ?? runEnd
                if !hasParagraphAttributes {
                    current.paragraph = paragraph
                    current.isMade = attributes[MadeParagraphAttribute.self] == true
                    hasParagraphAttributes = true
                }
                if end > start {
                    let textOffset = current.text.count
                    current.text += bytes[start ..< end]
                    current.runs.append((textOffset ..< current.text.count, inline))
                }
                guard newline != nil else { break }
                paragraphs.append(current)
                current = ParagraphContent(text: [], runs: [], paragraph: AttributeContainer())
                hasParagraphAttributes = false
                start = end + 1
            }
            offset = runEnd
        }
        // The newline after the range ended our last paragraph; what follows is not ours.
        if reach == upper { paragraphs.append(current) }
        return paragraphs
    }
}
