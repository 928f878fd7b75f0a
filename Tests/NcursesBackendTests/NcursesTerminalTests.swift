import Foundation
import RouxTestSupport
import Testing

/// The real terminal backend (`NcursesTerminal`) on a pseudo-terminal the
/// test plays: `NcursesProbe` (built by `make test`) draws a known frame,
/// shows the bytes it reads, and puts the terminal back when it quits or
/// crashes. The bytes it sends are drawn on a `TerminalScreen`.
@Suite("The ncurses backend on a pseudo-terminal", .serialized)
struct NcursesTerminalTests {
    static let probe = repositoryRoot.appendingPathComponent(".build/debug/NcursesProbe").path
    static let columns = 60
    static let rows = 8

    /// What tells the backend that the terminal draws curly underlines besides terminfo.
    static let curlyHints = ["TMUX", "VTE_VERSION", "KITTY_WINDOW_ID", "WEZTERM_PANE", "GHOSTTY_RESOURCES_DIR", "TERM_PROGRAM"]

    static func start(_ arguments: [String] = [], environment extra: [String: String?] = [:]) throws -> PseudoTerminal {
        guard FileManager.default.isExecutableFile(atPath: probe) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(probe): build it first (make test does)"])
        }
        // No crash report on the terminal: Swift's backtracer would wait for keys there.
        var environment: [String: String?] = ["NO_COLOR": nil, "LC_ALL": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no"]
        for name in curlyHints { environment[name] = .some(nil) }
        environment.merge(extra) { $1 }
        return try PseudoTerminal(executable: probe, arguments: arguments,
                                  environment: environment,
                                  columns: UInt16(columns), rows: UInt16(rows))
    }

    static func screen(_ terminal: PseudoTerminal) -> TerminalScreen {
        TerminalScreen(width: columns, height: rows, bytes: terminal.received)
    }

    /// The modes a terminal has before a program changes them.
    static func isCooked(_ modes: termios) -> Bool {
        modes.c_lflag & tcflag_t(ICANON) != 0 && modes.c_lflag & tcflag_t(ECHO) != 0 && modes.c_lflag & tcflag_t(ISIG) != 0
    }

    @Test func aGridIsDrawnWithItsTextAndStyles() throws {
        let terminal = try Self.start()
        #expect(terminal.waitUntil { Self.screen($0).line(2) == "reverse red" }, "\(Self.screen(terminal).line(2))")
        let screen = Self.screen(terminal)
        #expect(screen.line(0) == "plain bold under")
        #expect(screen.line(1) == "read:")
        #expect(screen.pens(of: "plain", row: 0) == Array(repeating: TerminalScreen.Pen(), count: 5))
        #expect(screen.pens(of: "bold", row: 0) == Array(repeating: TerminalScreen.Pen(bold: true), count: 4))
        #expect(screen.pens(of: "under", row: 0) == Array(repeating: TerminalScreen.Pen(underline: true), count: 5))
        #expect(screen.pens(of: "reverse", row: 2) == Array(repeating: TerminalScreen.Pen(reverse: true), count: 7))
        #expect(screen.pens(of: "red", row: 2) == Array(repeating: TerminalScreen.Pen(foreground: 1), count: 3))
        // Mouse with drag, SGR mouse reports and bracketed paste are on while it runs.
        #expect(screen.modes[1002] == true && screen.modes[1006] == true && screen.modes[2004] == true)
        #expect(!Self.isCooked(terminal.modes), "raw mode: keys reach the program one by one, Ctrl-C included")
        terminal.send("q")
        #expect(terminal.waitForExit())
    }

    /// A misspelt word's curly underline: SGR 4:3 (and a red underline
    /// colour) where the terminal draws it, after ncurses' plain underline;
    /// a plain underline on a terminal not known to, and nothing it could
    /// misread.
    @Test(arguments: [true, false]) func aCurlyUnderlineWhereTheTerminalDrawsOne(knowsCurly: Bool) throws {
        let terminal = try Self.start(environment: knowsCurly ? ["VTE_VERSION": "7200"] : [:])
        #expect(terminal.waitUntil { Self.screen($0).line(4) == "wavy flat" }, "\(Self.screen(terminal).line(4))")
        if knowsCurly {
            #expect(terminal.waitUntil { Self.screen($0).pens(of: "wavy", row: 4)?.first?.curly == true })
        }
        let screen = Self.screen(terminal)
        #expect(screen.pens(of: "wavy", row: 4) == Array(repeating: TerminalScreen.Pen(underline: true, curly: knowsCurly), count: 4))
        #expect(screen.pens(of: "flat", row: 4) == Array(repeating: TerminalScreen.Pen(), count: 4))
        let sent = String(decoding: terminal.received, as: UTF8.self)
        #expect(sent.contains("\u{1B}[4:3m") == knowsCurly)
        #expect(sent.contains("\u{1B}[58:5:1m") == knowsCurly)
        terminal.send("q")
        #expect(terminal.waitForExit())
    }

    @Test func theBytesTypedAreReadAsTheyCame() throws {
        let terminal = try Self.start()
        #expect(terminal.waitFor("red"))
        // é, an arrow key's sequence, Ctrl-C (a byte, not a signal) and Ctrl-S.
        terminal.send("é\u{1B}[A\u{03}\u{13}")
        let expected = "read: c3 a9 1b 5b 41 3 13"
        #expect(terminal.waitUntil { Self.screen($0).line(1) == expected }, "\(Self.screen(terminal).line(1))")
        // Redrawn in place: the rows that did not change are still there.
        #expect(Self.screen(terminal).line(0) == "plain bold under")
        terminal.send("q")
        #expect(terminal.waitForExit())
        #expect(terminal.process.terminationReason == .exit && terminal.process.terminationStatus == 0)
    }

    @Test func quittingPutsTheTerminalBack() throws {
        let terminal = try Self.start()
        let before = terminal.modes
        #expect(Self.isCooked(before))
        #expect(terminal.waitFor("red"))
        terminal.send("q")
        #expect(terminal.waitForExit())
        #expect(terminal.waitFor("closed"), "the program writes as on any terminal after closing")
        let after = terminal.modes
        #expect(Self.isCooked(after))
        #expect(after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag && after.c_lflag == before.c_lflag)
        let screen = Self.screen(terminal)
        for mode in [1002, 1006, 2004, 1049] {
            #expect(screen.modes[mode] == false, "mode \(mode) is reset")
        }
        #expect(screen.modes[25] == true, "the cursor is shown")
    }

    @Test func aCrashPutsTheTerminalBack() throws {
        let terminal = try Self.start(["crash"])
        let before = terminal.modes
        #expect(terminal.waitFor("red"))
        #expect(!Self.isCooked(terminal.modes))
        terminal.send("q")
        #expect(terminal.waitForExit())
        #expect(terminal.process.terminationReason == .uncaughtSignal, "status \(terminal.process.terminationStatus)")
        #expect(!terminal.contains(Array("closed".utf8)))
        let after = terminal.modes
        #expect(after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag && after.c_lflag == before.c_lflag)
        let screen = Self.screen(terminal)
        for mode in [1002, 1006, 2004, 1049] {
            #expect(screen.modes[mode] == false, "mode \(mode) is reset")
        }
        #expect(screen.modes[25] == true, "the cursor is shown")
    }
}
