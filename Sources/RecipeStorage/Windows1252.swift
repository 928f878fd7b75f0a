/// Text in Windows-1252 (Latin-1 with printable characters in 0x80–0x9F),
/// the encoding most recipe files that are not UTF-8 were written in.
package enum Windows1252 {
    /// 0x80–0x9F; the five bytes the encoding leaves undefined are read as
    /// the C1 controls of the same value, as the WHATWG Encoding Standard does.
    private static let high: [Unicode.Scalar] = [
        "\u{20AC}", "\u{81}", "\u{201A}", "\u{192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{2C6}", "\u{2030}", "\u{160}", "\u{2039}", "\u{152}", "\u{8D}", "\u{17D}", "\u{8F}",
        "\u{90}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{2DC}", "\u{2122}", "\u{161}", "\u{203A}", "\u{153}", "\u{9D}", "\u{17E}", "\u{178}",
    ]

    static func scalar(_ byte: UInt8) -> Unicode.Scalar {
        (0x80 ... 0x9F).contains(byte) ? high[Int(byte - 0x80)] : Unicode.Scalar(byte)
    }

    /// The bytes as text: what is valid UTF-8 stays as it is (a file
    /// partly converted already keeps its "é"), each other byte is read as
    /// Windows-1252.
    package static func decodingWhereNotUTF8(_ bytes: [UInt8]) -> String {
        var text = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var position = 0
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.append(Unicode.UTF8.decode(encoded))
                position += encoded.count
            case .error(let length):
                for byte in bytes[position ..< position + length] { text.append(scalar(byte)) }
                position += length
            case .emptyInput:
                break loop
            }
        }
        return String(text)
    }
}
