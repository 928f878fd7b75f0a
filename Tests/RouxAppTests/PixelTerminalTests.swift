import Foundation
import RouxTestSupport
import Testing

/// The built `roux` on a pseudo-terminal the test plays: a terminal that
/// answers kitty's graphics query, one whose device attributes list sixels,
/// one with neither, and one inside tmux. The recipe's picture is drawn in
/// the pixels each has, after the first screen, which never waits for the
/// answers; with neither, and in tmux, in block symbols as before.
@Suite("Pictures in the terminal's pixels", .serialized)
struct PixelTerminalTests {
    static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"

    /// roux on a recipe with a picture beside it (left red, right blue), on
    /// a terminal of 100×30 whose environment `extra` changes.
    static func played(_ extra: [String: String?] = [:]) throws -> PseudoTerminal {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-pixels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let recipe = "---\ningredients:\n  - beurre\n---\n# Tarte\n\nDu ^[beurre](ingredient: \"beurre\").\n"
        try recipe.write(to: folder.appendingPathComponent("tarte.md"), atomically: true, encoding: .utf8)
        let picture = TestPicture.png(width: 64, height: 32) { x, _ in x < 32 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
        try Data(picture).write(to: folder.appendingPathComponent("tarte.png"))
        var environment: [String: String?] = ["NO_COLOR": nil, "XDG_STATE_HOME": folder.path + "/state"]
        for name in ["TMUX", "STY", "TERM_PROGRAM", "LC_TERMINAL"] { environment[name] = .some(nil) }
        environment.merge(extra) { $1 }
        return try PseudoTerminal(executable: GraphemeClusteringTests.binary, arguments: [folder.appendingPathComponent("tarte.md").path],
                                  environment: environment, columns: 100, rows: 30)
    }

    static func text(_ terminal: PseudoTerminal) -> String {
        String(decoding: terminal.received, as: UTF8.self)
    }

    /// The cell (row, column, from 1) the cursor was sent to just before `sequence`'s first time.
    static func cell(before sequence: String, in text: String) -> (row: Int, column: Int)? {
        guard let start = text.range(of: sequence)?.lowerBound else { return nil }
        let before = text[..<start]
        guard before.hasSuffix("H"), let csi = before.range(of: "\u{1B}[", options: .backwards) else { return nil }
        let numbers = before[csi.upperBound ..< before.index(before: before.endIndex)].split(separator: ";").compactMap { Int($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }

    static func occurrences(of sequence: String, in text: String) -> Int {
        text.components(separatedBy: sequence).count - 1
    }

    static func quit(_ terminal: PseudoTerminal) -> Bool {
        terminal.send("\u{11}")
        return terminal.waitForExit()
    }

    @Test func aTerminalThatAnswersTheKittyQueryGetsThePictureAsKittyGraphics() throws {
        let terminal = try Self.played()
        #expect(terminal.waitFor(Self.query), "Roux asks at start")
        // The first screen does not wait for the answer: the picture in symbols meanwhile.
        #expect(terminal.waitFor("Ingredients"))
        #expect(!Self.text(terminal).contains("\u{1B}_Gi=100,"))
        terminal.send("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c")
        let transmission = "\u{1B}_Gi=100,q=2,a=T,f=32,"
        #expect(terminal.waitFor(transmission), "the picture, with the id it is erased by")
        // At the top of the inspector, on the right of the screen, after the text.
        let cell = try #require(Self.cell(before: transmission, in: Self.text(terminal)))
        #expect(cell.row == 2 && cell.column > 50, "\(cell)")
        // Alt-P hides it: deleted by its id; shown again: sent again, once.
        terminal.send("\u{1B}p")
        let erasure = "\u{1B}_Ga=d,d=I,i=100,q=2\u{1B}\\"
        #expect(terminal.waitFor(erasure))
        #expect(terminal.waitFor("pictures hidden"))
        terminal.send("\u{1B}p")
        #expect(terminal.waitUntil { Self.occurrences(of: transmission, in: Self.text($0)) == 2 })
        // Keys that do not move it send it no more.
        terminal.send("\u{1B}[B\u{1B}[B\u{1B}[C")
        terminal.send("\u{1B}p")
        #expect(terminal.waitUntil { Self.occurrences(of: erasure, in: Self.text($0)) == 2 }, "hidden again after the keys' frames")
        #expect(Self.occurrences(of: transmission, in: Self.text(terminal)) == 2)
        #expect(!Self.text(terminal).contains("\u{1B}P"), "no sixels")
        #expect(Self.quit(terminal))
    }

    @Test func aTerminalWithSixelsInItsDeviceAttributesGetsSixels() throws {
        let terminal = try Self.played()
        #expect(terminal.waitFor(Self.query))
        #expect(terminal.waitFor("Ingredients"))
        terminal.send("\u{1B}[?62;4;22c")
        let sixels = "\u{1B}P0;1;0q\""
        #expect(terminal.waitFor(sixels))
        let cell = try #require(Self.cell(before: sixels, in: Self.text(terminal)))
        #expect(cell.row == 2 && cell.column > 50, "\(cell)")
        #expect(!Self.text(terminal).contains("\u{1B}_Ga=T") && !Self.text(terminal).contains("\u{1B}_Gi=1"), "no kitty graphics")
        #expect(Self.quit(terminal))
    }

    /// Neither answer: the picture stays in block symbols (its red and blue
    /// cells), and no pixels are sent.
    @Test func aTerminalWithNeitherGetsBlockSymbols() throws {
        let terminal = try Self.played()
        #expect(terminal.waitFor(Self.query))
        #expect(terminal.waitFor("Ingredients"))
        #expect(terminal.waitFor(Self.redCell), "the symbols drawn")
        terminal.send("\u{1B}[?62;22c")
        terminal.send("\u{1B}p")
        #expect(terminal.waitFor("pictures hidden"))
        terminal.send("\u{1B}p")
        #expect(terminal.waitUntil { Self.occurrences(of: Self.redCell, in: Self.text($0)) >= 2 }, "drawn again in symbols after Alt-P")
        let text = Self.text(terminal)
        #expect(!text.contains("\u{1B}P") && !text.contains("\u{1B}_Ga=T") && !text.contains("\u{1B}_Gi=1"))
        #expect(Self.quit(terminal))
    }

    /// What ncurses sends for the picture's red cells on xterm-256color.
    static let redCell = "\u{1B}[48;5;196m"

    /// Inside tmux (or screen) nothing is asked, and answers, had tmux
    /// passed them on, change nothing: tmux draws no pixels.
    @Test func insideTmuxBlockSymbolsAndNoQuery() throws {
        let terminal = try Self.played(["TMUX": "/tmp/tmux-0/default,1,0"])
        #expect(terminal.waitFor(Self.redCell), "the symbols drawn")
        terminal.send("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4;22c")
        terminal.send("\u{1B}p")
        #expect(terminal.waitFor("pictures hidden"))
        terminal.send("\u{1B}p")
        #expect(terminal.waitUntil { Self.occurrences(of: Self.redCell, in: Self.text($0)) >= 2 }, "drawn again in symbols after Alt-P")
        let text = Self.text(terminal)
        #expect(!text.contains("\u{1B}_G") && !text.contains("\u{1B}P") && !text.contains("\u{1B}[c"))
        #expect(Self.quit(terminal))
    }
}
