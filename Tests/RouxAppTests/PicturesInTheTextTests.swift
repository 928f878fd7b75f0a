import Foundation
import RecipeFormats
import RecipeStorage
@testable import RouxApp
import RouxTestSupport
import TerminalUI
import Testing

/// A Markdown image in the text drawn under its paragraph, on rows of its
/// own: the picture in block symbols, centred in the text's width; its text
/// and why when the file cannot be drawn; nothing more with pictures hidden.
/// The caret, pages and clicks pass over the rows; the file is not touched.
@Suite struct PicturesInTheTextTests {
    static let recipe = """
    # Tarte

    Avant la photo.

    ![Une tarte fine](tarte.png)

    Après la photo.

    """

    /// An editor on `markdown` saved in a folder holding `files`, the
    /// inspector away so the text has the width, pictures drawn when asked.
    static func app(_ markdown: String = recipe, files: [String: [UInt8]], useColor: Bool = true,
                    height: Int = 30) throws -> EditorController {
        let folder = try PictureInspectorTests.folder(files)
        let app = editor(markdown, width: 80, height: height, useColor: useColor, path: folder + "/tarte.md")
        app.pictures = PictureCache(inBackground: false)
        app.handle(.key(Key(.function(2))))
        return app
    }

    /// The row of the text pane showing the image's text.
    static func imageRow(_ lines: [String]) throws -> Int {
        try #require(lines.firstIndex(of: "⧉Une tarte fine"))
    }

    /// The tallest a picture is drawn in the text of `app`.
    static func boxRows(_ app: EditorController) -> Int { min(12, app.editorFrame.height / 3) }

    @Test func thePictureIsDrawnOnRowsOfItsOwnUnderItsParagraphCentred() throws {
        let app = try Self.app(files: ["tarte.png": PictureInspectorTests.redBlue])
        let lines = app.editorLines
        let image = try Self.imageRow(lines)
        // A 2:1 picture is as tall as the box lets it be.
        let rows = Self.boxRows(app)
        #expect(Array(lines[..<image]) == ["Tarte ▾", "", "Avant la photo.", ""])
        #expect(Array(lines[(image + rows + 1)...].prefix(2)) == ["", "Après la photo."], "the text goes on under the picture")
        let grid = app.screen
        let frame = app.editorFrame
        let textX = frame.x + app.gutterWidth
        let textWidth = frame.width - app.gutterWidth - 1
        for y in frame.y + image + 1 ... frame.y + image + rows {
            let colours = (textX ..< textX + textWidth).map { grid[$0, y].style.background }
            let firstRed = try #require(colours.firstIndex(of: PictureInspectorTests.red), "row \(y) is the picture's")
            let lastBlue = try #require(colours.lastIndex(of: PictureInspectorTests.blue))
            #expect(!colours[lastBlue...].contains(PictureInspectorTests.red) && !colours[..<firstRed].contains(PictureInspectorTests.blue))
            // Centred: as many blank cells on either side, give or take one.
            #expect(abs(firstRed - (textWidth - 1 - lastBlue)) <= 1)
        }
        #expect(!(textX ..< textX + textWidth).contains { grid[$0, frame.y + image].style.background == PictureInspectorTests.red },
                "the image's own line is its text")
    }

    @Test func downFromTheImagesLineGoesUnderThePictureAndUpComesBack() throws {
        let app = try Self.app(files: ["tarte.png": PictureInspectorTests.redBlue])
        let image = try Self.imageRow(app.editorLines)
        app.type([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x48]) // Ctrl-Home
        for _ in 0 ..< 4 { app.type(Keys.down) }
        let frame = app.editorFrame
        #expect(app.render().cursor?.y == frame.y + image)
        app.type(Keys.down)
        #expect(app.render().cursor?.y == frame.y + image + Self.boxRows(app) + 1, "the first row under the picture")
        app.type(Keys.down)
        #expect(app.caretStatusLine.hasPrefix("7:"), "on Après la photo.")
        app.type(Array("\u{1B}[A\u{1B}[A".utf8))
        #expect(app.render().cursor?.y == frame.y + image)
    }

    /// A page is the pane's height in rows, the picture's among them.
    @Test func pageDownCountsThePicturesRows() throws {
        let markdown = "![Une tarte fine](tarte.png)\n\n" + (1 ... 80).map { "Ligne \($0)" }.joined(separator: "\n\n") + "\n"
        let shown = try Self.app(markdown, files: ["tarte.png": PictureInspectorTests.redBlue])
        let hidden = try Self.app(markdown, files: ["tarte.png": PictureInspectorTests.redBlue])
        hidden.type("\u{1B}p")
        // The keys come after the first frame, as in the terminal.
        for app in [shown, hidden] {
            _ = app.screen
            app.type("\u{1B}[6~") // PageDown
        }
        let shownLine = try #require(Int(shown.caretStatusLine.prefix { $0 != ":" }))
        let hiddenLine = try #require(Int(hidden.caretStatusLine.prefix { $0 != ":" }))
        #expect(hiddenLine - shownLine == Self.boxRows(shown))
    }

    @Test func aClickOnThePictureGoesToTheImagesText() throws {
        let app = try Self.app(files: ["tarte.png": PictureInspectorTests.redBlue])
        let image = try Self.imageRow(app.editorLines)
        let frame = app.editorFrame
        app.handle(.mouse(MouseEvent(action: .press, button: 0, x: frame.x + 30, y: frame.y + image + 3)))
        #expect(app.render().cursor?.y == frame.y + image)
        #expect(app.caretStatusLine.hasPrefix("5:1"))
    }

    @Test func aDamagedPictureShowsItsTextAndWhyUnderItsParagraph() throws {
        let cut = Array(PictureInspectorTests.redBlue.prefix(60))
        let app = try Self.app(files: ["tarte.png": cut])
        let lines = app.editorLines
        let image = try Self.imageRow(lines)
        #expect(lines[image + 1] == "⧉ Une tarte fine")
        #expect(lines[image + 2].hasPrefix("the PNG picture is damaged or cut short"))
        #expect(lines.contains("Après la photo."))
    }

    @Test func aMissingPictureSaysSo() throws {
        let app = try Self.app(files: [:])
        let lines = app.editorLines
        let image = try Self.imageRow(lines)
        #expect(Array(lines[(image + 1)...].prefix(4)) == ["⧉ Une tarte fine", "tarte.png is not there", "", "Après la photo."])
    }

    @Test func altPAndNoColourShowTheTextOnly() throws {
        let textOnly = ["Tarte ▾", "", "Avant la photo.", "", "⧉Une tarte fine", "", "Après la photo."]
        let app = try Self.app(files: ["tarte.png": PictureInspectorTests.redBlue])
        #expect(Array(app.editorLines.prefix(7)) != textOnly)
        app.type("\u{1B}p")
        #expect(Array(app.editorLines.prefix(7)) == textOnly)
        app.type("\u{1B}p")
        #expect(Array(app.editorLines.prefix(7)) != textOnly, "Alt-P again shows it")
        let noColour = try Self.app(files: ["tarte.png": PictureInspectorTests.redBlue], useColor: false)
        #expect(Array(noColour.editorLines.prefix(7)) == textOnly)
    }

    /// The rows are the view's: saving after an edit writes the file as it
    /// was with that edit only.
    @Test func savingWritesTheRecipeAsItWasWithTheEditOnly() throws {
        let folder = try PictureInspectorTests.folder(["tarte.png": PictureInspectorTests.redBlue])
        let path = folder + "/tarte.md"
        try Data(Self.recipe.utf8).write(to: URL(fileURLWithPath: path))
        let recovery = BackgroundRecovery(store: RecoveryStore(directory: URL(fileURLWithPath: folder).appendingPathComponent("state")))
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 80, height: 30,
                                   recovery: recovery)
        app.pictures = PictureCache(inBackground: false)
        let image = try Self.imageRow(app.editorLines)
        #expect(app.editorLines[image + 1] != "", "the picture is drawn")
        app.type([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x46]) // Ctrl-End
        app.type("Fin.")
        app.type([0x13]) // Ctrl-S
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(String(decoding: saved, as: UTF8.self) == Self.recipe.replacingOccurrences(of: "Après la photo.\n", with: "Après la photo.Fin.\n"))
    }
}

extension EditorController {
    /// The status line's text.
    var caretStatusLine: String { screen.line(height - bottomRows) }
}
