import Foundation
import RichText
import RouxApp
import RouxTestSupport
import TerminalUI
import Testing

/// The recipe's picture atop the inspector: drawn in block symbols from the
/// file beside the recipe, its `image` metadata or its first Markdown image;
/// its alternative text, with the reason, when it cannot be drawn.
@Suite struct PictureInspectorTests {
    static let recipe = """
    ---
    ingredients:
      - beurre
    ---
    # Tarte

    Du ^[beurre](ingredient: "beurre").

    """

    /// A folder of its own with `files` in it.
    static func folder(_ files: [String: [UInt8]]) throws -> String {
        let folder = NSTemporaryDirectory() + "roux-pictures-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, bytes) in files {
            let path = folder + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        return folder
    }

    /// Left half red, right half blue.
    static let redBlue = TestPicture.png(width: 64, height: 32) { x, _ in x < 32 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
    static let red = TerminalColor.rgb(red: 255, green: 0, blue: 0)
    static let blue = TerminalColor.rgb(red: 0, green: 0, blue: 255)

    static func app(_ markdown: String = recipe, files: [String: [UInt8]], useColor: Bool = true) throws -> EditorController {
        let folder = try folder(files)
        let app = editor(markdown, width: 100, height: 30, useColor: useColor, path: folder + "/tarte.md")
        app.pictures = PictureCache(inBackground: false)
        return app
    }

    /// The inspector's rows as text, from its top, without its left border.
    static func inspectorLines(_ app: EditorController, _ grid: CellGrid) -> [String] {
        let frame = app.inspectorFrame
        return (frame.y ..< frame.y + frame.height).map { String(grid.line($0).dropFirst(frame.x + 2)) }
    }

    /// The backgrounds drawn in the inspector's rows above its title.
    static func pictureBackgrounds(_ app: EditorController, _ grid: CellGrid) -> [[TerminalColor]] {
        let frame = app.inspectorFrame
        let title = inspectorLines(app, grid).firstIndex { $0.hasPrefix("Ingredients") } ?? 0
        return (frame.y ..< frame.y + title).map { y in (frame.x + 1 ..< frame.x + frame.width).map { grid[$0, y].style.background } }
    }

    @Test func thePictureBesideTheRecipeIsDrawnAboveTheIngredients() throws {
        let app = try Self.app(files: ["tarte.png": Self.redBlue])
        let grid = app.screen
        let rows = Self.pictureBackgrounds(app, grid).filter { $0.contains(Self.red) }
        #expect(rows.count >= 4)
        for row in rows {
            // Red on the left, blue on the right, in that order.
            let firstRed = try #require(row.firstIndex(of: Self.red))
            let lastBlue = try #require(row.lastIndex(of: Self.blue))
            #expect(firstRed < lastBlue && !row[lastBlue...].contains(Self.red))
        }
        #expect(Self.inspectorLines(app, grid).contains { $0.hasPrefix("[ ] beurre") })
    }

    @Test func aMarkdownImageIsTheRecipesPictureWhenNoFileIsBesideIt() throws {
        let app = try Self.app(Self.recipe + "![Une tarte fine](photos/tarte%20fine.png \"La tarte\")\n", files: ["photos/tarte fine.png": Self.redBlue])
        #expect(Self.pictureBackgrounds(app, app.screen).contains { $0.contains(Self.red) })
    }

    @Test func aDamagedPictureShowsItsAlternativeTextAndWhy() throws {
        let cut = Array(Self.redBlue.prefix(60))
        let app = try Self.app(Self.recipe + "![Une tarte fine](tarte-fine.png)\n", files: ["tarte-fine.png": cut])
        let lines = Self.inspectorLines(app, app.screen)
        #expect(lines[0].hasPrefix("⧉ Une tarte fine"))
        let title = try #require(lines.firstIndex { $0.hasPrefix("Ingredients") })
        let reason = lines[1 ..< title].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(reason.hasPrefix("the PNG picture is damaged or cut short"))
    }

    @Test func aMissingPictureSaysSo() throws {
        let app = try Self.app(Self.recipe + "![Une tarte fine](absente.png)\n", files: [:])
        let lines = Self.inspectorLines(app, app.screen)
        #expect(lines[0].hasPrefix("⧉ Une tarte fine") && lines[1].hasPrefix("absente.png is not there"))
    }

    @Test func anAddressOnTheWebIsNotFetched() throws {
        let markdown = "---\nimage: https://example.com/tarte.jpg\ningredients:\n  - beurre\n---\n# Tarte\n"
        let app = try Self.app(markdown, files: [:])
        let lines = Self.inspectorLines(app, app.screen)
        #expect(lines[0].hasPrefix("⧉ Tarte"))
        #expect((lines[1] + " " + lines[2]).hasPrefix("pictures on the web are not fetched"))
    }

    @Test func withoutColoursTheAlternativeTextIsShown() throws {
        let app = try Self.app(files: ["tarte.png": Self.redBlue], useColor: false)
        let grid = app.screen
        #expect(Self.inspectorLines(app, grid)[0].hasPrefix("⧉ Tarte"))
        #expect(!Self.pictureBackgrounds(app, grid).joined().contains { $0 != .default })
    }

    @Test func altPHidesThePictureAndShowsItAgain() throws {
        let app = try Self.app(files: ["tarte.png": Self.redBlue])
        app.type(Array("\u{1B}p".utf8))
        #expect(Self.inspectorLines(app, app.screen)[0].hasPrefix("⧉ Tarte"))
        #expect(app.message == "pictures hidden: their text is shown (Alt-P shows them)")
        app.type(Array("\u{1B}p".utf8))
        #expect(Self.pictureBackgrounds(app, app.screen).contains { $0.contains(Self.red) })
    }

    /// Drawn in the background: the first frame shows the alternative text
    /// at once, and the run loop is told when the drawing has arrived.
    @Test func inTheBackgroundTheTextComesFirstAndThePictureWhenDrawn() throws {
        let folder = try Self.folder(["tarte.png": Self.redBlue])
        let app = editor(Self.recipe, width: 100, height: 30, path: folder + "/tarte.md")
        let cache = PictureCache(inBackground: true)
        app.pictures = cache
        #expect(Self.inspectorLines(app, app.screen)[0].hasPrefix("⧉ Tarte"))
        let deadline = Date().addingTimeInterval(30)
        var arrived = false
        while !arrived, Date() < deadline {
            arrived = cache.takeArrivals()
            if !arrived { usleep(5_000) }
        }
        try #require(arrived)
        #expect(Self.pictureBackgrounds(app, app.screen).contains { $0.contains(Self.red) })
    }
}
