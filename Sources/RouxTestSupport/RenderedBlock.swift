public import Foundation
import RichText

/// A block with text as a reader shows it: a heading (with its level) or a
/// paragraph, inside so many quotes and lists (outermost first), with its
/// text. Roux's paragraphs and what a CommonMark implementation renders of
/// Roux's file are both read as these, and compared.
public struct RenderedBlock: Equatable, Sendable, CustomStringConvertible {
    /// "heading", "paragraph", or a block that holds no text of ours ("code_block", …).
    public var kind: String
    public var level: Int
    public var quoteDepth: Int
    /// "bullet" or "ordered" for each list the block is in, outermost first.
    public var lists: [String]
    public var text: String

    public init(kind: String, level: Int = 0, quoteDepth: Int = 0, lists: [String] = [], text: String) {
        self.kind = kind
        self.level = level
        self.quoteDepth = quoteDepth
        self.lists = lists
        self.text = text
    }

    public var description: String {
        let place = String(repeating: ">", count: quoteDepth) + lists.map { $0 == "bullet" ? "-" : "1." }.joined()
        return "\(kind)\(level > 0 ? String(level) : "")[\(place)] \(text.debugDescription)"
    }

    /// Roux's paragraphs with text, as the editor shows them: an item's
    /// lists are the items it sits under (an item is under the one before
    /// it whose text starts at or before its marker, as CommonMark nests).
    public static func paragraphs(of text: AttributedString) -> [RenderedBlock] {
        var blocks: [RenderedBlock] = []
        var openItems: [(contentColumn: Int, kind: String)] = []
        var openQuoteDepth = 0
        var offset = 0
        for line in String(text.characters).split(separator: "\n", omittingEmptySubsequences: false) {
            defer { offset += line.utf8.count + 1 }
            let index = text.utf8.index(text.startIndex, offsetBy: offset)
            let attributes = index < text.endIndex ? text.runs[index].attributes : AttributeContainer()
            let words = line.trimmingCharacters(in: .whitespaces)
            guard !words.isEmpty, attributes.verbatimLine == nil else { continue }
            let depth = attributes.blockQuote ?? 0
            if depth != openQuoteDepth { openItems = [] }
            openQuoteDepth = depth
            if let marker = attributes.listItem {
                while let last = openItems.last, last.contentColumn > marker.indentation { openItems.removeLast() }
                openItems.append((marker.indentation + marker.width, marker.isOrdered ? "ordered" : "bullet"))
            } else {
                openItems = []
            }
            let heading = attributes.headingLevel.flatMap { (1 ... 6).contains($0) ? $0 : nil }
            blocks.append(RenderedBlock(kind: heading == nil ? "paragraph" : "heading", level: heading ?? 0, quoteDepth: depth,
                                        lists: openItems.map(\.kind), text: words))
        }
        return blocks
    }
}

/// The reference CommonMark implementation: `cmark-gfm` (Debian's package
/// of GitHub's fork of cmark, with GitHub's extensions), which `make deps`
/// installs. A test that needs it fails when it is missing.
public enum CommonMarkReference {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static let program = "/usr/bin/cmark-gfm"

    /// The blocks with text `cmark-gfm` renders of `markdown`, after its
    /// front matter (which GitHub shows as a table and other readers hide).
    public static func blocks(of markdown: String) throws -> [RenderedBlock] {
        var body = Substring(markdown)
        if body.hasPrefix("---\n"), let end = body.dropFirst(4).range(of: "\n---\n") { body = body[end.upperBound...] }
        return try blocks(ofXML: render(String(body)))
    }

    /// `cmark-gfm --to xml` of `markdown`.
    public static func render(_ markdown: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw Failure(description: "\(program) is missing: this test checks Roux's files with it. `make deps` installs it "
                + "(Debian package cmark-gfm), or run: apt-get install cmark-gfm")
        }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("roux-cmark-\(UUID().uuidString).md")
        try Data(markdown.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-e", "strikethrough", "-e", "autolink", "-e", "tasklist", "-e", "table", "--to", "xml", input.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "cmark-gfm exited with \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }

    /// The blocks of cmark's XML, which puts each element on a line of its own.
    static func blocks(ofXML xml: String) -> [RenderedBlock] {
        var blocks: [RenderedBlock] = []
        var quoteDepth = 0
        var lists: [String] = []
        var current: RenderedBlock?
        for rawLine in xml.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("<block_quote") {
                quoteDepth += line.hasSuffix("/>") ? 0 : 1
            } else if line == "</block_quote>" {
                quoteDepth -= 1
            } else if line.hasPrefix("<list ") {
                lists.append(line.contains("type=\"ordered\"") ? "ordered" : "bullet")
            } else if line == "</list>" {
                lists.removeLast()
            } else if line.hasPrefix("<paragraph") || line.hasPrefix("<heading") {
                let level = line.hasPrefix("<heading") ? Int(attribute("level", of: line) ?? "") ?? 0 : 0
                current = RenderedBlock(kind: level > 0 ? "heading" : "paragraph", level: level, quoteDepth: quoteDepth, lists: lists, text: "")
            } else if line == "</paragraph>" || line == "</heading>", let block = current {
                blocks.append(finished(block))
                current = nil
            } else if current != nil {
                current?.text += inlineText(line)
            } else if let name = line.dropFirst().split(whereSeparator: { $0 == " " || $0 == ">" || $0 == "/" }).first,
                      line.hasPrefix("<"), !line.hasPrefix("</"), ["code_block", "html_block", "thematic_break", "table"].contains(String(name)) {
                blocks.append(RenderedBlock(kind: String(name), quoteDepth: quoteDepth, lists: lists, text: ""))
            }
        }
        return blocks
    }

    /// What an inline element's line adds to the text: text, code and
    /// inline HTML as they read, a break as a newline (two lines of a file
    /// joined into one paragraph show there), a link's start as U+0001.
    private static func inlineText(_ line: String) -> String {
        if line.hasPrefix("<softbreak") || line.hasPrefix("<linebreak") { return "\n" }
        if line.hasPrefix("<link ") { return "\u{1}" }
        for element in ["text", "code", "html_inline"] where line.hasPrefix("<\(element)") {
            guard let open = line.firstIndex(of: ">"), let close = line.range(of: "</\(element)>", options: .backwards) else { return "" }
            return unescaped(String(line[line.index(after: open) ..< close.lowerBound]))
        }
        return ""
    }

    /// Roux's attribute syntax (`^[flour](ingredient: "flour")`) is read by
    /// CommonMark as a caret and a link, or as text: either way its words are the text.
    private static func finished(_ block: RenderedBlock) -> RenderedBlock {
        var result = block
        var text = block.text.replacingOccurrences(of: "^\u{1}", with: "").replacingOccurrences(of: "\u{1}", with: "")
        text = text.replacingOccurrences(of: #"\^\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
        result.text = text.trimmingCharacters(in: .whitespaces)
        return result
    }

    private static func attribute(_ name: String, of line: String) -> String? {
        guard let start = line.range(of: " \(name)=\"") else { return nil }
        return String(line[start.upperBound...].prefix { $0 != "\"" })
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
