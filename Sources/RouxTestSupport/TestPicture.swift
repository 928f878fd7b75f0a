/// PNG files written by the tests: a picture drawn by a function of its
/// pixels, stored without compression (deflate's stored blocks), so that a
/// test can build the exact bytes it needs, then cut or damage them.
public enum TestPicture {
    /// A PNG of `width`×`height` RGBA pixels, each from `pixel(x, y)`.
    public static func png(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * 4))
        for y in 0 ..< height {
            raw.append(0)  // no filter
            for x in 0 ..< width {
                let (red, green, blue, alpha) = pixel(x, y)
                raw += [red, green, blue, alpha]
            }
        }
        return pngFile(width: width, height: height, imageData: zlibStored(raw))
    }

    /// A PNG whose header says `width`×`height` but whose data is `imageData`
    /// as given (a header that lies about the picture's size).
    public static func pngFile(width: Int, height: Int, imageData: [UInt8]) -> [UInt8] {
        var header = bigEndian(UInt32(truncatingIfNeeded: width)) + bigEndian(UInt32(truncatingIfNeeded: height))
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, no filter method, not interlaced
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", imageData) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// zlib's wrapping of deflate's stored blocks (at most 65,535 bytes each).
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(data.count, start + 65_535)
            let length = UInt16(end - start)
            output.append(end == data.count ? 1 : 0)
            output += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            output += data[start ..< end]
            start = end
        } while start < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return output + bigEndian(b << 16 | a)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
