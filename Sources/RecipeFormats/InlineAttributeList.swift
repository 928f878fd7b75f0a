/// The attribute list of Foundation's inline attribute syntax,
/// `^[text](ingredient: "beurre", underline: true)`: JSON5-like pairs.
/// Values that are objects or arrays are kept as raw text.
struct InlineAttributeList: Equatable {
    enum Value: Equatable {
        case string(String)
        case number(String)
        case bool(Bool)
        /// An object, array or null, as written.
        case raw(String)
    }

    struct Pair: Equatable {
        var key: String
        var value: Value
        /// The pair exactly as written, for keys kept verbatim.
        var source: String
    }

    var pairs: [Pair]

    struct SyntaxError: Error {
        /// Offset in scalars from the start of the list.
        var offset: Int
        var message: String
    }

    static func parse(_ text: Substring) throws(SyntaxError) -> InlineAttributeList {
        var scanner = Scanner(scalars: Array(text.unicodeScalars))
        var pairs: [Pair] = []
        scanner.skipSpaces()
        while !scanner.atEnd {
            let start = scanner.position
            let key = try scanner.key()
            scanner.skipSpaces()
            guard scanner.take(":") else { throw SyntaxError(offset: scanner.position, message: "expected ':' after \(key)") }
            scanner.skipSpaces()
            let value = try scanner.value()
            pairs.append(Pair(key: key, value: value, source: scanner.text(from: start)))
            scanner.skipSpaces()
            if scanner.atEnd { break }
            guard scanner.take(",") else { throw SyntaxError(offset: scanner.position, message: "expected ',' between attributes") }
            scanner.skipSpaces()
        }
        return InlineAttributeList(pairs: pairs)
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var position = 0

        var atEnd: Bool { position >= scalars.count }
        var current: Unicode.Scalar? { atEnd ? nil : scalars[position] }

        func text(from start: Int) -> String {
            var result = ""
            result.unicodeScalars.append(contentsOf: scalars[start ..< position])
            return result
        }

        mutating func skipSpaces() {
            while let scalar = current, scalar == " " || scalar == "\t" { position += 1 }
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard current == scalar else { return false }
            position += 1
            return true
        }

        mutating func key() throws(SyntaxError) -> String {
            if current == "\"" { return try quoted() }
            let start = position
            while let scalar = current, scalar.properties.isAlphabetic || ("0" ... "9").contains(scalar) || scalar == "_" || scalar == "." {
                position += 1
            }
            guard position > start else { throw SyntaxError(offset: position, message: "expected an attribute name") }
            return text(from: start)
        }

        mutating func value() throws(SyntaxError) -> Value {
            guard let scalar = current else { throw SyntaxError(offset: position, message: "expected a value") }
            switch scalar {
            case "\"": return .string(try quoted())
            case "{", "[":
                let start = position
                try skipBalanced()
                return .raw(text(from: start))
            default:
                let start = position
                while let next = current, next != ",", next != " ", next != "\t" { position += 1 }
                let word = text(from: start)
                switch word {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "null": return .raw(word)
                default:
                    guard !word.isEmpty, Double(word) != nil else {
                        throw SyntaxError(offset: start, message: "expected a string in quotes, a number, true or false")
                    }
                    return .number(word)
                }
            }
        }

        mutating func quoted() throws(SyntaxError) -> String {
            let start = position
            position += 1
            var result = ""
            while let scalar = current {
                position += 1
                switch scalar {
                case "\"": return result
                case "\\":
                    guard let escaped = current else { break }
                    position += 1
                    switch escaped {
                    case "n": result.unicodeScalars.append("\n")
                    case "t": result.unicodeScalars.append("\t")
                    default: result.unicodeScalars.append(escaped)
                    }
                default: result.unicodeScalars.append(scalar)
                }
            }
            throw SyntaxError(offset: start, message: "string not closed")
        }

        mutating func skipBalanced() throws(SyntaxError) {
            let start = position
            var depth = 0
            while let scalar = current {
                switch scalar {
                case "{", "[": depth += 1; position += 1
                case "}", "]":
                    depth -= 1
                    position += 1
                    if depth == 0 { return }
                case "\"": _ = try quoted()
                default: position += 1
                }
            }
            throw SyntaxError(offset: start, message: "brackets not closed")
        }
    }

    /// A string as the list writes it, quoted and escaped.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
