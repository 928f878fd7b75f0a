/// How paragraphs are laid out in a pane.
public struct LayoutConfiguration: Equatable, Sendable {
    /// The pane's width in cells.
    public var width: Int
    /// Soft wrap at the pane's width; when false, lines are as long as their
    /// paragraph and the view scrolls sideways.
    public var wraps: Bool
    public var tabWidth: Int

    public init(width: Int, wraps: Bool = true, tabWidth: Int = 4) {
        self.width = max(2, width)
        self.wraps = wraps
        self.tabWidth = max(1, tabWidth)
    }

    /// Text wraps one cell short of the pane, so a caret at the end of a full
    /// line (after it in left-to-right text, before it in right-to-left) still
    /// has a cell to be drawn on.
    var wrapWidth: Int? { wraps ? width - 1 : nil }
}
