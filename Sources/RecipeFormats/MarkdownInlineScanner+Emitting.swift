import Foundation
import RichText
import Recipes

/// The text and its spans, once the line is scanned.
extension MarkdownInlineScanner {
    /// The text and its spans: each stretch gets the attributes of the
    /// spans around it, outer first, then the emphasis flags.
    func emit(into result: inout MarkdownInlineReader.Result, origins: Bool) {
        var stack: [AttributeContainer] = [AttributeContainer()]
        var flags: [MarkdownEmphasisFlag: Int] = [:]
        func append(_ bytes: some Collection<UInt8>, from source: Range<Int>, atom: Bool) {
            let start = result.text.count
            result.text.append(contentsOf: bytes)
            if origins {
                if atom {
                    result.origins.append(source)
                } else {
                    result.origins.append(contentsOf: source.map { $0 ..< $0 + 1 })
                }
            }
            var container = stack[stack.count - 1]
            if (flags[.bold] ?? 0) > 0 { container.bold = true }
            if (flags[.italic] ?? 0) > 0 { container.italic = true }
            if (flags[.strikethrough] ?? 0) > 0 { container.strikethrough = true }
            guard result.text.count > start, container != AttributeContainer() else { return }
            if let last = result.spans.last, last.range.upperBound == start, last.attributes == container {
                result.spans[result.spans.count - 1].range = last.range.lowerBound ..< result.text.count
            } else {
                result.spans.append((start ..< result.text.count, container))
            }
        }
        for token in tokens {
            switch token.kind {
            case .text:
                append(line[token.source], from: token.source, atom: false)
            case .escaped(let byte):
                append(CollectionOfOne(byte), from: token.source, atom: true)
            case .bracket:
                append(line[token.source], from: token.source, atom: false)
            case .delimiter:
                for flag in token.closes { flags[flag, default: 0] -= 1 }
                let literal = token.source.lowerBound + token.closerUsed ..< token.source.upperBound - token.openerUsed
                if !literal.isEmpty { append(line[literal], from: literal, atom: false) }
                for flag in token.opens.reversed() { flags[flag, default: 0] += 1 }
            case .open(let attributes):
                stack.append(stack[stack.count - 1].merging(attributes))
            case .close:
                stack.removeLast()
            }
        }
        result.warnings = warnings.map { ($0.offset, $0.message) }
    }
}
