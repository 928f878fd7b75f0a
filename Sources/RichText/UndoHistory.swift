import Foundation

/// Undo and redo as snapshots of (text, selection).
///
/// `AttributedString` is a copy-on-write B-tree, so a snapshot shares every node
/// with the live text; the first mutation after it copies one path (cheap, even on
/// 10 MB). Restoring a snapshot therefore gives back the text and attributes
/// exactly, which an inverse-operation log would have to prove case by case.
///
/// Typing is coalesced into word-sized steps: consecutive typing at the place
/// the previous typing left the caret stays one step until a word starts after
/// white space. Consecutive deletions of the same kind coalesce the same way.
///
/// Undo restores the selection from before a step; redo the one the step left,
/// even if the caret moved between the step and the undo.
struct UndoHistory: Sendable {
    struct State: Sendable {
        var text: AttributedString
        var selection: TextSelection
        /// Attributes chosen at the caret for the next typed text: on the
        /// empty last line they are what the line is (a heading, an item).
        var typingAttributes: AttributeContainer? = nil
    }

    enum EditKind: Equatable, Sendable {
        case typing
        case deleteBackward
        case deleteForward
        case other
        /// Text read from a file arriving in slices: not an edit, never undone.
        case loading

        var coalesces: Bool { self != .other && self != .loading }
    }

    private struct Step: Sendable {
        /// Names the state right after this step (see `currentState`).
        var id: Int
        var before: State
        /// Where the step left the selection, in the text right after it.
        var selectionAfter: SelectionOffsets?
        /// What the step changed, all its coalesced edits composed.
        var change: TextChange?
    }

    /// The most steps kept; the oldest go first.
    static let depth = 1000

    private var undoStack: [Step] = []
    private var redoStack: [Step] = []
    /// The step still open for coalescing: its kind, where it left the
    /// selection and whether it ended in white space.
    private var openStep: (kind: EditKind, selectionAfter: SelectionOffsets, endsInSpace: Bool)?

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    private var nextID = 1
    /// The state the oldest kept step started from: 0, or the state after the
    /// last step dropped for depth.
    private var baseID = 0

    /// Names the text's state as far as edits go: undoing back to where it was
    /// saved gives the same number again, any new edit a new one. Loading
    /// (not an edit) keeps it.
    var currentState: Int { undoStack.last?.id ?? baseID }

    /// The next edit starts a step of its own, so the state named now stays
    /// the state that was saved.
    mutating func markSaved() -> Int {
        openStep = nil
        return currentState
    }

    /// Called before every mutation with the state it is about to change.
    mutating func willEdit(_ kind: EditKind, before state: State, selection: SelectionOffsets, insertedText: String?) {
        guard kind != .loading else { return }
        redoStack.removeAll()
        let startsWord = insertedText.map { !($0.first?.isWhitespace ?? true) } ?? false
        if let open = openStep, kind.coalesces, open.kind == kind, open.selectionAfter == selection,
           !(kind == .typing && open.endsInSpace && startsWord), !undoStack.isEmpty {
            return
        }
        undoStack.append(Step(id: nextID, before: state))
        nextID += 1
        if undoStack.count > Self.depth {
            let dropped = undoStack.count - Self.depth
            baseID = undoStack[dropped - 1].id
            undoStack.removeFirst(dropped)
        }
    }

    /// Called after every mutation with where it left the selection.
    mutating func didEdit(_ kind: EditKind, selection: SelectionOffsets, insertedText: String?, change: TextChange) {
        guard kind != .loading, !undoStack.isEmpty else { return }
        undoStack[undoStack.count - 1].selectionAfter = selection
        let composed = undoStack[undoStack.count - 1].change.map { $0.followed(by: change) } ?? change
        undoStack[undoStack.count - 1].change = composed
        let endsInSpace = insertedText?.last?.isWhitespace ?? false
        openStep = kind.coalesces ? (kind, selection, endsInSpace) : nil
    }

    /// Text read from a file arrives at the end of the document while the
    /// user may already have edited it: every state undo or redo can go
    /// back to gets it too, at its own end, so undoing an edit never takes
    /// away what was loaded since.
    mutating func appendToEveryState(_ content: AttributedString) {
        let count = content.utf8.count
        guard count > 0 else { return }
        func extended(_ step: Step) -> Step {
            var step = step
            step.before.text.append(content)
            step.change = step.change.map {
                TextChange(prefix: $0.prefix, suffix: $0.suffix + count, oldLength: $0.oldLength + count, newLength: $0.newLength + count)
            }
            return step
        }
        undoStack = undoStack.map(extended)
        redoStack = redoStack.map(extended)
    }

    /// How many steps there are: a mark to group the steps made after it.
    var depthMark: Int { undoStack.count }

    /// Makes every step since `mark` one step: the first's state before, the
    /// last's selection after, their changes composed. One command that
    /// edits several times undoes at once.
    /// Whether the next edit may join the last step: typing on in the same
    /// word. A token to hand back to `group(since:continuing:)`.
    struct Continuation: Sendable {
        fileprivate var openStep: (kind: EditKind, selectionAfter: SelectionOffsets, endsInSpace: Bool)?
    }

    var continuation: Continuation { Continuation(openStep: openStep) }

    mutating func group(since mark: Int, continuing continuation: Continuation? = nil) {
        guard undoStack.count > mark + 1, mark >= 0 else { return }
        var merged = undoStack[mark]
        for step in undoStack[(mark + 1)...] {
            merged.selectionAfter = step.selectionAfter
            merged.change = switch (merged.change, step.change) {
            case (let first?, let second?): first.followed(by: second)
            default: nil
            }
            merged.id = step.id
        }
        undoStack.removeSubrange(mark...)
        undoStack.append(merged)
        openStep = continuation?.openStep
    }

    /// Ends the open step, e.g. when the caret moves.
    mutating func breakCoalescing() {
        openStep = nil
    }

    /// The state before the last step and the change that restoring it makes;
    /// `current` is kept for redo, with the selection the step left.
    mutating func undo(current: State) -> (State, TextChange?)? {
        guard let step = undoStack.popLast() else { return nil }
        let selection = step.selectionAfter?.selection(in: current.text) ?? current.selection
        redoStack.append(Step(id: step.id, before: State(text: current.text, selection: selection, typingAttributes: current.typingAttributes),
                              selectionAfter: SelectionOffsets(step.before.selection, in: step.before.text),
                              change: step.change?.inverted))
        openStep = nil
        return (step.before, step.change?.inverted)
    }

    mutating func redo(current: State) -> (State, TextChange?)? {
        guard let step = redoStack.popLast() else { return nil }
        undoStack.append(Step(id: step.id, before: current, selectionAfter: step.selectionAfter, change: step.change?.inverted))
        openStep = nil
        return (step.before, step.change?.inverted)
    }
}
