import Foundation
import Recipes
import RichText
import RouxApp
import TerminalUI
import Testing

/// Marking and find that know how cooks write: accents composed or not,
/// either apostrophe, plurals, the word at the caret, words typed later.
@Suite("Marking as cooks write")
struct MarkingTests {
    static let mark = Keys.control("e")

    /// The marked words of the text, in order.
    static func marks(_ app: EditorController) -> [String] {
        let text = app.session.document.text
        return text.runs[\.ingredient].compactMap { id, range in id == nil ? nil : String(text.characters[range]) }
    }

    @Test func findAndMarkMatchCanonicallyEquivalentTextAndEitherApostrophe() throws {
        let decomposed = "cre\u{300}me"
        let app = try editor(markup: "La cr|ème, la \(decomposed), la CRÈME. De la pâte d’amande, de la pâte d'amande.")
        app.type(Self.mark)
        #expect(Self.marks(app) == ["crème", decomposed, "CRÈME"])
        app.session.edit { $0.apply(IngredientSuggestion(name: "pâte d'amande")) }
        #expect(Self.marks(app).suffix(2) == ["pâte d’amande", "pâte d'amande"])
        // Find: Ctrl-F crème finds the decomposed one as the second match.
        app.type(Keys.control("f") + Array("crème\r".utf8))
        #expect(app.message?.contains("of 3") == true)
        let found = TextSearch("crème", caseInsensitive: true).matches(in: "cre\u{300}me et CRE\u{300}ME")
        #expect(found == [0 ..< 7, 11 ..< 18])
    }

    @Test func theWordAtTheCaretIsMarkedWhenNothingIsSelected() throws {
        let app = try editor(markup: "Mix the fl|our with more flour.")
        app.type(Self.mark)
        #expect(Self.marks(app) == ["flour", "flour"])
        #expect(app.message == "flour is an ingredient, marked 2 times")
        #expect(app.session.recipe.ingredients.map(\.name) == ["flour"])
    }

    @Test func aSelectionThatCutsAWordGrowsToWholeWords() throws {
        let app = try editor(markup: "Add f[our|] eggs and four more.")
        app.type(Self.mark)
        #expect(app.session.recipe.ingredients.map(\.name) == ["four"])
        #expect(Self.marks(app) == ["four", "four"])
    }

    @Test func nothingToMarkIsSaidAndNoIngredientIsAddedMarkedZeroTimes() throws {
        let app = try editor(markup: "Some |plain flour.")
        app.type(Array("\u{1B}[1;2F".utf8))
        app.type(Self.mark)
        #expect(app.session.recipe.ingredients.map(\.name) == ["plain flour"])
        app.type(Array("\u{1B}[H".utf8) + Array("\u{1B}[C".utf8).repeated(8))
        app.type(Self.mark)
        #expect(app.session.recipe.ingredients.map(\.name) == ["plain flour"])
        #expect(app.message == "nothing to mark: every plain is in another ingredient's mark, a comment, a note or code")
        let empty = try editor(markup: "|  ")
        empty.type(Self.mark)
        #expect(empty.session.recipe.ingredients.isEmpty)
        #expect(empty.message?.hasPrefix("put the caret on a word") == true)
    }

    @Test func pluralsOfAMarkedNameAreMarkedToo() throws {
        let app = try editor(markup: "An |egg, two eggs, eggplant. Une tomate, des tomates; un chou, des choux.")
        app.type(Self.mark)
        app.type(Array("\u{1B}[1;5F".utf8) + Array("\u{1B}[D".utf8).repeated(3))
        app.type(Self.mark)
        app.session.edit { $0.apply(IngredientSuggestion(name: "tomate")) }
        #expect(Self.marks(app) == ["egg", "eggs", "tomate", "tomates", "chou", "choux"])
        #expect(Self.marks(app).contains("eggs"))
        #expect(!Self.marks(app).contains("eggplant"))
        #expect(Self.marks(app).contains("choux"))
    }

    @Test func aWordTypedLaterIsMarkedOnceFinishedInOneUndoStepWithTheTyping() throws {
        let app = try editor(markup: "Crack an |egg.")
        app.type(Self.mark)
        app.type(Array("\u{1B}[F".utf8) + Array(" Beat the eggs".utf8))
        // Not yet: the word is not finished (it could become "eggshell").
        #expect(Self.marks(app) == ["egg"])
        app.type(" ")
        #expect(Self.marks(app) == ["egg", "eggs"])
        app.type("and eggplant ")
        #expect(Self.marks(app) == ["egg", "eggs"])
        // Typing on after a mark does not extend it; finishing the word does.
        app.type(Array("\u{1B}[H".utf8) + Array("\u{1B}[C".utf8).repeated(12) + Array("s".utf8))
        #expect(Self.marks(app).first == "egg")
        // Undo takes the typed word and its mark off together.
        app.type(Array("\u{1B}[F".utf8) + Array("egg.".utf8))
        #expect(Self.marks(app).last == "egg")
        app.type(Keys.control("z"))
        #expect(!app.text.hasSuffix("egg."))
        #expect(Self.marks(app).last != "egg" || Self.marks(app).count == 3)
    }

    /// Text that arrives in one read (typed faster than the terminal is
    /// read, ssh batching, a paste the terminal did not bracket) finishes
    /// several words at once: each is marked, not only the last; one Ctrl-Z
    /// takes the typing and its marks back.
    @Test func everyWordFinishedInABurstIsMarked() throws {
        let app = try editor(markup: "Crack an |egg into milk.")
        app.type(Self.mark)
        app.session.edit { $0.apply(IngredientSuggestion(name: "milk")) }
        #expect(Self.marks(app) == ["egg", "milk"])
        app.type(Array("\u{1B}[F".utf8))
        app.handle(.text(" Whisk the milk. Whisk the eggs now. An egg"))
        // The last word is not finished yet ("eggplant" may follow).
        #expect(Self.marks(app) == ["egg", "milk", "milk", "eggs"])
        app.type(Keys.control("z"))
        #expect(app.text == "Crack an egg into milk.")
        #expect(Self.marks(app) == ["egg", "milk"])
        app.handle(.text(" Then add milk and salt, an egg. "))
        #expect(Self.marks(app) == ["egg", "milk", "milk", "egg"])
    }

    @Test func markingAsYouTypeCanBeTurnedOffFromThePalette() throws {
        let app = try editor(markup: "An |egg.")
        app.type(Self.mark)
        app.type(Keys.control("p") + Array("mark as you type\r".utf8))
        #expect(app.message == "marking as you type is off")
        app.type(Array("\u{1B}[F".utf8) + Array(" egg ".utf8))
        #expect(Self.marks(app) == ["egg"])
    }

    @Test func anExistingIngredientIsNotSuggestedAgain() throws {
        let app = try editor(markup: "Plain flour, then more |flour.", width: 120)
        app.type(Self.mark)
        let inspector = app.screen.allText
        #expect(inspector.contains("✓ flour · 2 marks"))
        #expect(!inspector.contains("[+] flour"))
    }
}

extension Array {
    func repeated(_ count: Int) -> [Element] { (0 ..< count).flatMap { _ in self } }
}
