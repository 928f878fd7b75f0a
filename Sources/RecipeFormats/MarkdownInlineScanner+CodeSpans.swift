import Foundation
import RichText
import Recipes

/// Code spans, autolinks and raw HTML.
extension MarkdownInlineScanner {
    /// A code span from the backtick run at `start`: the bytes consumed, or
    /// nil when no closing run of the same length follows.
    mutating func codeSpan(at start: Int) -> Int? {
        var openEnd = start
        while openEnd < range.upperBound, line[openEnd] == 0x60 { openEnd += 1 }
        let length = openEnd - start
        if let runs = lastBacktickRuns, runs[length] ?? -1 < openEnd { return nil }
        var search = openEnd
        defer { lookaheadSteps.count += search - openEnd }
        var runs: [Int: Int] = [:]
        while search < range.upperBound {
            guard line[search] == 0x60 else { search += 1; continue }
            var runEnd = search
            while runEnd < range.upperBound, line[runEnd] == 0x60 { runEnd += 1 }
            runs[runEnd - search] = search
            if runEnd - search == length {
                flush(start)
                var contentStart = openEnd
                var contentEnd = search
                // One space each side is stripped when both are there (and not all spaces).
                if contentEnd - contentStart >= 2, line[contentStart] == 0x20, line[contentEnd - 1] == 0x20,
                   line[contentStart ..< contentEnd].contains(where: { $0 != 0x20 }) {
                    contentStart += 1
                    contentEnd -= 1
                }
                var code = AttributeContainer()
                code.inlineCode = true
                tokens.append(MarkdownInlineToken(kind: .open(code), source: start ..< contentStart))
                if contentEnd > contentStart { tokens.append(MarkdownInlineToken(kind: .text, source: contentStart ..< contentEnd)) }
                tokens.append(MarkdownInlineToken(kind: .close, source: contentEnd ..< runEnd))
                return runEnd - start
            }
            search = runEnd
        }
        // Every run from here to the line's end was seen.
        if lastBacktickRuns == nil { lastBacktickRuns = runs }
        return nil
    }

    /// An autolink (`<https://…>`, `<name@host>`) or raw HTML (a tag, a
    /// comment) at `start`: the bytes consumed. HTML is text, but nothing in
    /// it is markup.
    mutating func angleConstruct(at start: Int) -> Int? {
        if let end = MarkdownInlineReader.autolinkEnd(line, from: start, limit: range.upperBound) {
            let address = String(decoding: line[start + 1 ..< end], as: UTF8.self)
            let isEmail = !address.contains(":")
            var link = AttributeContainer()
            if let url = URL(string: isEmail ? "mailto:" + address : address) { link.link = url }
            link[LinkSourceAttribute.self] = "<>"
            flush(start)
            tokens.append(MarkdownInlineToken(kind: .open(link), source: start ..< start + 1))
            tokens.append(MarkdownInlineToken(kind: .text, source: start + 1 ..< end))
            tokens.append(MarkdownInlineToken(kind: .close, source: end ..< end + 1))
            return end + 1 - start
        }
        let isComment = start + 3 < range.upperBound && line[start + 1] == 0x21 && line[start + 2] == 0x2D && line[start + 3] == 0x2D
        if isComment, start >= unclosedCommentsFrom { return nil }
        if let end = MarkdownInlineReader.rawHTMLEnd(line, from: start, limit: range.upperBound, steps: lookaheadSteps) {
            flush(start)
            tokens.append(MarkdownInlineToken(kind: .text, source: start ..< end))
            rawHTML += 1
            return end - start
        }
        if isComment { unclosedCommentsFrom = start }
        return nil
    }
}
