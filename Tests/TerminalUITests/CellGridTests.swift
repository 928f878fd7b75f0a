import RichText
import TerminalUI
import Testing

/// Cells are packed into two integers; what goes in must come out.
@Suite("Cells and grids")
struct CellGridTests {
    @Test(arguments: ["a", " ", "é", "e\u{301}", "👩‍🍳", "🇫🇷", "漢", "", "\u{FEFF}", "ש\u{5B8}"])
    func aCellKeepsItsGrapheme(_ text: String) {
        #expect(Cell(text).text == text)
        var cell = Cell("x", isContinuation: true)
        cell.text = text
        #expect(cell.text == text)
        #expect(cell.isContinuation)
    }

    @Test func aCellKeepsEveryStyle() {
        let colors: [TerminalColor] = [.default, .ansi(.black), .ansi(.brightWhite), .palette(0), .palette(255),
                                       .rgb(red: 0, green: 0, blue: 0), .rgb(red: 255, green: 165, blue: 7)]
        for foreground in colors {
            for background in colors {
                for flags in 0 ..< 64 {
                    let style = CellStyle(foreground: foreground, background: background, bold: flags & 1 != 0,
                                          italic: flags & 2 != 0, underline: flags & 4 != 0, strikethrough: flags & 8 != 0,
                                          reverse: flags & 16 != 0, dim: flags & 32 != 0)
                    let cell = Cell("a", style: style)
                    #expect(cell.style == style)
                    #expect(Cell("a", style: style) == cell)
                }
            }
        }
        #expect(Cell("a", style: CellStyle(bold: true)) != Cell("a"))
        #expect(Cell("a", style: CellStyle(foreground: .palette(1))) != Cell("a", style: CellStyle(foreground: .ansi(.red))))
    }

    @Test func rowsCompareByContent() {
        var first = CellGrid(width: 5, height: 2)
        var second = CellGrid(width: 5, height: 2)
        first.write("abc", x: 0, y: 1)
        second.write("abc", x: 0, y: 1)
        #expect(first.rowEquals(0, in: second) && first.rowEquals(1, in: second))
        second[4, 1] = Cell(" ", style: CellStyle(reverse: true))
        #expect(first.rowEquals(0, in: second))
        #expect(!first.rowEquals(1, in: second))
        #expect(!first.rowEquals(0, in: CellGrid(width: 4, height: 2)), "grids of other widths never match")
    }

    /// A label counts an emoji sequence as the text's layout does: two cells
    /// for one that asks for emoji presentation, the whole sequence in the first.
    /// An ASCII label is written a byte a cell: the same cells as the
    /// character by character path, clipped at the limit and the left edge.
    @Test func asciiLabelsAreWrittenAsCellsOfTheirCharacters() {
        let style = CellStyle(foreground: .ansi(.green), bold: true)
        var grid = CellGrid(width: 10, height: 2)
        #expect(grid.write("Salt, 2 g!", x: -2, y: 0, style: style, limit: 6) == 6)
        #expect(grid.line(0) == "lt, 2")
        #expect(grid[0, 0] == Cell("l", style: style))
        #expect(grid[5, 0] == Cell(" ", style: style) && grid[6, 0] == Cell(" "), "past the limit nothing is written")
        #expect(grid.write("abc", x: 8, y: 1) == 10)
        #expect(grid.line(1) == "        ab")
        #expect(grid.write("x", x: 0, y: 5) == 1, "a row outside the grid is not written")
        grid.fill(x: 1, y: 0, width: 3, height: 5, style: style)
        #expect(grid[1, 1] == Cell(" ", style: style) && grid[3, 0] == Cell(" ", style: style) && grid[4, 0] == Cell("2", style: style))
    }

    @Test func labelsGiveEmojiSequencesTheirTwoCells() {
        #expect(CellGrid.columns(of: "❤️ 🇫🇷 👩🏽‍🍳 ❤") == 2 + 1 + 2 + 1 + 2 + 1 + 1)
        var grid = CellGrid(width: 10, height: 1)
        let end = grid.write("❤️a", x: 0, y: 0)
        #expect(end == 3)
        #expect(grid[0, 0].text == "❤️")
        #expect(grid[1, 0].isContinuation)
        #expect(grid[2, 0].text == "a")
    }

    /// Labels count and show characters by the text layout's rule: a control
    /// character as `^X` in two cells, never raw; a lone combining mark on a
    /// dotted circle; a zero-width character takes no cell.
    @Test func labelsShowCharactersAsTheTextDoes() {
        var grid = CellGrid(width: 12, height: 1)
        let end = grid.write("a\u{1B}b\u{FEFF}c\u{301}", x: 0, y: 0)
        #expect(grid.line(0) == "a^[bc\u{301}")
        #expect(end == 5)
        #expect(CellGrid.columns(of: "\u{301}x") == 2)
        #expect(CellGrid.columns(of: "漢字") == 4)
    }

    @Test func coloursBecomeCursesNumbersForTheTerminalsColours() {
        let orange = TerminalColor.rgb(red: 255, green: 165, blue: 0)
        #expect(TerminalColor.default.cursesIndex(colors: 256) == -1)
        #expect(TerminalColor.ansi(.green).cursesIndex(colors: 8) == 2)
        #expect(TerminalColor.ansi(.brightGreen).cursesIndex(colors: 8) == 2, "8 colours: the dim one")
        #expect(TerminalColor.ansi(.brightGreen).cursesIndex(colors: 256) == 10)
        #expect(orange.cursesIndex(colors: 256) == 214, "the nearest of the 256-colour cube")
        #expect(orange.cursesIndex(colors: 8) == -1)
        // A direct-colour terminal (xterm-direct): exact 24-bit, ANSI 0–7 kept.
        let direct = 1 << 24
        #expect(orange.cursesIndex(colors: direct) == 0xFFA500)
        #expect(TerminalColor.ansi(.red).cursesIndex(colors: direct) == 1)
        #expect(TerminalColor.ansi(.brightWhite).cursesIndex(colors: direct) == 0xFFFFFF)
        #expect(TerminalColor.rgb(red: 0, green: 0, blue: 3).cursesIndex(colors: direct) == 8, "never read as an ANSI number")
        #expect(TerminalColor.palette(196).cursesIndex(colors: direct) == 0xFF0000)
        #expect(TerminalColor.palette(232).cursesIndex(colors: direct) == 0x080808)
        // Its entry rewritten to send 8–15 as SGR 90–97: the bright colours from the palette.
        #expect(TerminalColor.ansi(.brightBlue).cursesIndex(colors: direct, brightIndexed: true) == 12)
        #expect(TerminalColor.palette(9).cursesIndex(colors: direct, brightIndexed: true) == 9)
        #expect(TerminalColor.palette(196).cursesIndex(colors: direct, brightIndexed: true) == 0xFF0000)
        #expect(TerminalColor.rgb(red: 0, green: 0, blue: 12).cursesIndex(colors: direct, brightIndexed: true) == 16)
        #expect(orange.cursesIndex(colors: direct, brightIndexed: true) == 0xFFA500)
    }
}
