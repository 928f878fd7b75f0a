import CChafa

extension Picture {
    /// The bytes that draw the picture in `columns`×`rows` cells with
    /// `kind`, from the cursor's cell: libchafa writes them for a terminal of
    /// that kind. `cellPixels` is a cell's size in pixels (sixels are drawn at
    /// it). A kitty picture given `kittyID` has that id, for
    /// `PixelProtocol.kittyErasure` to take it off, and the terminal is told
    /// not to answer its transmission.
    public func pixelSequence(_ kind: PixelProtocol, columns: Int, rows: Int, cellPixels: (width: Int, height: Int) = (10, 20),
                              kittyID: UInt32? = nil) -> [UInt8] {
        let bytes = chafaSequence(kind, columns: columns, rows: rows, cellPixels: cellPixels)
        let start = Array("\u{1B}_G".utf8)
        guard kind == .kitty, let kittyID, bytes.starts(with: start) else { return bytes }
        return start + Array("i=\(kittyID),q=2,".utf8) + bytes.dropFirst(start.count)
    }

    private func chafaSequence(_ kind: PixelProtocol, columns: Int, rows: Int, cellPixels: (width: Int, height: Int)) -> [UInt8] {
        guard columns > 0, rows > 0 else { return [] }
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_cell_geometry(config, Int32(cellPixels.width), Int32(cellPixels.height))
        let mode = switch kind {
        case .kitty: ROUX_CHAFA_PIXEL_MODE_KITTY
        case .iterm2: ROUX_CHAFA_PIXEL_MODE_ITERM2
        case .sixels: ROUX_CHAFA_PIXEL_MODE_SIXELS
        }
        chafa_canvas_config_set_pixel_mode(config, Int32(mode))
        guard let canvas = chafa_canvas_new(config) else { return [] }
        defer { chafa_canvas_unref(canvas) }
        rgba.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, Int32(ROUX_CHAFA_PIXEL_RGBA8_UNASSOCIATED), pixels.baseAddress,
                                         Int32(width), Int32(height), Int32(width * 4))
        }
        // chafa takes the sequences of a terminal from its database, found by
        // the environment such a terminal sets.
        let environment = switch kind {
        case .kitty: "TERM=xterm-kitty"
        case .iterm2: "TERM_PROGRAM=iTerm.app"
        case .sixels: "TERM=mlterm"
        }
        return environment.withCString { variable -> [UInt8] in
            var list: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: variable), nil]
            return list.withUnsafeMutableBufferPointer { envp -> [UInt8] in
                guard let info = chafa_term_db_detect(chafa_term_db_get_default(), envp.baseAddress) else { return [] }
                defer { chafa_term_info_unref(info) }
                guard let printed = chafa_canvas_print(canvas, info) else { return [] }
                defer { _ = g_string_free(printed, 1) }
                guard let characters = printed.pointee.str else { return [] }
                return characters.withMemoryRebound(to: UInt8.self, capacity: printed.pointee.len) {
                    Array(UnsafeBufferPointer(start: $0, count: printed.pointee.len))
                }
            }
        }
    }
}
