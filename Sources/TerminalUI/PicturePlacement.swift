/// A picture drawn with the terminal's own pixels (kitty graphics, iTerm2
/// images, sixels) over a rectangle of cells. The grid holds blank cells
/// there; the backend sends `bytes` after the grid is drawn, with the cursor
/// on the rectangle's top-left cell, because the terminal library that
/// draws the grid knows nothing of pictures. Any pane may place pictures;
/// the frame's placements go to `TerminalBackend.showPictures` together.
public struct PicturePlacement: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var columns: Int
    public var rows: Int
    /// What draws the picture from the cursor's cell.
    public var bytes: [UInt8]
    /// What takes the picture off the screen when the terminal keeps it
    /// apart from the text (kitty: delete by id); empty when drawing the
    /// rectangle's cells again covers it (sixels, iTerm2).
    public var erasure: [UInt8]

    public init(x: Int, y: Int, columns: Int, rows: Int, bytes: [UInt8], erasure: [UInt8]) {
        self.x = x
        self.y = y
        self.columns = columns
        self.rows = rows
        self.bytes = bytes
        self.erasure = erasure
    }

    /// The screen rows it covers.
    public var rowRange: Range<Int> { y ..< y + rows }

    /// Whether it shares a cell with `other`.
    public func overlaps(_ other: PicturePlacement) -> Bool {
        x < other.x + other.columns && other.x < x + columns && y < other.y + other.rows && other.y < y + rows
    }
}
