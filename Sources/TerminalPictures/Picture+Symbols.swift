import CChafa
import RichText
public import TerminalUI

/// A picture drawn with characters: libchafa picks, for each cell, the block
/// symbol (half, quarter and solid blocks) and the two colours that look most
/// like the pixels under it. Any terminal with colours shows it, tmux and
/// screen too, and it goes through the cell grid like text.
extension Picture {
    /// The cells the picture takes drawn as large as `columns`×`rows` allow,
    /// its shape kept on cells twice as tall as wide.
    public func cellSize(fitting columns: Int, _ rows: Int) -> (columns: Int, rows: Int) {
        guard columns > 0, rows > 0 else { return (0, 0) }
        var fittedColumns = Int32(columns)
        var fittedRows = Int32(rows)
        chafa_calc_canvas_geometry(Int32(width), Int32(height), &fittedColumns, &fittedRows, 0.5, 1, 0)
        return (max(1, min(columns, Int(fittedColumns))), max(1, min(rows, Int(fittedRows))))
    }

    /// The picture in `columns`×`rows` cells of block symbols, a row of cells
    /// per row; a transparent part keeps the theme's colours.
    public func symbolCells(columns: Int, rows: Int) -> [[Cell]] {
        guard columns > 0, rows > 0 else { return [] }
        let symbols = chafa_symbol_map_new()
        defer { chafa_symbol_map_unref(symbols) }
        chafa_symbol_map_add_by_tags(symbols, Int32(ROUX_CHAFA_SYMBOL_TAG_SPACE | ROUX_CHAFA_SYMBOL_TAG_SOLID | ROUX_CHAFA_SYMBOL_TAG_BLOCK
                                                  | ROUX_CHAFA_SYMBOL_TAG_QUAD | ROUX_CHAFA_SYMBOL_TAG_HHALF | ROUX_CHAFA_SYMBOL_TAG_VHALF))
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_canvas_mode(config, Int32(ROUX_CHAFA_CANVAS_MODE_TRUECOLOR))
        chafa_canvas_config_set_pixel_mode(config, Int32(ROUX_CHAFA_PIXEL_MODE_SYMBOLS))
        chafa_canvas_config_set_symbol_map(config, symbols)
        guard let canvas = chafa_canvas_new(config) else { return [] }
        defer { chafa_canvas_unref(canvas) }
        rgba.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, Int32(ROUX_CHAFA_PIXEL_RGBA8_UNASSOCIATED), pixels.baseAddress,
                                         Int32(width), Int32(height), Int32(width * 4))
        }
        return (0 ..< rows).map { y in
            (0 ..< columns).map { x in
                var foreground: Int32 = -1
                var background: Int32 = -1
                chafa_canvas_get_colors_at(canvas, Int32(x), Int32(y), &foreground, &background)
                let symbol = Unicode.Scalar(chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))).map { String(Character($0)) } ?? " "
                return Cell(symbol, style: CellStyle(foreground: Self.color(foreground), background: Self.color(background)))
            }
        }
    }

    /// chafa's packed 0xRRGGBB, or below zero for a transparent part.
    private static func color(_ packed: Int32) -> TerminalColor {
        guard packed >= 0 else { return .default }
        return .rgb(red: UInt8(packed >> 16 & 0xFF), green: UInt8(packed >> 8 & 0xFF), blue: UInt8(packed & 0xFF))
    }
}
