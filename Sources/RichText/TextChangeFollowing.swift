/// Something kept beside a document's text that must follow each of its
/// changes as it happens (a file's line map: which lines of the text are
/// still the file's). The document calls `update(for:)` after every change,
/// undo and redo included; what the follower means is its owner's business.
public protocol TextChangeFollowing: Sendable {
    mutating func update(for change: TextChange)
}
