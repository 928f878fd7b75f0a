public import Foundation
import RichText

/// What is drawn beside a paragraph's text but is not in it: a list item's
/// marker and a quote's bars, on the side the paragraph starts. The first
/// line shows the marker; later lines leave its width blank, so wrapped
/// text hangs under the first line's text.
public struct ParagraphDecoration: Equatable, Sendable {
    public var firstLine: String
    public var otherLines: String
    /// Cells it takes on every line.
    public var width: Int

    /// The decoration for a paragraph's attributes; nil when it has none.
    /// Right-to-left, the bars and marker sit on the right, mirrored.
    public init?(_ attributes: AttributeContainer, isRightToLeft: Bool) {
        let depth = max(0, attributes.blockQuote ?? 0)
        let marker = attributes.listItem
        guard depth > 0 || marker != nil else { return nil }
        var first = String(repeating: "│ ", count: depth)
        var others = first
        if let marker {
            let indentation = String(repeating: " ", count: max(0, min(marker.indentation, 40)))
            let label = marker.label + " "
            first += indentation + label
            others += indentation + String(repeating: " ", count: label.count)
        }
        if isRightToLeft {
            first = String(first.reversed())
            others = String(others.reversed())
        }
        firstLine = first
        otherLines = others
        width = first.count
    }

    public func text(forLine number: Int) -> String {
        number == 0 ? firstLine : otherLines
    }
}
