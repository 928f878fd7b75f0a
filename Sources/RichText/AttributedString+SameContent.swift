public import Foundation

extension AttributedString {
    /// Whether both hold the same characters with the same attributes.
    ///
    /// Foundation's `==` can answer false for two equal texts whose storage
    /// was built differently (one appended in pieces, one made whole: seen
    /// with Swift 6.3 on runs of emoji ZWJ sequences past a few hundred
    /// bytes), because it compares slices of its rope storage. This compares
    /// the plain text as one `String` and the runs as UTF-8 lengths with
    /// their attributes, so how the storage is cut does not matter.
    public func hasSameContent(as other: AttributedString) -> Bool {
        guard utf8.count == other.utf8.count,
              String(characters[...]) == String(other.characters[...]) else { return false }
        var mine = runs.makeIterator()
        var theirs = other.runs.makeIterator()
        var myStart = startIndex
        var theirStart = other.startIndex
        while true {
            switch (mine.next(), theirs.next()) {
            case (nil, nil):
                return true
            case let (run?, otherRun?):
                guard run.attributes == otherRun.attributes,
                      utf8.distance(from: myStart, to: run.range.upperBound)
                      == other.utf8.distance(from: theirStart, to: otherRun.range.upperBound) else { return false }
                myStart = run.range.upperBound
                theirStart = otherRun.range.upperBound
            default:
                return false
            }
        }
    }
}
