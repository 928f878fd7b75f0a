import TerminalPictures

extension FuzzCheck {
    /// Any bytes as a picture file: decoding gives a picture no larger than
    /// the working size, or a reason; never a crash, and the picture drawn in
    /// block symbols fills the cells it was given.
    static func checkPicture(_ bytes: [UInt8]) -> String? {
        let picture: Picture
        do throws(PictureError) {
            picture = try Picture.decode(bytes, fittingIn: 256)
        } catch {
            return error.message.isEmpty ? "a picture refused without a reason" : nil
        }
        guard picture.width <= 256, picture.height <= 256 else {
            return "a picture of \(picture.width)×\(picture.height) pixels kept, more than 256 on a side"
        }
        let size = picture.cellSize(fitting: 20, 10)
        let rows = picture.symbolCells(columns: size.columns, rows: size.rows)
        guard rows.count == size.rows, rows.allSatisfy({ $0.count == size.columns }) else {
            return "the picture drawn in \(rows.map(\.count)) cells for \(size.columns)×\(size.rows)"
        }
        return nil
    }
}
