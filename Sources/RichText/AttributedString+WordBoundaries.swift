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
    /// a line. Spaces select their run of spaces; a line break, nothing.
    public func wordRange(around index: AttributedString.Index) -> Range<AttributedString.Index> {
        var anchor = index
        if anchor == endIndex || GraphemeClass(self[anchor]) == .lineBreak {
            guard anchor > startIndex, GraphemeClass(self[self.index(before: anchor)]) != .lineBreak else {
                return index ..< index
            }
            anchor = self.index(before: anchor)
        }
        let kind = GraphemeClass(self[anchor])
        var lower = anchor
        while lower > startIndex, GraphemeClass(self[self.index(before: lower)]) == kind { lower = self.index(before: lower) }
        var upper = self.index(after: anchor)
        while upper < endIndex, GraphemeClass(self[upper]) == kind { upper = self.index(after: upper) }
        return lower ..< upper
    }
}
