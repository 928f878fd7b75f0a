import Foundation
import RecipeFormats
import Recipes
import RichText
import RouxApp
import TerminalUI
import Testing

@Suite("The editor")
struct EditorTests {
    static let croissants = """
    ---
    title: Croissants
    ---
    # Croissants
    Du beurre doux, puis encore du beurre.
    Enfermer le beurre.

    """

    @Test func ctrlEMarksEveryOccurrenceGreenAndListsIt() throws {
        let app = editor(Self.croissants)
        app.type(Keys.control("f") + Array("beurre".utf8) + [0x0D])
        app.type(Keys.control("e"))
        #expect(app.session.recipe.ingredients.map(\.name) == ["beurre"])
        let grid = app.screen
        let row = app.editorFrame.y + 1
        let line = app.editorLines[1]
        #expect(line == "Du beurre doux, puis encore du beurre.")
        for (column, character) in line.enumerated() {
            let green = grid[column, row].style.foreground == .green
            // "beurre" is at columns 3–8 and 31–36.
            let inBeurre = (3 ..< 9).contains(column) || (31 ..< 37).contains(column)
            #expect(green == inBeurre, "column \(column) '\(character)'")
        }
        #expect(app.inspectorLines.contains("[ ] beurre | 3"))
        #expect(grid.line(app.height - 2).contains("beurre is an ingredient, marked 3 times"))
    }

    /// Enter on the match Ctrl-F selected goes to the next one (it does not
    /// replace it with a line break); once the caret moves or the text
    /// changes, Enter breaks the line again.
    @Test func enterOnAFoundMatchGoesToTheNext() throws {
        let app = editor(Self.croissants)
        let text = String(app.session.document.text.characters)
        func selected() -> Int { app.session.document.text.utf8Offset(of: app.session.document.selection.primary.lowerBound) }
        app.type(Keys.control("f") + Array("beurre".utf8) + [0x0D])
        let first = selected()
        #expect(app.message?.hasPrefix("1 of 3") == true)
        app.type([0x0D])
        #expect(String(app.session.document.text.characters) == text)
        #expect(selected() > first)
        #expect(app.message?.hasPrefix("2 of 3") == true)
        app.type([0x0D, 0x0D])
        #expect(selected() == first, "round to the first")
        #expect(String(app.session.document.text.characters) == text)
        // Moved off the match: Enter is a line break again.
        app.type(Array("\u{1B}[C".utf8) + [0x0D])
        #expect(String(app.session.document.text.characters) != text)
        #expect(app.session.document.text.characters.filter { $0 == "\n" }.count == text.filter { $0 == "\n" }.count + 1)
    }

    @Test func undoingCtrlETakesTheIngredientOffTheListAndRedoPutsItBack() throws {
        let app = editor(Self.croissants)
        app.type(Keys.control("f") + Array("beurre".utf8) + [0x0D] + Keys.control("e"))
        #expect(app.session.recipe.ingredients.map(\.name) == ["beurre"])
        app.type(Keys.control("z"))
        #expect(app.session.recipe.ingredients.isEmpty)
        #expect(app.session.occurrenceCounts.isEmpty)
        #expect(!app.session.isModified)
        #expect(!app.screen.line(app.inspectorFrame.y + 1).contains("] beurre"))
        app.type(Keys.control("y"))
        #expect(app.session.recipe.ingredients.map(\.name) == ["beurre"])
        #expect(app.inspectorLines.contains("[ ] beurre | 3"))
        app.type(Array("x".utf8) + Keys.control("z"))
        #expect(app.session.recipe.ingredients.map(\.name) == ["beurre"], "undoing typing keeps the list")
    }

    @Test func countsAfterMarkingALargeRecipeMatchAFreshCount() throws {
        // Enough occurrences to be marked in pieces; the counts are taken
        // from what the marking added, and must equal a count from scratch.
        let body = (0 ..< 900).map { "Étape \($0) : du beurre, du sucre et du sel; beurre\($0 % 2 == 0 ? " doux" : "")." }
        let app = editor(body.joined(separator: "\n") + "\n")
        for word in ["beurre", "sucre", "sel"] {
            app.type(Keys.control("f") + Array(word.utf8) + [0x0D] + Keys.control("e"))
            _ = app.screen
            #expect(app.session.occurrenceCounts == app.session.recipe.occurrenceCounts)
        }
        #expect(app.session.occurrenceCounts.values.sorted() == [900, 900, 1800])
        app.type(Keys.control("z"))
        #expect(app.session.occurrenceCounts == app.session.recipe.occurrenceCounts)
        #expect(app.session.occurrenceCounts.values.sorted() == [900, 1800])
        app.type(Keys.control("y"))
        #expect(app.session.occurrenceCounts.values.sorted() == [900, 900, 1800])
        #expect(app.screen.line(app.inspectorFrame.y + 1).hasSuffix(" 1800"))
    }

    @Test func typingAfterAnIngredientIsNotGreenAndChangingALetterUncolours() throws {
        let app = editor(Self.croissants)
        app.type(Keys.control("f") + Array("beurre".utf8) + [0x0D] + Keys.control("e"))
        app.type(Keys.right + Array("s".utf8))
        #expect(app.text.contains("Du beurres doux"))
        let grid = app.screen
        let row = app.editorFrame.y + 1
        #expect(grid[8, row].style.foreground == .green)
        #expect(grid[9, row].style.foreground == .default, "the typed s")
        app.type(Keys.end + Keys.left + Keys.left + Keys.left)
        app.type(Keys.shiftRight + Array("l".utf8))
        // Three steps left of the line end is the second "r" of "beurre".
        #expect(app.text.contains("encore du beurle."))
        #expect(app.screen[33, row].style.foreground == .default)
        #expect(app.session.recipe.occurrenceCounts.values.reduce(0, +) == 2)
    }

    /// NO_COLOR: an ingredient, a user's underline and a highlight each look different.
    @Test func withoutColoursIngredientsUnderlineAndHighlightsEachHaveALook() throws {
        let app = editor("Du ^[beurre](ingredient: \"beurre\"), ^[sel](underline: true), ^[miel](backgroundColor: \"yellow\").\n", useColor: false)
        let grid = app.screen
        let y = app.editorFrame.y
        let line = grid.line(y)
        func cell(_ word: String) -> Cell { grid[line.distance(from: line.startIndex, to: line.range(of: word)!.lowerBound), y] }
        #expect(cell("beurre").text == "b")
        #expect(cell("beurre").style.underline && cell("beurre").style.bold && cell("beurre").style.foreground == .default)
        #expect(cell("sel").style.underline && !cell("sel").style.bold)
        #expect(cell("miel").style.reverse && !cell("miel").style.underline)
        #expect(!cell("Du").style.underline && !cell("Du").style.reverse)
    }

    @Test func aVisualSelectionOverHebrewAndInIsTwoRanges() throws {
        let app = editor("Put the סופגניות in the pan\n")
        app.type(Keys.home + Array(repeating: Keys.right, count: 12).flatMap { $0 })
        app.type(Array(repeating: Keys.shiftRight, count: 7).flatMap { $0 })
        let ranges = app.session.document.selection.ranges.filter { !$0.isCaret }
        let text = app.session.document.text
        // The caret moved 7 cells, from ג (cell 12) to the space after "in"
        // (cell 19): those 7 cells are selected, ג included.
        #expect(ranges.map { String(text.characters[$0.bounds]) } == ["סופג", " in"])
        let grid = app.screen
        let row = app.editorFrame.y
        #expect((0 ..< 30).filter { grid[$0, row].style.reverse } == Array(12 ..< 19))
        // The head is after "in": logical column 20.
        #expect(grid.line(app.height - 2).hasPrefix("1:20  LTR  Body  2 ranges · 7 characters"))
        // Back the same way: each Shift-Left gives back the cell it passes.
        for count in (0 ..< 7).reversed() {
            app.type(Keys.shiftLeft)
            let after = app.screen
            #expect((0 ..< 30).filter { after[$0, row].style.reverse } == Array(12 ..< 12 + count))
        }
    }

    /// In a right-to-left paragraph every Shift-arrow selects one more
    /// letter, the one it passes over, and the status line follows the
    /// head (the selection lagged a press behind, or took the letter after
    /// the one passed over, and the column stood still).
    @Test func shiftArrowsInARightToLeftParagraphSelectWhatTheyPass() throws {
        let app = editor("א\nלשים בצק רך.\n")
        app.type(Keys.down + Keys.end)
        var statuses: [String] = []
        var selections: [String] = []
        func look() {
            let text = app.session.document.text
            selections.append(app.session.document.selection.ranges.map { String(text.characters[$0.bounds]) }.joined(separator: "|"))
            statuses.append(String(app.screen.line(app.height - 2).prefix(4)))
        }
        for _ in 0 ..< 3 {
            app.type(Keys.shiftRight)
            look()
        }
        #expect(selections == [".", "ך.", "רך."])
        #expect(statuses == ["2:12", "2:11", "2:10"])
        app.type(Keys.home)
        selections = []
        statuses = []
        for _ in 0 ..< 3 {
            app.type(Keys.shiftLeft)
            look()
        }
        #expect(selections == ["ל", "לש", "לשי"])
        #expect(statuses == ["2:2 ", "2:3 ", "2:4 "])
    }

    @Test func altCOpensAColourMenuWhoseTextColoursAreGreyedOutWithTheReason() throws {
        let app = editor("du beurre\n")
        app.type(Keys.shiftRight + Keys.shiftRight)
        app.type([0x1B, 0x63]) // Alt-C
        let menu = try #require(app.colorMenu)
        #expect(menu.entries.filter { $0.target == .text && $0.color != nil }.allSatisfy { !$0.verdict.isAllowed })
        #expect(menu.entries.filter { $0.target == .highlight }.allSatisfy { $0.verdict.isAllowed })
        let grid = app.screen
        let lines = grid.lines
        let red = try #require(lines.firstIndex { $0.contains("Aa Red") })
        let redColumn = try #require(lines[red].range(of: "Red")).lowerBound.utf16Offset(in: lines[red])
        #expect(grid[redColumn, red].style.dim, "a refused colour is greyed out")
        let highlight = try #require(lines.firstIndex { $0.contains("Highlight") })
        #expect(red < highlight)
        let yellow = try #require(lines.indices.first { $0 > highlight && lines[$0].contains("Yellow") })
        #expect(!grid[redColumn, yellow].style.dim)

        // Choosing a text colour says why not, and changes nothing.
        let textRed = try #require(menu.entries.firstIndex { $0.target == .text && $0.name == "Red" })
        while app.colorMenu?.row != textRed { app.press(Key(.up)) }
        #expect(app.screen.lines.contains { $0.contains("not here: colour is set by the ingredient") })
        app.press(Key(.enter))
        #expect(app.colorMenu != nil, "a refused choice keeps the menu open")
        #expect(app.screen.line(app.height - 2).contains("text colour: colour is set by the ingredient"))
        #expect(!app.session.isModified)
        app.type(Keys.escape)
        #expect(app.colorMenu == nil)
        #expect(!app.screen.lines.contains { $0.contains("Highlight") })
    }

    @Test func aHighlightFromTheColourMenuIsDrawnSavedAndUndone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-highlight-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/note.md"
        try "Four chaud, puis du beurre.\n".write(toFile: path, atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 100, height: 24)
        app.type(Keys.end)
        for _ in 0 ..< 7 { app.type(Array("\u{1B}[1;2D".utf8)) } // Shift-Left over "beurre."
        app.type([0x1B, 0x63])
        while app.colorMenu?.entries[app.colorMenu!.row] != app.colorMenu?.entries.first(where: { $0.target == .highlight && $0.name == "Yellow" }) {
            app.press(Key(.down))
        }
        app.press(Key(.enter))
        #expect(app.colorMenu == nil)
        let grid = app.screen
        let row = app.editorFrame.y
        let yellow = (0 ..< 30).filter { grid[$0, row].style.background == .ansi(.yellow) }
        #expect(yellow == Array(20 ..< 27))
        #expect(app.screen.line(app.height - 2).contains("highlight yellow"))
        app.press(Key.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Four chaud, puis du ^[beurre.](backgroundColor: \"yellow\")\n")
        app.press(Key.control("z"))
        #expect(!(0 ..< 30).contains { app.screen[$0, row].style.background == .ansi(.yellow) })
    }

    @Test func aClickOnAColourMenuEntryAppliesItAndAClickOutsideCloses() throws {
        let app = editor("du beurre\n")
        app.press(Key.control("a"))
        app.type([0x1B, 0x63])
        let row = try #require(app.screen.lines.indices.first { app.screen.lines[$0].contains("  Green") && $0 > 10 })
        app.handle(.mouse(MouseEvent(action: .press, button: 0, x: app.colorMenuFrame.x + 8, y: row)))
        #expect(app.colorMenu == nil)
        #expect(app.session.document.text.runs.allSatisfy { $0.backgroundColor == .ansi(.green) || $0.range.isEmpty })
        app.type([0x1B, 0x63])
        app.handle(.mouse(MouseEvent(action: .press, button: 0, x: app.width - 1, y: app.height - 3)))
        #expect(app.colorMenu == nil)
    }

    @Test func aHeadingFoldsWithF5OrAClickOnItsMarkerAndUnfoldsTheSameWays() throws {
        let app = editor("# Pâte\nfarine\nbeurre\n# Cuisson\nfour\n")
        #expect(Array(app.editorLines.prefix(5)) == ["Pâte ▾", "farine", "beurre", "Cuisson ▾", "four"])
        app.type(Array("\u{1B}[15~".utf8)) // F5 with the caret on "# Pâte"
        #expect(Array(app.editorLines.prefix(3)) == ["Pâte ▸ …", "Cuisson ▾", "four"])
        app.type(Array("\u{1B}[15~".utf8))
        #expect(Array(app.editorLines.prefix(3)) == ["Pâte ▾", "farine", "beurre"])

        // A click on the marker after "Cuisson" (row 3) folds it; the caret stays.
        let caret = app.session.caret
        let y = app.editorFrame.y + 3
        let markerX = app.editorFrame.x + "Cuisson".count + 1
        app.handle(.mouse(MouseEvent(action: .press, button: 0, x: markerX, y: y)))
        #expect(Array(app.editorLines.prefix(4)) == ["Pâte ▾", "farine", "beurre", "Cuisson ▸ …"])
        #expect(app.session.caret == caret)
        app.handle(.mouse(MouseEvent(action: .press, button: 0, x: markerX + 2, y: y)))
        #expect(Array(app.editorLines.prefix(5)) == ["Pâte ▾", "farine", "beurre", "Cuisson ▾", "four"])
        // A click on the heading's text still places the caret there.
        app.handle(.mouse(MouseEvent(action: .press, button: 0, x: app.editorFrame.x + 2, y: y)))
        #expect(app.editorLines[4] == "four")
        #expect(app.session.caret.offset == "Pâte\nfarine\nbeurre\nCu".utf8.count)
    }

    @Test func theStatusColumnCountsCharactersNotBytesOrCells() throws {
        let app = editor("Premier.\ne\u{301}té 漢字 👩‍🍳 et une ligne assez longue pour passer à la suivante dans un éditeur étroit.\n", width: 40)
        app.type(Array("\u{1B}[B".utf8) + Keys.end)
        let second = "e\u{301}té 漢字 👩‍🍳 et une ligne assez longue pour passer à la suivante dans un éditeur étroit."
        let offset = app.session.caret.offset - "Premier.\n".utf8.count
        let before = second.utf8.prefix(offset)
        let characters = String(decoding: before, as: UTF8.self).count
        #expect(characters > 12 && characters < before.count, "End of the first visual line, past the wide and combined characters")
        #expect(app.screen.line(app.height - 2).hasPrefix("2:\(characters + 1)  LTR"))
        app.press(Key(.home))
        app.press(Key(.home, .control))
        #expect(app.screen.line(app.height - 2).hasPrefix("1:1  LTR"))
    }

    @Test func aRightToLeftHeadingHasItsFoldMarkerOnItsLeftAndItClicks() throws {
        let app = editor("# סופגניות\nקמח\n", width: 60)
        let row = app.editorFrame.y
        let line = app.editorLines[0]
        #expect(line.hasSuffix("▾ תוינגפוס"), "the marker is drawn where the right-to-left text ends")
        let markerX = app.editorFrame.x + line.count - "תוינגפוס".count - 2
        #expect(app.screen[markerX, row].text == "▾")
        app.handle(.mouse(MouseEvent(action: .press, button: 0, x: markerX, y: row)))
        #expect(app.editorLines[0].hasSuffix("… ◂ תוינגפוס"))
        #expect(app.editorLines[1] == "")
    }

    @Test func aClickFocusesThePaneItLandsIn() throws {
        let app = editor(Self.croissants)
        app.type(Keys.control("f") + Array("beurre".utf8) + [0x0D] + Keys.control("e"))
        app.handle(.mouse(MouseEvent(action: .press, button: 0, x: app.inspectorFrame.x + 4, y: app.inspectorFrame.y + 1)))
        #expect(app.focus == .inspector)
        app.handle(.mouse(MouseEvent(action: .press, button: 0, x: app.editorFrame.x + 2, y: app.editorFrame.y + 2)))
        #expect(app.focus == .editor)
        app.type("x")
        #expect(app.editorLines[2] == "Enxfermer le beurre.", "typing goes to the text again")
    }

    @Test func aPasteIsOneUndoStepAndNeverACommand() throws {
        let app = editor("x\n")
        app.type(Array("\u{1B}[200~a\u{13}b\rc\u{1B}[201~".utf8))
        #expect(app.text == "a\u{13}b\ncx")
        #expect(!app.quitRequested)
        app.type(Keys.control("z"))
        #expect(app.text == "x")
    }

    @Test func quittingWithUnsavedChangesAsks() throws {
        let app = editor("x\n")
        app.type("y")
        app.type(Keys.control("q"))
        #expect(!app.quitRequested)
        #expect(app.screen.line(app.height - 2).hasPrefix("Save changes before quitting?"))
        app.type(Keys.escape)
        #expect(!app.quitRequested)
        #expect(app.prompt == nil)
        app.type(Keys.control("q") + Array("n".utf8))
        #expect(app.quitRequested)
    }

    @Test func saveWritesTheFileAndQuitThenNeedsNoQuestion() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-app-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "Du beurre.\n".write(toFile: path, atomically: true, encoding: .utf8)
        let opened = try RecipeFiles.open(path: path)
        let app = EditorController(session: EditorSession(opened: opened), width: 100, height: 24)
        app.type(Keys.end + Array(" Et du sel.".utf8) + Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Du beurre. Et du sel.\n")
        #expect(app.screen.line(app.height - 2).contains("saved"))
        app.type(Keys.control("q"))
        #expect(app.quitRequested)
    }

    @Test func undoingEveryChangeSinceTheSaveLeavesNothingToSave() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-app-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "Du beurre.\n".write(toFile: path, atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 100, height: 24)
        app.type(Array("Un peu ".utf8))
        #expect(app.screen.line(0).contains("[modified]"))
        app.type(Keys.control("z"))
        #expect(app.text == "Du beurre.")
        #expect(!app.screen.line(0).contains("[modified]"))
        app.type(Keys.end + Array(" Sel.".utf8) + Keys.control("s") + Array(" Poivre.".utf8))
        #expect(app.screen.line(0).contains("[modified]"))
        app.type(Keys.control("z"))
        #expect(app.text == "Du beurre. Sel.", "undo stops at the save")
        #expect(!app.screen.line(0).contains("[modified]"))
        app.type(Keys.control("z"))
        #expect(app.screen.line(0).contains("[modified]"), "before the save is a change from the file")
        app.type(Keys.control("q"))
        #expect(!app.quitRequested, "quitting asks first")
    }

    @Test func doubleClickSelectsTheWordAndASingleClickDoesNot() throws {
        let app = editor(Self.croissants)
        let row = app.screen.line(app.editorFrame.y + 1)
        let found = try #require(row.range(of: "beurre"))
        let column = row.distance(from: row.startIndex, to: found.lowerBound) + 2 // on its third letter
        let press = Array("\u{1B}[<0;\(column + 1);\(app.editorFrame.y + 2)M\u{1B}[<0;\(column + 1);\(app.editorFrame.y + 2)m".utf8)
        app.type(press)
        #expect(!app.session.document.selection.hasSelectedText)
        app.type(press)
        let selected = app.session.document.selection.ranges.map { String(app.session.document.text.characters[$0.bounds]) }
        #expect(selected == ["beurre"])
        app.type(Keys.control("e"))
        #expect(app.session.recipe.ingredients.map(\.name) == ["beurre"])
    }

    @Test func goToLineAndHelp() throws {
        let app = editor((1 ... 60).map { "ligne \($0)" }.joined(separator: "\n") + "\n", height: 20)
        app.type(Keys.control("l") + Array("45".utf8) + [0x0D])
        #expect(app.session.layout.paragraph(containing: app.session.caret.offset) == 44)
        #expect(app.editorLines.contains("ligne 45"))
        app.type(Array("\u{1B}OP".utf8))
        #expect(app.screen.lines.contains { $0.contains("Roux keys") })
        app.type("x")
        #expect(!app.screen.lines.contains { $0.contains("Roux keys") })
        #expect(!app.text.contains("x"), "the key that closes help is not typed")
    }

    /// In each part of the help, every summary starts in one column, the
    /// longest keys' (up to 24; longer keys have a line of their own).
    @Test func theHelpsSummariesStartInOneColumn() throws {
        let app = editor("x\n", width: 120, height: 120)
        app.type(Array("\u{1B}OP".utf8))
        let lines = app.screen.lines
        func summaryColumn(after keys: String) throws -> Int {
            let line = try #require(lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(keys) })
            let start = try #require(line.range(of: keys)).upperBound
            let summary = try #require(line[start...].firstIndex { $0 != " " })
            return line.distance(from: try #require(line.range(of: keys)).lowerBound, to: summary)
        }
        let text = try ["Shift + a move", "Ctrl-Left, Ctrl-Right", "Enter", "Backspace"].map(summaryColumn(after:))
        #expect(Set(text).count == 1, "\(text)")
        let everywhere = try ["Ctrl-S", "Ctrl-P \"Text width\"", "F1, Ctrl-G", "Alt-V"].map(summaryColumn(after:))
        #expect(Set(everywhere).count == 1, "\(everywhere)")
    }

    @Test func controlCharactersInTheFileAreShownNotSent() throws {
        let app = editor("rouge \u{1B}[31m!\n")
        let line = app.editorLines[0]
        #expect(line == "rouge ^[[31m!")
        #expect(app.screen.cells.allSatisfy { cell in cell.text.unicodeScalars.allSatisfy { $0.value >= 0x20 } })
    }
}

@Suite("Opening a large file")
struct LargeFileTests {
    @Test func theFirstScreenShowsBeforeTheRestIsReadAndLoadingIsNotAnEdit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-large-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var book = "---\ntitle: Livre\n---\n"
        for number in 0 ..< 120_000 { book += "Ligne \(number) avec du ^[beurre](ingredient: \"beurre\").\n" }
        try book.write(toFile: path, atomically: true, encoding: .utf8)
        let opened = try RecipeFiles.open(path: path, progressively: true)
        let app = EditorController(session: EditorSession(opened: opened), width: 100, height: 24)
        #expect(app.session.isLoading)
        #expect(app.editorLines[0] == "Ligne 0 avec du beurre.")
        #expect(app.screen.line(app.height - 2).contains("loading"))
        #expect(!app.session.isModified)
        app.type(Array("Oui. ".utf8))
        while app.session.isLoading { app.session.loadMore() }
        #expect(app.session.isModified, "the edit made before the rest arrived is kept")
        #expect(app.text.hasPrefix("Oui. Ligne 0"))
        #expect(app.text.hasSuffix("Ligne 119999 avec du beurre."))
        #expect(app.session.recipe.occurrenceCounts[IngredientID("beurre")] == 120_000)
        app.type([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x46]) // Ctrl-End
        #expect(app.editorLines.contains("Ligne 119999 avec du beurre."))
        app.type(Keys.control("z"))
        #expect(app.text.hasPrefix("Ligne 0"))
        #expect(app.session.recipe.ingredients.map(\.name) == ["beurre"], "found while loading, not undone")
    }

    @Test func aLargePlainTextFileAlsoShowsItsFirstScreenFirst() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-large-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let book = (0 ..< 150_000).map { "Line \($0) of a plain cookbook, *not* Markdown." }.joined(separator: "\n") + "\n"
        try book.write(toFile: path, atomically: true, encoding: .utf8)
        let opened = try RecipeFiles.open(path: path, progressively: true)
        #expect(opened.format == .plainText)
        let app = EditorController(session: EditorSession(opened: opened), width: 100, height: 24)
        #expect(app.session.isLoading)
        #expect(app.editorLines[0] == "Line 0 of a plain cookbook, *not* Markdown.")
        #expect(!app.session.isModified)
        app.type(Keys.control("l") + Array("60000".utf8) + [0x0D])
        // The target a third of the way down the pane, the lines before it above.
        #expect(app.editorLines[app.editorFrame.height / 3] == "Line 59999 of a plain cookbook, *not* Markdown.")
        #expect(app.editorLines[0] == "Line \(59999 - app.editorFrame.height / 3) of a plain cookbook, *not* Markdown.")
        #expect(app.session.isLoading, "going to a line reads only as far as that line")
        app.session.finishLoading()
        #expect(!app.session.isModified, "loading is not an edit")
        #expect(app.text == String(book.dropLast()))
    }

    @Test func theTitleIsTheWholeFirstHeadingEvenWhenBoldSplitsIt() throws {
        let recipe = MarkdownRecipeFormat.parse("Avant le titre.\n\n# **Pain** perdu du *dimanche*\nDu pain.\n")
        let app = EditorController(session: EditorSession(recipe: recipe, path: nil), width: 100, height: 24)
        #expect(app.session.title == "Pain perdu du dimanche")
        #expect(app.screen.lines[0].contains("Pain perdu du dimanche"))
    }

    @Test func typingWhileLoadingKeepsTheTitleAndCountsOfWhatArrivesLater() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-late-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var book = String(repeating: "Une ligne sans titre, assez longue pour remplir le fichier.\n", count: 80_000)
        book += "# Titre tardif\nDu ^[sel](ingredient: \"sel\").\n"
        try book.write(toFile: path, atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path, progressively: true)),
                                   width: 100, height: 24)
        #expect(app.session.isLoading)
        #expect(app.session.title == nil)
        #expect(app.session.occurrenceCounts.isEmpty)
        while app.session.isLoading {
            app.type(Array("x".utf8))
            app.session.loadMore()
        }
        #expect(app.session.title == "Titre tardif")
        #expect(app.session.occurrenceCounts == [IngredientID("sel"): 1])
        #expect(app.session.occurrenceCounts == app.session.recipe.occurrenceCounts)
    }
}
