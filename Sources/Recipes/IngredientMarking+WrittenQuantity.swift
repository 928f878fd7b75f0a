import Foundation
import RichText

/// Where Ctrl-E on "300 ml milk" in a Cooklang step finds the quantity it
/// moves into the component: the occurrence of the name in the selection,
/// and the text of the selection around it that the component then says.
struct WrittenQuantity: Equatable, Sendable {
    /// The selected occurrence of the name (UTF-8 offsets), which takes the quantity and note.
    let occurrence: Range<Int>
    /// The quantity before the name ("300 ml "), and a note after it when
    /// the suggestion has one (", minced"), in text order: deleted.
    let written: [Range<Int>]
}

extension Recipe {
    /// In a file that keeps quantities on marks (Cooklang), the quantity
    /// written before the name in the one selected range Ctrl-E reads
    /// ("300 ml milk", "2 cloves garlic, minced"), when that name is an
    /// occurrence marking will mark (`free`). Nil otherwise (Markdown,
    /// where the text keeps its quantity; a word at the caret; a line with
    /// a second quantity, "1 cup (240 ml) milk", that braces cannot hold).
    func writtenQuantity(of suggestion: IngredientSuggestion, among free: [Range<Int>]) -> WrittenQuantity? {
        guard keepsIngredientsOnMarks, suggestion.quantity != nil else { return nil }
        let ranges = ingredientRanges(for: document.selection)
        guard ranges.count == 1, let range = ranges.first else { return nil }
        let text = document.text
        let selected = String(text.characters[range])
        let trimmed = IngredientSuggestion.trimmed(selected)
        guard let line = IngredientLine(trimmed), line.suggestion == suggestion, line.alternative == nil,
              let found = selected.range(of: trimmed) else { return nil }
        let start = text.utf8Offset(of: range.lowerBound) + selected.utf8.distance(from: selected.startIndex, to: found.lowerBound)
        let words = line.text.utf8
        let nameStart = start + words.distance(from: words.startIndex, to: line.nameRange.lowerBound)
        let nameEnd = start + words.distance(from: words.startIndex, to: line.nameRange.upperBound)
        let end = start + words.count
        guard nameStart > start, free.contains(nameStart ..< nameEnd) else { return nil }
        // What follows the name is the note's; without a note it stays text.
        let after = suggestion.note == nil ? nameEnd ..< nameEnd : nameEnd ..< end
        return WrittenQuantity(occurrence: nameStart ..< nameEnd, written: [start ..< nameStart, after].filter { !$0.isEmpty })
    }

    /// The selected occurrence takes the suggestion's quantity and note, and
    /// the text that wrote them leaves the line.
    mutating func moveWrittenQuantity(_ written: WrittenQuantity, of suggestion: IngredientSuggestion) {
        var attributes = AttributeContainer()
        attributes[OccurrenceQuantityAttribute.self] = suggestion.quantity
        attributes[OccurrenceNoteAttribute.self] = suggestion.note
        document.addAttributes(attributes, toUTF8Offsets: [written.occurrence])
        // From the last, so the offsets before it stay valid.
        for range in written.written.reversed() {
            try? document.replace(document.text.characterRange(atUTF8Offsets: range), with: "")
        }
    }
}
