public import Foundation
public import RichText

/// An item of an ingredient list written in the text ("- 200 g flour"),
/// read with `IngredientLine`.
public struct IngredientListItem: Equatable, Sendable {
    /// The item's text in the document, as UTF-8 offsets (no line break).
    public var offsets: Range<Int>
    public var line: IngredientLine
    /// The item already holds an ingredient's mark.
    public var isMarked: Bool
}

extension Recipe {
    /// The ingredient lists of the text, each its items in order. A list is
    /// list items in a row (empty paragraphs between them allowed); it is an
    /// ingredient list when a heading of its section, or the short label just
    /// above it ("Ingredients:"), names ingredients (`IngredientHeadings`), or
    /// when more than half of its items start with a number.
    public func ingredientLists() -> [[IngredientListItem]] {
        let paragraphs = TextParagraph.all(in: document.text)
        return Self.lists(in: paragraphs).filter { Self.isIngredientList($0, in: paragraphs) }.map { items(of: $0, in: paragraphs) }
    }

    /// Where each ingredient list of `ingredientLists()` lies, as UTF-8
    /// offsets from its first item's start to its last item's end: its
    /// items, and the remarks and blank lines between them.
    public func ingredientListExtents() -> [Range<Int>] {
        let paragraphs = TextParagraph.all(in: document.text)
        return Self.lists(in: paragraphs).filter { Self.isIngredientList($0, in: paragraphs) }.map { list in
            paragraphs[list.lowerBound].offsets.lowerBound ..< paragraphs[list.upperBound - 1].offsets.upperBound
        }
    }

    /// The items of the list at a UTF-8 offset (the caret): the list that
    /// paragraph is in, or, from a heading or label that names ingredients,
    /// the list just below it. Any list: the caret chooses it. Nil when there
    /// is none.
    public func ingredientList(at offset: Int) -> [IngredientListItem]? {
        let paragraphs = TextParagraph.all(in: document.text)
        guard let index = paragraphs.lastIndex(where: { $0.offsets.lowerBound <= offset }) else { return nil }
        let lists = Self.lists(in: paragraphs)
        if let list = lists.first(where: { $0.contains(index) }) { return items(of: list, in: paragraphs) }
        guard paragraphs[index].listItem == nil, IngredientHeadings.names(paragraphs[index].text),
              let list = lists.first(where: { $0.lowerBound > index }),
              paragraphs[index + 1 ..< list.lowerBound].allSatisfy({ $0.text.allSatisfy(\.isWhitespace) }) else { return nil }
        return items(of: list, in: paragraphs)
    }

    /// Whether the list item at a UTF-8 offset is in an ingredient list: by
    /// its own quantity, else by its heading or label, looked for at most
    /// `reach` paragraphs up (the inspector asks on every keystroke).
    func isIngredientItem(_ line: IngredientLine, at offset: Int, reach: Int = 60) -> Bool {
        if line.quantity?.numbers != nil { return true }
        let text = document.text
        var index = text.characterIndex(atUTF8Offset: offset)
        var headingLevel = Int.max
        var isFirstAboveList = true
        for _ in 0 ..< reach {
            let paragraph = text.paragraphRange(around: index)
            guard paragraph.lowerBound > text.startIndex else { return false }
            index = text.characters.index(before: paragraph.lowerBound)
            let above = text.paragraphRange(around: index)
            let attributes = text[above].runs.first?.attributes
            let words = String(text.characters[above])
            if let level = attributes?.headingLevel {
                guard level < headingLevel else { continue }
                if IngredientHeadings.names(words) { return true }
                headingLevel = level
                if level == 1 { return false }
            } else if attributes?.listItem == nil, !words.allSatisfy(\.isWhitespace) {
                if isFirstAboveList, words.count <= TextParagraph.labelLength, IngredientHeadings.names(words) { return true }
                isFirstAboveList = false
            }
        }
        return false
    }

    /// Runs of list items, as paragraph index ranges.
    static func lists(in paragraphs: [TextParagraph]) -> [Range<Int>] {
        var lists: [Range<Int>] = []
        var start: Int?
        var lastItem = 0
        for (index, paragraph) in paragraphs.enumerated() {
            if paragraph.listItem != nil {
                if start == nil { start = index }
                lastItem = index
            } else if !paragraph.text.allSatisfy(\.isWhitespace), let first = start {
                lists.append(first ..< lastItem + 1)
                start = nil
            }
        }
        if let first = start { lists.append(first ..< lastItem + 1) }
        return lists
    }

    static func isIngredientList(_ list: Range<Int>, in paragraphs: [TextParagraph]) -> Bool {
        // The label just above ("Ingredients:", "**Zutaten**").
        if let label = paragraphs[..<list.lowerBound].last(where: { !$0.text.allSatisfy(\.isWhitespace) }),
           label.heading == nil, label.listItem == nil, label.text.count <= TextParagraph.labelLength,
           IngredientHeadings.names(label.text) { return true }
        // The headings of its section and the sections around it.
        var level = Int.max
        for paragraph in paragraphs[..<list.lowerBound].reversed() {
            guard let heading = paragraph.heading, heading < level else { continue }
            if IngredientHeadings.names(paragraph.text) { return true }
            level = heading
        }
        let items = paragraphs[list].filter { $0.listItem != nil }
        let counted = items.filter { IngredientLine($0.text)?.quantity?.numbers != nil }.count
        return counted * 2 > items.count
    }

    /// The list's ingredients. An item nested under an ingredient is a
    /// remark on it ("- 3 eggs" / "  - 1 for the glaze"), not an ingredient;
    /// an item that heads nested items without a quantity ("- For the
    /// dough:") is a label, and the items under it are the ingredients.
    private func items(of list: Range<Int>, in paragraphs: [TextParagraph]) -> [IngredientListItem] {
        var result: [IngredientListItem] = []
        // The items above the current one that it may be nested under:
        // their indentation and whether what is nested under them is a remark.
        var parents: [(indentation: Int, takesRemarks: Bool)] = []
        for index in list {
            let paragraph = paragraphs[index]
            guard let marker = paragraph.listItem else { continue }
            while let last = parents.last, last.indentation >= marker.indentation { parents.removeLast() }
            let isRemark = parents.contains { $0.takesRemarks }
            let line = IngredientLine(paragraph.text)
            // Between a list's items there are only blank lines.
            let next = paragraphs[(index + 1) ..< list.upperBound].first { $0.listItem != nil }?.listItem
            let headsNested = next.map { $0.indentation > marker.indentation } ?? false
            let isLabel = headsNested && line?.quantity == nil && paragraph.text.trimmingCharacters(in: .whitespaces).hasSuffix(":")
            parents.append((marker.indentation, isRemark || !isLabel))
            guard !isRemark, !isLabel, let line else { continue }
            result.append(IngredientListItem(offsets: paragraph.offsets, line: line, isMarked: paragraph.isMarked))
        }
        return result
    }
}

/// A paragraph of the text as the list reader sees it.
package struct TextParagraph {
    var offsets: Range<Int>
    var text: String
    var listItem: ListMarker?
    var heading: Int?
    var isMarked: Bool

    /// A paragraph this short may be a label heading a list ("Ingredients:").
    package static let labelLength = 60

    /// Every paragraph of `text`, in one walk over its runs.
    static func all(in text: AttributedString) -> [TextParagraph] {
        var paragraphs: [TextParagraph] = []
        var current = TextParagraph(offsets: 0 ..< 0, text: "", listItem: nil, heading: nil, isMarked: false)
        var offset = 0
        for run in text.runs {
            let piece = String(text.characters[run.range])
            var lines = piece.split(separator: "\n", omittingEmptySubsequences: false)[...]
            while let line = lines.popFirst() {
                current.text += line
                offset += line.utf8.count
                if !line.isEmpty {
                    current.isMarked = current.isMarked || run.ingredient != nil
                }
                // What follows the run's last line break is the next paragraph's.
                if !line.isEmpty || !lines.isEmpty {
                    current.listItem = current.listItem ?? run.listItem
                    current.heading = current.heading ?? run.headingLevel
                }
                guard !lines.isEmpty else { break }
                current.offsets = current.offsets.lowerBound ..< offset
                paragraphs.append(current)
                offset += 1
                current = TextParagraph(offsets: offset ..< offset, text: "", listItem: nil, heading: nil, isMarked: false)
            }
        }
        current.offsets = current.offsets.lowerBound ..< offset
        paragraphs.append(current)
        return paragraphs
    }
}
