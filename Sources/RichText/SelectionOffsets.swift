import Foundation

/// A selection as UTF-8 offsets: what survives a mutation or a snapshot
/// restore, for undo to say where each step left the selection.
struct SelectionOffsets: Equatable, Sendable {
    struct Range: Equatable, Sendable {
        var anchor: Int
        var head: Int
    }

    var ranges: [Range]
    var primaryIndex: Int

    init(_ selection: TextSelection, in text: AttributedString) {
        ranges = selection.ranges.map {
            Range(anchor: text.utf8Offset(of: $0.anchor), head: text.utf8Offset(of: $0.head))
        }
        primaryIndex = selection.primaryIndex
    }

    /// The selection these offsets describe in `text`, clamped and rounded to characters.
    func selection(in text: AttributedString) -> TextSelection {
        TextSelection(
            ranges: ranges.map {
                TextSelection.Range(anchor: text.characterIndex(atUTF8Offset: $0.anchor),
                                    head: text.characterIndex(atUTF8Offset: $0.head))
            },
            primary: primaryIndex)
    }
}
