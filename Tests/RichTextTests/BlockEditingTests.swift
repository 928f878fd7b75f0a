import Foundation
@testable import RichText
import Testing

/// Enter, Tab, Shift-Tab and Backspace on lists, quotes, headings and code
/// as a word processor does them. Documents are written a paragraph per
/// line in a small notation: `- a` (bullet; leading spaces nest it),
/// `3. a` (numbered), `> a` (quote), `## a` (heading), `|c| a` (code),
/// `|fence| ` (a code fence line), `|` the caret.
@Suite("Lists, quotes, headings and code blocks while typing")
struct BlockEditingTests {
    static func document(_ lines: [String]) throws -> RichTextDocument {
        var text = AttributedString()
        var caret: Int?
        for (number, line) in lines.enumerated() {
            var rest = Substring(line)
            var attributes = AttributeContainer()
            let indentation = rest.prefix { $0 == " " }.count
            rest = rest.dropFirst(indentation)
            if rest.hasPrefix("- ") {
                attributes.listItem = ListMarker(kind: .bullet("-"), indentation: indentation)
                rest = rest.dropFirst(2)
            } else if let dot = rest.firstIndex(of: "."), let number = Int(rest[..<dot]), rest[rest.index(after: dot)...].hasPrefix(" ") {
                attributes.listItem = ListMarker(kind: .ordered(number: number, delimiter: "."), indentation: indentation)
                rest = rest[rest.index(dot, offsetBy: 2)...]
            } else if rest.hasPrefix("> ") {
                attributes.blockQuote = 1
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("#") {
                let level = rest.prefix { $0 == "#" }.count
                attributes.headingLevel = level
                rest = rest.dropFirst(level + 1)
            } else if rest.hasPrefix("|c| ") {
                attributes.verbatimLine = .code
                rest = rest.dropFirst(4)
            } else if rest.hasPrefix("|fence| ") {
                attributes.verbatimLine = .codeFence
                rest = rest.dropFirst(8)
            }
            if let bar = rest.firstIndex(of: "|") {
                caret = text.utf8.count + rest[..<bar].utf8.count
                rest.remove(at: bar)
            }
            var paragraph = AttributedString(String(rest) + (number < lines.count - 1 ? "\n" : ""))
            paragraph.mergeAttributes(attributes)
            text += paragraph
        }
        var document = RichTextDocument(text: text, definition: .recipe)
        let offset = try #require(caret, "no caret in \(lines)")
        try document.select(TextSelection(caret: document.text.characterIndex(atUTF8Offset: offset)))
        return document
    }

    /// The document in the notation, caret included.
    static func describe(_ document: RichTextDocument) -> [String] {
        let caret = document.text.utf8Offset(of: document.selection.primary.head)
        var lines: [String] = []
        var offset = 0
        let paragraphs = String(document.text.characters[...]).split(separator: "\n", omittingEmptySubsequences: false)
        for (number, paragraph) in paragraphs.enumerated() {
            let start = offset
            offset += paragraph.utf8.count + 1
            let attributes = document.paragraph(containing: start).attributes
                ?? (number == paragraphs.count - 1 ? document.pendingTypingAttributes : nil) ?? AttributeContainer()
            var prefix = ""
            if let marker = attributes.listItem {
                prefix = String(repeating: " ", count: marker.indentation)
                    + { if case .ordered(let number, _) = marker.kind { return "\(number). " } else { return "- " } }()
            }
            if attributes.blockQuote != nil { prefix += "> " }
            if let level = attributes.headingLevel { prefix += String(repeating: "#", count: level) + " " }
            if attributes.verbatimLine == .code { prefix += "|c| " }
            if attributes.verbatimLine == .codeFence { prefix += "|fence| " }
            var body = String(paragraph)
            if (start ... start + paragraph.utf8.count).contains(caret) {
                let index = body.utf8.index(body.startIndex, offsetBy: caret - start)
                body.insert("|", at: index)
            }
            lines.append(prefix + body)
        }
        return lines
    }

    struct Case: CustomStringConvertible, Sendable {
        var before: [String]
        var keys: [Key]
        var after: [String]
        var description: String { "\(before) \(keys)" }
    }

    enum Key: Sendable {
        case enter, tab, shiftTab, backspace, type(String), undo
    }

    static let cases: [Case] = [
        // Enter continues a list; numbers follow, and later ones move up only where they would repeat.
        Case(before: ["- a|", "- b"], keys: [.enter, .type("x")], after: ["- a", "- x|", "- b"]),
        Case(before: ["1. a|", "2. b", "3. c", "7. d"], keys: [.enter], after: ["1. a", "2. |", "3. b", "4. c", "7. d"]),
        Case(before: ["1. a", "2. b|"], keys: [.enter, .type("c")], after: ["1. a", "2. b", "3. c|"]),
        // Enter on an empty item ends the list; on an empty last item too.
        Case(before: ["- a", "- |", "b"], keys: [.enter], after: ["- a", "|", "b"]),
        Case(before: ["- a|"], keys: [.enter, .enter, .type("b")], after: ["- a", "b|"]),
        // An item split in the middle: both halves are items.
        Case(before: ["- ab|cd"], keys: [.enter], after: ["- ab", "- |cd"]),
        // Enter at an item's start: an empty item above.
        Case(before: ["1. |a"], keys: [.enter], after: ["1. ", "2. |a"]),
        // Headings end at Enter; Enter at a heading's start opens a body line above.
        Case(before: ["## Title|", "text"], keys: [.enter, .type("x")], after: ["## Title", "x|", "text"]),
        Case(before: ["## |Title"], keys: [.enter], after: ["", "## |Title"]),
        Case(before: ["## Ti|tle"], keys: [.enter], after: ["## Ti", "## |tle"]),
        Case(before: ["## Title|"], keys: [.enter, .type("x")], after: ["## Title", "x|"]),
        // Quotes go on; an empty quote line ends the quote.
        Case(before: ["> a|"], keys: [.enter, .type("b")], after: ["> a", "> b|"]),
        Case(before: ["> a", "> |", "c"], keys: [.enter], after: ["> a", "|", "c"]),
        // Code blocks go on; after a closing fence the text is outside.
        Case(before: ["|fence| ```", "|c| x|", "|fence| ```"], keys: [.enter], after: ["|fence| ```", "|c| x", "|c| |", "|fence| ```"]),
        Case(before: ["|fence| ```|", "|fence| ```"], keys: [.enter], after: ["|fence| ```", "|c| |", "|fence| ```"]),
        Case(before: ["|fence| ```", "|c| x", "|fence| ```|", "y"], keys: [.enter], after: ["|fence| ```", "|c| x", "|fence| ```", "|", "y"]),
        // Tab and Shift-Tab: under the item before, where its text starts; numbers restart or follow.
        Case(before: ["- a", "- b|"], keys: [.tab], after: ["- a", "  - b|"]),
        Case(before: ["1. a", "2. b|"], keys: [.tab], after: ["1. a", "   1. b|"]),
        Case(before: ["1. a", "   1. b", "   2. c|"], keys: [.shiftTab], after: ["1. a", "   1. b", "2. c|"]),
        Case(before: ["- a|"], keys: [.tab], after: ["- a|"]),
        Case(before: ["a|"], keys: [.tab], after: ["a\t|"]),
        // Backspace at an item's start takes the marker, then joins.
        Case(before: ["a", "- |b"], keys: [.backspace], after: ["a", "|b"]),
        Case(before: ["a", "- |b"], keys: [.backspace, .backspace], after: ["a|b"]),
        // Each is one undo step.
        Case(before: ["1. a|", "2. b"], keys: [.enter, .undo], after: ["1. a|", "2. b"]),
    ]

    @Test(arguments: cases)
    func keys(_ testCase: Case) throws {
        var document = try Self.document(testCase.before)
        for key in testCase.keys {
            switch key {
            case .enter: document.insertParagraphBreak()
            case .tab: if document.changeListLevel(deeper: true) == .notInList { document.insert("\t") }
            case .shiftTab: _ = document.changeListLevel(deeper: false)
            case .backspace: if !document.removeBlockMarkersAtCarets() { document.deleteBackward() }
            case .type(let text): document.insert(text)
            case .undo: document.undo()
            }
        }
        #expect(Self.describe(document) == testCase.after)
    }

    @Test func theNotationReadsBackAsWritten() throws {
        let lines = ["- a", "  2. b|", "> q", "## h", "|c| x", "|fence| ```", "plain"]
        #expect(Self.describe(try Self.document(lines)) == lines)
    }
}
