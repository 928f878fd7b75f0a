import CStbImage
import CWebP

/// Reading a picture file's bytes, which are untrusted: the format is told by
/// its first bytes (not the name), the size is read from the header and
/// checked before any pixel is decoded, and whatever goes wrong is a
/// `PictureError`, never a crash.
extension Picture {
    /// The formats read, by their first bytes.
    public enum Format: String, Sendable {
        case png = "PNG", jpeg = "JPEG", gif = "GIF", webp = "WebP"

        public init?(signature bytes: [UInt8]) {
            func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
                bytes.count >= offset + prefix.count && Array(bytes[offset ..< offset + prefix.count]) == prefix
            }
            if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
            else if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
            else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { self = .gif }
            else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { self = .webp }
            else { return nil }
        }
    }

    /// The most pixels a file may declare: a 50-megapixel camera's photo.
    /// More is refused before decoding (a header can claim 4 billion).
    public static let maximumPixels = 50_000_000
    /// The largest file read (`PictureCache` checks it before reading).
    public static let maximumFileBytes = 64 << 20

    /// The picture in `bytes`, reduced to fit `side` pixels on its longest side.
    public static func decode(_ bytes: [UInt8], fittingIn side: Int = workingSide) throws(PictureError) -> Picture {
        guard !bytes.isEmpty else { throw PictureError("the picture file is empty") }
        guard bytes.count <= maximumFileBytes else { throw PictureError("the picture file is larger than \(maximumFileBytes >> 20) MB") }
        guard let format = Format(signature: bytes) else { throw PictureError("not a PNG, JPEG, GIF or WebP picture") }
        let size = try dimensions(of: bytes, format: format)
        guard size.width > 0, size.height > 0 else { throw PictureError("the \(format.rawValue) picture has no pixels") }
        guard size.width <= 65_535, size.height <= 65_535, size.width * size.height <= maximumPixels else {
            throw PictureError("the \(format.rawValue) picture is \(size.width)×\(size.height) pixels, more than \(maximumPixels / 1_000_000) million")
        }
        let full = try pixels(of: bytes, format: format)
        return full.reduced(toFit: side)
    }

    /// The width and height the header declares.
    static func dimensions(of bytes: [UInt8], format: Format) throws(PictureError) -> (width: Int, height: Int) {
        // A PNG's header says its size in plain numbers: read here, so that a
        // size too large is said as such (stb_image calls it only damaged).
        if format == .png, bytes.count >= 24, Array(bytes[12 ..< 16]) == Array("IHDR".utf8) {
            func number(at offset: Int) -> Int { bytes[offset ..< offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            let size = (number(at: 16), number(at: 20))
            if size.0 > 65_535 || size.1 > 65_535 || size.0 * size.1 > maximumPixels { return size }
        }
        var width: Int32 = 0
        var height: Int32 = 0
        let found = bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            if format == .webp { return WebPGetInfo(base, buffer.count, &width, &height) != 0 }
            var channels: Int32 = 0
            return stbi_info_from_memory(base, Int32(buffer.count), &width, &height, &channels) != 0
        }
        guard found else { throw PictureError("the \(format.rawValue) picture's header is damaged") }
        return (Int(width), Int(height))
    }

    /// Every pixel, decoded; the decoder's buffer is freed before returning.
    private static func pixels(of bytes: [UInt8], format: Format) throws(PictureError) -> Picture {
        var width: Int32 = 0
        var height: Int32 = 0
        let decoded: [UInt8]? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            if format == .webp {
                guard let pixels = WebPDecodeRGBA(base, buffer.count, &width, &height) else { return nil }
                defer { WebPFree(pixels) }
                return Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4))
            }
            var channels: Int32 = 0
            guard let pixels = stbi_load_from_memory(base, Int32(buffer.count), &width, &height, &channels, 4) else { return nil }
            defer { stbi_image_free(pixels) }
            return Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4))
        }
        guard let decoded, width > 0, height > 0 else {
            let reason = format == .webp ? nil : stbi_failure_reason().map { String(cString: $0) }
            throw PictureError("the \(format.rawValue) picture is damaged or cut short" + (reason.map { " (\($0))" } ?? ""))
        }
        return Picture(width: Int(width), height: Int(height), rgba: decoded)
    }
}
