import Foundation
import NcursesBackend
import RichText
import TerminalUI

// The child process of `NcursesBackendTests`: the real terminal backend on a
// pseudo-terminal the test plays.
//
//     NcursesProbe [crash]
//
// Draws a first frame (plain, bold, underlined, reversed and red text on
// three rows, a curly underline on the fifth), then reads bytes until a "q" comes and after each read draws
// a frame whose second row lists every byte read so far in hexadecimal, so
// the test sees what the backend read. On "q" it puts the terminal back
// (`NcursesTerminal.close`) and prints "closed" on the terminal as a plain
// program would. With "crash" it stops with a Swift runtime error once the
// "q" comes, instead of closing: the backend's signal handler must put the
// terminal back by itself. Exits 2 when the terminal hangs up first.

let crashes = CommandLine.arguments.dropFirst().first == "crash"
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

var read: [UInt8] = []
terminal.present(frame(read: read, width: terminal.width, height: terminal.height), cursor: (x: 0, y: 3))
while !read.contains(UInt8(ascii: "q")) {
    let bytes = terminal.read(timeout: 1)
    if terminal.hasHungUp {
        terminal.close()
        exit(2)
    }
    guard !bytes.isEmpty else { continue }
    read += bytes
    terminal.present(frame(read: read, width: terminal.width, height: terminal.height), cursor: (x: 0, y: 3))
}
if crashes { fatalError("the crash NcursesBackendTests asked for") }
terminal.close()
print("closed")
