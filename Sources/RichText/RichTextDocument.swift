public import Foundation

/// A rich text and its selection, always in step: the model behind an editor.
///
/// Every mutation goes through one entry point, `performEdit`, built on
/// Foundation's `transform(updating:)`: the selection (and any other range the
/// edit tracks) is carried through the mutation onto the same semantic text,
/// the formatting definition is enforced on what changed, and an undo step is
/// recorded. Nothing outside this type can write `text` or `selection`, and a
/// selection handed in is checked against the current text, so a stale index
/// never reaches Foundation.
public struct RichTextDocument: Sendable {
    public typealias Index = AttributedString.Index

    public private(set) var text: AttributedString
    public private(set) var selection: TextSelection
    public let definition: FormattingDefinition
    /// Bumped by every mutation; views use it to know their caches are stale.
    public private(set) var version = 0

    /// Attributes chosen at a caret (e.g. Ctrl-B with nothing selected) for
    /// the next typed text; cleared when the selection moves.
    var pendingTypingAttributes: AttributeContainer?
    var history = UndoHistory()

    /// Loads `text` under `definition`: attributes outside its scope are
    /// dropped and its constraints applied, as on paste. The caret starts at
    /// the beginning.
    public init(text: AttributedString = AttributedString(), definition: FormattingDefinition = .recipe) {
        var constrainedText = text
        definition.enforce(on: &constrainedText, in: [constrainedText.startIndex ..< constrainedText.endIndex])
        self.text = constrainedText
        self.selection = TextSelection(caret: constrainedText.startIndex)
        self.definition = definition
    }

    // MARK: Selection

    public enum SelectionError: Error, Equatable {
        /// An index came from another text or an earlier version of this one.
        case staleIndex
    }

    /// Replaces the selection. Indices must come from the current `text`;
    /// each is rounded down to a character boundary so no grapheme is split.
    public mutating func select(_ newSelection: TextSelection) throws(SelectionError) {
        for range in newSelection.ranges where !range.bounds.isValid(within: text) {
            throw .staleIndex
        }
        let rounded = newSelection.ranges.map { range in
            TextSelection.Range(anchor: roundedDown(range.anchor), head: roundedDown(range.head))
        }
        selection = TextSelection(ranges: rounded, primary: newSelection.primaryIndex)
        pendingTypingAttributes = nil
        history.breakCoalescing()
    }

    public mutating func selectAll() {
        selection = TextSelection(text.startIndex ..< text.endIndex)
        pendingTypingAttributes = nil
        history.breakCoalescing()
    }

    func roundedDown(_ index: Index) -> Index {
        text.characterBoundary(atOrBefore: index)
    }

    var selectionOffsets: SelectionOffsets {
        SelectionOffsets(selection, in: text)
    }

    // MARK: The one mutation entry point

    /// Mutates the text while keeping the selection on the same semantic text,
    /// then enforces the definition over the whole document and records one
    /// undo step. Prefer the specific editing operations: they enforce the
    /// definition only where they changed something.
    public mutating func transform(_ body: (inout AttributedString) -> Void) {
        performEdit(.other, tracking: [], constrain: .wholeDocument) { text, _ in body(&text) }
    }

    enum ConstraintScope: Equatable {
        /// Runs touching the tracked ranges after the edit (cheap, local).
        case trackedRanges
        case wholeDocument
        /// Runs touching these UTF-8 ranges, for edits that only change
        /// attributes (offsets do not move) over too many ranges to track.
        case attributeOnlyRanges([Range<Int>])
        /// The caller has shown the edit cannot break a constraint.
        case none
    }

    /// Runs `body` inside Foundation's `transform(updating:)` with the selection
    /// and `tracked` ranges, enforces the definition, records undo, and returns
    /// the tracked ranges as they are after the edit.
    ///
    /// `body` receives the tracked ranges as UTF-8 offsets: indices made before
    /// the mutation are not valid inside it, offsets are.
    /// `selectionAfter` may place the selection from the tracked ranges
    /// (e.g. carets after inserted text); by default it follows the text.
    @discardableResult
    mutating func performEdit(
        _ kind: UndoHistory.EditKind,
        insertedText: String? = nil,
        tracking tracked: [Range<Index>],
        constrain scope: ConstraintScope = .trackedRanges,
        selectionAfter: (([Range<Index>]) -> TextSelection)? = nil,
        _ body: (inout AttributedString, [Range<Int>]) -> Void
    ) -> [Range<Index>] {
        let before = UndoHistory.State(text: text, selection: selection)
        history.willEdit(kind, before: before, selection: selectionOffsets, insertedText: insertedText)

        let trackedOffsets = tracked.map { text.utf8Offsets(of: $0) }
        let selectionCount = selection.ranges.count
        // Foundation moves an empty tracked range (a caret) past text inserted
        // at it, so it no longer says where the edit began. Each tracked range
        // widened by one character on both sides keeps its bounds outside the
        // mutation and still spans it afterwards: that is what gets enforced.
        let widened = scope == .trackedRanges ? tracked.map(widenedByOneCharacter) : []
        var ranges = selection.ranges.map(\.bounds) + tracked + widened
        text.transform(updating: &ranges) { text in body(&text, trackedOffsets) }

        switch scope {
        case .trackedRanges:
            let affected = Array(ranges[(selectionCount + tracked.count)...])
            text.transform(updating: &ranges) { text in definition.enforce(on: &text, around: affected) }
        case .wholeDocument:
            text.transform(updating: &ranges) { text in
                definition.enforce(on: &text, in: [text.startIndex ..< text.endIndex])
            }
        case .none:
            break
        case .attributeOnlyRanges(let offsets):
            text.transform(updating: &ranges) { text in
                definition.enforce(on: &text, around: text.characterRanges(atSortedUTF8Offsets: offsets))
            }
        }

        let trackedAfter = Array(ranges[selectionCount ..< selectionCount + tracked.count])
        let moved: TextSelection
        if let selectionAfter {
            moved = selectionAfter(trackedAfter)
        } else {
            let followed = zip(selection.ranges, ranges[..<selectionCount]).map { old, bounds in
                old.with(bounds: bounds, backward: old.isBackward)
            }
            moved = TextSelection(ranges: followed, primary: selection.primaryIndex)
        }
        // An edit can join graphemes across a caret (deleting "b" from "\rb\n"
        // makes "\r\n" one character), and Foundation tracks UTF-8 positions,
        // so every bound is rounded back onto a character boundary.
        selection = TextSelection(
            ranges: moved.ranges.map { .init(anchor: roundedDown($0.anchor), head: roundedDown($0.head)) },
            primary: moved.primaryIndex)
        pendingTypingAttributes = nil
        version += 1
        history.didEdit(kind, selection: selectionOffsets, insertedText: insertedText)
        return trackedAfter
    }

    private func widenedByOneCharacter(_ range: Range<Index>) -> Range<Index> {
        let lower = roundedDown(range.lowerBound)
        let upper = roundedDown(range.upperBound)
        return (lower > text.startIndex ? text.characters.index(before: lower) : lower)
            ..< (upper < text.endIndex ? text.characters.index(after: upper) : upper)
    }

    // MARK: Undo

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// Restores the text and the selection from before the last step.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let state = history.undo(current: UndoHistory.State(text: text, selection: selection)) else {
            return false
        }
        restore(state)
        return true
    }

    /// Re-applies the last undone step with the selection it left.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let state = history.redo(current: UndoHistory.State(text: text, selection: selection)) else {
            return false
        }
        restore(state)
        return true
    }

    private mutating func restore(_ state: UndoHistory.State) {
        text = state.text
        selection = state.selection
        pendingTypingAttributes = nil
        version += 1
    }
}
