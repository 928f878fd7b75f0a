import RecipeStorage
import Testing

/// Files that are not UTF-8: which legacy encoding their bytes look like,
/// and the text read in each.
@Suite("Legacy encodings")
struct LegacyEncodingTests {
    /// "עוגת שוקולד" in Windows-1255.
    static let hebrew: [UInt8] = [0xF2, 0xE5, 0xE2, 0xFA, 0x20, 0xF9, 0xE5, 0xF7, 0xE5, 0xEC, 0xE3]
    /// "Борщ с мясом, добавьте соль" in Windows-1251.
    static let russian: [UInt8] = [
        0xC1, 0xEE, 0xF0, 0xF9, 0x20, 0xF1, 0x20, 0xEC, 0xFF, 0xF1, 0xEE, 0xEC, 0x2C, 0x20, 0xE4, 0xEE, 0xE1, 0xE0, 0xE2, 0xFC,
        0xF2, 0xE5, 0x20, 0xF1, 0xEE, 0xEB, 0xFC,
    ]
    /// "Crème brûlée, 200 g de sucre" in Windows-1252.
    static let french: [UInt8] = Array("Cr".utf8) + [0xE8] + Array("me br".utf8) + [0xFB] + Array("l".utf8) + [0xE9]
        + Array("e, 200 g de sucre".utf8)

    @Test func theEncodingIsGuessedFromTheBytesThatAreNotUTF8() {
        #expect(LegacyEncoding.guessed(from: Self.hebrew) == .windows1255)
        #expect(LegacyEncoding.guessed(from: Array("# ".utf8) + Self.hebrew + Array("\n\n- 200 g\n".utf8)) == .windows1255)
        #expect(LegacyEncoding.guessed(from: Self.russian) == .windows1251)
        #expect(LegacyEncoding.guessed(from: Self.french) == .windows1252)
        // Hebrew in UTF-8 around one stray Latin-1 byte: judged by that byte.
        #expect(LegacyEncoding.guessed(from: Array("עוגת שוקולד caf".utf8) + [0xE9]) == .windows1252)
        #expect(LegacyEncoding.guessed(from: Array("plain".utf8)) == .windows1252)
    }

    @Test func eachEncodingReadsItsScript() {
        #expect(LegacyEncoding.windows1255.decodingWhereNotUTF8(Self.hebrew) == "עוגת שוקולד")
        #expect(LegacyEncoding.windows1251.decodingWhereNotUTF8(Self.russian) == "Борщ с мясом, добавьте соль")
        #expect(LegacyEncoding.windows1252.decodingWhereNotUTF8(Self.french) == "Crème brûlée, 200 g de sucre")
        // The shekel and the number sign; valid UTF-8 stays as it is.
        #expect(LegacyEncoding.windows1255.decodingWhereNotUTF8([0x35, 0x20, 0xA4] + Array(" déjà".utf8)) == "5 ₪ déjà")
        #expect(LegacyEncoding.windows1251.decodingWhereNotUTF8([0xB9, 0x31]) == "№1")
    }

    /// No two defined bytes of an encoding read as one character, and
    /// none reads as a character that could drive a terminal but the C1
    /// controls that stand for undefined bytes.
    @Test(arguments: LegacyEncoding.allCases)
    func everyDefinedByteIsItsOwnCharacter(_ encoding: LegacyEncoding) {
        let scalars = (0x80 ... 0xFF).map { encoding.scalar(UInt8($0)) }.filter { $0 != "\u{FFFD}" && !(0x80 ... 0x9F).contains($0.value) }
        #expect(Set(scalars).count == scalars.count, "\(encoding)")
        #expect(scalars.allSatisfy { $0.value >= 0xA0 }, "\(encoding)")
    }
}
