public import Foundation

/// Finds a literal needle in text, fast enough for whole documents.
///
/// It scans the UTF-8 bytes of one contiguous `String`
/// (`String(text.characters[...])`, one cheap copy of the whole text), never the
/// attributed string's views, which pay a rope lookup for every element.
///
/// Case-insensitive matching folds ASCII letters byte by byte and, for other
/// letters, tries the needle as written, lowercased, uppercased and with a
/// capital first letter ("œufs", "Œufs", "ŒUFS"), each composed and
/// decomposed (a "crème" typed as e + U+0300 is found from "crème"), with
/// ASCII and typographic apostrophes (’) either way. Each form is one
/// `memchr`-driven pass, so a search stays at memory speed.
/// Limitation: a word mixing forms ("œUFS", one accent composed and one
/// not, ' and ’ in one name) is not found.
public struct TextSearch: Equatable, Sendable {
    public var needle: String
    public var caseInsensitive: Bool
    /// Only matches with no letter, digit or combining mark on either side:
    /// "sel" is not found inside "selle"; but where a script writes words
    /// together, a match may begin or end inside a run of letters as
    /// `WrittenTogether` says (ריבה in בריבה, 卵 in 卵と).
    public var wholeWords: Bool

    /// Also finds the needle's regular plurals, whole words only
    /// ("egg" finds "eggs", "tomato" "tomatoes", "chou" "choux"): marking.
    public var plurals: Bool

    public init(_ needle: String, caseInsensitive: Bool = false, wholeWords: Bool = false, plurals: Bool = false) {
        self.needle = needle
        self.caseInsensitive = caseInsensitive
        self.wholeWords = wholeWords
        self.plurals = plurals
    }

    /// Every match in `haystack`, as sorted, non-overlapping UTF-8 offset ranges.
    public func matches(in haystack: String) -> [Range<Int>] {
        guard !needle.isEmpty else { return [] }
        var haystack = haystack
        return haystack.withUTF8 { bytes in
            var found: [Range<Int>] = []
            for variant in variants() {
                found += Self.byteMatches(of: variant, in: bytes, foldingASCII: caseInsensitive)
            }
            if plurals {
                for plural in Self.plurals(of: needle) {
                    var search = self
                    search.needle = plural
                    search.plurals = false
                    for variant in search.variants() {
                        found += Self.byteMatches(of: variant, in: bytes, foldingASCII: caseInsensitive)
                            .filter { Self.isWholeWord($0, in: bytes) }
                    }
                }
            }
            // Whole words are told apart before overlaps: "egg" inside
            // "eggs" must not hide the plural starting at the same place.
            if wholeWords { found = found.filter { Self.isWholeWord($0, in: bytes) } }
            return Self.nonOverlapping(found)
        }
    }

    /// Matches sorted, the longest first where several start at one place,
    /// and none overlapping one kept before it.
    public static func nonOverlapping(_ found: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in found.sorted(by: { ($0.lowerBound, -$0.count) < ($1.lowerBound, -$1.count) })
        where result.last.map({ range.lowerBound >= $0.upperBound }) ?? true {
            result.append(range)
        }
        return result
    }

    private func variants() -> [[UInt8]] {
        guard caseInsensitive else { return [Array(needle.utf8)] }
        let capitalized = needle.prefix(1).uppercased() + needle.dropFirst().lowercased()
        var seen = Set<[UInt8]>()
        var result: [[UInt8]] = []
        for cased in [needle, needle.lowercased(), needle.uppercased(), capitalized] {
            for normalized in [cased, cased.precomposedStringWithCanonicalMapping, cased.decomposedStringWithCanonicalMapping] {
                for variant in Self.apostropheForms(of: normalized) {
                    let bytes = Array(variant.utf8)
                    if seen.insert(bytes.map(Self.foldASCII)).inserted { result.append(bytes) }
                }
            }
        }
        return result
    }

    /// The text with every apostrophe as `'` and as `’` (the usual French
    /// typography: "pâte d’amande"); just the text when it has none.
    static func apostropheForms(of text: String) -> [String] {
        let apostrophes: Set<Character> = ["'", "\u{2019}", "\u{02BC}"]
        guard text.contains(where: apostrophes.contains) else { return [text] }
        return ["'", "\u{2019}"].map { replacement in String(text.map { apostrophes.contains($0) ? replacement : $0 }) }
    }

    /// A name's regular plurals, the last word changing: +s, +es after
    /// o/ch/sh, -y → -ies after a consonant, +x after eau/ou (French).
    /// Nothing for a word that already ends in s or x.
    public static func plurals(of name: String) -> [String] {
        guard let last = name.split(separator: " ").last, last.count >= 2, last.last?.isLetter == true,
              !last.hasSuffix("s"), !last.hasSuffix("x") else { return [] }
        var forms = [name + "s"]
        if last.hasSuffix("o") || last.hasSuffix("ch") || last.hasSuffix("sh") { forms.append(name + "es") }
        if last.hasSuffix("y"), let beforeY = last.dropLast().last, !"aeiou".contains(beforeY) {
            forms.append(name.dropLast() + "ies")
        }
        if last.hasSuffix("eau") || last.hasSuffix("ou") { forms.append(name + "x") }
        return forms
    }

    @inline(__always)
    static func foldASCII(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }

    /// Candidates are found by `memchr` on the needle's first byte (both
    /// cases of an ASCII letter when folding): memory speed between them.
    static func byteMatches(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, foldingASCII: Bool) -> [Range<Int>] {
        let pattern = foldingASCII ? needle.map(foldASCII) : needle
        let count = pattern.count
        guard count <= bytes.count, let base = bytes.baseAddress else { return [] }
        var result: [Range<Int>] = []
        let first = pattern[0]
        let isLetter = foldingASCII && first >= 0x61 && first <= 0x7A
        let firstBytes: [UInt8] = isLetter ? [first, first & ~0x20] : [needle[0]]
        let last = bytes.count - count
        // The next occurrence of each first byte at or after `position`.
        var next = firstBytes.map { _ in -1 }
        func find(_ byte: UInt8, from position: Int) -> Int {
            guard position <= last, let found = memchr(base + position, Int32(byte), last + 1 - position) else { return Int.max }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
        var position = 0
        while position <= last {
            for index in firstBytes.indices where next[index] < position { next[index] = find(firstBytes[index], from: position) }
            let candidate = next.min() ?? Int.max
            if candidate > last { break }
            var matched = 1
            while matched < count {
                let byte = foldingASCII ? foldASCII(bytes[candidate + matched]) : bytes[candidate + matched]
                if byte != pattern[matched] { break }
                matched += 1
            }
            if matched == count {
                result.append(candidate ..< candidate + count)
                position = candidate + count
            } else {
                position = candidate + 1
            }
        }
        return result
    }

    /// No word scalar touches the match on either side, or one does where
    /// its script lets a word begin or end there (`WrittenTogether`).
    static func isWholeWord(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if range.lowerBound > 0, let before = scalar(endingAt: range.lowerBound, in: bytes), isWordScalar(before) {
            guard let first = scalar(startingAt: range.lowerBound, in: bytes),
                  WrittenTogether.mayBegin(at: first, after: before, prefix: wordPrefix(endingAt: range.lowerBound, in: bytes))
            else { return false }
        }
        if range.upperBound < bytes.count, let after = scalar(startingAt: range.upperBound, in: bytes), isWordScalar(after) {
            guard let last = scalar(endingAt: range.upperBound, in: bytes), WrittenTogether.mayEnd(at: last, before: after)
            else { return false }
        }
        return true
    }

    /// The word scalars before `offset` back to the word's start, or nil
    /// when they are more than a prefix's letters and marks can be.
    static func wordPrefix(endingAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar]? {
        var scalars: [Unicode.Scalar] = []
        var position = offset
        while position > 0, let scalar = scalar(endingAt: position, in: bytes), isWordScalar(scalar) {
            // Each letter may carry a few marks (niqqud, harakat).
            guard scalars.count < WrittenTogether.longestPrefix * 4 else { return nil }
            scalars.append(scalar)
            position -= scalar.utf8.count
        }
        return scalars.reversed()
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return properties.isAlphabetic || scalar == "_"
        }
    }

    static func scalar(startingAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return decode(bytes[offset ..< end])
    }

    static func scalar(endingAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var start = offset - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return decode(bytes[start ..< offset])
    }

    private static func decode(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> Unicode.Scalar? {
        var iterator = slice.makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}

extension RichTextDocument {
    /// The text as one contiguous `String`, the fast way (one copy).
    public var plainText: String {
        String(text.characters[...])
    }

    /// Every match of `search` as ranges of the current text.
    public func ranges(matching search: TextSearch) -> [Range<Index>] {
        text.characterRanges(atSortedUTF8Offsets: search.matches(in: plainText))
    }

    /// Finds every match and merges `attributes` onto all of them in one
    /// transform; the selection stays where it was. Returns the match count.
    @discardableResult
    public mutating func addAttributes(_ attributes: AttributeContainer, toMatchesOf search: TextSearch) -> Int {
        let matches = search.matches(in: plainText)
        addAttributes(attributes, toUTF8Offsets: matches)
        return matches.count
    }
}
