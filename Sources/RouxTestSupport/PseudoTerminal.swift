public import Foundation

/// A pseudo-terminal with a program running on its other side, played by a
/// test: it sends keys as a terminal would and keeps every byte the program
/// wrote, to be searched or drawn on a `TerminalScreen`.
public final class PseudoTerminal {
    public let master: Int32
    /// The program's side, kept open so the test can read its modes
    /// (`termios`) after the program is gone.
    public let slave: FileHandle
    public let process = Process()
    public private(set) var received: [UInt8] = []

    /// Starts `executable` on a new terminal of `columns` × `rows`, with
    /// TERM=xterm-256color and the test's environment changed by `environment`
    /// (a nil value removes the variable).
    public init(executable: String, arguments: [String] = [], environment: [String: String?] = [:],
                columns: UInt16 = 100, rows: UInt16 = 12) throws {
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
        guard let slave = FileHandle(forUpdatingAtPath: "/dev/pts/\(number)") else {
            close(master)
            throw POSIXError(.ENOENT)
        }
        self.slave = slave
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["TERM"] = "xterm-256color"
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        process.standardInput = slave
        process.standardOutput = slave
        process.standardError = slave
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? slave.close()
        close(master)
    }

    /// The terminal's modes as the program left them (or set them).
    public var modes: termios {
        var modes = termios()
        tcgetattr(slave.fileDescriptor, &modes)
        return modes
    }

    public func send(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(master, &bytes, bytes.count)
    }

    /// Reads until `text`'s bytes have come (true) or `timeout` seconds passed.
    public func waitFor(_ text: String, timeout: Double = 5) -> Bool {
        let wanted = Array(text.utf8)
        return waitUntil(timeout: timeout) { $0.contains(wanted) }
    }

    /// Reads until `done` holds for what has come (true) or `timeout` seconds passed.
    public func waitUntil(timeout: Double = 5, _ done: (PseudoTerminal) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if done(self) { return true }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        return done(self)
    }

    public func contains(_ wanted: [UInt8]) -> Bool {
        guard !wanted.isEmpty, received.count >= wanted.count else { return wanted.isEmpty }
        return (0 ... received.count - wanted.count).contains { received[$0 ..< $0 + wanted.count].elementsEqual(wanted) }
    }

    /// Waits for the program to end, reading what it writes meanwhile.
    public func waitForExit(timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline {
            _ = waitUntil(timeout: 0.05) { _ in false }
        }
        return !process.isRunning
    }
}
