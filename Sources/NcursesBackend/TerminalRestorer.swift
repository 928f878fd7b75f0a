import CNcursesw
import Foundation
public import Synchronization

/// Puts the terminal back whatever happens: on quit, on a Swift runtime error
/// (SIGILL/SIGTRAP), on a crash (SIGSEGV/SIGBUS/SIGABRT) and on SIGTERM/SIGHUP,
/// after the app has had its chance to write the recovery file.
public enum TerminalRestorer {
    nonisolated(unsafe) private static var original = termios()
    private static let restored = Atomic<Bool>(false)
    /// Set by SIGTERM/SIGHUP; the app's loop sees it, saves recovery, quits.
    public static let terminationRequested = Atomic<Int32>(0)
    /// Roux set mode 2027 (grapheme clustering), which was reset: reset it again.
    static let resetsGraphemeClustering = Atomic<Bool>(false)

    /// Written after `endwin` on a terminal without an alternate screen;
    /// fixed before any signal can come, so restoring only reads it.
    nonisolated(unsafe) private static var clearSequence: [UInt8] = []

    /// Clears the screen on restore (terminfo padding `$<…>` left out).
    static func clearOnRestore(_ terminfoClear: String) {
        var sequence = terminfoClear
        while let start = sequence.range(of: "$<"), let end = sequence[start.upperBound...].firstIndex(of: ">") {
            sequence.removeSubrange(start.lowerBound ... end)
        }
        clearSequence = Array(sequence.utf8)
    }

    static func saveTerminalState() {
        tcgetattr(STDIN_FILENO, &original)
    }

    /// Restores modes with async-signal-safe calls only (write, tcsetattr).
    public static func restore() {
        guard !restored.exchange(true, ordering: .sequentiallyConsistent) else { return }
        endwin()
        if !clearSequence.isEmpty {
            clearSequence.withUnsafeBufferPointer { buffer in _ = Glibc.write(STDOUT_FILENO, buffer.baseAddress, buffer.count) }
        }
        writeReset()
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
    }

    private static func writeReset() {
        // Bidi back to implicit, mouse and bracketed paste off, cursor shown.
        let reset = "\u{1B}[0 k\u{1B}[8h\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?25h\u{1B}[0m"
        reset.utf8CString.withUnsafeBufferPointer { buffer in
            _ = Glibc.write(STDOUT_FILENO, buffer.baseAddress, buffer.count - 1)
        }
        writeGraphemeClusteringReset()
    }

    private static func writeGraphemeClusteringReset() {
        guard resetsGraphemeClustering.load(ordering: .sequentiallyConsistent) else { return }
        "\u{1B}[?2027l".utf8CString.withUnsafeBufferPointer { buffer in
            _ = Glibc.write(STDOUT_FILENO, buffer.baseAddress, buffer.count - 1)
        }
    }

    static func install() {
        for fatal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            signal(fatal) { number in
                tcsetattr(STDIN_FILENO, TCSANOW, &TerminalRestorer.original)
                let reset = "\u{1B}[?1049l\u{1B}[0 k\u{1B}[8h\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?25h\u{1B}[0m\r\n"
                reset.utf8CString.withUnsafeBufferPointer { buffer in
                    _ = Glibc.write(STDOUT_FILENO, buffer.baseAddress, buffer.count - 1)
                }
                TerminalRestorer.writeGraphemeClusteringReset()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
        for polite in [SIGTERM, SIGHUP] {
            signal(polite) { number in TerminalRestorer.terminationRequested.store(number, ordering: .sequentiallyConsistent) }
        }
    }
}
