import Foundation
import RichText
import TextLayout

/// A layout manager over plain text, for tests.
func manager(_ text: String, width: Int = 40, wraps: Bool = true) -> TextLayoutManager {
    TextLayoutManager(text: AttributedString(text), configuration: LayoutConfiguration(width: width, wraps: wraps))
}

/// A visual line as it looks on screen: leading blanks, then the cells.
func rendered(_ line: LineFragment) -> String {
    String(repeating: " ", count: line.leadingColumns) + line.cells.map(\.text).joined()
}

/// Every visual line of the document, rendered.
func renderedLines(_ layout: TextLayoutManager) -> [String] {
    layout.lines(from: LinePosition(paragraph: 0, line: 0), count: 10_000).map { rendered($0.fragment) }
}

/// The text of UTF-8 ranges of `text`.
func substrings(_ ranges: [Range<Int>], of text: String) -> [String] {
    let bytes = Array(text.utf8)
    return ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
}
