import Foundation
import RecipeFormats
import RichText
@testable import RouxApp
import TerminalUI
import Testing

/// A large file loads in the background; a command that needs text not read
/// yet waits for it (Esc stops it), and a far place shows at once from a preview.
@Suite("Waiting for the rest of a large file")
struct LoadWaitTests {
    /// A plain-text book of numbered lines, opened as the editor opens it,
    /// loading in the background as the run loop does.
    static func book(lines: Int = 150_000, ending: String = "\n", header: String = "") throws -> (EditorController, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-wait-\(UUID().uuidString).txt").path
        let text = header + (1 ... lines).map { "Line \($0) of the book, with butter." }.joined(separator: ending) + ending
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path, progressively: true)),
                                   width: 100, height: 24)
        app.loadsInBackground = true
        return (app, path)
    }

    static func waitForLoad(_ app: EditorController) {
        while app.isWaitingForLoad { app.continueLoadWait() }
    }

    @Test func goingFarAheadShowsThePlaceAtOnceAndTypingWaitsForIt() throws {
        let (app, path) = try Self.book()
        defer { try? FileManager.default.removeItem(atPath: path) }
        app.type(Keys.control("l") + Array("100000".utf8) + [0x0D])
        #expect(app.isWaitingForLoad)
        #expect(app.session.layout.paragraphCount < 100_000, "shown before the text before it is read")
        let third = app.editorFrame.height / 3
        let preview = app.editorLines
        #expect(preview[third] == "Line 100000 of the book, with butter.")
        #expect(preview[0] == "Line \(100_000 - third) of the book, with butter.")
        let status = app.screen.line(app.height - 2)
        #expect(status.hasPrefix("100000:1"))
        #expect(status.contains("going to line 100000 — Esc stops"))
        app.type("Here: ")
        #expect(app.text.hasPrefix("Line 1 of"), "typing waits for the place")
        Self.waitForLoad(app)
        #expect(app.editorLines[third] == "Here: Line 100000 of the book, with butter.", "typed where it was shown")
        #expect(Array(app.editorLines[..<third]) == Array(preview[..<third]), "the same screen as the preview")
        #expect(app.session.isLoading, "only as far as the line is read")
        #expect(app.screen.line(app.height - 2).hasPrefix("100000:7"))
        app.session.finishLoading()
        #expect(app.text.contains("\nHere: Line 100000 of the book"))
        #expect(app.text.hasSuffix("Line 150000 of the book, with butter."))
    }

    @Test func escStopsTheWaitAndWhatWasTypedForIt() throws {
        let (app, path) = try Self.book()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = app.editorLines
        app.type(Keys.control("l") + Array("120000".utf8) + [0x0D])
        app.type("lost")
        app.press(Key(.escape))
        #expect(!app.isWaitingForLoad)
        #expect(app.editorLines == before)
        #expect(app.message?.contains("stopped going to line 120000") == true)
        #expect(app.session.isLoading)
        app.type("kept ")
        #expect(app.text.hasPrefix("kept Line 1 of"))
        #expect(!app.text.contains("lost"))
    }

    @Test func theEndShowsAtOnceAtTheBottomOfThePane() throws {
        let (app, path) = try Self.book()
        defer { try? FileManager.default.removeItem(atPath: path) }
        app.type([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x46]) // Ctrl-End
        #expect(app.isWaitingForLoad)
        let preview = app.editorLines
        #expect(preview.last == "Line 150000 of the book, with butter.")
        #expect(app.screen.line(app.height - 2).hasPrefix("150000:38"))
        Self.waitForLoad(app)
        #expect(!app.session.isLoading)
        #expect(app.editorLines == preview)
        #expect(app.session.caret.offset == app.session.document.text.utf8.count)
    }

    @Test func linesAddedBeforeTheLoadedEndShiftTheNumbersShown() throws {
        let (app, path) = try Self.book()
        defer { try? FileManager.default.removeItem(atPath: path) }
        app.type("\r\r") // two new paragraphs at the top: document line 100002 is file line 100000
        app.type(Keys.control("l") + Array("100002".utf8) + [0x0D])
        #expect(app.isWaitingForLoad)
        let third = app.editorFrame.height / 3
        #expect(app.editorLines[third] == "Line 100000 of the book, with butter.")
        #expect(app.screen.line(app.height - 2).hasPrefix("100002:1"))
        Self.waitForLoad(app)
        #expect(app.editorLines[third] == "Line 100000 of the book, with butter.")
    }

    @Test func aFrontMatterAndCRLFFileCountsItsLinesFromTheTop() throws {
        let (app, path) = try Self.book(ending: "\r\n", header: "Title line\r\n\r\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        app.type(Keys.control("l") + Array("90002".utf8) + [0x0D])
        let third = app.editorFrame.height / 3
        #expect(app.editorLines[third] == "Line 90000 of the book, with butter.", "no carriage return shown")
        Self.waitForLoad(app)
        #expect(app.editorLines[third] == "Line 90000 of the book, with butter.")
    }

    @Test func selectingAnIngredientsMarksWaitsForAllOfThem() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-wait-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let book = (1 ... 120_000).map { "Line \($0) with ^[butter](ingredient: \"butter\")." }.joined(separator: "\n") + "\n"
        try book.write(toFile: path, atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path, progressively: true)),
                                   width: 100, height: 24)
        app.loadsInBackground = true
        #expect(app.session.isLoading)
        app.press(Key(.function(6))) // the inspector
        app.press(Key(.character("s"))) // its marks selected
        #expect(app.isWaitingForLoad)
        Self.waitForLoad(app)
        #expect(app.session.document.selection.ranges.count == 120_000)
        #expect(app.message == "120000 marks of butter selected")
    }

    @Test func findMarkingAndSavingWaitForTheWholeFile() throws {
        let (app, path) = try Self.book()
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Find: the only match is near the end.
        app.type(Keys.control("f") + Array("Line 149999 ".utf8) + [0x0D])
        #expect(app.isWaitingForLoad)
        #expect(app.screen.line(app.height - 2).contains("finding \"Line 149999 \" — Esc stops"))
        Self.waitForLoad(app)
        #expect(app.message == "1 of 1")
        // Ctrl-E marks every occurrence, the ones read last too.
        let marking = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path, progressively: true)),
                                       width: 100, height: 24)
        marking.loadsInBackground = true
        marking.type(Keys.control("e")) // "Line", the word at the caret
        #expect(marking.isWaitingForLoad)
        Self.waitForLoad(marking)
        // So many marks are then made a part at a time between keys (MarkingJobTests).
        #expect(marking.isMarking)
        marking.finishMarking()
        #expect(marking.message == "Line is an ingredient, marked 150000 times")
        // Saving waits too, then writes the whole file.
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let saving = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path, progressively: true)),
                                      width: 100, height: 24)
        saving.loadsInBackground = true
        saving.type("New first words. ")
        saving.type(Keys.control("s"))
        #expect(saving.isWaitingForLoad)
        #expect(saving.screen.line(saving.height - 2).contains("saving — Esc stops"))
        Self.waitForLoad(saving)
        #expect(!saving.session.isModified)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "New first words. " + original)
    }
}
