/// A picture's pixels once decoded: RGBA, 8 bits a channel, not premultiplied,
/// rows from the top. Decoding keeps at most `workingSide` pixels on a side
/// (`Picture.decode`), which is more than a terminal's pane shows and little
/// to keep: a photo of 48 million pixels is held in full only while it is
/// reduced.
public struct Picture: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "a picture's pixels must fill it")
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// The longest side a decoded picture keeps by default: a pane of 200
    /// columns drawn in sixels at 10 pixels a cell.
    public static let workingSide = 2048
}

/// Why a picture is not drawn, said to the user beside its alternative text.
public struct PictureError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
