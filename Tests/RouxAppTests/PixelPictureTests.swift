import Foundation
import RouxApp
import RouxTestSupport
import TerminalPictures
import TerminalUI
import Testing

/// The recipe's picture in the terminal's pixels, in the editor: the frame
/// places it over blank cells of the inspector, the run loop asks the
/// terminal which pixels it draws and hands the frame's placements to it.
@Suite struct PixelPictureTests {
    static func app(kind: PixelProtocol?) throws -> EditorController {
        let app = try PictureInspectorTests.app(files: ["tarte.png": PictureInspectorTests.redBlue])
        app.pictures.drawWithPixels(kind)
        return app
    }

    /// The placement's cells, all of them.
    static func cells(of placement: PicturePlacement, in grid: CellGrid) -> [Cell] {
        placement.rowRange.flatMap { y in (placement.x ..< placement.x + placement.columns).map { grid[$0, y] } }
    }

    @Test(arguments: [PixelProtocol.kitty, .sixels, .iterm2])
    func thePictureIsPlacedOverBlankCellsAtopTheInspector(kind: PixelProtocol) throws {
        let app = try Self.app(kind: kind)
        let grid = app.screen
        let placement = try #require(app.picturePlacements.first)
        #expect(app.picturePlacements.count == 1)
        let frame = app.inspectorFrame
        #expect(placement.y == frame.y && placement.x > frame.x && placement.x + placement.columns < frame.x + frame.width)
        #expect(placement.rows >= 4 && placement.columns >= 8)
        #expect(Self.cells(of: placement, in: grid).allSatisfy { $0 == Cell(" ") }, "the cells under it are blank")
        #expect(PictureInspectorTests.pictureBackgrounds(app, grid).joined().allSatisfy { $0 == .default }, "no symbols under the pixels")
        let start = switch kind {
        case .kitty: "\u{1B}_Gi="
        case .sixels: "\u{1B}P"
        case .iterm2: "\u{1B}]1337;File=inline=1;"
        }
        #expect(placement.bytes.starts(with: Array(start.utf8)))
        #expect(placement.erasure.isEmpty == (kind != .kitty), "kitty's picture is deleted by id, the others by their cells")
        // The ingredients under it, as with symbols.
        let lines = PictureInspectorTests.inspectorLines(app, grid)
        #expect(lines.firstIndex { $0.hasPrefix("Ingredients") } == placement.rows + 1)
    }

    @Test func withoutPixelsThePictureIsInSymbolsAndNothingIsPlaced() throws {
        let app = try Self.app(kind: nil)
        #expect(PictureInspectorTests.pictureBackgrounds(app, app.screen).contains { $0.contains(PictureInspectorTests.red) })
        #expect(app.picturePlacements.isEmpty)
    }

    @Test func altPTakesThePictureOff() throws {
        let app = try Self.app(kind: .kitty)
        _ = app.screen
        #expect(app.picturePlacements.count == 1)
        app.type(Array("\u{1B}p".utf8))
        _ = app.screen
        #expect(app.picturePlacements.isEmpty)
    }

    /// The help drawn over the picture's cells: the picture is left out of the
    /// frame (pixels would cover it), and comes back when it closes.
    @Test func theHelpOverThePictureLeavesItOut() throws {
        let app = try Self.app(kind: .sixels)
        let first = app.screen
        let placement = try #require(app.picturePlacements.first)
        app.type("\u{1B}OP")  // F1, the help, over the whole screen
        let covered = app.screen
        let drawnOver = Self.cells(of: placement, in: covered) != Self.cells(of: placement, in: first)
        try #require(drawnOver, "the help covers the picture")
        #expect(app.picturePlacements.isEmpty)
        app.type([0x1B])
        _ = app.screen
        #expect(app.picturePlacements == [placement])
    }

    /// The run loop asks, reads the answers with the keys, and hands the
    /// frame's pictures to the terminal; the first frame does not wait.
    @Test func theRunLoopAsksTheTerminalAndDrawsWithWhatItAnswers() throws {
        let app = try PictureInspectorTests.app(files: ["tarte.png": PictureInspectorTests.redBlue])
        app.detectPixelProtocol(environment: ["TERM": "xterm-256color"])
        let terminal = MemoryTerminal(width: app.width, height: app.height)
        terminal.queue(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c".utf8))
        terminal.queue([0x11])
        EditorRunLoop(controller: app, terminal: terminal).run()
        #expect(terminal.controlSequences.first == PixelProtocol.query)
        #expect(terminal.presented.count >= 2, "a first frame before the answer")
        let placement = try #require(terminal.pictures.first)
        #expect(placement.bytes.starts(with: Array("\u{1B}_Gi=".utf8)))
        #expect(!app.editorLines.joined().contains("Gi=31"), "the answer is not typed into the text")
    }

    @Test func insideTmuxNothingIsAskedAndAnswersChangeNothing() throws {
        let app = try PictureInspectorTests.app(files: ["tarte.png": PictureInspectorTests.redBlue])
        app.detectPixelProtocol(environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"])
        let terminal = MemoryTerminal(width: app.width, height: app.height)
        terminal.queue(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4c".utf8))
        terminal.queue([0x11])
        EditorRunLoop(controller: app, terminal: terminal).run()
        #expect(!terminal.controlSequences.contains(PixelProtocol.query))
        #expect(terminal.pictures.isEmpty)
        #expect(PictureInspectorTests.pictureBackgrounds(app, app.screen).contains { $0.contains(PictureInspectorTests.red) })
    }
}
