public import Foundation

/// How a paragraph's lines sit in the pane. Missing means `.natural`: the
/// leading edge of the paragraph's direction.
public enum ParagraphAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    case natural, left, center, right
}

/// A paragraph's base direction. Missing means "auto": the first strong
/// character decides (UAX #9 rules P2–P3).
public enum ParagraphDirection: String, Hashable, Sendable, Codable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

/// Paragraph attributes: Foundation keeps each one constant over a whole
/// paragraph (`runBoundaries = .paragraph`), so setting it on one word sets it
/// on the paragraph, and joining two paragraphs keeps the first one's value.
public enum AlignmentAttribute: CodableAttributedStringKey {
    public typealias Value = ParagraphAlignment
    public static let name = "alignment"
    public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

/// Named after `NSParagraphStyle.baseWritingDirection`; Foundation already has a
/// `writingDirection` member of its own on Linux.
public enum BaseWritingDirectionAttribute: CodableAttributedStringKey {
    public typealias Value = ParagraphDirection
    public static let name = "baseWritingDirection"
    public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

/// Heading level 1–6 (Markdown's `#` … `######`); missing means body text.
public enum HeadingLevelAttribute: CodableAttributedStringKey {
    public typealias Value = Int
    public static let name = "heading"
    public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}
