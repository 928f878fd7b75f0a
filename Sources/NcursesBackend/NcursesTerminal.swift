import CNcursesw
import Foundation
import RichText
public import TerminalUI
import TextLayout

/// The real terminal, through ncursesw for drawing (it sends only what
/// changed) and raw reads of standard input for keys, which `InputDecoder`
/// turns into events.
public final class NcursesTerminal: TerminalBackend {
    public private(set) var width: Int = 80
    public private(set) var height: Int = 24
    private let usesColor: Bool
    /// Whether colour numbers 8–15 are the bright palette colours on a
    /// direct-colour terminal (see `TerminalColor.cursesIndex`).
    private var brightColoursIndexed = false
    /// ncurses attributes and colour pair per packed cell style: worked out,
    /// and the pair allocated, once per style.
    private var looks: [UInt64: (attr_t, Int32, Bool)] = [:]
    private var lastLook: (key: UInt64, look: (attr_t, Int32, Bool))?
    /// What is on screen: only cells that differ from it are given to ncurses.
    private var shown: CellGrid?
    /// The terminal draws an emoji sequence whole (it clusters graphemes, mode 2027).
    private var drawsWholeClusters = false
    /// Emoji sequences to send after ncurses has drawn the frame: ncurses
    /// takes a cell of at most five scalars, one of them spacing.
    private var wholeClusters: [(x: Int, y: Int, text: String, attributes: attr_t, pair: Int32)] = []
    /// What starts a curly underline on this terminal (empty: it draws none
    /// we know of, and misspelt words keep ncurses' plain underline).
    private var curlyUnderline: [UInt8] = []
    /// Cells with a curly underline to draw again after ncurses has drawn
    /// the frame (with its plain underline): ncurses has no attribute for it.
    private var curlyCells: [(x: Int, y: Int, text: String, attributes: attr_t, pair: Int32)] = []
    /// The pictures in pixels on screen (`showPictures`).
    var picturesShown: [PicturePlacement] = []
    /// The whole screen was drawn again (a resize): the pictures with it.
    var picturesLost = false

    /// Sets up the terminal: locale, raw mode (Ctrl-C/S/Q/Z reach the app),
    /// the user's own colours, bidi handled by Roux (explicit mode for VTE and
    /// mintty), SGR mouse with drag, bracketed paste.
    public init() {
        setlocale(LC_ALL, "")
        TerminalRestorer.saveTerminalState()
        // Without an alternate screen (TERM=linux, vt100) the editor would stay
        // on screen after quitting: the screen is cleared instead.
        let terminfo = Self.terminfo
        if terminfo.usable == 1, !terminfo.alternateScreen {
            TerminalRestorer.clearOnRestore(terminfo.clear.isEmpty ? "\u{1B}[H\u{1B}[2J" : terminfo.clear)
        }
        let colourEntry = Self.directColourEntry()
        brightColoursIndexed = colourEntry.brightIndexed
        if roux_start_curses(colourEntry.name) == 0 {
            brightColoursIndexed = false
            initscr()
        }
        raw()
        noecho()
        nonl()
        keypad(roux_stdscr(), false)
        roux_set_escdelay(25)
        curs_set(1)
        // No typeahead checks: ncurses would poll the keyboard twice a frame
        // and leave a frame half drawn when a key is waiting.
        typeahead(-1)
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        usesColor = has_colors() && !noColor
        if usesColor {
            start_color()
            use_default_colors()
        }
        TerminalRestorer.install()
        curlyUnderline = Self.curlyUnderlineSequence(usesColor: usesColor)
        Self.writeRaw("\u{1B}[8l\u{1B}[1 k\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h")
        // Whether the terminal clusters graphemes (mode 2027): the answer comes
        // with the keys, and nothing waits for it. Not asked of the Linux
        // console and VT terminals, whose parsers would print the "p".
        let name = ProcessInfo.processInfo.environment["TERM"] ?? ""
        if !name.hasPrefix("linux"), !name.hasPrefix("vt") { Self.writeRaw("\u{1B}[?2027$p") }
        refreshSize()
    }

    /// The terminfo entry to draw with, and whether colour numbers 8–15 are
    /// the bright palette colours on it. A direct-colour entry such as
    /// xterm-direct sends every number from 8 up as 24-bit RGB, so a bright
    /// colour could only be sent as fixed RGB, not as the user's own palette
    /// colour; its sibling with 16 indexed colours (xterm-direct16, in the
    /// same terminfo package) describes the same terminal and sends 8–15 as
    /// SGR 90–97. Without such a sibling the bright colours stay RGB. The
    /// name nil is TERM itself.
    private static func directColourEntry() -> (name: String?, brightIndexed: Bool) {
        guard let name = ProcessInfo.processInfo.environment["TERM"], !name.isEmpty else { return (nil, false) }
        switch roux_direct_colour_indexes_bright(name) {
        case 1: return (nil, true)
        case 0 where roux_direct_colour_indexes_bright(name + "16") == 1: return (name + "16", true)
        default: return (nil, false)
        }
    }

    /// The bytes that start a red curly underline here: terminfo's `Smulx`
    /// when the entry has it; else SGR 4:3 where the environment names a
    /// terminal known to draw it (tmux, which passes it on or draws a plain
    /// one; VTE, kitty, WezTerm, iTerm2, Ghostty, foot) though TERM says
    /// xterm-256color; none elsewhere (a terminal that does not know 4:3
    /// could read it as 4 then 3, underline and italic). The underline's
    /// colour (SGR 58) goes with it when colours are used.
    static func curlyUnderlineSequence(usesColor: Bool,
                                       environment: [String: String] = ProcessInfo.processInfo.environment) -> [UInt8] {
        var sequence = [CChar](repeating: 0, count: 64)
        let length = Int(roux_curly_underline(&sequence, Int32(sequence.count)))
        var bytes = sequence[..<length].map { UInt8(bitPattern: $0) }
        if bytes.isEmpty {
            let known = ["TMUX", "VTE_VERSION", "KITTY_WINDOW_ID", "WEZTERM_PANE", "GHOSTTY_RESOURCES_DIR"]
                .contains { !(environment[$0] ?? "").isEmpty }
                || ["iTerm.app", "WezTerm", "ghostty"].contains(environment["TERM_PROGRAM"] ?? "")
                || (environment["TERM"] ?? "").hasPrefix("foot")
            guard known else { return [] }
            bytes = Array("\u{1B}[4:3m".utf8)
        }
        return bytes + (usesColor ? Array("\u{1B}[58:5:1m".utf8) : [])
    }

    /// Why ncurses cannot draw the editor on this terminal (`TERM=dumb`, a
    /// name terminfo does not know), or nil when it can.
    public static func cannotDrive() -> String? {
        let name = ProcessInfo.processInfo.environment["TERM"] ?? ""
        guard !name.isEmpty else { return "roux: TERM is not set, so the editor cannot draw on this terminal" }
        switch terminfo.usable {
        case -1: return "roux: the terminal type \"\(name)\" is unknown here (no terminfo entry), so the editor cannot draw on it"
        case 0: return "roux: the terminal type \"\(name)\" cannot move the cursor, so the editor cannot draw on it"
        default: return nil
        }
    }

    /// What terminfo says of TERM, looked up once (the launcher asks before
    /// the editor starts, the terminal again when it sets up).
    static let terminfo = probe()

    /// Whether ncurses can draw, whether there is an alternate screen, and the clear-screen string.
    private static func probe() -> (usable: Int32, alternateScreen: Bool, clear: String) {
        var alternate: Int32 = 0
        var clear = [CChar](repeating: 0, count: 64)
        let usable = roux_probe_terminal(&alternate, &clear, Int32(clear.count))
        let bytes = clear.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return (usable, alternate != 0, String(decoding: bytes, as: UTF8.self))
    }

    /// Puts the terminal back as it was. Safe to call more than once.
    public func close() {
        // The pictures kitty keeps apart from the text go with the editor.
        Self.write(picturesShown.flatMap(\.erasure))
        picturesShown = []
        TerminalRestorer.restore()
    }

    public var colorsAvailable: Bool { usesColor }

    private func refreshSize() {
        width = Int(roux_cols())
        height = Int(roux_lines())
    }

    public func updateSize() -> Bool {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              Int(size.ws_col) != width || Int(size.ws_row) != height else { return false }
        resizeterm(Int32(size.ws_row), Int32(size.ws_col))
        refreshSize()
        return true
    }

    /// The terminal reads what was written through the kernel's pty worker,
    /// which the scheduler often queues on this processor even when another
    /// is idle, and which does not preempt a program at work: written before
    /// the edit, the echo would reach the terminal only once the edit's frame
    /// is drawn (seen with `perf` on a two-processor machine). The first
    /// yield lets the worker run, the second the terminal's reader it woke,
    /// when that too was queued here; when nothing waits, each returns at once.
    public func handOver() {
        sched_yield()
        sched_yield()
    }

    public func present(_ grid: CellGrid, cursor: (x: Int, y: Int)?) {
        let previous = shown.flatMap { $0.width == grid.width && $0.height == grid.height ? $0 : nil }
        if previous == nil {
            werase(roux_stdscr())
            // Every cell is sent again, over the pictures in the cells too, which `showPictures` then draws again.
            if !picturesShown.isEmpty {
                wredrawln(roux_stdscr(), 0, Int32(height))
                picturesLost = true
            }
        }
        let columns = min(grid.width, width)
        grid.cells.withUnsafeBufferPointer { cells in
            for y in 0 ..< min(grid.height, height) {
                // Most rows are as they were: compared as memory, then skipped.
                if let previous, grid.rowEquals(y, in: previous) { continue }
                let row = y * grid.width
                for x in 0 ..< columns {
                    let index = row + x
                    if cells[index].isContinuation { continue }
                    // Emoji sequences of a changed row are sent again whole:
                    // ncurses may have rewritten their cells with what it drew.
                    if drawsWholeClusters, cells[index].holdsCluster { noteWholeCluster(cells[index], x: x, y: y) }
                    // And its curly underlines, which ncurses drew plain.
                    if !curlyUnderline.isEmpty, cells[index].style.curlyUnderline {
                        let (attributes, pair, _) = look(of: cells[index])
                        curlyCells.append((x, y, cells[index].text, attributes, pair))
                    }
                    // A cell is redrawn when it or its right neighbour changed
                    // (a wide grapheme there may have covered it).
                    if let previous, previous.cells[index] == cells[index],
                       x + 1 >= grid.width || previous.cells[index + 1] == cells[index + 1] { continue }
                    var span = 1
                    while x + span < columns, cells[index + span].isContinuation { span += 1 }
                    put(cells[index], x: x, y: y, span: span)
                }
            }
        }
        if let cursor {
            curs_set(1)
            wmove(roux_stdscr(), Int32(cursor.y), Int32(cursor.x))
        } else {
            curs_set(0)
        }
        wrefresh(roux_stdscr())
        sendWholeClusters()
        shown = grid
    }

    /// Mode 2027 reported set (1), reset (2, then Roux sets it, and resets it
    /// on quit) or always set (3): emoji sequences are sent whole from now
    /// on, and the next frame draws every cell.
    public func graphemeClusteringReported(setting: Int) {
        guard !drawsWholeClusters, (1 ... 3).contains(setting) else { return }
        if setting == 2 {
            TerminalRestorer.resetsGraphemeClustering.store(true, ordering: .sequentiallyConsistent)
            Self.writeRaw("\u{1B}[?2027h")
        }
        drawsWholeClusters = true
        shown = nil
    }

    private func noteWholeCluster(_ cell: Cell, x: Int, y: Int) {
        let text = cell.text
        guard CellWidth.isEmojiSequence(text.unicodeScalars) else { return }
        let (attributes, pair, _) = look(of: cell)
        wholeClusters.append((x, y, text, attributes, pair))
    }

    /// The emoji sequences of this frame, each over the cells ncurses drew
    /// its first emoji in, in its style, and the cells with a curly
    /// underline, drawn again with it; then the attributes and the cursor
    /// as ncurses left them, so that it goes on from what it believes.
    private func sendWholeClusters() {
        guard !wholeClusters.isEmpty || !curlyCells.isEmpty else { return }
        var bytes: [UInt8] = []
        var sgr = [CChar](repeating: 0, count: 256)
        func appendStyle(_ attributes: attr_t, _ pair: Int32) {
            let length = Int(roux_sgr(attributes, pair, &sgr, Int32(sgr.count)))
            bytes += sgr[..<length].map { UInt8(bitPattern: $0) }
        }
        for cluster in wholeClusters {
            bytes += Array("\u{1B}[\(cluster.y + 1);\(cluster.x + 1)H".utf8)
            appendStyle(cluster.attributes, cluster.pair)
            bytes += Array(cluster.text.utf8)
        }
        for cell in curlyCells {
            bytes += Array("\u{1B}[\(cell.y + 1);\(cell.x + 1)H".utf8)
            appendStyle(cell.attributes, cell.pair)
            bytes += curlyUnderline + Array(cell.text.utf8)
        }
        // The underline's colour is not reset by every way ncurses ends an underline.
        if !curlyCells.isEmpty { bytes += Array("\u{1B}[59m".utf8) }
        appendStyle(roux_a_normal(), 0)
        bytes += Array("\u{1B}[\(roux_cursor_y() + 1);\(roux_cursor_x() + 1)H".utf8)
        _ = Glibc.write(STDOUT_FILENO, &bytes, bytes.count)
        wholeClusters.removeAll(keepingCapacity: true)
        curlyCells.removeAll(keepingCapacity: true)
    }

    /// One cell, `span` columns wide in the layout. An emoji sequence is
    /// drawn as ncurses can take it (its first emoji, `CellWidth.drawable`),
    /// padded with blanks to its columns when that is narrower (❤️ is
    /// two columns, ❤ one); `sendWholeClusters` then sends it whole where
    /// the terminal clusters graphemes.
    private func put(_ cell: Cell, x: Int, y: Int, span: Int) {
        guard cell.holdsCluster, let character = cell.text.first, CellWidth.isEmojiSequence(cell.text.unicodeScalars) else {
            put(cell, x: x, y: y)
            return
        }
        var drawn = cell
        drawn.text = CellWidth.drawable(character)
        put(drawn, x: x, y: y)
        let width = drawn.text.unicodeScalars.first.map(CellWidth.of) ?? 1
        if width < span {
            var blank = cell
            blank.text = " "
            for column in width ..< span { put(blank, x: x + column, y: y) }
        }
    }

    private func put(_ cell: Cell, x: Int, y: Int) {
        let (attributes, pair, strikethrough) = look(of: cell)
        // One scalar, not struck through (nearly every cell): no `String`, no array.
        if !strikethrough, let scalar = cell.scalar {
            var wide: (wchar_t, wchar_t) = (wchar_t(bitPattern: scalar.value), 0)
            let put = withUnsafePointer(to: &wide) { characters in
                characters.withMemoryRebound(to: wchar_t.self, capacity: 2) { roux_put_cell(Int32(y), Int32(x), $0, attributes, pair) }
            }
            if put != ERR { return }
        }
        var wide = Array(cell.text.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) })
        if wide.isEmpty { wide = [wchar_t(32)] }
        // ncurses has no strikethrough: a combining long stroke overlay draws
        // the line through the character (dim is for ticked items and code).
        if strikethrough, wide.count < 5 { wide.append(0x0336) }
        wide.append(0)
        if roux_put_cell(Int32(y), Int32(x), wide, attributes, pair) == ERR {
            // A grapheme ncurses will not take (an emoji sequence): its first scalar.
            var first = [wide[0], 0]
            _ = roux_put_cell(Int32(y), Int32(x), &first, attributes, pair)
        }
    }

    /// The cell's ncurses attributes, colour pair and whether it is struck
    /// through; the last style asked is kept beside the table, since the
    /// cells of a row come in runs of one style.
    private func look(of cell: Cell) -> (attr_t, Int32, Bool) {
        if let last = lastLook, last.key == cell.styleKey { return last.look }
        let look = lookUp(cell)
        lastLook = (cell.styleKey, look)
        return look
    }

    private func lookUp(_ cell: Cell) -> (attr_t, Int32, Bool) {
        if let known = looks[cell.styleKey] { return known }
        let style = cell.style
        var attributes = roux_a_normal()
        if style.bold { attributes |= roux_a_bold() }
        if style.italic { attributes |= roux_a_italic() }
        if style.underline || style.curlyUnderline { attributes |= roux_a_underline() }
        if style.reverse { attributes |= roux_a_reverse() }
        if style.dim { attributes |= roux_a_dim() }
        var pair: Int32 = 0
        if usesColor {
            let foreground = colorIndex(style.foreground)
            let background = colorIndex(style.background)
            if foreground != -1 || background != -1 { pair = max(0, alloc_pair(foreground, background)) }
        }
        looks[cell.styleKey] = (attributes, pair, style.strikethrough)
        return (attributes, pair, style.strikethrough)
    }

    /// A colour number for ncurses (see `TerminalColor.cursesIndex`).
    private func colorIndex(_ color: TerminalColor) -> Int32 {
        color.cursesIndex(colors: Int(roux_colors()), brightIndexed: brightColoursIndexed)
    }

    public private(set) var hasHungUp = false

    /// A closed terminal makes `poll` return at once with nothing to read:
    /// that is noticed (end of file, an error, a hang-up) instead of being
    /// polled again and again at full speed.
    public func read(timeout: Double) -> [UInt8] {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(STDIN_FILENO, &buffer, Int(buffer.count))
        if count > 0 { return Array(buffer[..<count]) }
        if count == 0 || (errno != EINTR && errno != EAGAIN) || descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            hasHungUp = true
        }
        return []
    }

    public func sendControl(_ sequence: String) {
        Self.writeRaw(sequence)
    }

    static func writeRaw(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Glibc.write(STDOUT_FILENO, &bytes, bytes.count)
    }
}
