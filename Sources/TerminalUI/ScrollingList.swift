/// The state of a list that shows `visibleRows` of `count` rows with one
/// highlighted: the highlight is always on screen, Up/Down/PgUp/PgDn/Home/End
/// move it, the wheel scrolls and takes the highlight along where it would
/// leave the screen. One component for the recipe list, the ingredient
/// list, the colour menu, the command palette and the help screen.
public struct ScrollingList: Equatable, Sendable {
    public private(set) var count: Int
    public private(set) var visibleRows: Int
    /// The highlighted row (0 when the list is empty).
    public private(set) var selected = 0
    /// The first row on screen.
    public private(set) var top = 0

    public init(count: Int = 0, visibleRows: Int = 1, selected: Int = 0) {
        self.count = max(0, count)
        self.visibleRows = max(1, visibleRows)
        select(selected)
    }

    /// The rows on screen, in order.
    public var visibleRange: Range<Int> { top ..< min(count, top + visibleRows) }

    /// The list has `count` rows now; the highlight stays where it can.
    public mutating func setCount(_ newCount: Int) {
        count = max(0, newCount)
        select(selected)
    }

    /// The list shows `rows` rows now (a resize).
    public mutating func setVisibleRows(_ rows: Int) {
        visibleRows = max(1, rows)
        select(selected)
    }

    /// Highlights `row` (clamped) and scrolls as little as shows it.
    public mutating func select(_ row: Int) {
        selected = count == 0 ? 0 : min(max(0, row), count - 1)
        if selected < top { top = selected }
        if selected >= top + visibleRows { top = selected - visibleRows + 1 }
        top = min(max(0, top), max(0, count - visibleRows))
    }

    /// Up, Down, PgUp, PgDn, Home, End; false for any other key.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        guard key.modifiers.isEmpty else { return false }
        switch key.code {
        case .up: select(selected - 1)
        case .down: select(selected + 1)
        case .pageUp: select(selected - max(1, visibleRows - 1))
        case .pageDown: select(selected + max(1, visibleRows - 1))
        case .home: select(0)
        case .end: select(count - 1)
        default: return false
        }
        return true
    }

    /// The wheel: the view moves by `rows`; the highlight follows only where
    /// it would leave the screen.
    public mutating func scroll(by rows: Int) {
        top = min(max(0, top + rows), max(0, count - visibleRows))
        if selected < top { selected = top }
        if selected >= top + visibleRows { selected = min(count - 1, top + visibleRows - 1) }
        if count == 0 { selected = 0 }
    }

    /// The row drawn at screen row `visibleRow` of the list, if there is one.
    public func row(atVisibleRow visibleRow: Int) -> Int? {
        let row = top + visibleRow
        return visibleRow >= 0 && visibleRow < visibleRows && row < count ? row : nil
    }
}
