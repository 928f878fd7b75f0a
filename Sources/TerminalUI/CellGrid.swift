import Glibc
import TextLayout

/// One cell of the screen: a grapheme (or a character of a placeholder), or
/// the second half of a wide grapheme.
///
/// Two integers and nothing else (see `CellText`, `CellStyle.packed`): a grid
/// is copied and compared like plain memory, which is what a keystroke's
/// redraw does most.
public struct Cell: Hashable, Sendable {
    private var packedStyle: UInt64
    /// The text's number, and the continuation flag above it.
    private var packedText: UInt64

    private static let continuationBit: UInt64 = 1 << 32

    public init(_ text: String = " ", style: CellStyle = .plain, isContinuation: Bool = false) {
        packedStyle = style.packed
        packedText = UInt64(CellText(text).raw) | (isContinuation ? Self.continuationBit : 0)
    }

    /// A printable ASCII character's cell, its style already packed.
    init(ascii byte: UInt8, packedStyle: UInt64) {
        self.packedStyle = packedStyle
        packedText = UInt64(byte)
    }

    public var text: String {
        get { CellText(raw: UInt32(truncatingIfNeeded: packedText)).string }
        set { packedText = UInt64(CellText(newValue).raw) | (packedText & Self.continuationBit) }
    }

    public var style: CellStyle {
        get { CellStyle(packed: packedStyle) }
        set { packedStyle = newValue.packed }
    }

    /// The style as 64 bits: equal styles, equal numbers (a cache key).
    public var styleKey: UInt64 { packedStyle }

    /// Whether the text is more than one scalar (a combining or emoji
    /// sequence), told without looking it up.
    public var holdsCluster: Bool {
        CellText(raw: UInt32(truncatingIfNeeded: packedText)).isCluster
    }

    /// The text's one scalar, when it is one (nearly every cell), without
    /// making a `String`: what a terminal backend hands the terminal.
    public var scalar: Unicode.Scalar? {
        let text = CellText(raw: UInt32(truncatingIfNeeded: packedText))
        return text.isCluster ? nil : Unicode.Scalar(text.raw)
    }

    public var isContinuation: Bool {
        get { packedText & Self.continuationBit != 0 }
        set { packedText = newValue ? packedText | Self.continuationBit : packedText & ~Self.continuationBit }
    }
}

/// What the app draws into: text and style per cell. The ncurses backend
/// copies it to the screen; tests read it (the ratatui `TestBackend` habit).
public struct CellGrid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    /// Whether row `y` is the same in both grids (of the same width), compared
    /// as memory: a `Cell` is two integers with no padding.
    public func rowEquals(_ y: Int, in other: CellGrid) -> Bool {
        guard other.width == width, width > 0, y >= 0, y < height, y < other.height else { return false }
        return cells.withUnsafeBytes { mine in
            other.cells.withUnsafeBytes { theirs in
                let stride = MemoryLayout<Cell>.stride
                return memcmp(mine.baseAddress! + y * width * stride, theirs.baseAddress! + y * width * stride, width * stride) == 0
            }
        }
    }

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            cells[y * width + x] = newValue
        }
    }

    /// Copies the cells of row `y` from column `x` on, `count` of them, out of
    /// `other` (a grid of the same size): a row drawn before, drawn again.
    public mutating func copyCells(from other: CellGrid, row y: Int, x: Int, count: Int) {
        guard other.width == width, other.height == height, y >= 0, y < height, x >= 0 else { return }
        let count = min(count, width - x)
        guard count > 0 else { return }
        let start = y * width + x
        cells.replaceSubrange(start ..< start + count, with: other.cells[start ..< start + count])
    }

    /// The cells of row `y`.
    public func row(_ y: Int) -> [Cell] {
        guard y >= 0, y < height else { return [] }
        return Array(cells[y * width ..< (y + 1) * width])
    }

    /// Sets row `y` to `row` (cells of a row of a grid as wide).
    public mutating func setRow(_ y: Int, to row: [Cell]) {
        guard y >= 0, y < height, row.count == width else { return }
        cells.replaceSubrange(y * width ..< (y + 1) * width, with: row)
    }

    /// Fills a rectangle with blanks of `style`.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, style: CellStyle = .plain) {
        let blank = Cell(" ", style: style)
        let (gridWidth, rows, columns) = (self.width, max(0, y) ..< min(self.height, y + height), max(0, x) ..< min(self.width, x + width))
        guard !columns.isEmpty else { return }
        cells.withUnsafeMutableBufferPointer { cells in
            for row in rows {
                for column in columns { cells[row * gridWidth + column] = blank }
            }
        }
    }

    /// Writes plain text (UI labels, never document text: that comes from the
    /// layout's cells) from `x`, clipped at `limit`; returns the column after it.
    /// Cells as the text's layout counts them (`CellWidth`): wide characters take
    /// two, control characters show as `^X`, never raw.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: CellStyle = .plain, limit: Int? = nil) -> Int {
        let end = min(width, limit ?? width)
        var column = x
        // Printable ASCII, most labels: a byte a cell, with no grapheme breaking or width lookup.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), y >= 0, y < height {
            let packedStyle = style.packed
            let gridWidth = width
            cells.withUnsafeMutableBufferPointer { cells in
                for byte in text.utf8 {
                    guard column < end else { break }
                    if column >= 0 { cells[y * gridWidth + column] = Cell(ascii: byte, packedStyle: packedStyle) }
                    column += 1
                }
            }
            return column
        }
        for character in text {
            let (display, cells) = CellWidth.display(of: character)
            guard cells > 0 else { continue }
            if column + cells > end { break }
            if display.count > 1 {
                // A placeholder (`^[` for ESC): a character a cell.
                for (offset, shown) in display.prefix(cells).enumerated() { self[column + offset, y] = Cell(String(shown), style: style) }
            } else {
                self[column, y] = Cell(display, style: style)
                for extra in 1 ..< max(1, cells) { self[column + extra, y] = Cell("", style: style, isContinuation: true) }
            }
            column += cells
        }
        return column
    }

    /// How many cells `text` takes when written as a label.
    public static func columns(of text: String) -> Int {
        text.reduce(0) { $0 + CellWidth.display(of: $1).width }
    }

    /// `text` cut at spaces into at most `rows` rows of cells, the first
    /// `firstWidth` wide and the others `width` (a word longer than a row is
    /// cut; empty text is one empty row); the last ends with "…" when text is
    /// left over.
    public static func wrapped(_ text: String, firstWidth: Int? = nil, width: Int, rows: Int = .max) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty, result.count < rows {
            let limit = max(1, result.isEmpty ? firstWidth ?? width : width)
            if CellGrid.columns(of: String(rest)) <= limit {
                result.append(String(rest))
                return result
            }
            if result.count == rows - 1 {
                // The last row: as much as fits, then "…".
                var row = ""
                var used = 0
                for character in rest {
                    used += CellWidth.display(of: character).width
                    if used > limit - 1 { break }
                    row.append(character)
                }
                result.append(row + "…")
                return result
            }
            // The last space that leaves the row within the limit; a word longer than the row is cut.
            var cut = rest.startIndex
            var lastSpace: Substring.Index?
            var used = 0
            for index in rest.indices {
                let cells = CellWidth.display(of: rest[index]).width
                if used + cells > limit { break }
                used += cells
                if rest[index] == " " { lastSpace = index }
                cut = rest.index(after: index)
            }
            let end = lastSpace.map { $0 > rest.startIndex ? $0 : cut } ?? cut
            result.append(String(rest[..<end]))
            rest = rest[end...].drop { $0 == " " }
        }
        return result.isEmpty ? [""] : result
    }

    /// A label character's display and width; controls become "?".
    /// The rows as text, continuation cells left out: what a test compares.
    public var lines: [String] {
        (0 ..< height).map { row in
            (0 ..< width).map { self[$0, row] }.filter { !$0.isContinuation }.map(\.text).joined()
        }
    }

    /// A row's text with trailing blanks removed.
    public func line(_ row: Int) -> String {
        var text = lines[row]
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
