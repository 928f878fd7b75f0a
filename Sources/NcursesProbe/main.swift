import Foundation
import NcursesBackend
import RichText
import TerminalUI

// The child process of `NcursesBackendTests`: the real terminal backend on a
// pseudo-terminal the test plays.
//
//     NcursesProbe [crash | picture kitty | picture cells]
//
// Draws a first frame (plain, bold, underlined, reversed and red text on
// three rows, a curly underline on the fifth), then reads bytes until a "q" comes and after each read draws
// a frame whose second row lists every byte read so far in hexadecimal, so
// the test sees what the backend read. On "q" it puts the terminal back
// (`NcursesTerminal.close`) and prints "closed" on the terminal as a plain
// program would. With "crash" it stops with a Swift runtime error once the
// "q" comes, instead of closing: the backend's signal handler must put the
// terminal back by itself. Exits 2 when the terminal hangs up first.
// With "picture", each frame places a picture in pixels of 4×2 cells at
// column 10 of row 5 (its bytes: "<PICTURE>" between kitty's or a sixel's
// delimiters, as "kitty" or "cells" says how it is erased), at column 20
// once an "m" was read, and none once an "h" was.

let crashes = CommandLine.arguments.dropFirst().first == "crash"
let pictureKind = CommandLine.arguments.dropFirst().first == "picture" ? CommandLine.arguments.dropFirst(2).first : nil
let terminal = NcursesTerminal()

/// The frame for what has been read so far.
func frame(read bytes: [UInt8], width: Int, height: Int) -> CellGrid {
    var grid = CellGrid(width: width, height: height)
    var x = grid.write("plain ", x: 0, y: 0)
    x = grid.write("bold", x: x, y: 0, style: CellStyle(bold: true))
    x = grid.write(" ", x: x, y: 0)
    grid.write("under", x: x, y: 0, style: CellStyle(underline: true))
    let hex = bytes.map { String($0, radix: 16) }.joined(separator: " ")
    grid.write("read: \(hex)", x: 0, y: 1)
    x = grid.write("reverse", x: 0, y: 2, style: CellStyle(reverse: true))
    x = grid.write(" ", x: x, y: 2)
    grid.write("red", x: x, y: 2, style: CellStyle(foreground: .ansi(.red)))
    x = grid.write("wavy", x: 0, y: 4, style: CellStyle(curlyUnderline: true))
    grid.write(" flat", x: x, y: 4)
    return grid
}

/// The frame's picture in pixels.
func pictures(read bytes: [UInt8]) -> [PicturePlacement] {
    guard let pictureKind, !bytes.contains(UInt8(ascii: "h")) else { return [] }
    let kitty = pictureKind == "kitty"
    let drawing = kitty ? "\u{1B}_Ga=T,i=7;<PICTURE>\u{1B}\\" : "\u{1B}Pq<PICTURE>\u{1B}\\"
    return [PicturePlacement(x: bytes.contains(UInt8(ascii: "m")) ? 20 : 10, y: 5, columns: 4, rows: 2, bytes: Array(drawing.utf8),
                             erasure: kitty ? Array("\u{1B}_Ga=d,d=I,i=7\u{1B}\\".utf8) : [])]
}

var read: [UInt8] = []
terminal.present(frame(read: read, width: terminal.width, height: terminal.height), cursor: (x: 0, y: 3))
terminal.showPictures(pictures(read: read))
while !read.contains(UInt8(ascii: "q")) {
    let bytes = terminal.read(timeout: 1)
    if terminal.hasHungUp {
        terminal.close()
        exit(2)
    }
    guard !bytes.isEmpty else { continue }
    read += bytes
    terminal.present(frame(read: read, width: terminal.width, height: terminal.height), cursor: (x: 0, y: 3))
    terminal.showPictures(pictures(read: read))
}
if crashes { fatalError("the crash NcursesBackendTests asked for") }
terminal.close()
print("closed")
