import Foundation
import RouxTestSupport
import Testing

/// Pictures in pixels sent by the ncurses backend after the grid
/// (`NcursesProbe picture …` places one of 4×2 cells at column 10 of row 5,
/// moves it to column 20 on "m", takes it off on "h"): sent once at its
/// cell, not again while it stays, and taken off as its terminal needs.
@Suite("Pictures in pixels from the ncurses backend", .serialized)
struct NcursesPictureTests {
    static func screen(_ terminal: PseudoTerminal) -> TerminalScreen {
        TerminalScreen(width: NcursesTerminalTests.columns, height: NcursesTerminalTests.rows, bytes: terminal.received, sixelSize: (4, 2))
    }

    /// The kitty graphics commands received, with the cell each came at.
    static func kittyCommands(_ terminal: PseudoTerminal) -> [String] {
        screen(terminal).strings.filter { $0.text.hasPrefix("_G") }.map { "\($0.text) at \($0.x),\($0.y)" }
    }

    static func cells(_ screen: TerminalScreen, x: Int) -> String {
        (5 ... 6).map { y in String(screen.line(y).padding(toLength: x + 4, withPad: " ", startingAt: 0).dropFirst(x).prefix(4)) }
            .joined(separator: "|")
    }

    @Test func aKittyPictureIsSentOnceAtItsCellAndDeletedByIdWhenItMovesOrGoes() throws {
        let terminal = try NcursesTerminalTests.start(["picture", "kitty"])
        let placed = "_Ga=T,i=7;<PICTURE> at 10,5"
        #expect(terminal.waitUntil { Self.kittyCommands($0) == [placed] }, "\(Self.kittyCommands(terminal))")
        // The cursor is put back where ncurses left it.
        #expect(terminal.waitUntil { Self.screen($0).x == 0 && Self.screen($0).y == 3 })
        // A frame where it stays sends nothing for it.
        terminal.send("x")
        #expect(terminal.waitUntil { Self.screen($0).line(1) == "read: 78" })
        terminal.send("m")
        let moved = [placed, "_Ga=d,d=I,i=7 at 0,3", "_Ga=T,i=7;<PICTURE> at 20,5"]
        #expect(terminal.waitUntil { Self.kittyCommands($0) == moved }, "\(Self.kittyCommands(terminal))")
        terminal.send("h")
        #expect(terminal.waitUntil { Self.kittyCommands($0) == moved + ["_Ga=d,d=I,i=7 at 0,3"] }, "\(Self.kittyCommands(terminal))")
        terminal.send("q")
        #expect(terminal.waitForExit())
    }

    /// A sixel is in the cells: where it was, ncurses draws the cells again.
    @Test func aSixelThatMovesOrGoesHasItsCellsDrawnAgain() throws {
        let terminal = try NcursesTerminalTests.start(["picture", "cells"])
        #expect(terminal.waitUntil { Self.cells(Self.screen($0), x: 10) == "▓▓▓▓|▓▓▓▓" }, "\(Self.cells(Self.screen(terminal), x: 10))")
        #expect(Self.screen(terminal).strings.map(\.text) == ["Pq<PICTURE>"])
        terminal.send("m")
        #expect(terminal.waitUntil { Self.cells(Self.screen($0), x: 20) == "▓▓▓▓|▓▓▓▓" })
        #expect(terminal.waitUntil { Self.cells(Self.screen($0), x: 10) == "    |    " }, "\(Self.cells(Self.screen(terminal), x: 10))")
        terminal.send("h")
        #expect(terminal.waitUntil { Self.cells(Self.screen($0), x: 20) == "    |    " }, "\(Self.cells(Self.screen(terminal), x: 20))")
        #expect(Self.screen(terminal).strings.count == 2)
        #expect(Self.screen(terminal).line(0) == "plain bold under", "the rest of the screen as it was")
        terminal.send("q")
        #expect(terminal.waitForExit())
    }
}
