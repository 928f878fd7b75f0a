import TerminalPictures
public import TerminalUI

/// Pictures in the terminal's pixels: asking which protocol it has, and
/// putting any pane's picture in the frame (`PixelPictures`).
extension EditorController {
    /// The frame's pictures in pixels, for `TerminalBackend.showPictures`
    /// after the grid of the last `render`.
    public var picturePlacements: [PicturePlacement] { run.pixels.placements }

    /// Asks the terminal at start which pixels it draws (the run loop sends
    /// the query); `cellPixels` is its cell's size in pixels when it says.
    /// Without this, pictures are drawn in block symbols.
    public func detectPixelProtocol(environment: [String: String], cellPixels: (width: Int, height: Int)? = nil) {
        guard useColor else { return }
        run.pixels.ask(environment: environment)
        pictures.drawWithPixels(nil, cellPixels: cellPixels)
    }

    /// The query to send the terminal, once (nil when none is to be sent).
    public func takePixelQuery() -> String? {
        run.pixels.takeQuery()
    }

    /// Notes the terminal's answer to the query (true when `event` was one
    /// of them); once all are in, pictures are drawn with what it has.
    public func noteTerminalAnswer(_ event: InputEvent) -> Bool {
        switch event {
        case .graphicsReply, .deviceAttributes:
            if let found = run.pixels.note(event) { pictures.drawWithPixels(found) }
            return true
        default:
            return false
        }
    }

    /// Puts a picture's drawing in the grid, its top-left cell at (x, y),
    /// inside `clip` (the pane's cells): block symbols as cells; pixels as
    /// blank cells, and a placement the terminal draws over them after the
    /// grid. A picture in pixels that `clip` cuts (a pane scrolled over
    /// part of it) is drawn in symbols, cut, once they are drawn.
    func placePicture(_ drawing: PictureCache.Drawing, x: Int, y: Int, clip: Frame, into grid: inout CellGrid) {
        switch drawing {
        case .cells(let rows):
            for (row, cells) in rows.enumerated() where clip.y ..< clip.y + clip.height ~= y + row {
                for (column, cell) in cells.enumerated() where clip.x ..< clip.x + clip.width ~= x + column {
                    grid[x + column, y + row] = cell
                }
            }
        case .pixels(let pixels):
            let inside = x >= clip.x && y >= clip.y && x + pixels.columns <= clip.x + clip.width && y + pixels.rows <= clip.y + clip.height
            // The last row is never drawn over: a sixel there would scroll the screen.
            guard inside, y + pixels.rows < height else {
                let symbols = pictures.drawing(of: pixels.path, columns: pixels.box.columns, rows: pixels.box.rows, kind: nil)
                if case .cells = symbols { placePicture(symbols, x: x, y: y, clip: clip, into: &grid) }
                return
            }
            let blank = Cell(" ")
            grid.fill(x: x, y: y, width: pixels.columns, height: pixels.rows)
            run.pixels.record(PicturePlacement(x: x, y: y, columns: pixels.columns, rows: pixels.rows,
                                                bytes: pixels.bytes, erasure: pixels.erasure), blank: blank)
        case .loading, .failed:
            break
        }
    }
}
