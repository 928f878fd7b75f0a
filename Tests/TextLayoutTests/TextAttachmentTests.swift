import Foundation
import RichText
import TextLayout
import Testing

/// Rows a view draws under a paragraph for an image of its text
/// (`TextAttachment`): counted as lines by scrolling and pages, passed over
/// by the caret, moved with their paragraph, made again when the view says
/// its answers changed.
@Suite("Text attachments")
struct TextAttachmentTests {
    static let text = "Before\nSee ![cake] here\nAfter\nEnd"

    /// `text` with "cake" an image of `cake.png`, and its UTF-8 range.
    static func document() throws -> (text: AttributedString, image: Range<Int>) {
        var text = AttributedString(Self.text.replacingOccurrences(of: "![cake]", with: "cake"))
        let range = try #require(text.range(of: "cake"))
        text[range].image = "cake.png"
        return (text, text.utf8Offsets(of: range))
    }

    /// A layout drawing `rows` rows under each image.
    static func layout(rows: Int = 3) throws -> TextLayoutManager {
        let layout = TextLayoutManager(text: try document().text, configuration: LayoutConfiguration(width: 40))
        layout.setAttachmentRows({ _, _ in rows }, state: rows)
        return layout
    }

    @Test func theRowsComeAfterTheParagraphsLinesAndSayWhichImage() throws {
        let layout = try Self.layout()
        let lines = layout.lines(from: LinePosition(paragraph: 0, line: 0), count: 100)
        #expect(lines.map { rendered($0.fragment) } == ["Before", "See ⧉cake here", "", "", "", "After", "End"])
        let rows = lines.compactMap(\.fragment.attachment)
        #expect(rows == Array(repeating: TextAttachment(source: "cake.png", text: "cake", range: try Self.document().image, rows: 3), count: 3))
        #expect(lines.map(\.fragment.attachmentRow) == [0, 0, 0, 1, 2, 0, 0])
        #expect(layout.lineCount(ofParagraph: 1) == 4)
        #expect(layout.position(LinePosition(paragraph: 0, line: 0), movedBy: 5) == LinePosition(paragraph: 2, line: 0))
    }

    @Test func withoutAnAnswerOrWithNoRowsTheTextIsAsItWas() throws {
        let plain = TextLayoutManager(text: try Self.document().text, configuration: LayoutConfiguration(width: 40))
        #expect(renderedLines(plain) == ["Before", "See ⧉cake here", "After", "End"])
        #expect(renderedLines(try Self.layout(rows: 0)) == ["Before", "See ⧉cake here", "After", "End"])
    }

    @Test func upAndDownPassOverTheRows() throws {
        let layout = try Self.layout()
        let onImageLine = CaretPosition(offset: 11)
        let down = layout.moveVertically(onImageLine, by: 1, goalColumn: 2)
        #expect(layout.linePosition(of: down) == LinePosition(paragraph: 2, line: 0), "down from the image's line is After")
        let up = layout.moveVertically(down, by: -1, goalColumn: 2)
        #expect(layout.linePosition(of: up) == LinePosition(paragraph: 1, line: 0), "and up comes back")
        // A page that would end on a row of the picture ends on the next line of text.
        #expect(layout.linePosition(of: layout.moveVertically(CaretPosition(offset: 0), by: 3, goalColumn: 0))
            == LinePosition(paragraph: 2, line: 0))
        #expect(layout.linePosition(of: layout.moveVertically(CaretPosition(offset: 0), by: 5, goalColumn: 0))
            == LinePosition(paragraph: 2, line: 0))
        #expect(layout.linePosition(of: layout.moveVertically(CaretPosition(offset: 0), by: 6, goalColumn: 0))
            == LinePosition(paragraph: 3, line: 0))
    }

    @Test func rightAtTheParagraphsEndGoesOnToTheNextParagraph() throws {
        let layout = try Self.layout()
        let end = layout.lineEnd(CaretPosition(offset: 11))
        #expect(end.offset == layout.range(ofParagraph: 1).upperBound)
        let next = layout.moveRight(end)
        #expect(next.offset == layout.range(ofParagraph: 2).lowerBound)
        #expect(layout.moveLeft(next).offset == end.offset)
    }

    @Test func aClickOnARowPutsTheCaretOnTheImagesText() throws {
        let layout = try Self.layout()
        let image = try Self.document().image
        for row in 1 ... 3 {
            #expect(layout.caret(atColumn: 5, on: LinePosition(paragraph: 1, line: row)).offset == image.lowerBound)
        }
    }

    @Test func theRowsMoveWithTheirParagraph() throws {
        let layout = try Self.layout()
        _ = renderedLines(layout)
        var text = layout.text
        let oldLength = text.utf8.count
        text.insert(AttributedString("Oh "), at: text.startIndex)
        layout.apply(text, change: TextChange(prefix: 0, suffix: oldLength, oldLength: oldLength, newLength: text.utf8.count))
        let image = try Self.document().image
        let rows = layout.lines(from: LinePosition(paragraph: 0, line: 0), count: 100).compactMap(\.fragment.attachment)
        #expect(rows.map(\.range) == Array(repeating: image.lowerBound + 3 ..< image.upperBound + 3, count: 3))
    }

    /// The view's answers change (a picture arrived, the pane grew): with a
    /// new state the paragraphs holding images are laid out again, the
    /// others keep their layouts.
    @Test func aNewStateLaysOutAgainOnlyTheParagraphsHoldingImages() throws {
        let layout = try Self.layout()
        _ = renderedLines(layout)
        let before = layout.layoutCount
        layout.setAttachmentRows({ _, _ in 1 }, state: 3)
        #expect(layout.lineCount(ofParagraph: 1) == 4, "the same state keeps the rows")
        layout.setAttachmentRows({ _, _ in 1 }, state: 1)
        #expect(renderedLines(layout) == ["Before", "See ⧉cake here", "", "After", "End"])
        #expect(layout.layoutCount == before + 1)
        layout.setAttachmentRows(nil, state: 0)
        #expect(renderedLines(layout) == ["Before", "See ⧉cake here", "After", "End"])
    }
}
