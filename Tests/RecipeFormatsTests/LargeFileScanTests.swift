import RouxTestSupport
import Foundation
import PropertyBased
@testable import RecipeStorage
@testable import RecipeFormats
import Testing

/// A large file is checked in chunks (`LargeFileReader.scan`), cut where no
/// character is split: whatever the chunk size, it must find what decoding
/// the whole file finds (invalid UTF-8 and its place, a NUL and its place,
/// the line endings).
@Suite("Scanning a large file in chunks")
struct LargeFileScanTests {
    /// Pieces that land on chunk boundaries: one- to four-byte characters,
    /// line endings, bytes that are never valid and sequences cut short.
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array(" ".utf8), Array("\n".utf8), Array("\r\n".utf8), Array("é".utf8), Array("ס".utf8),
        Array("砂".utf8), Array("🍩".utf8), [0x80], [0xFF], [0xC0, 0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x8D], [0xED, 0xA0, 0x80],
    ]

    static let files = Gen.int(in: 0 ... pieces.count - 1).array(of: 0 ... 80)

    static func bytes(_ codes: [Int], nulAt nul: Int) -> [UInt8] {
        var bytes = codes.flatMap { pieces[$0] }
        if nul < bytes.count { bytes[nul] = 0 }
        return bytes
    }

    @Test func aScanInChunksOfAnySizeFindsWhatDecodingTheWholeFileFinds() async throws {
        await propertyCheck(count: PropertyCases.scaled(400), input: Self.files, Gen.int(in: 1 ... 9), Gen.int(in: 0 ... 400)) { codes, chunk, nul in
            let bytes = Self.bytes(codes, nulAt: nul)
            guard let path = try? LargeFileTests.write(bytes, extension: "md"), let reader = try? LargeFileReader(path: path) else {
                Issue.record("could not write a file")
                return
            }
            defer { unlink(path) }
            // Refused for a NUL, or (opened with --force) warned of it.
            for forced in [false, true] {
            let whole = Result { () throws(RecipeFileError) in try RecipeFileReader.decode(Data(bytes), path: path, allowBinary: forced) }
            let scanned = Result { () throws(RecipeFileError) in try reader.scan(allowBinary: forced, chunkBytes: chunk) }
            switch (whole, scanned) {
            case (.failure(let expected), .failure(let found)):
                #expect(found.line == expected.line && found.column == expected.column, "\(bytes) in chunks of \(chunk)")
            case (.success(let expected), .success(let found)):
                #expect(found.invalidSequences == expected.replacedSequences, "\(bytes) in chunks of \(chunk)")
                #expect(found.warnings == expected.warnings, "\(bytes) in chunks of \(chunk)")
                #expect(expected.warnings.contains { $0.contains("NUL") } == (forced && bytes.contains(0)))
                let newlines = bytes.indices.filter { bytes[$0] == 0x0A }
                let crlf = !newlines.isEmpty && newlines.allSatisfy { $0 > 0 && bytes[$0 - 1] == 0x0D }
                #expect(found.style.lineEnding == (crlf ? "\r\n" : "\n"))
                #expect(found.style.endsWithNewline == (bytes.last == 0x0A))
            default:
                Issue.record("the whole file gives \(whole), the scan \(scanned): \(bytes) in chunks of \(chunk)")
            }
            }
        }
    }

    @Test func aLongLineIsCutBeforeACharacterThatRunsPastTheChunk() {
        let line = Array("é砂🍩".utf8) // 2 + 3 + 4 bytes
        // Each prefix that ends inside a character is cut before that character.
        let expected = [0, 0, 2, 2, 2, 5, 5, 5, 5, 9]
        for length in 1 ... line.count {
            #expect(LargeFileReader.characterBoundary(in: Array(line[..<length])) == expected[length], "prefix of \(length) bytes")
        }
    }
}
