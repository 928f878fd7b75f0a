import Foundation
import Recipes
import RichText
import RouxTestSupport
import Testing

/// The WWDC25 session's examples, as the engine runs them.
@Suite("The seed's examples")
struct SeedExampleTests {
    @Test func greetingWithOrangeCooking() throws {
        var greeting = AttributedString("Hello 👋🏻! Who's ready to get ")
        var cooking = AttributedString("cooking")
        cooking.foregroundColor = .palette(208)
        greeting += cooking
        greeting += AttributedString("?")
        let document = RichTextDocument(text: greeting, definition: .richText)
        #expect(RunsDescription.of(document.text) == [
            "Hello 👋🏻! Who's ready to get ", "cooking{foregroundColor=palette(208)}", "?",
        ])
        // The waving hand with its skin tone is one grapheme.
        #expect(document.text.characters.filter { $0 == "👋🏻" }.count == 1)
    }

    @Test func everyUppercaseLetterBlueThroughARangeSet() {
        var document = RichTextDocument(text: AttributedString("Put The Pan On"), definition: .richText)
        document.transform { text in
            let uppercase = text.characters.indices(where: \.isUppercase)
            text[uppercase].foregroundColor = .ansi(.blue)
        }
        #expect(RunsDescription.of(document.text) == [
            "P{foregroundColor=blue}", "ut ", "T{foregroundColor=blue}", "he ",
            "P{foregroundColor=blue}", "an ", "O{foregroundColor=blue}", "n",
        ])
    }

    @Test func insertingBeforeARangeInsideTransformKeepsItOnCooking() throws {
        var document = try SelectionMarkup.document("Hello [cooking|]!")
        document.transform { text in
            text.characters.insert(contentsOf: "chef ", at: text.characterIndex(atUTF8Offset: 6))
        }
        #expect(SelectionMarkup.markup(of: document) == "Hello chef [cooking|]!")
    }

    @Test func markingEveryOccurrenceLeavesTheSelectionWhereItWas() throws {
        var document = try SelectionMarkup.document("Le beurre, puis du [beurre|] et encore du beurre.")
        let before = SelectionMarkup.markup(of: document)
        var ingredient = AttributeContainer()
        ingredient.ingredient = IngredientID("beurre")
        let count = document.addAttributes(ingredient, toMatchesOf: TextSearch("beurre"))
        #expect(count == 3)
        #expect(SelectionMarkup.markup(of: document) == before)
        #expect(RunsDescription.of(document.text).filter { $0.contains("ingredient=beurre") }.count == 3)
    }

    @Test func typingAfterAnIngredientDoesNotExtendIt() throws {
        var document = try markedBeurre("Du beurre| doux")
        document.insert("s")
        #expect(SelectionMarkup.markup(of: document) == "Du beurres| doux")
        #expect(RunsDescription.of(document.text) == [
            "Du ", "beurre{foregroundColor=green ingredient=beurre}", "s doux",
        ])
    }

    @Test func changingALetterInsideAnIngredientRemovesTheWholeMark() throws {
        var document = try markedBeurre("Du beu[r|]re doux")
        document.insert("l")
        #expect(SelectionMarkup.markup(of: document) == "Du beul|re doux")
        #expect(RunsDescription.of(document.text) == ["Du beulre doux"])
    }

    /// Found by the property test: the caret Foundation tracks moves past the
    /// pasted text, and the first half of the split word kept its green.
    @Test func pastingInsideAnIngredientUncoloursBothHalves() throws {
        var document = try markedBeurre("Du beur|re doux")
        document.paste(plainText: "!")
        #expect(RunsDescription.of(document.text) == ["Du beur!re doux"])
    }

    @Test func typingBoldInsideAnIngredientUncoloursBothHalves() throws {
        var document = try markedBeurre("Du beurr|e doux")
        document.toggle(BoldAttribute.self)
        document.insert("a")
        #expect(RunsDescription.of(document.text) == ["Du beurr", "a{bold}", "e doux"])
    }

    /// Found by the property test: bold on half of "beurre" makes two attribute
    /// runs but one ingredient run, which Foundation invalidates whole.
    @Test func typingInsideAnIngredientSplitByBoldUncoloursAllOfIt() throws {
        var document = try markedBeurre("Du beu[rre|] doux")
        document.toggle(BoldAttribute.self)
        try SelectionMarkup.select("Du beur|re doux", in: &document)
        document.insert("a")
        #expect(RunsDescription.of(document.text) == ["Du beu", "rare{bold}", " doux"])
    }

    @Test func aParagraphAttributeOnOneWordCoversItsParagraph() throws {
        var document = try SelectionMarkup.document("Title line\nSome [body|] text\nLast line")
        document.setParagraphAttribute(AlignmentAttribute.self, to: .center)
        #expect(RunsDescription.of(document.text) == [
            "Title line\n", "Some body text\n{alignment=center}", "Last line",
        ])
    }

    private func markedBeurre(_ markup: String) throws -> RichTextDocument {
        var document = try SelectionMarkup.document(markup)
        var ingredient = AttributeContainer()
        ingredient.ingredient = IngredientID("beurre")
        document.addAttributes(ingredient, toMatchesOf: TextSearch("beurre", wholeWords: true))
        return document
    }
}

/// Found through progressive loading: text added at a document's very ends
/// must be under the definition too.
@Suite("Constraints at the document's ends")
struct ConstraintsAtTheEndsTests {
    @Test func pastingAnIngredientAtTheEndMakesItGreen() throws {
        var document = try SelectionMarkup.document("Du |")
        var pasted = AttributedString("beurre")
        pasted.ingredient = IngredientID("beurre")
        document.paste(AttributedString(" ") + pasted)
        document.paste(pasted)
        #expect(RunsDescription.of(document.text) == ["Du  ",
            "beurrebeurre{foregroundColor=green ingredient=beurre}"])
    }

    @Test func pastingAnIngredientAtTheStartMakesItGreen() throws {
        var document = try SelectionMarkup.document("|et du sel")
        var pasted = AttributedString("Beurre ")
        pasted[try #require(pasted.range(of: "Beurre"))].ingredient = IngredientID("beurre")
        document.paste(pasted)
        #expect(RunsDescription.of(document.text) == ["Beurre{foregroundColor=green ingredient=beurre}", " et du sel"])
    }
}
