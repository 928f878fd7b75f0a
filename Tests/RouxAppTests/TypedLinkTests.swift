import Foundation
import RecipeFormats
import RichText
@testable import RouxApp
import RouxTestSupport
import Testing

/// Links from the keyboard: `[text](https://example.com)` typed becomes a
/// link once its `)` is typed, saved as typed so cmark-gfm reads a link
/// (it was saved `\[text\](https://example.com)`); undo gives the
/// characters back; what a Markdown reader reads as no link stays text.
@Suite("Links from the keyboard")
struct TypedLinkTests {
    @Test(arguments: [
        ("Cook with a [link](https://example.com).", "Cook with a link.", "link", "https://example.com"),
        ("See [the site](https://example.com \"Ex\") now", "See the site now", "the site", "https://example.com"),
        // The first ")" leaves the destination's parentheses unbalanced: the second closes the link.
        ("[Recipe](https://example.com/a_(b))", "Recipe", "Recipe", "https://example.com/a_(b)"),
    ])
    func aTypedLinkBecomesALinkAndIsSavedAsTyped(typed: String, shown: String, label: String, address: String) throws {
        let app = editor("")
        TypedBlockTests.typeSlowly(typed, into: app)
        #expect(app.text == shown)
        let text = app.session.document.text
        let range = try #require(text.range(of: label))
        #expect(text[range].runs.allSatisfy { $0.link?.absoluteString == address })
        #expect(text.runs.filter { $0.link != nil }.count == 1)
        let saved = TypedBlockTests.markdown(app)
        #expect(saved == typed + "\n")
        let xml = try CommonMarkReference.render(saved)
        #expect(xml.contains("<link destination=\"\(address)\""), "\(xml)")
    }

    @Test func typingArrivingInOneReadIsTakenToo() throws {
        let app = editor("")
        app.type("A [link](https://example.com) here")
        #expect(app.text == "A link here")
        #expect(TypedBlockTests.markdown(app) == "A [link](https://example.com) here\n")
    }

    @Test func undoGivesTheCharactersBack() {
        let app = editor("")
        TypedBlockTests.typeSlowly("A [link](https://example.com)", into: app)
        #expect(app.text == "A link")
        app.type(Keys.control("z"))
        #expect(app.text == "A [link](https://example.com)")
        #expect(app.session.document.text.runs.allSatisfy { $0.link == nil })
    }

    @Test(arguments: [
        "An image ![alt](pic.png) here",
        "Escaped \\[not](b)",
        "Spaced [not] (a link)",
        "f(x) = [1, 2](3 4)",
        "Attributes ^[a](b: 1) here",
    ])
    func whatAMarkdownReaderReadsAsNoLinkStaysText(typed: String) {
        let app = editor("")
        TypedBlockTests.typeSlowly(typed, into: app)
        #expect(app.session.document.text.runs.allSatisfy { $0.link == nil })
    }
}
