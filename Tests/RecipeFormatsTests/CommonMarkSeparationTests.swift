import Foundation
import Recipes
import RecipeFormats
import RichText
import RouxTestSupport
import Testing

/// Each place where CommonMark would join two paragraphs the user made,
/// written the way `cmark-gfm` shows them as Roux does; lines of a file
/// keep the neighbours the file gave them.
@Suite("Paragraphs the user made stay apart in CommonMark")
struct CommonMarkSeparationTests {
    static let body = AttributeContainer()

    static func item(_ kind: ListMarker.Kind, indentation: Int = 0, quote: Int = 0) -> AttributeContainer {
        var attributes = quoted(quote)
        attributes[ListItemAttribute.self] = ListMarker(kind: kind, indentation: indentation)
        return attributes
    }

    static func quoted(_ depth: Int) -> AttributeContainer {
        var attributes = AttributeContainer()
        if depth > 0 { attributes[BlockQuoteAttribute.self] = depth }
        return attributes
    }

    static func heading(_ level: Int) -> AttributeContainer {
        var attributes = AttributeContainer()
        attributes[HeadingLevelAttribute.self] = level
        return attributes
    }

    /// A body whose paragraphs after the first were made in the editor (Enter).
    static func madeBody(_ paragraphs: [(String, AttributeContainer)]) -> AttributedString {
        var body = AttributedString()
        for (number, (text, attributes)) in paragraphs.enumerated() {
            var attributes = attributes
            if number > 0 { attributes[MadeParagraphAttribute.self] = true }
            body += AttributedString(text + "\n", attributes: attributes)
        }
        return body
    }

    static let cases: [(name: String, paragraphs: [(String, AttributeContainer)])] = [
        ("two body paragraphs", [("Preheat the oven.", body), ("Mix the flour.", body)]),
        ("a paragraph after a list item", [("200 g flour", item(.bullet("-"))), ("Mix well.", body)]),
        ("a paragraph after a numbered step", [("Rub the butter.", item(.ordered(number: 1, delimiter: "."))), ("Then rest.", body)]),
        ("a step numbered 2 after a paragraph", [("Steps:", body), ("Rub the butter.", item(.ordered(number: 2, delimiter: ".")))]),
        ("an empty item between paragraphs", [("Mix.", body), ("", item(.bullet("-"))), ("Serve.", body)]),
        ("two quote paragraphs", [("Tip one", quoted(1)), ("Tip two", quoted(1))]),
        ("a shallower quote after a deeper one", [("inner", quoted(2)), ("outer", quoted(1))]),
        ("a body paragraph after a quote", [("Tip", quoted(1)), ("Serve.", body)]),
        ("a nested step numbered 2 under an item", [("Dough", item(.bullet("-"))), ("Knead.", item(.ordered(number: 2, delimiter: "."), indentation: 2))]),
        ("a quoted paragraph after a quoted item", [("flour", item(.bullet("-"), quote: 1)), ("Mix.", quoted(1))]),
        ("text that looks like a heading's underline", [("Title", body), ("===", body)]),
        ("text that looks like a list after a paragraph", [("Mix", body), ("- not a list", body), ("2. not a step", body)]),
        ("an item whose text looks like a block", [("Sugar", item(.bullet("-"))), ("- not nested", item(.bullet("-"))),
                                                   ("> not a quote", item(.bullet("-"))), ("2.", item(.ordered(number: 1, delimiter: "."))),
                                                   ("***", item(.bullet("-"))), ("```", item(.bullet("-")))]),
    ]

    @Test(arguments: cases.indices)
    func paragraphsTheUserMadeRenderApart(_ index: Int) throws {
        let (name, paragraphs) = Self.cases[index]
        let body = Self.madeBody(paragraphs)
        let file = MarkdownRecipeFormat.serialize(Recipe(body: body))
        let shown = RenderedBlock.paragraphs(of: body)
        #expect(try CommonMarkReference.blocks(of: file) == shown, "\(name):\n\(file)")
        // Read again: the same paragraphs, the separators as empty ones between.
        #expect(RenderedBlock.paragraphs(of: MarkdownRecipeFormat.parse(file).document.text) == shown, "\(name):\n\(file)")
    }

    /// Blocks CommonMark keeps apart by themselves get no blank line: a
    /// heading, its items, the steps after them.
    @Test func blocksThatStartThemselvesGetNoBlankLine() throws {
        let body = Self.madeBody([("Cake", Self.heading(1)), ("flour", Self.item(.bullet("-"))), ("eggs", Self.item(.bullet("-"))),
                                  ("sugar", Self.item(.bullet("-"), indentation: 2)), ("Mix.", Self.item(.ordered(number: 1, delimiter: "."))),
                                  ("Bake.", Self.item(.ordered(number: 2, delimiter: "."))), ("Tip", Self.quoted(1)),
                                  ("Serve", Self.heading(2))])
        let file = MarkdownRecipeFormat.serialize(Recipe(body: body))
        #expect(file == "# Cake\n- flour\n- eggs\n  - sugar\n1. Mix.\n2. Bake.\n> Tip\n## Serve\n\n")
        #expect(try CommonMarkReference.blocks(of: file) == RenderedBlock.paragraphs(of: body))
    }

    /// A paragraph of a file written over two lines stays so; a paragraph
    /// typed after it is kept apart from both of its neighbours.
    @Test func linesOfAFileKeepTheirNeighbours() throws {
        let original = "# Pain\nMix the flour\nwith the water.\nBake.\n"
        var recipe = MarkdownRecipeFormat.parse(original)
        #expect(MarkdownRecipeFormat.serialize(recipe) == original)
        let end = try #require(recipe.document.text.range(of: "the flour")).upperBound
        try recipe.document.select(TextSelection(caret: end))
        recipe.document.insertParagraphBreak(spacing: true)
        recipe.document.insert("Rest an hour.")
        let file = MarkdownRecipeFormat.serialize(recipe)
        #expect(file == "# Pain\nMix the flour\n\nRest an hour.\n\nwith the water.\nBake.\n")
        #expect(try CommonMarkReference.blocks(of: file).map(\.text) == ["Pain", "Mix the flour", "Rest an hour.", "with the water.\nBake."])
    }
}

/// The recipes Roux ships read in CommonMark (GitHub) as Roux shows them.
@Suite("The samples read the same in CommonMark")
struct SampleRenderingTests {
    @Test(arguments: ["croissants.md", "sufganiyot.md", "dorayaki.md", "kimchi-jeon.md", "hummus.md"])
    func aSampleRendersAsRouxShowsIt(name: String) throws {
        let file = try contents(of: "Resources/Recipes/\(name)")
        let shown = RenderedBlock.paragraphs(of: MarkdownRecipeFormat.parse(file).document.text)
        #expect(try CommonMarkReference.blocks(of: file) == shown)
    }
}
