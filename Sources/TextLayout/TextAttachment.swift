import Foundation
import RichText

/// Rows a view draws under a paragraph for an image its text names (a
/// Markdown `![alt](src)`), TextKit's text attachment for a terminal: the
/// view's provider says how many rows each image takes, the layout gives
/// them their place after the paragraph's lines, and the view draws them.
/// The rows hold no text: the caret passes over them, a click on one
/// goes to the image's text, and the document (and so the file) is as it
/// was. The paragraph's own lines, the image's text among them, stay
/// editable as before.
///
/// Limits: a paragraph long enough to be wrapped in pieces
/// (`WrappedParagraph`) shows its text only.
public struct TextAttachment: Equatable, Sendable {
    /// The image's source as the text writes it (`ImageAttribute`).
    public var source: String
    /// The image's text (its alternative text).
    public var text: String
    /// Where that text is in the document (UTF-8 offsets).
    public var range: Range<Int>
    /// The rows drawn for it.
    public var rows: Int

    public init(source: String, text: String, range: Range<Int>, rows: Int) {
        self.source = source
        self.text = text
        self.range = range
        self.rows = rows
    }

    /// How many rows a view draws for an image (its source as written, its
    /// text); 0 for none. Asked when a paragraph holding an image is laid
    /// out, so it must answer at once (from a cache, never by decoding).
    public typealias Rows = (_ source: String, _ text: String) -> Int
}

extension TextLayoutManager {
    /// Draws rows under each paragraph holding an image, as many as `rows`
    /// says (nil: none). `state` is what the answers depend on (the pane's
    /// size, which pictures have arrived, …): when it changes, the
    /// paragraphs holding images are laid out again, the others keep their
    /// layouts.
    public func setAttachmentRows(_ rows: TextAttachment.Rows?, state: AnyHashable) {
        attachmentRows = rows
        guard state != attachmentState else { return }
        attachmentState = state
        cache = cache.filter { !$0.value.holdsImages }
    }

    /// Paragraph `index` laid out from its source, with rows for its images.
    func laidOut(_ source: ParagraphLayout.Source, paragraph index: Int, at offset: Int) -> ParagraphLayout {
        var layout = ParagraphLayout(source, paragraph: index, documentOffset: offset, configuration: configuration)
        guard !source.markedRuns.isEmpty else { return layout }
        layout.holdsImages = true
        guard let attachmentRows else { return layout }
        var lines = Array(layout.lines)
        for image in Self.images(in: source, at: offset) {
            let attachment = TextAttachment(source: image.source, text: image.text, range: image.range,
                                            rows: max(0, attachmentRows(image.source, image.text)))
            let end = layout.range.upperBound
            for row in 0 ..< attachment.rows {
                lines.append(LineFragment(
                    paragraph: index, lineInParagraph: lines.count, isLastInParagraph: false, range: end ..< end,
                    isRightToLeftParagraph: layout.isRightToLeft, leadingColumns: 0, cells: [], graphemes: [],
                    attachment: attachment, attachmentRow: row))
            }
        }
        layout.lines = LineFragments(lines)
        return layout
    }

    /// The images of a paragraph, in order: each run of one image source
    /// after a marked run (`Source.markedRuns`), as document offsets.
    private static func images(in source: ParagraphLayout.Source, at offset: Int) -> [(source: String, text: String, range: Range<Int>)] {
        let utf8 = Array(source.text.utf8)
        var found: [(source: String, text: String, range: Range<Int>)] = []
        for start in source.markedRuns.sorted() {
            guard let image = source.runs[start].attributes.image else { continue }
            var end = start + 1
            while end < source.runs.count, source.runs[end].attributes.image == image { end += 1 }
            let lower = source.runs[start].start
            let upper = end < source.runs.count ? source.runs[end].start : utf8.count
            found.append((image, String(decoding: utf8[lower ..< upper], as: UTF8.self), offset + lower ..< offset + upper))
        }
        return found
    }

    /// `position`, or the first line from it in the direction of travel
    /// that holds text: rows drawn for an image are passed over. Nil when
    /// only such rows are left that way.
    func textLine(from position: LinePosition, forward: Bool) -> LinePosition? {
        var current = position
        while fragment(at: current).attachment != nil {
            guard let moved = forward ? next(after: current) : previous(before: current) else { return nil }
            current = moved
        }
        return current
    }
}
