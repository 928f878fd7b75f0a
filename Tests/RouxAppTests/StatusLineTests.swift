import Foundation
import RouxApp
import TerminalUI
import Testing

/// The status line: prompts typed in Hebrew, long messages and questions, long answers.
@Suite("Status line")
struct StatusLineTests {
    @Test func hebrewTypedInAPromptReadsRightToLeftWithTheCursorWhereItIs() throws {
        let app = editor("שלום עולם\n")
        app.type(Keys.control("f") + Array("שלום".utf8))
        let render = app.render()
        let row = render.grid.line(app.height - 2)
        // Stored ש ל ו ם: drawn ם ו ל ש (the terminal draws left to right).
        #expect(row == "Find: םולש")
        // The cursor after the last letter typed is at the line's end, as typing goes.
        #expect(render.cursor?.x == "Find: ".count + 4)
        // Home: before the first letter, which is drawn rightmost.
        app.type(Keys.home)
        #expect(app.render().cursor?.x == "Find: ".count + 3)
    }

    /// A prompt's label that names a Hebrew word (the replaced text, an
    /// ingredient) draws it right to left too, the cursor after the label.
    @Test func hebrewNamedInAPromptsLabelReadsRightToLeft() throws {
        let app = editor("שלום עולם\n")
        app.type(Keys.control("r") + Array("שלום".utf8) + [0x0D])
        let render = app.render()
        #expect(render.grid.line(app.height - 2) == "Replace \"םולש\" with:")
        #expect(render.cursor?.x == "Replace \"םולש\" with: ".count)
        app.type(Array("x".utf8))
        #expect(app.render().grid.line(app.height - 2) == "Replace \"םולש\" with: x")
    }

    @Test func wideCharactersTypedMoveTheCursorByTheirCells() throws {
        let app = editor("どら焼き\n")
        app.type(Keys.control("f") + Array("焼き".utf8))
        #expect(app.render().cursor?.x == "Find: ".count + 4)
    }

    @Test func aLongMessageWrapsOntoTheKeyBarsRow() throws {
        let app = editor("Texte.\n", width: 60, height: 12)
        app.say("the recipe could not be saved because the disk is full; your work is kept in the recovery file")
        let grid = app.screen
        let first = grid.line(app.height - 2)
        let second = grid.line(app.height - 1)
        #expect(first.contains("the recipe could not be saved"))
        #expect((first + " " + second).contains("your work is kept in the recovery file"))
        #expect(!second.contains("^S Save"))
        // Without a message the key bar is back.
        app.type("x")
        #expect(app.screen.line(app.height - 1).contains("^S Save"))
    }

    @Test func aLongQuestionShowsWholeAt50Columns() throws {
        let app = editor("Texte.\n", width: 50, height: 12)
        app.type("x")
        app.type(Keys.control("q"))
        let asked = app.screen.line(app.height - 2) + " " + app.screen.line(app.height - 1)
        #expect(asked.contains("Save changes before quitting?"))
        #expect(asked.contains("Esc stay"))
    }

    @Test func aLongAnswerScrollsSoTheCursorStaysOnScreen() throws {
        let app = editor("Texte.\n", width: 40, height: 12)
        let typed = String(repeating: "abcdefghij", count: 6)
        app.type(Keys.control("f") + Array(typed.utf8))
        let render = app.render()
        #expect(render.cursor?.x == 39)
        #expect(render.grid.line(app.height - 2).hasSuffix("hij"))
    }
}

/// On a very wide terminal the text keeps a readable width.
@Suite("Text width")
struct TextWidthTests {
    @Test func at300ColumnsLinesAre100ColumnsWideAndCentred() throws {
        let words = Array(repeating: "farine", count: 60).joined(separator: " ")
        let app = editor(words + "\n", width: 300, height: 20)
        let frame = app.editorFrame
        #expect(frame.width == 100)
        let room = 300 - app.inspectorFrame.width
        #expect(frame.x == (room - 100) / 2)
        let rows = app.editorLines.filter { !$0.isEmpty }
        #expect(rows.count > 1)
        #expect(rows.allSatisfy { $0.trimmingCharacters(in: .whitespaces).count <= 100 })
        // Text width from the palette: 120, then the whole pane.
        app.type(Keys.control("p") + Array("text width\r".utf8))
        #expect(app.editorFrame.width == 120)
        app.type(Keys.control("p") + Array("text width\r".utf8))
        #expect(app.editorFrame.width == room)
        #expect(app.message == "text width: the whole pane")
    }
}

/// The status line names the style of the caret's paragraph as it is now.
@Suite("Status line: the paragraph's style")
struct StatusParagraphStyleTests {
    /// Enter on an empty numbered item ends the list: the line is body text,
    /// and the status says so (it still said "Numbered item").
    @Test func enterOnAnEmptyItemEndsTheListAndTheStatusSaysBody() {
        let app = editor("1. Rub the butter in.\n")
        app.type(Array("\u{1B}[1;5F".utf8)) // Ctrl-End
        let status = { app.screen.line(app.height - 2) }
        #expect(status().contains("Numbered item"))
        app.type([0x0D])
        #expect(status().contains("Numbered item"), "Enter continues the list: \(status())")
        app.type([0x0D])
        #expect(!app.screen.allText.contains("2."), "the second Enter ends the list")
        #expect(status().contains("Body"), "\(status())")
        #expect(!status().contains("item"), "\(status())")
    }
}
