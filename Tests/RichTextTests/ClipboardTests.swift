import Foundation
import Recipes
import RichText
import RouxTestSupport
import Testing

@Suite("Copy, cut and paste")
struct ClipboardTests {
    @Test func anIngredientCopiedInTheEditorStaysAnIngredient() throws {
        var document = try SelectionMarkup.document("Le [beurre|] fond. |")
        var ingredient = AttributeContainer()
        ingredient.ingredient = IngredientID("beurre")
        document.addAttributes(ingredient, toMatchesOf: TextSearch("beurre"))
        try SelectionMarkup.select("Le [beurre|] fond. ", in: &document)
        let copied = document.copy()
        try SelectionMarkup.select("Le beurre fond. |", in: &document)
        document.paste(copied)
        #expect(SelectionMarkup.markup(of: document) == "Le beurre fond. beurre|")
        #expect(RunsDescription.of(document.text) == [
            "Le ", "beurre{foregroundColor=green ingredient=beurre}", " fond. ",
            "beurre{foregroundColor=green ingredient=beurre}",
        ])
    }

    @Test func pastedAttributesOutsideTheScopeAreDropped() throws {
        var document = try SelectionMarkup.document("|")
        var pasted = AttributedString("rouge lien")
        pasted[try #require(pasted.range(of: "rouge"))].foregroundColor = .ansi(.red)
        pasted[try #require(pasted.range(of: "rouge"))].italic = true
        pasted[try #require(pasted.range(of: "lien"))].languageIdentifier = "fr"
        document.paste(pasted)
        #expect(RunsDescription.of(document.text) == ["rouge{italic}", " lien"])
        #expect(document.text.runs.allSatisfy { $0.languageIdentifier == nil })
        document.undo()
        #expect(document.plainText.isEmpty)
    }

    @Test func copyingSeveralRangesJoinsThemAsTheyStand() throws {
        let document = try SelectionMarkup.document("Put the [סופ|]גניות [in|] the pan")
        #expect(String(document.copy().characters) == "סופin")
    }

    @Test func cutRemovesWhatItCopies() throws {
        var document = try SelectionMarkup.document("sel [et|] poivre")
        let cut = document.cut()
        #expect(String(cut.characters) == "et")
        #expect(SelectionMarkup.markup(of: document) == "sel | poivre")
    }
}
