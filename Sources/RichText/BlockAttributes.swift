public import Foundation

/// A list item's marker: what the paragraph is drawn after and what Enter
/// continues with. The marker is not in the text; a file writes it before
/// the paragraph's text (`- `, `* `, `3. `).
public struct ListMarker: Hashable, Codable, Sendable {
    public enum Kind: Hashable, Codable, Sendable {
        /// `-`, `*` or `+` in the file; drawn as a bullet.
        case bullet(String)
        /// `3.` or `3)`; drawn with its number.
        case ordered(number: Int, delimiter: String)
    }

    public var kind: Kind
    /// Columns before the marker: how deep the item is nested, as written.
    public var indentation: Int

    public init(kind: Kind, indentation: Int = 0) {
        self.kind = kind
        self.indentation = indentation
    }

    /// What is drawn before the item's text: "•" or "3.".
    public var label: String {
        switch kind {
        case .bullet: "•"
        case .ordered(let number, let delimiter): "\(number)\(delimiter)"
        }
    }

    public var isOrdered: Bool {
        if case .ordered = kind { return true }
        return false
    }

    /// The marker of the item Enter starts after this one: the same bullet,
    /// or the next number.
    public var next: ListMarker {
        switch kind {
        case .bullet: self
        case .ordered(let number, let delimiter): ListMarker(kind: .ordered(number: number + 1, delimiter: delimiter), indentation: indentation)
        }
    }
}

/// The paragraph is a list item (Markdown's `- `, `1. `).
public enum ListItemAttribute: CodableAttributedStringKey {
    public typealias Value = ListMarker
    public static let name = "listItem"
    public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

/// The paragraph is quoted this many levels deep (Markdown's `> `, a
/// Cooklang note).
public enum BlockQuoteAttribute: CodableAttributedStringKey {
    public typealias Value = Int
    public static let name = "blockQuote"
    public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

/// A line a file keeps exactly as written, markup and all: its text is the
/// line itself, nothing in it is interpreted, and it is written back as it
/// stands.
public enum VerbatimLine: String, Hashable, Codable, Sendable, CaseIterable {
    /// A line of a code block (fenced or indented).
    case code
    /// The ``` or ~~~ line that opens or closes a fenced code block.
    case codeFence
    /// A line of an HTML block.
    case html
    /// `---`, `***` or `___` on a line of its own.
    case thematicBreak
    /// A comment that fills the line (a Cooklang block comment's inner lines).
    case comment
    /// A Cooklang metadata line (`>> servings: 4`) in the body.
    case metadata
    /// Markup with no text after it on the last line of a file (`#`, `-`,
    /// `==`): the text there is the markup itself, since a last paragraph
    /// with no text could not hold what it is.
    case markupOnly
}

public enum VerbatimLineAttribute: CodableAttributedStringKey {
    public typealias Value = VerbatimLine
    public static let name = "verbatimLine"
    public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
}

/// Code inside a line (Markdown's `` `code` ``): drawn as code, taken literally.
public enum InlineCodeAttribute: CodableAttributedStringKey {
    public typealias Value = Bool
    public static let name = "inlineCode"
}

/// The text is an image's alternative text; the value is the image's source
/// as written. Terminals do not show images: the text is drawn with a marker.
public enum ImageAttribute: CodableAttributedStringKey {
    public typealias Value = String
    public static let name = "image"
    public static let inheritedByAddedText = false
}
