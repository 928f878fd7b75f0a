/// Where a caret is, as the layout sees it.
public struct CaretPosition: Equatable, Sendable {
    /// UTF-8 offset in the document, on a grapheme boundary.
    public var offset: Int
    /// Where a line wraps, one offset ends a line and starts the next;
    /// upstream keeps the caret at the end of the earlier line (after End).
    public var isUpstream: Bool

    public init(offset: Int, isUpstream: Bool = false) {
        self.offset = offset
        self.isUpstream = isUpstream
    }
}
