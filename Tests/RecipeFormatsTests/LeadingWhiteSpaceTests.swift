import Foundation
import Recipes
import RecipeFormats
import RichText
import RouxTestSupport
import Testing

/// White space at the start of a paragraph's, a heading's or an item's text
/// (typed with spaces or Tab) that CommonMark would take for indentation or
/// part of the marker: written as a character reference (`&#32;`, `&#9;`)
/// that reads back as the same character, in Roux and in cmark-gfm, and
/// never as an empty attribute span (`^[    ]()` showed "^" and a link).
@Suite("Leading white space in a Markdown recipe")
struct LeadingWhiteSpaceTests {
    static func item(_ kind: ListMarker.Kind) -> AttributeContainer {
        var attributes = AttributeContainer()
        attributes[ListItemAttribute.self] = ListMarker(kind: kind, indentation: 0)
        return attributes
    }

    static func heading(_ level: Int) -> AttributeContainer {
        var attributes = AttributeContainer()
        attributes[HeadingLevelAttribute.self] = level
        return attributes
    }

    static let cases: [(text: String, block: AttributeContainer)] = [
        ("    four spaces paragraph", AttributeContainer()),
        ("\ttab paragraph", AttributeContainer()),
        ("    indented four", item(.ordered(number: 1987, delimiter: "."))),
        ("  two spaces item", item(.bullet("-"))),
        ("\ttab item", item(.bullet("*"))),
        ("   spaced heading", heading(2)),
    ]

    @Test(arguments: cases.indices)
    func leadingWhiteSpaceReadsBackTheSameInRouxAndInCmark(_ index: Int) throws {
        let (text, block) = Self.cases[index]
        let body = AttributedString(text + "\n", attributes: block)
        let file = MarkdownRecipeFormat.serialize(Recipe(body: body))
        #expect(!file.contains("^[") && !file.contains("]()"), "written as an empty attribute span: \(file.debugDescription)")
        let reread = MarkdownRecipeFormat.parse(file).document.text
        #expect(String(reread.characters[...]) == text + "\n", "\(file.debugDescription)")
        let first = try #require(reread.runs.first)
        #expect(first.listItem == block.listItem && first.headingLevel == block.headingLevel, "\(file.debugDescription)")
        let xml = try CommonMarkReference.render(file)
        #expect(!xml.contains("<link"), "\(xml)")
        #expect(xml.contains("<text xml:space=\"preserve\">\(text)</text>"), "cmark-gfm reads otherwise: \(xml)")
    }

    /// A text that starts with what the writer uses for white space stays
    /// text: its "&" is escaped, and it reads back as typed.
    @Test(arguments: ["&#32;not a space", "&#9;not a tab"])
    func typedCharacterReferenceAtTheStartStaysText(_ text: String) throws {
        let body = AttributedString(text + "\n")
        let file = MarkdownRecipeFormat.serialize(Recipe(body: body))
        #expect(String(MarkdownRecipeFormat.parse(file).document.text.characters[...]) == text + "\n", "\(file.debugDescription)")
        let xml = try CommonMarkReference.render(file)
        #expect(xml.contains("<text xml:space=\"preserve\">\(text.replacingOccurrences(of: "&", with: "&amp;"))</text>"), "\(xml)")
    }
}
