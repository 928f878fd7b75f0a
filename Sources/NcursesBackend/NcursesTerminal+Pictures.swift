import CNcursesw
import Foundation
public import TerminalUI

/// Pictures in the terminal's pixels over the grid ncurses draws. ncurses
/// knows nothing of them: their bytes are sent after its refresh, with the
/// cursor on their first cell, and only when a picture is new or moved.
/// One that goes is taken off as its terminal needs: kitty keeps pictures
/// apart from the text, so it is deleted by id; sixels and iTerm2 images
/// are in the cells, so ncurses draws those rows again (it believes them
/// blank, and would otherwise leave the picture there).
extension NcursesTerminal {
    public func showPictures(_ placements: [PicturePlacement]) {
        let lost = picturesLost
        guard lost || placements != picturesShown else { return }
        picturesLost = false
        // After a whole repaint the cells are drawn again: every picture is to be drawn again.
        var kept = lost ? [] : picturesShown.filter { placements.contains($0) }
        let gone = picturesShown.filter { lost || !placements.contains($0) }
        var bytes = gone.flatMap(\.erasure)
        let repainted = lost ? [] : gone.filter(\.erasure.isEmpty).map(\.rowRange)
        if !bytes.isEmpty { Self.write(bytes) }
        if !repainted.isEmpty {
            for rows in repainted { wredrawln(roux_stdscr(), Int32(rows.lowerBound), Int32(rows.count)) }
            wrefresh(roux_stdscr())
            // A picture in the cells of a row drawn again is gone with it.
            kept.removeAll { picture in picture.erasure.isEmpty && repainted.contains { $0.overlaps(picture.rowRange) } }
        }
        bytes = []
        for picture in placements where !kept.contains(picture) {
            bytes += Array("\u{1B}[\(picture.y + 1);\(picture.x + 1)H".utf8) + picture.bytes
        }
        picturesShown = placements
        guard !bytes.isEmpty else { return }
        // The cursor back where ncurses left it, so that it goes on from what it believes.
        bytes += Array("\u{1B}[\(roux_cursor_y() + 1);\(roux_cursor_x() + 1)H".utf8)
        Self.write(bytes)
    }

    /// The size of a cell in pixels, where the terminal tells it (most do
    /// with the window's size); nil where it does not.
    public var cellPixels: (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel > 0, size.ws_ypixel > 0 else { return nil }
        return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
    }

    static func write(_ bytes: [UInt8]) {
        var sent = 0
        // A picture is larger than a pipe's buffer: what a write leaves is written next.
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return
            }
        }
    }
}
