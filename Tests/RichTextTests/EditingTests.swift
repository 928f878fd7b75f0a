import Foundation
import Recipes
import RichText
import RouxTestSupport
import Testing

@Suite("Editing operations")
struct EditingTests {
    @Test(arguments: [
        // Typing
        ("Put the |pan", [EditAction.type("cast-iron ")], "Put the cast-iron |pan"),
        ("Put the [red|] pan", [.type("big")], "Put the big| pan"),
        ("a|b|c", [.type("X")], "aX|bX|c"),
        ("[ab|]c[de|]", [.type("")], "[ab|]c[de|]"),
        ("|", [.type("שלום")], "שלום|"),
        ("e|", [.type("\u{301}")], "é|"),
        // Deleting by grapheme, never splitting one
        ("ab|c", [.deleteBackward], "a|c"),
        ("|abc", [.deleteBackward], "|abc"),
        ("abc|", [.deleteForward], "abc|"),
        ("a👍🏽|b", [.deleteBackward], "a|b"),
        ("a|👨‍👩‍👧b", [.deleteForward], "a|b"),
        ("caf\u{65}\u{301}|", [.deleteBackward], "caf|"),
        ("a\r\n|b", [.deleteBackward], "a|b"),
        ("a[bc|]d", [.deleteBackward], "a|d"),
        ("ab|c|d", [.deleteBackward], "a|d"),
        ("a|b|", [.deleteBackward, .deleteBackward], "|"),
        ("||", [.deleteBackward], "|"),
        // Words
        ("Put the pan|", [.deleteWordBackward], "Put the |"),
        ("Put the pan  |", [.deleteWordBackward], "Put the |"),
        ("Add salt, |", [.deleteWordBackward], "Add salt|"),
        ("|Put the pan", [.deleteWordForward], "| the pan"),
        ("one\n|two", [.deleteWordBackward], "one|two"),
        ("Put the סופגניות|", [.deleteWordBackward], "Put the |"),
        // Plain paste
        ("a|c", [.pastePlain("b\nb")], "ab\nb|c"),
        ("[x|]y[x|]", [.pastePlain("z")], "z|yz|"),
    ])
    func edit(markup: String, actions: [EditAction], expected: String) throws {
        var document = try SelectionMarkup.document(markup)
        for action in actions { action.apply(to: &document) }
        #expect(SelectionMarkup.markup(of: document) == expected, "after \(actions)")
    }

    /// Text typed at a link's end is not part of the link, as in every
    /// rich-text editor; typed inside it (or at its end with more of it
    /// after), it is. The link's text here is "https://x/".
    @Test(arguments: [
        ("at https://x/|", " ZZ", "at https://x/ ZZ|", "https://x/"),
        ("at https://x/|.", " ZZ", "at https://x/ ZZ|.", "https://x/"),
        ("at https://|x/", "y", "at https://y|x/", "https://yx/"),
        ("at |https://x/", "<", "at <|https://x/", "https://x/"),
    ])
    func typingAtALinksEndIsOutsideIt(markup: String, typed: String, expected: String, linkText: String) throws {
        var text = AttributedString(try SelectionMarkup.parse(markup).text)
        let link = try #require(text.range(of: "https://x/"))
        text[link].link = URL(string: "https://x/")
        var document = RichTextDocument(text: text, definition: .recipe)
        try SelectionMarkup.select(markup, in: &document)
        document.insert(typed)
        #expect(SelectionMarkup.markup(of: document) == expected)
        let typedText = document.text
        let linked = typedText.runs[\.link].compactMap { link, range in link == nil ? nil : String(typedText.characters[range]) }
        #expect(linked == [linkText])
    }

    /// Bold chosen at a link's end (Ctrl-B at a caret), then typing: bold
    /// text after the link, not more of the link.
    @Test func formattingChosenAtALinksEndIsNotTheLinks() throws {
        var text = AttributedString("at https://x/")
        let link = try #require(text.range(of: "https://x/"))
        text[link].link = URL(string: "https://x/")
        var document = RichTextDocument(text: text, definition: .recipe)
        try SelectionMarkup.select("at https://x/|", in: &document)
        #expect(document.typingAttributes.link == nil)
        document.toggle(BoldAttribute.self)
        document.insert(" ZZ")
        let typed = document.text
        let linked = typed.runs[\.link].compactMap { link, range in link == nil ? nil : String(typed.characters[range]) }
        #expect(linked == ["https://x/"])
        #expect(RunsDescription.of(typed) == ["at ", "https://x/", " ZZ{bold}"])
    }

    @Test func deletingPastTheStartRecordsNoUndoStep() throws {
        var document = try SelectionMarkup.document("|abc")
        document.deleteBackward()
        #expect(!document.canUndo)
    }

    @Test func emptyDocumentAcceptsEveryOperation() throws {
        var document = RichTextDocument(definition: .recipe)
        document.deleteBackward()
        document.deleteForward()
        document.deleteWordBackward()
        document.selectAll()
        document.toggle(BoldAttribute.self)
        document.insert("x")
        #expect(SelectionMarkup.markup(of: document) == "x|")
        #expect(RunsDescription.of(document.text) == ["x{bold}"])
    }

    @Test func typedTextInheritsTheAttributesBeforeIt() throws {
        var document = try SelectionMarkup.document("[gras|] normal")
        document.toggle(BoldAttribute.self)
        try SelectionMarkup.select("gras| normal", in: &document)
        document.insert("se")
        #expect(RunsDescription.of(document.text) == ["grasse{bold}", " normal"])
    }

    /// Typed on the empty line under a heading, text is body text, newline
    /// included (the heading spread to that line's newline, so the frame
    /// drew the line one way and, after the next key, another).
    @Test func typingUnderAHeadingIsBodyText() throws {
        var document = try SelectionMarkup.document("Titre\n|\nbeurre")
        var heading = AttributeContainer()
        heading.headingLevel = 1
        document.addAttributes(heading, toUTF8Offsets: [0 ..< 6])
        try SelectionMarkup.select("Titre\n|\nbeurre", in: &document)
        document.insert("A")
        #expect(RunsDescription.of(document.text) == ["Titre\n{heading=1}", "A\nbeurre"])
        document.insert("b")
        #expect(RunsDescription.of(document.text) == ["Titre\n{heading=1}", "Ab\nbeurre"])
    }

    @Test func plainPasteTakesNoStylesFromWhereItLands() throws {
        var document = try SelectionMarkup.document("[gras|]")
        document.toggle(BoldAttribute.self)
        try SelectionMarkup.select("gras|", in: &document)
        document.paste(plainText: "!")
        #expect(RunsDescription.of(document.text) == ["gras{bold}", "!"])
    }

    @Test func replacingOneRangeKeepsTheSelectionOnItsText() throws {
        var document = try SelectionMarkup.document("salt and [pepper|]")
        let salt = try #require(document.text.range(of: "salt"))
        try document.replace(salt, with: "sea salt")
        #expect(SelectionMarkup.markup(of: document) == "sea salt and [pepper|]")
    }
}
