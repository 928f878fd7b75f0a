import Foundation
import RichText
import Recipes

/// What emphasis delimiters make.
enum MarkdownEmphasisFlag: Equatable {
    case bold, italic, strikethrough
}

struct MarkdownInlineToken {
    enum Kind {
        /// Bytes of the line taken as they are.
        case text
        /// One character written with a backslash (`\*`): `byte`.
        case escaped(UInt8)
        /// A run of `*`, `_` or `~~`.
        case delimiter
        /// `[`, `![` or `^[`, until its `]` is found (then `.open`).
        case bracket(BracketKind)
        /// Opens a span with these attributes (a link, an image, a code span, `^[…](…)`).
        case open(AttributeContainer)
        /// Closes the innermost span.
        case close
    }

    enum BracketKind { case link, image, attributes }

    var kind: Kind
    var source: Range<Int>
    // Delimiter runs:
    var character: UInt8 = 0
    var canOpen = false
    var canClose = false
    /// Characters used to close emphasis (from the run's start) and to open it (from its end).
    var closerUsed = 0
    var openerUsed = 0
    var opens: [MarkdownEmphasisFlag] = []
    var closes: [MarkdownEmphasisFlag] = []

    var remaining: Int { source.count - closerUsed - openerUsed }
}

extension MarkdownInlineToken.Kind {
    var isLinkBracket: Bool {
        if case .bracket(.link) = self { return true }
        return false
    }
}
