import Foundation
public import Recipes
public import RichText

/// Text with its selection written inline, so an editing test reads as
/// (markup, keys, expected markup): `"Put the [סופ|]גניות"`.
///
/// - `|` alone is a caret;
/// - `[…]` is a selected range; a `|` inside it marks the head (`[abc|]` was
///   selected rightwards, `[|abc]` leftwards); without one the head is at `]`;
/// - `{…}` is a range (or `{|}` a caret) that is the primary one; without
///   braces the last range is primary;
/// - `\` escapes the next character, so `\[` is a literal bracket.
/// No marker at all means a caret at the start.
public enum SelectionMarkup {
    public struct SyntaxError: Error, CustomStringConvertible {
        public let description: String
    }

    public static func parse(_ markup: String) throws -> (text: String, ranges: [(anchor: Int, head: Int)], primary: Int) {
        var text = ""
        var ranges: [(anchor: Int, head: Int)] = []
        var primary: Int?
        var open: (start: Int, head: Int?, primary: Bool)?
        var escaped = false
        for character in markup {
            let offset = text.utf8.count
            if escaped {
                text.append(character)
                escaped = false
                continue
            }
            switch character {
            case "\\":
                escaped = true
            case "[", "{":
                guard open == nil else { throw SyntaxError(description: "nested range at offset \(offset)") }
                open = (offset, nil, character == "{")
            case "]", "}":
                guard let range = open, range.primary == (character == "}") else {
                    throw SyntaxError(description: "unmatched \(character) at offset \(offset)")
                }
                let head = range.head ?? offset
                let anchor = head == range.start ? offset : range.start
                if range.primary { primary = ranges.count }
                ranges.append((anchor, head))
                open = nil
            case "|":
                if open != nil {
                    open?.head = offset
                } else {
                    ranges.append((offset, offset))
                }
            default:
                text.append(character)
            }
        }
        if open != nil { throw SyntaxError(description: "range not closed") }
        if ranges.isEmpty { ranges = [(0, 0)] }
        return (text, ranges, primary ?? ranges.count - 1)
    }

    /// A document holding the markup's text and selection.
    public static func document(_ markup: String, definition: FormattingDefinition = .recipe) throws -> RichTextDocument {
        let parsed = try parse(markup)
        var document = RichTextDocument(text: AttributedString(parsed.text), definition: definition)
        try select(parsed.ranges, primary: parsed.primary, in: &document)
        return document
    }

    /// Puts the markup's selection on an existing document with the same text.
    public static func select(_ markup: String, in document: inout RichTextDocument) throws {
        let parsed = try parse(markup)
        guard parsed.text == document.plainText else {
            throw SyntaxError(description: "markup text \(parsed.text.debugDescription) is not the document's")
        }
        try select(parsed.ranges, primary: parsed.primary, in: &document)
    }

    private static func select(_ ranges: [(anchor: Int, head: Int)], primary: Int, in document: inout RichTextDocument) throws {
        let text = document.text
        let selection = TextSelection(
            ranges: ranges.map {
                TextSelection.Range(anchor: text.characterIndex(atUTF8Offset: $0.anchor),
                                    head: text.characterIndex(atUTF8Offset: $0.head))
            },
            primary: primary)
        try document.select(selection)
    }

    /// The document's text with its selection written in.
    public static func markup(of document: RichTextDocument) -> String {
        let text = document.text
        let selection = document.selection
        var inserts: [(offset: Int, order: Int, marker: String)] = []
        let braces = selection.ranges.count > 1 && selection.primaryIndex != selection.ranges.count - 1
        for (number, range) in selection.ranges.enumerated() {
            let lower = text.utf8Offset(of: range.lowerBound)
            let upper = text.utf8Offset(of: range.upperBound)
            let (open, close) = braces && number == selection.primaryIndex ? ("{", "}") : ("[", "]")
            if range.isCaret {
                inserts.append((lower, 1, braces && number == selection.primaryIndex ? "{|}" : "|"))
            } else if range.isBackward {
                inserts.append((lower, 0, open + "|"))
                inserts.append((upper, 2, close))
            } else {
                inserts.append((lower, 0, open))
                inserts.append((upper, 2, "|" + close))
            }
        }
        inserts.sort { ($0.offset, $0.order) < ($1.offset, $1.order) }
        var result = ""
        var previous = 0
        let bytes = Array(document.plainText.utf8)
        for insert in inserts {
            result += escaped(String(decoding: bytes[previous ..< insert.offset], as: UTF8.self))
            result += insert.marker
            previous = insert.offset
        }
        result += escaped(String(decoding: bytes[previous...], as: UTF8.self))
        return result
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "[]{}|\\".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
