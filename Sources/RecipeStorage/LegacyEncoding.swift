/// The single-byte encodings recipe files that are not UTF-8 were written
/// in: Windows-1252 (Latin), Windows-1255 (Hebrew) and Windows-1251
/// (Cyrillic). A file is read in one only at the user's word, and the one
/// offered first is guessed from the bytes that are not UTF-8.
public enum LegacyEncoding: String, CaseIterable, Sendable {
    case windows1252, windows1255, windows1251

    /// As the user knows it: `Windows-1255`.
    public var name: String {
        switch self {
        case .windows1252: "Windows-1252"
        case .windows1255: "Windows-1255"
        case .windows1251: "Windows-1251"
        }
    }

    /// The script it writes: `Hebrew`.
    public var script: String {
        switch self {
        case .windows1252: "Latin-1"
        case .windows1255: "Hebrew"
        case .windows1251: "Cyrillic"
        }
    }

    /// The character of a byte of 0x80 or more (below, ASCII). Bytes an
    /// encoding leaves undefined are read as the C1 control of the same
    /// value in 0x80–0x9F, as the WHATWG Encoding Standard does, and as
    /// U+FFFD above.
    public func scalar(_ byte: UInt8) -> Unicode.Scalar {
        guard byte >= 0x80 else { return Unicode.Scalar(byte) }
        return switch self {
        case .windows1252: (0x80 ... 0x9F).contains(byte) ? Self.latinHigh[Int(byte - 0x80)] : Unicode.Scalar(byte)
        case .windows1255: Self.hebrewHigh[Int(byte - 0x80)]
        case .windows1251: Self.cyrillicHigh[Int(byte - 0x80)]
        }
    }

    /// The bytes as text: what is valid UTF-8 stays as it is (a file
    /// partly converted already keeps its "é"), each other byte is read in
    /// this encoding.
    public func decodingWhereNotUTF8(_ bytes: [UInt8]) -> String {
        var text = String.UnicodeScalarView()
        UTF8Pieces.forEach(in: bytes) { text.append(Unicode.UTF8.decode($0)) } invalid: { range in
            for byte in bytes[range] { text.append(scalar(byte)) }
        }
        return String(text)
    }

    /// The encoding the bytes that are not UTF-8 look like (valid UTF-8
    /// in the file says nothing). Latin text has an accented letter here
    /// and there between ASCII letters; Hebrew and Cyrillic write whole
    /// words in bytes of 0xC0 or more. Of those two, only Cyrillic uses
    /// 0xD9–0xDF, 0xFB, 0xFC and 0xFF (Щ–Я, ы, ь, я), which Windows-1255
    /// leaves undefined.
    public static func guessed(from bytes: [UInt8]) -> LegacyEncoding {
        var invalid = 0
        var inWords = 0
        var run = 0
        var cyrillicOnly = 0
        UTF8Pieces.forEach(in: bytes) { _ in
            if run >= 3 { inWords += run }
            run = 0
        } invalid: { range in
            invalid += range.count
            run += range.count
            cyrillicOnly += bytes[range].filter { (0xD9 ... 0xDF).contains($0) || $0 == 0xFB || $0 == 0xFC || $0 == 0xFF }.count
        }
        if run >= 3 { inWords += run }
        guard invalid > 0, inWords * 2 >= invalid else { return .windows1252 }
        return cyrillicOnly > 0 ? .windows1251 : .windows1255
    }

    private static let latinHigh: [Unicode.Scalar] = [
        "\u{20AC}", "\u{81}", "\u{201A}", "\u{192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{2C6}", "\u{2030}", "\u{160}", "\u{2039}", "\u{152}", "\u{8D}", "\u{17D}", "\u{8F}",
        "\u{90}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{2DC}", "\u{2122}", "\u{161}", "\u{203A}", "\u{153}", "\u{9D}", "\u{17E}", "\u{178}",
    ]

    /// 0x80–0xFF of Windows-1255 (niqqud at 0xC0–0xD4, letters at 0xE0–0xFA).
    private static let hebrewHigh: [Unicode.Scalar] = [
        "\u{20AC}", "\u{81}", "\u{201A}", "\u{192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{2C6}", "\u{2030}", "\u{8A}", "\u{2039}", "\u{8C}", "\u{8D}", "\u{8E}", "\u{8F}",
        "\u{90}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{2DC}", "\u{2122}", "\u{9A}", "\u{203A}", "\u{9C}", "\u{9D}", "\u{9E}", "\u{9F}",
        "\u{A0}", "\u{A1}", "\u{A2}", "\u{A3}", "\u{20AA}", "\u{A5}", "\u{A6}", "\u{A7}",
        "\u{A8}", "\u{A9}", "\u{D7}", "\u{AB}", "\u{AC}", "\u{AD}", "\u{AE}", "\u{AF}",
        "\u{B0}", "\u{B1}", "\u{B2}", "\u{B3}", "\u{B4}", "\u{B5}", "\u{B6}", "\u{B7}",
        "\u{B8}", "\u{B9}", "\u{F7}", "\u{BB}", "\u{BC}", "\u{BD}", "\u{BE}", "\u{BF}",
        "\u{5B0}", "\u{5B1}", "\u{5B2}", "\u{5B3}", "\u{5B4}", "\u{5B5}", "\u{5B6}", "\u{5B7}",
        "\u{5B8}", "\u{5B9}", "\u{FFFD}", "\u{5BB}", "\u{5BC}", "\u{5BD}", "\u{5BE}", "\u{5BF}",
        "\u{5C0}", "\u{5C1}", "\u{5C2}", "\u{5C3}", "\u{5F0}", "\u{5F1}", "\u{5F2}", "\u{5F3}",
        "\u{5F4}", "\u{FFFD}", "\u{FFFD}", "\u{FFFD}", "\u{FFFD}", "\u{FFFD}", "\u{FFFD}", "\u{FFFD}",
        "\u{5D0}", "\u{5D1}", "\u{5D2}", "\u{5D3}", "\u{5D4}", "\u{5D5}", "\u{5D6}", "\u{5D7}",
        "\u{5D8}", "\u{5D9}", "\u{5DA}", "\u{5DB}", "\u{5DC}", "\u{5DD}", "\u{5DE}", "\u{5DF}",
        "\u{5E0}", "\u{5E1}", "\u{5E2}", "\u{5E3}", "\u{5E4}", "\u{5E5}", "\u{5E6}", "\u{5E7}",
        "\u{5E8}", "\u{5E9}", "\u{5EA}", "\u{FFFD}", "\u{FFFD}", "\u{200E}", "\u{200F}", "\u{FFFD}",
    ]

    /// 0x80–0xFF of Windows-1251 (А–я at 0xC0–0xFF).
    private static let cyrillicHigh: [Unicode.Scalar] = [
        "\u{402}", "\u{403}", "\u{201A}", "\u{453}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{20AC}", "\u{2030}", "\u{409}", "\u{2039}", "\u{40A}", "\u{40C}", "\u{40B}", "\u{40F}",
        "\u{452}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{98}", "\u{2122}", "\u{459}", "\u{203A}", "\u{45A}", "\u{45C}", "\u{45B}", "\u{45F}",
        "\u{A0}", "\u{40E}", "\u{45E}", "\u{408}", "\u{A4}", "\u{490}", "\u{A6}", "\u{A7}",
        "\u{401}", "\u{A9}", "\u{404}", "\u{AB}", "\u{AC}", "\u{AD}", "\u{AE}", "\u{407}",
        "\u{B0}", "\u{B1}", "\u{406}", "\u{456}", "\u{491}", "\u{B5}", "\u{B6}", "\u{B7}",
        "\u{451}", "\u{2116}", "\u{454}", "\u{BB}", "\u{458}", "\u{405}", "\u{455}", "\u{457}",
        "\u{410}", "\u{411}", "\u{412}", "\u{413}", "\u{414}", "\u{415}", "\u{416}", "\u{417}",
        "\u{418}", "\u{419}", "\u{41A}", "\u{41B}", "\u{41C}", "\u{41D}", "\u{41E}", "\u{41F}",
        "\u{420}", "\u{421}", "\u{422}", "\u{423}", "\u{424}", "\u{425}", "\u{426}", "\u{427}",
        "\u{428}", "\u{429}", "\u{42A}", "\u{42B}", "\u{42C}", "\u{42D}", "\u{42E}", "\u{42F}",
        "\u{430}", "\u{431}", "\u{432}", "\u{433}", "\u{434}", "\u{435}", "\u{436}", "\u{437}",
        "\u{438}", "\u{439}", "\u{43A}", "\u{43B}", "\u{43C}", "\u{43D}", "\u{43E}", "\u{43F}",
        "\u{440}", "\u{441}", "\u{442}", "\u{443}", "\u{444}", "\u{445}", "\u{446}", "\u{447}",
        "\u{448}", "\u{449}", "\u{44A}", "\u{44B}", "\u{44C}", "\u{44D}", "\u{44E}", "\u{44F}",
    ]
}
