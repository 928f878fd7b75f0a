import Foundation
import Recipes
import RichText
import RouxTestSupport
import Testing

@Suite("Undo and redo")
struct UndoTests {
    @Test func typingIsUndoneAWordAtATime() throws {
        var document = try SelectionMarkup.document("|")
        for character in "Hello world" { document.insert(String(character)) }
        document.undo()
        #expect(SelectionMarkup.markup(of: document) == "Hello |")
        document.undo()
        #expect(SelectionMarkup.markup(of: document) == "|")
        #expect(!document.canUndo)
        document.redo()
        #expect(SelectionMarkup.markup(of: document) == "Hello |")
        document.redo()
        #expect(SelectionMarkup.markup(of: document) == "Hello world|")
    }

    @Test func movingTheCaretStartsANewStep() throws {
        var document = try SelectionMarkup.document("ab|cd")
        document.insert("X")
        try SelectionMarkup.select("|abXcd", in: &document)
        document.insert("Y")
        document.undo()
        #expect(SelectionMarkup.markup(of: document) == "|abXcd")
        document.undo()
        #expect(SelectionMarkup.markup(of: document) == "ab|cd")
    }

    @Test func eachStepRestoresTheSelectionItHad() throws {
        var document = try SelectionMarkup.document("un [peu|] de sel")
        document.toggle(BoldAttribute.self)
        try SelectionMarkup.select("un peu de |sel", in: &document)
        document.deleteForward()
        document.undo()
        #expect(SelectionMarkup.markup(of: document) == "un peu de |sel")
        document.undo()
        #expect(SelectionMarkup.markup(of: document) == "un [peu|] de sel")
        #expect(RunsDescription.of(document.text) == ["un peu de sel"])
        document.redo()
        #expect(SelectionMarkup.markup(of: document) == "un [peu|] de sel")
        #expect(RunsDescription.of(document.text) == ["un ", "peu{bold}", " de sel"])
    }

    @Test func consecutiveBackspacesAreOneStep() throws {
        var document = try SelectionMarkup.document("farine|")
        for _ in 0 ..< 3 { document.deleteBackward() }
        #expect(SelectionMarkup.markup(of: document) == "far|")
        document.undo()
        #expect(SelectionMarkup.markup(of: document) == "farine|")
    }

    @Test func aNewEditClearsRedo() throws {
        var document = try SelectionMarkup.document("a|")
        document.insert("b")
        document.undo()
        document.insert("c")
        #expect(!document.canRedo)
        let redid = document.redo()
        #expect(!redid)
        #expect(SelectionMarkup.markup(of: document) == "ac|")
    }

    @Test func undoOfMarkingRemovesEveryMark() throws {
        var document = try SelectionMarkup.document("beurre, [beurre|]")
        var ingredient = AttributeContainer()
        ingredient.ingredient = IngredientID("beurre")
        document.addAttributes(ingredient, toMatchesOf: TextSearch("beurre"))
        document.undo()
        #expect(RunsDescription.of(document.text) == ["beurre, beurre"])
        #expect(SelectionMarkup.markup(of: document) == "beurre, [beurre|]")
    }

    @Test func undoingBackToTheSavedStateNamesItAgain() throws {
        var document = try SelectionMarkup.document("Du |sel")
        let opened = document.markSaved()
        document.insert("g")
        let typed = document.editState
        #expect(typed != opened)
        document.undo()
        #expect(document.editState == opened, "back where it was saved")
        document.redo()
        #expect(document.editState == typed)
        // Typing after a save is a step of its own, so undo stops at the save.
        let saved = document.markSaved()
        document.insert("r")
        document.insert("o")
        #expect(document.editState != saved)
        document.undo()
        #expect(SelectionMarkup.markup(of: document) == "Du g|sel")
        #expect(document.editState == saved)
        document.undo()
        document.insert("x")
        #expect(document.editState != opened, "a new edit is never the saved state, even at the same depth")
        document.undo()
        #expect(document.editState == opened)
    }
}
