/// A checksum of bytes a save will copy from a file instead of writing them
/// (`TextSourceMap`): the copy is made only if the bytes still sum to what
/// they did when read or written. A file's fingerprint (size, time, inode)
/// misses a same-size change made within the file system's clock tick;
/// this does not. Eight bytes a step, so it costs little next to reading.
package enum SourceChecksum {
    package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < bytes.count {
            tail = tail << 8 | UInt64(bytes[offset])
            offset += 1
        }
        return mix(hash ^ tail)
    }

    package static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    package static func of(_ text: Substring) -> UInt64 {
        var text = text
        return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 31
        return value &* 0x94D0_49BB_1331_11EB
    }
}
