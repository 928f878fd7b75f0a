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
    public internal(set) var selection: TextSelection
    public let definition: FormattingDefinition
    /// Bumped by every mutation; views use it to know their caches are stale.
    public private(set) var version = 0

    /// Attributes chosen at a caret (e.g. Ctrl-B with nothing selected) for
    /// the next typed text; cleared when the selection moves.
    var pendingTypingAttributes: AttributeContainer?
    var history = UndoHistory()
    /// The changes that made the last versions, oldest first.
    private var changeLog: [(version: Int, change: TextChange)] = []
    /// What its owner keeps beside the text in step with every change (the
    /// lines already written in a file: RecipeStorage's `sourceMap`).
    public var changeFollower: (any TextChangeFollowing)?

    /// Loads `text` under `definition`: attributes outside its scope are
    /// dropped and its constraints applied, as on paste. The caret starts at
    /// the beginning.
    public init(text: AttributedString = AttributedString(), definition: FormattingDefinition) {
        var constrainedText = text
        definition.enforce(on: &constrainedText, in: [constrainedText.startIndex ..< constrainedText.endIndex])
        self.text = constrainedText
        self.selection = TextSelection(caret: constrainedText.startIndex)
        self.definition = definition
    }

    /// A text already under `definition` (see `LoadedText`).
    init(trustedText: AttributedString, definition: FormattingDefinition) {
        text = trustedText
        selection = TextSelection(caret: trustedText.startIndex)
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
        let before = undoState
        history.willEdit(kind, before: before, selection: selectionOffsets, insertedText: insertedText)

        let trackedOffsets = tracked.map { text.utf8Offsets(of: $0) }
        let selectionCount = selection.ranges.count
        // Foundation moves an empty tracked range (a caret) past text inserted
        // at it, so it no longer says where the edit began. Each tracked range
        // widened by one character on both sides keeps its bounds outside the
        // mutation and still spans it afterwards: that is what gets enforced.
        let widened = scope == .trackedRanges ? tracked.map(widenedByOneCharacter) : []
        let widenedTouchesEdges = widened.map { ($0.lowerBound == text.startIndex, $0.upperBound == text.endIndex) }
        var ranges = selection.ranges.map(\.bounds) + tracked + widened
        text.transform(updating: &ranges) { text in body(&text, trackedOffsets) }
        // At the document's ends there is no character to widen to, and
        // Foundation does not grow a range over text inserted at its bound:
        // a widened range that touched an end still does.
        for (number, touches) in widenedTouchesEdges.enumerated() {
            let index = selectionCount + tracked.count + number
            if touches.0 { ranges[index] = text.startIndex ..< max(text.startIndex, ranges[index].upperBound) }
            if touches.1 { ranges[index] = ranges[index].lowerBound ..< text.endIndex }
        }

        // What changed: the edited ranges (widened, they still span the edit)
        // and the runs the definition rewrote, such as a split ingredient.
        var rewritten: [Range<Int>] = []
        // A copy: the closures below run while `text` is being modified.
        let definition = definition
        switch scope {
        case .trackedRanges:
            let affected = Array(ranges[(selectionCount + tracked.count)...])
            text.transform(updating: &ranges) { text in rewritten = definition.enforce(on: &text, around: affected) }
        case .wholeDocument:
            text.transform(updating: &ranges) { text in
                definition.enforce(on: &text, in: [text.startIndex ..< text.endIndex])
            }
            rewritten = [0 ..< text.utf8.count]
        case .none:
            break
        case .attributeOnlyRanges(let offsets):
            text.transform(updating: &ranges) { text in
                rewritten = definition.enforce(on: &text, around: text.characterRanges(atSortedUTF8Offsets: offsets))
            }
        }
        let change = Self.change(editing: trackedOffsets, rewriting: rewritten,
                                 oldLength: before.text.utf8.count, newLength: text.utf8.count)

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
        finishEdit(kind, change: change, insertedText: insertedText)
        return trackedAfter
    }

    /// An edit that changes attributes only, made by building a new text
    /// (`body`) rather than mutating this one inside `transform(updating:)`.
    /// No character moves, so the selection is carried by its UTF-8 offsets;
    /// `span` covers every change, and the definition is enforced around
    /// `constrain` (UTF-8 ranges) when given. Otherwise as `performEdit`.
    mutating func performAttributeOnlyEdit(_ kind: UndoHistory.EditKind, span: Range<Int>, constrain: [Range<Int>]?,
                                           rewritten alreadyRewritten: [Range<Int>] = [],
                                           _ body: (AttributedString) -> AttributedString) {
        let before = undoState
        let kept = selectionOffsets
        history.willEdit(kind, before: before, selection: kept, insertedText: nil)
        var edited = body(text)
        precondition(edited.utf8.count == text.utf8.count, "an attribute-only edit changed the text")
        var rewritten = alreadyRewritten
        if let constrain {
            rewritten = definition.enforce(on: &edited, around: edited.characterRanges(atSortedUTF8Offsets: constrain))
        }
        text = edited
        selection = kept.selection(in: text)
        let change = Self.change(editing: [span], rewriting: rewritten, oldLength: before.text.utf8.count, newLength: text.utf8.count)
        finishEdit(kind, change: change, insertedText: nil)
    }

    /// What every edit ends with, once text and selection are in place: a
    /// new version, its change logged, the undo step closed.
    private mutating func finishEdit(_ kind: UndoHistory.EditKind, change: TextChange, insertedText: String?) {
        pendingTypingAttributes = nil
        version += 1
        record(change)
        history.didEdit(kind, selection: selectionOffsets, insertedText: insertedText, change: change)
    }

    /// A range grown by one character on each side, then to the whole runs of
    /// any key Foundation will invalidate there (an ingredient split by bold is
    /// one ingredient run over two attribute runs).
    private func widenedByOneCharacter(_ range: Range<Index>) -> Range<Index> {
        let lower = roundedDown(range.lowerBound)
        let upper = roundedDown(range.upperBound)
        let widened = (lower > text.startIndex ? text.characters.index(before: lower) : lower)
            ..< (upper < text.endIndex ? text.characters.index(after: upper) : upper)
        return definition.coveringInvalidationRuns(widened, in: text)
    }

    // MARK: Undo

    /// What an undo step keeps of the document as it is now.
    private var undoState: UndoHistory.State {
        UndoHistory.State(text: text, selection: selection, typingAttributes: pendingTypingAttributes)
    }

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    /// Names the text as far as edits go: undo back to a state gives its
    /// number again, any new edit a new one, loading keeps it. Unlike
    /// `version`, it tells an editor the user is back where they saved.
    public var editState: Int { history.currentState }

    /// The state to remember as saved; the next edit will not merge into the
    /// step before it, so undoing that edit comes back to exactly this state.
    public mutating func markSaved() -> Int { history.markSaved() }

    /// An undo step that changes no text, for what the document's owner
    /// keeps beside it (an ingredient list, metadata, ticks): undo takes
    /// that back in order with the edits, under the state this step names.
    public mutating func recordStep() {
        let length = text.utf8.count
        history.willEdit(.other, before: undoState, selection: selectionOffsets, insertedText: nil)
        history.didEdit(.other, selection: selectionOffsets, insertedText: nil,
                        change: TextChange(prefix: length, suffix: 0, oldLength: length, newLength: length))
    }

    /// A mark for `groupUndo(since:)`, taken before a command that edits
    /// several times (marking an ingredient, then giving it a quantity).
    public var undoGroupMark: Int { history.depthMark }

    /// The edits since `mark` undo as one step. With `continuing` (taken
    /// after the first of them), typing on may still join that step: a
    /// fix-up made after a keystroke does not end the word being typed.
    public mutating func groupUndo(since mark: Int, continuing: UndoContinuation? = nil) {
        history.group(since: mark, continuing: continuing?.continuation)
    }

    /// Whether the next edit may join the last undo step, for `groupUndo(since:continuing:)`.
    public var undoContinuation: UndoContinuation { UndoContinuation(continuation: history.continuation) }

    /// An opaque token: whether typing may join the last undo step.
    public struct UndoContinuation: Sendable {
        let continuation: UndoHistory.Continuation
    }

    /// Restores the text and the selection from before the last step.
    @discardableResult
    public mutating func undo() -> Bool {
        guard let (state, change) = history.undo(current: undoState) else {
            return false
        }
        restore(state, change: change)
        return true
    }

    /// Re-applies the last undone step with the selection it left.
    @discardableResult
    public mutating func redo() -> Bool {
        guard let (state, change) = history.redo(current: undoState) else {
            return false
        }
        restore(state, change: change)
        return true
    }

    private mutating func restore(_ state: UndoHistory.State, change: TextChange?) {
        let oldLength = text.utf8.count
        text = state.text
        selection = state.selection
        pendingTypingAttributes = state.typingAttributes
        version += 1
        record(change ?? .everything(oldLength: oldLength, newLength: text.utf8.count))
    }

    // MARK: Change log

    /// What an edit changed: a body mutates only inside its tracked ranges
    /// (given before the edit, in old offsets), and the definition rewrote
    /// `rewritten` (new offsets). Tracked ranges after the edit cannot say it:
    /// Foundation moves a bound that sits at an insertion past the new text.
    static func change(editing edited: [Range<Int>], rewriting rewritten: [Range<Int>],
                       oldLength: Int, newLength: Int) -> TextChange {
        guard !edited.isEmpty || !rewritten.isEmpty else { return .everything(oldLength: oldLength, newLength: newLength) }
        let prefix = (edited + rewritten).map(\.lowerBound).min() ?? 0
        let suffix = min(edited.map { oldLength - $0.upperBound }.min() ?? oldLength,
                         rewritten.map { newLength - $0.upperBound }.min() ?? newLength)
        return TextChange(prefix: prefix, suffix: suffix, oldLength: oldLength, newLength: newLength)
    }

    /// How many recent changes are kept for `change(since:)`.
    static let changeLogDepth = 256

    /// Records the change that made the current version.
    private mutating func record(_ change: TextChange) {
        changeLog.append((version, change))
        changeFollower?.update(for: change)
        if changeLog.count > Self.changeLogDepth { changeLog.removeFirst(changeLog.count - Self.changeLogDepth) }
    }

    /// Everything that changed between `version` and now, as one change; nil
    /// when that is too long ago to know (a view should then start over).
    public func change(since version: Int) -> TextChange? {
        let length = text.utf8.count
        if version == self.version { return TextChange(prefix: length, suffix: 0, oldLength: length, newLength: length) }
        guard version < self.version, let first = changeLog.firstIndex(where: { $0.version == version + 1 }) else {
            return nil
        }
        return changeLog[(first + 1)...].reduce(changeLog[first].change) { $0.followed(by: $1.change) }
    }
}
