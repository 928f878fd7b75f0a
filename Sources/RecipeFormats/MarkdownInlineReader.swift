import Foundation
import RichText
import Recipes

/// Markdown's inline syntax in one line, as CommonMark reads it: backslash
/// escapes, code spans, emphasis with `*` and `_` (the delimiter-run rules,
/// so `* 4-6 bacon strips*` keeps its lone star and `snake_case_name` its
/// underscores), links, images and autolinks; plus GFM's `~~strikethrough~~`
/// and Foundation's inline attributes `^[text](key: value)`. Raw HTML and
/// entities are text, but for `&#32;`/`&#9;` at the text's start (the
/// writer's leading white space). Whatever does not form a construct is text, exactly.
package struct MarkdownInlineReader {
    struct Result {
        var text: [UInt8] = []
        var spans: [(range: Range<Int>, attributes: AttributeContainer)] = []
        var warnings: [(offset: Int, message: String)] = []
        var origins: [Range<Int>] = []
        /// Bytes looked at ahead of the scan to find where a construct ends
        /// (a link's destination, an attribute list, a code span, a
        /// comment): a bounded number of times the line's length, whatever
        /// the line holds.
        var lookaheadSteps = 0
        /// Raw HTML read as text (`<b>`, `</div>`, `<!-- … -->`): what
        /// cmark-gfm and GitHub render as HTML or drop.
        var rawHTML = 0
    }

    /// Attribute lists already read: a file repeats a few (`ingredient: "beurre"`) many times.
    var attributeLists: [String: AttributeContainer] = [:]

    /// Bytes that can start inline markup; a line without any is text.
    static let markupBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "\\*_~`[]<^".utf8 { table[Int(byte)] = true }
        return table
    }()

    mutating func read(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, origins wantsOrigins: Bool) -> Result {
        var result = Result()
        if !line[range].contains(where: { Self.markupBytes[Int($0)] }), Self.whiteSpaceReference(line, at: range.lowerBound, limit: range.upperBound) == nil {
            result.text = Array(line[range])
            if wantsOrigins { result.origins = range.map { $0 ..< $0 + 1 } }
            return result
        }
        var scanner = MarkdownInlineScanner(line: line, range: range, reader: self)
        scanner.scan()
        attributeLists = scanner.reader.attributeLists
        scanner.emit(into: &result, origins: wantsOrigins)
        result.lookaheadSteps = scanner.lookaheadSteps.count
        result.rawHTML = scanner.rawHTML
        return result
    }

    mutating func attributes(ofList source: String) throws(InlineAttributeList.SyntaxError) -> AttributeContainer {
        if let known = attributeLists[source] { return known }
        let attributes = try InlineAttributeList.parse(Substring(source)).attributes()
        attributeLists[source] = attributes
        return attributes
    }
}
