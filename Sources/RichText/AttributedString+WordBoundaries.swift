public import Foundation

/// What a grapheme is, for word motion and word deletion.
public enum GraphemeClass: Equatable, Sendable {
    case word        // letters, digits, marks, connector punctuation
    case space       // spaces and tabs
    case lineBreak
    case punctuation // everything else

    public init(_ character: Character) {
        if character.isNewline {
            self = .lineBreak
        } else if character.isWhitespace {
            self = .space
        } else if character.isLetter || character.isNumber || character == "_"
                    || character.unicodeScalars.first?.properties.generalCategory == .nonspacingMark {
            self = .word
        } else {
            self = .punctuation
        }
    }
}

extension AttributedString.CharacterView {
    /// The start of the word before `index`: skips spaces, then one run of
    /// graphemes of the same class. A line break is a word of its own.
    public func wordBoundary(before index: AttributedString.Index) -> AttributedString.Index {
        var position = index
        while position > startIndex, GraphemeClass(self[self.index(before: position)]) == .space {
            position = self.index(before: position)
        }
        guard position > startIndex else { return position }
        let kind = GraphemeClass(self[self.index(before: position)])
        if kind == .lineBreak { return self.index(before: position) }
        while position > startIndex, GraphemeClass(self[self.index(before: position)]) == kind {
            position = self.index(before: position)
        }
        return position
    }

    /// The end of the word after `index`: skips spaces, then one run of
    /// graphemes of the same class. A line break is a word of its own.
    public func wordBoundary(after index: AttributedString.Index) -> AttributedString.Index {
        var position = index
        while position < endIndex, GraphemeClass(self[position]) == .space {
            position = self.index(after: position)
        }
        guard position < endIndex else { return position }
        let kind = GraphemeClass(self[position])
        if kind == .lineBreak { return self.index(after: position) }
        while position < endIndex, GraphemeClass(self[position]) == kind {
            position = self.index(after: position)
        }
        return position
    }

    /// The word a double-click at `index` selects: the run of graphemes of
    /// the class of the one at `index`, or of the one before it at the end of
    /// a line. Spaces select their run of spaces; a line break, nothing. In
    /// Japanese, written without spaces, the run of one script: katakana,
    /// hiragana or kanji (フライパン in フライパンで, 卵 in 卵と砂糖).
    public func wordRange(around index: AttributedString.Index) -> Range<AttributedString.Index> {
        var anchor = index
        if anchor == endIndex || GraphemeClass(self[anchor]) == .lineBreak {
            guard anchor > startIndex, GraphemeClass(self[self.index(before: anchor)]) != .lineBreak else {
                return index ..< index
            }
            anchor = self.index(before: anchor)
        }
        let kind = GraphemeClass(self[anchor])
        let script = WrittenTogether.japaneseScript(of: self[anchor])
        func isSame(_ position: AttributedString.Index) -> Bool {
            GraphemeClass(self[position]) == kind && (script == nil || WrittenTogether.japaneseScript(of: self[position]) == script)
        }
        var lower = anchor
        while lower > startIndex, isSame(self.index(before: lower)) { lower = self.index(before: lower) }
        var upper = self.index(after: anchor)
        while upper < endIndex, isSame(upper) { upper = self.index(after: upper) }
        return lower ..< upper
    }
}

extension AttributedString.CharacterView {
    /// `range` grown over the words it cuts, where the script separates
    /// words with spaces ("our" in "four" is "four"); a cut where the script
    /// writes words together stays (`WrittenTogether`: ملح in وملح,
    /// フライパン in フライパンで). Ctrl-E marks what this gives.
    public func wordRange(containing range: Range<AttributedString.Index>) -> Range<AttributedString.Index> {
        func isWord(_ index: AttributedString.Index) -> Bool {
            index < endIndex && GraphemeClass(self[index]) == .word
        }
        var lower = range.lowerBound
        // Prefix letters may stand before the selection, not before a letter
        // it grew to: "שוקולד[ריבה]" cut after ד is the whole word, not after ש.
        var prefixMayStandBefore = true
        while lower > startIndex, isWord(lower), isWord(index(before: lower)),
              !nameMayBegin(at: lower, afterPrefix: prefixMayStandBefore) {
            lower = index(before: lower)
            prefixMayStandBefore = false
        }
        var upper = range.upperBound
        while upper > startIndex, isWord(upper), isWord(index(before: upper)), !nameMayEnd(at: upper) {
            upper = index(after: upper)
        }
        return lower ..< upper
    }

    /// Whether a name may begin at `position`, inside a word (after a
    /// Hebrew or Arabic prefix only if `afterPrefix`).
    private func nameMayBegin(at position: AttributedString.Index, afterPrefix: Bool) -> Bool {
        guard let first = self[position].unicodeScalars.first,
              let previous = self[index(before: position)].unicodeScalars.last else { return false }
        return WrittenTogether.mayBegin(at: first, after: previous, prefix: afterPrefix ? wordPrefix(before: position) : nil)
    }

    /// Whether a name may end at `position`, inside a word.
    private func nameMayEnd(at position: AttributedString.Index) -> Bool {
        guard let next = self[position].unicodeScalars.first,
              let last = self[index(before: position)].unicodeScalars.last else { return false }
        return WrittenTogether.mayEnd(at: last, before: next)
    }

    /// The scalars of the word's graphemes before `position`, or nil when
    /// they are more than a prefix can have.
    private func wordPrefix(before position: AttributedString.Index) -> [Unicode.Scalar]? {
        var graphemes: [Character] = []
        var cursor = position
        while cursor > startIndex, GraphemeClass(self[index(before: cursor)]) == .word {
            guard graphemes.count < WrittenTogether.longestPrefix else { return nil }
            cursor = index(before: cursor)
            graphemes.append(self[cursor])
        }
        return graphemes.reversed().flatMap(\.unicodeScalars)
    }
}
