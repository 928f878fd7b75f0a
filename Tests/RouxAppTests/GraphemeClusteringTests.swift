import Foundation
import Testing

/// The built `roux` on a pseudo-terminal the test plays itself, answering
/// the start-up query for mode 2027 (grapheme clustering) as kitty, WezTerm,
/// foot and Ghostty do, or as a terminal without it: the bytes Roux sends
/// are what such a terminal would draw.
@Suite("Emoji sequences and grapheme clustering (mode 2027)", .serialized)
struct GraphemeClusteringTests {
    static let binary = TmuxEndToEndTests.binary

    /// A pseudo-terminal with roux running on its other side.
    final class PlayedTerminal {
        let master: Int32
        let process = Process()
        private(set) var received: [UInt8] = []

        init(file: String, columns: UInt16 = 100, rows: UInt16 = 12) throws {
            // Linux's /dev/ptmx: unlock the other side, ask its number
            // (posix_openpt and ptsname are not in Swift's Glibc module).
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard master >= 0, ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0,
                  ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0 else {
                throw POSIXError(.ENOTTY)
            }
            var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
            let slave = try #require(FileHandle(forUpdatingAtPath: "/dev/pts/\(number)"))
            process.executableURL = URL(fileURLWithPath: GraphemeClusteringTests.binary)
            process.arguments = [file]
            var environment = ProcessInfo.processInfo.environment
            environment["TERM"] = "xterm-256color"
            environment["NO_COLOR"] = nil
            environment["XDG_STATE_HOME"] = (file as NSString).deletingLastPathComponent + "/state"
            process.environment = environment
            process.standardInput = slave
            process.standardOutput = slave
            process.standardError = slave
            try process.run()
            try slave.close()
        }

        deinit {
            if process.isRunning { process.terminate() }
            close(master)
        }

        func send(_ text: String) {
            var bytes = Array(text.utf8)
            _ = write(master, &bytes, bytes.count)
        }

        /// Reads until `bytes` have come (true) or `timeout` seconds passed.
        func waitFor(_ text: String, timeout: Double = 5) -> Bool {
            let wanted = Array(text.utf8)
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if contains(wanted) { return true }
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 50) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 65536)
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }
                received += buffer[..<count]
            }
            return contains(wanted)
        }

        func contains(_ wanted: [UInt8]) -> Bool {
            guard !wanted.isEmpty, received.count >= wanted.count else { return wanted.isEmpty }
            return (0 ... received.count - wanted.count).contains { received[$0 ..< $0 + wanted.count].elementsEqual(wanted) }
        }

        func waitForExit(timeout: Double = 5) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline {
                _ = waitFor("\u{0}never", timeout: 0.05)
            }
            return !process.isRunning
        }
    }

    static func recipe() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-2027-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("emoji.md").path
        try "# Emoji\n\nLa cheffe 👩🏽‍🍳 aime la France 🇫🇷 et ❤️ les crêpes.\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aTerminalThatClustersGraphemesGetsEachEmojiSequenceWhole() throws {
        let terminal = try PlayedTerminal(file: try Self.recipe())
        #expect(terminal.waitFor("\u{1B}[?2027$p"), "Roux asks at start-up")
        #expect(terminal.waitFor("aime la France"))
        // The mode is reset: Roux sets it and redraws with the sequences whole.
        terminal.send("\u{1B}[?2027;2$y")
        #expect(terminal.waitFor("\u{1B}[?2027h"))
        for sequence in ["👩🏽‍🍳", "🇫🇷", "❤️"] {
            #expect(terminal.waitFor(sequence), "\(sequence) is sent whole")
        }
        terminal.send("\u{11}")
        #expect(terminal.waitFor("\u{1B}[?2027l"), "the mode is reset on quit, as it was")
        #expect(terminal.waitForExit())
    }

    @Test func aTerminalWithoutItGetsWhatFitsTheCells() throws {
        let terminal = try PlayedTerminal(file: try Self.recipe())
        #expect(terminal.waitFor("\u{1B}[?2027$p"))
        terminal.send("\u{1B}[?2027;0$y")
        #expect(terminal.waitFor("aime la France"))
        // Typing after the report still works: the report is not a key.
        terminal.send("\u{1B}[B\u{1B}[B")
        terminal.send("x")
        #expect(terminal.waitFor("xLa cheffe"))
        #expect(terminal.contains(Array("👩".utf8)))
        for sequence in ["👩🏽‍🍳", "🇫🇷", "❤️", "\u{1B}[?2027h"] {
            #expect(!terminal.contains(Array(sequence.utf8)), "\(sequence.debugDescription) is not sent")
        }
        terminal.send("\u{11}n")
        #expect(terminal.waitForExit())
    }
}
