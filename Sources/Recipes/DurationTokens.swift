/// A step's text as the pieces `WrittenDuration` reads: numbers (with
/// their fractions), words, dashes and the rest, each with its UTF-8
/// offsets and whether it touches the piece before it.
struct DurationTokens {
    enum Kind: Equatable {
        case number(Double)
        /// Lowercased letters.
        case word(String)
        case dash
        case other
    }

    struct Token {
        var kind: Kind
        var range: Range<Int>
        /// Nothing between it and the piece before it (`45m`, `A4`).
        var isGlued: Bool
        /// A number glued after letters (`A4`, `x2`) is no amount.
        var followsLetter: Bool

        func isWord(in words: Set<String>) -> Bool {
            if case .word(let word) = kind { return words.contains(word) }
            return false
        }

        func isRangeJoint(_ words: Set<String>) -> Bool {
            kind == .dash || isWord(in: words)
        }

        /// After `1 h 30`, what makes the 30 no minutes: a number, or a
        /// word or sign glued to it (`30g`, `30%`).
        var endsBareMinutes: Bool {
            if case .number = kind { return false }
            return !isGlued
        }

        /// Its seconds when it is a time unit after `number`.
        func unitSeconds(gluedTo number: Token) -> Double? {
            guard case .word(let word) = kind, case .number = number.kind else { return nil }
            if let seconds = WrittenDuration.units[word] { return seconds }
            return isGlued ? WrittenDuration.gluedUnits[word] : nil
        }
    }

    private(set) var tokens: [Token] = []

    init(_ text: String) {
        let characters = Array(text)
        var offsets: [Int] = [0]
        offsets.reserveCapacity(characters.count + 1)
        for character in characters { offsets.append((offsets.last ?? 0) + character.utf8.count) }
        var index = 0
        while index < characters.count {
            let start = index
            let character = characters[index]
            let glued = tokens.last?.range.upperBound == offsets[start]
            let afterLetter = glued && { if case .word = tokens.last?.kind { return true } else { return false } }()
            if let (value, end) = Self.number(in: characters, at: index) {
                tokens.append(Token(kind: .number(value), range: offsets[start] ..< offsets[end], isGlued: glued, followsLetter: afterLetter))
                index = end
            } else if character.isLetter {
                while index < characters.count, characters[index].isLetter { index += 1 }
                let word = String(characters[start ..< index]).lowercased()
                tokens.append(Token(kind: .word(word), range: offsets[start] ..< offsets[index], isGlued: glued, followsLetter: false))
            } else if "-–—".contains(character) {
                index += 1
                tokens.append(Token(kind: .dash, range: offsets[start] ..< offsets[index], isGlued: glued, followsLetter: false))
            } else {
                index += 1
                guard !character.isWhitespace else { continue }
                tokens.append(Token(kind: .other, range: offsets[start] ..< offsets[index], isGlued: glued, followsLetter: false))
            }
        }
    }

    /// A number at `start`: `25`, `1.5`, `1,5`, `½`, `1½`, `1 ½`, `1/2`,
    /// `1 1/2`; its value and the index after it.
    private static func number(in characters: [Character], at start: Int) -> (Double, Int)? {
        if let fraction = Quantity.vulgarFractions[characters[start]] { return (fraction, start + 1) }
        guard let (whole, afterWhole) = digits(in: characters, at: start) else { return nil }
        var index = afterWhole
        // A decimal point or comma between digits.
        if index + 1 < characters.count, characters[index] == "." || characters[index] == ",",
           let (_, end) = digits(in: characters, at: index + 1) {
            let text = String(characters[start ..< afterWhole]) + "." + String(characters[index + 1 ..< end])
            return Double(text).map { ($0, end) }
        }
        // `1/2` alone.
        if let (fraction, end) = slashFraction(in: characters, at: start) { return (fraction, end) }
        // `1½`, `1 ½`, `1 1/2`.
        let spaced = index < characters.count && characters[index] == " " ? index + 1 : index
        if spaced < characters.count, let fraction = Quantity.vulgarFractions[characters[spaced]] {
            index = spaced + 1
            return (Double(whole) + fraction, index)
        }
        if spaced > index, let (fraction, end) = slashFraction(in: characters, at: spaced) {
            return (Double(whole) + fraction, end)
        }
        return (Double(whole), index)
    }

    private static func digits(in characters: [Character], at start: Int) -> (Int, Int)? {
        var index = start
        var value = 0
        while index < characters.count, let digit = characters[index].wholeNumberValue, characters[index].isASCII {
            // More digits than any time: no duration, and no overflow.
            guard index - start < 6 else { return nil }
            value = value * 10 + digit
            index += 1
        }
        return index > start ? (value, index) : nil
    }

    private static func slashFraction(in characters: [Character], at start: Int) -> (Double, Int)? {
        guard let (numerator, slash) = digits(in: characters, at: start), slash < characters.count, characters[slash] == "/",
              let (denominator, end) = digits(in: characters, at: slash + 1), denominator > 0, numerator < denominator else { return nil }
        return (Double(numerator) / Double(denominator), end)
    }
}
