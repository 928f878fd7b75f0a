public import Foundation

/// What is selected in a `RichTextDocument`: the analogue of SwiftUI's
/// `AttributedTextSelection`.
///
/// Invariants (checked by `normalized`):
/// - at least one range; a caret is a range whose anchor equals its head;
/// - ranges are sorted by their lower bound and never overlap or touch:
///   `[ab][cd]` becomes `[abcd]`, and a caret at the edge of a range joins it;
/// - `primaryIndex` points at one of them (the one the view follows).
///
/// A `RangeSet` cannot hold a caret (SF-0015), so the set used for slicing,
/// `rangeSet`, is derived and leaves carets out.
///
/// The indices are only meaningful for the text they were made from; the
/// document re-validates any selection handed to it and keeps its own in step
/// with every mutation, so a stale index cannot reach the text.
public struct TextSelection: Equatable, Sendable {
    public typealias Index = AttributedString.Index

    public struct Range: Equatable, Sendable {
        /// Where the selection started; stays put while the head moves.
        public var anchor: Index
        /// Where the caret is drawn and what Shift+arrows move.
        public var head: Index

        public init(anchor: Index, head: Index) {
            self.anchor = anchor
            self.head = head
        }

        public static func caret(_ index: Index) -> Range { Range(anchor: index, head: index) }

        public var lowerBound: Index { Swift.min(anchor, head) }
        public var upperBound: Index { Swift.max(anchor, head) }
        public var bounds: Swift.Range<Index> { lowerBound ..< upperBound }
        public var isCaret: Bool { anchor == head }
        /// True when the head is before the anchor (selected leftwards in logical order).
        public var isBackward: Bool { head < anchor }

        func with(bounds: Swift.Range<Index>, backward: Bool) -> Range {
            backward ? Range(anchor: bounds.upperBound, head: bounds.lowerBound)
                     : Range(anchor: bounds.lowerBound, head: bounds.upperBound)
        }
    }

    public private(set) var ranges: [Range]
    public private(set) var primaryIndex: Int

    public init(caret: Index) {
        ranges = [.caret(caret)]
        primaryIndex = 0
    }

    /// Builds a normalised selection; `primary` indexes `ranges` as given.
    public init(ranges: [Range], primary: Int? = nil) {
        precondition(!ranges.isEmpty, "a selection has at least one range or caret")
        let primaryRange = ranges[Swift.min(Swift.max(primary ?? ranges.count - 1, 0), ranges.count - 1)]
        self.ranges = ranges
        self.primaryIndex = 0
        normalize(keeping: primaryRange)
    }

    public init(_ bounds: Swift.Range<Index>) {
        self.init(ranges: [Range(anchor: bounds.lowerBound, head: bounds.upperBound)])
    }

    public var primary: Range { ranges[primaryIndex] }
    public var isCaret: Bool { ranges.count == 1 && ranges[0].isCaret }
    public var hasSelectedText: Bool { ranges.contains { !$0.isCaret } }

    /// The selected text as a `RangeSet` for slicing: `text[selection.rangeSet]`.
    public var rangeSet: RangeSet<Index> {
        RangeSet(ranges.lazy.filter { !$0.isCaret }.map(\.bounds))
    }

    private mutating func normalize(keeping primaryRange: Range) {
        let sorted = ranges.sorted { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
        var merged: [Range] = []
        var primary = 0
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                let bounds = last.lowerBound ..< Swift.max(last.upperBound, range.upperBound)
                let backward = (range == primaryRange && !range.isCaret) ? range.isBackward : last.isBackward
                merged[merged.count - 1] = last.with(bounds: bounds, backward: backward)
            } else {
                merged.append(range)
            }
            if range == primaryRange { primary = merged.count - 1 }
        }
        ranges = merged
        primaryIndex = primary
    }
}
