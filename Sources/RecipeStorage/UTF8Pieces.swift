/// Bytes read as UTF-8 a piece at a time: each valid scalar, and each
/// sequence that is not UTF-8 (as the standard library's parser cuts them,
/// so every reader of invalid bytes sees the same pieces).
enum UTF8Pieces {
    @inline(__always)
    static func forEach(in bytes: [UInt8], valid: (Unicode.UTF8.EncodedScalar) -> Void, invalid: (Range<Int>) -> Void) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var position = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                valid(encoded)
                position += encoded.count
            case .error(let length):
                invalid(position ..< position + length)
                position += length
            case .emptyInput:
                return
            }
        }
    }
}
