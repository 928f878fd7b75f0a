import RichText
import RouxTestSupport
import TerminalUI
import Testing
@testable import TerminalPictures

/// A picture in block symbols: each cell's colours are the pixels' under it.
@Suite struct PictureSymbolsTests {
    @Test func eachHalfOfThePictureIsDrawnInItsColour() throws {
        let picture = try Picture.decode(PictureDecodingTests.redBlue)
        let rows = picture.symbolCells(columns: 8, rows: 2)
        #expect(rows.count == 2 && rows.allSatisfy { $0.count == 8 })
        let red = TerminalColor.rgb(red: 255, green: 0, blue: 0)
        let blue = TerminalColor.rgb(red: 0, green: 0, blue: 255)
        for row in rows {
            // A cell of one colour shows it as its glyph's colour or its
            // background's; the two at the edge are smoothed by the scaling.
            #expect(row[0 ..< 3].allSatisfy { Self.shows($0, red) }, "\(row.map { ($0.text, $0.style.background) })")
            #expect(row[5 ..< 8].allSatisfy { Self.shows($0, blue) }, "\(row.map { ($0.text, $0.style.background) })")
        }
    }

    @Test func theCellsKeepThePictureShapeOnCellsTwiceAsTallAsWide() throws {
        // 16×8 pixels: twice as wide as tall, so as many columns as four times the rows.
        let picture = try Picture.decode(PictureDecodingTests.redBlue)
        #expect(picture.cellSize(fitting: 40, 40) == (40, 10))
        #expect(picture.cellSize(fitting: 40, 5) == (20, 5))
    }

    @Test func transparentPartsKeepTheThemesColours() throws {
        let clear = try Picture.decode(TestPicture.png(width: 4, height: 4) { _, _ in (0, 0, 0, 0) })
        let rows = clear.symbolCells(columns: 2, rows: 1)
        #expect(rows.flatMap { $0 }.allSatisfy { $0.style.background == .default && ($0.text == " " || $0.style.foreground == .default) })
    }

    private static func shows(_ cell: Cell, _ color: TerminalColor) -> Bool {
        let glyphVisible = cell.text != " "
        let full = cell.text == "█"
        return full ? cell.style.foreground == color : (cell.style.background == color && (!glyphVisible || cell.style.foreground == color))
    }
}
