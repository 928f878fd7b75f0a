import Foundation
import Recipes
import RichText
@testable import RouxApp
import TerminalUI
import Testing

@Suite("The ingredient inspector")
struct InspectorTests {
    static let recipe = """
    ---
    ingredients:
      - id: sel
        name: sel
        quantity: 10 g
      - beurre
    ---
    Du ^[beurre](ingredient: "beurre"), du ^[sel](ingredient: "sel"), encore du ^[beurre](ingredient: "beurre").

    """

    static let f6: [UInt8] = Array("\u{1B}[17~".utf8)
    static let down: [UInt8] = Array("\u{1B}[B".utf8)

    /// A row of the inspector as drawn (the screen's line, trailing blanks
    /// left out): `left` from its edge, `right` ending before the scroll
    /// marks' column.
    static func row(_ left: String, _ right: String, width: Int = 32) -> String {
        right.isEmpty ? left : left + String(repeating: " ", count: max(0, width - 1 - left.count - right.count)) + right
    }

    /// The inspector's rows from its edge.
    static func rows(_ app: EditorController, _ range: Range<Int>) -> [String] {
        let frame = app.inspectorFrame
        return range.map { String(app.screen.line(frame.y + $0).dropFirst(frame.x)) }
    }

    /// The count of marks stands in its own column under "marks", apart
    /// from the quantity: "×2" after "4" read as a factor.
    @Test func listsQuantitiesAndCounts() throws {
        let app = editor(Self.recipe)
        #expect(Self.rows(app, 0 ..< 3) == [
            Self.row("│ Ingredients (2)", "marks"),
            Self.row("│ [ ] sel 10 g", "1"),
            Self.row("│ [ ] beurre", "2"),
        ])
    }

    /// Scaled, the quantity is the scaled one and nothing on the row reads
    /// as a second factor.
    @Test func aScaledQuantityAndItsCountReadApart() throws {
        let app = editor("---\ningredients:\n  - id: eggs\n    name: eggs\n    quantity: 2\n---\nBeat the ^[eggs](ingredient: \"eggs\"), more ^[eggs](ingredient: \"eggs\").\n")
        app.type([0x1B, 0x78] + Array("×2\r".utf8))
        #expect(Self.rows(app, 0 ..< 3) == [
            Self.row("│ Ingredients (1)", "marks"),
            Self.row("│ Quantities ×2", ""),
            Self.row("│ [ ] eggs 4", "2"),
        ])
    }

    /// A name too long for the pane ends with "…" and leaves room for its
    /// quantity and count (they were cut off instead).
    @Test func aLongNameGivesWayToItsQuantity() throws {
        let app = editor("""
            ---
            ingredients:
              - id: farine
                name: King Arthur Unbleached Bread Flour
                quantity: 500 g
            ---
            De la ^[farine](ingredient: "farine").

            """)
        let frame = app.inspectorFrame
        let row = String(app.screen.line(frame.y + 1).dropFirst(frame.x))
        #expect(row.hasPrefix("│ [ ] King Arthur"))
        #expect(row.contains("… 500 g"))
        #expect(row.hasSuffix("500 g  1"), "two blanks at least before the count")
        #expect(CellGrid.columns(of: row.trimmingCharacters(in: .whitespaces)) <= frame.width - 1)
    }

    @Test func sSelectsEveryMarkAsOneMultiRangeSelection() throws {
        let app = editor(Self.recipe)
        app.type(Self.f6 + Self.down + Array("s".utf8))
        #expect(app.focus == .editor)
        let text = app.session.document.text
        let selected = app.session.document.selection.ranges.filter { !$0.isCaret }.map { String(text.characters[$0.bounds]) }
        #expect(selected == ["beurre", "beurre"])
        #expect(app.screen.line(app.height - 2).contains("2 ranges · 12 characters"))
    }

    @Test func spaceTicksAndDeleteRemovesAfterAsking() throws {
        let app = editor(Self.recipe)
        app.type(Self.f6 + Array(" ".utf8))
        #expect(app.session.checked == [IngredientID("sel")])
        #expect(app.screen.line(app.inspectorFrame.y + 1).contains("[x] sel"))
        app.type(Self.down + Array("\u{1B}[3~".utf8))
        #expect(app.prompt == .question(RemoveIngredientQuestion(id: IngredientID("beurre"))))
        app.type("y")
        #expect(app.session.recipe.ingredients.map(\.name) == ["sel"])
        #expect(app.session.recipe.occurrences(of: IngredientID("beurre")).isEmpty)
        #expect(app.text == "Du beurre, du sel, encore du beurre.")
    }

    @Test func clickingPlusAddsTheSuggestion() throws {
        let app = editor("Ajouter le poivre.\n")
        app.type(Keys.control("f") + Array("poivre".utf8) + [0x0D])
        #expect(app.screen.line(app.inspectorFrame.y + app.inspectorFrame.height - 1).contains("[+] poivre  ^E"))
        let click = "\u{1B}[<0;\(app.inspectorFrame.x + 3);\(app.inspectorFrame.y + app.inspectorFrame.height)M"
        app.type(Array(click.utf8))
        #expect(app.session.recipe.ingredients.map(\.name) == ["poivre"])
    }

    /// A caret anywhere in an item of an ingredient list (its start, inside,
    /// its end) suggests the item read as an ingredient line; a caret in
    /// prose the word at it, at the text's end too.
    @Test func aCaretInAnIngredientItemSuggestsTheItem() throws {
        let app = editor("# Pain\n\n- 200 g de farine\n- 1 pincée de sel\n\nPétrir la pâte\n")
        let text = app.session.document.text
        let plain = String(text.characters)
        func suggestion(after needle: String, plus characters: Int) throws -> IngredientSuggestion? {
            let found = try #require(plain.range(of: needle))
            let offset = plain[..<found.lowerBound].count + characters
            let caret = text.characters.index(text.startIndex, offsetBy: offset)
            app.session.edit { try? $0.document.select(TextSelection(caret: caret)) }
            return app.session.shownSuggestion?.suggestion
        }
        let item = try #require(try suggestion(after: "200 g", plus: 0))
        #expect(item.name == "farine")
        #expect(item.quantity != nil)
        for characters in [3, 9, 14] { #expect(try suggestion(after: "200 g", plus: characters) == item, "\(characters)") }
        #expect(try suggestion(after: "1 pincée", plus: 15)?.name == "sel")
        #expect(try suggestion(after: "Pétrir", plus: 2)?.name == "Pétrir")
        #expect(try suggestion(after: "pâte", plus: 4)?.name == "pâte", "at the text's end")
    }
}
