/// What a mutation changed, in UTF-8 offsets: the first `prefix` and the last
/// `suffix` bytes are as they were; in between, `oldRange` of the old text
/// became `newRange` of the new one. Views use it to update their indexes and
/// caches without rescanning the document.
///
/// One exception, and it is Foundation's: paragraph attributes
/// (`runBoundaries = .paragraph`) hold for whole paragraphs, so text pasted at
/// the start of a heading, or a joined paragraph, can change the paragraph
/// attributes of the rest of the paragraphs that contain the range's ends,
/// in the old text or the new one (undoing a join splits the paragraph again).
/// Characters outside the range never change, nor does anything outside those
/// paragraphs. A view that works by paragraphs (the layout) is exact with it.
///
/// Changes compose by taking the smaller prefix and the smaller suffix, so a
/// whole undo step (many coalesced keystrokes) is one change, and undoing it is
/// the same change with the lengths swapped.
public struct TextChange: Equatable, Sendable {
    public var prefix: Int
    public var suffix: Int
    public var oldLength: Int
    public var newLength: Int

    public init(prefix: Int, suffix: Int, oldLength: Int, newLength: Int) {
        let prefix = max(0, min(prefix, oldLength, newLength))
        self.prefix = prefix
        self.suffix = max(0, min(suffix, oldLength - prefix, newLength - prefix))
        self.oldLength = oldLength
        self.newLength = newLength
    }

    /// Everything may have changed.
    public static func everything(oldLength: Int, newLength: Int) -> TextChange {
        TextChange(prefix: 0, suffix: 0, oldLength: oldLength, newLength: newLength)
    }

    public var oldRange: Range<Int> { prefix ..< oldLength - suffix }
    public var newRange: Range<Int> { prefix ..< newLength - suffix }

    /// This change, then `next` (whose old text is this one's new text).
    public func followed(by next: TextChange) -> TextChange {
        TextChange(prefix: min(prefix, next.prefix), suffix: min(suffix, next.suffix),
                   oldLength: oldLength, newLength: next.newLength)
    }

    /// The change that undoes this one.
    public var inverted: TextChange {
        TextChange(prefix: prefix, suffix: suffix, oldLength: newLength, newLength: oldLength)
    }
}
