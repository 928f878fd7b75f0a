import Foundation
import RichText
import Recipes

/// Links, images and attribute spans, when their "]" comes.
extension MarkdownInlineScanner {
    /// A `]`: closes the innermost bracket when what follows makes it a link,
    /// an image or an attribute span. Returns the bytes consumed.
    mutating func closeBracket(at position: Int) -> Int {
        guard let bracket = brackets.last else {
            tokens.append(MarkdownInlineToken(kind: .text, source: position ..< position + 1))
            return 1
        }
        guard case .bracket(let kind) = tokens[bracket.token].kind else { return 1 }
        let afterBracket = position + 1
        // Nothing inside: there would be no text to hold the link, image or
        // attributes, so it stays text as written.
        if tokens[bracket.token].source.upperBound == position {
            brackets.removeLast()
            tokens.append(MarkdownInlineToken(kind: .text, source: position ..< position + 1))
            return 1
        }
        var attributes: AttributeContainer?
        var end = afterBracket
        if bracket.active, afterBracket < range.upperBound, line[afterBracket] == 0x28 {
            switch kind {
            case .link, .image:
                if let destination = MarkdownInlineReader.linkDestination(line, from: afterBracket, limit: range.upperBound,
                                                                                     steps: lookaheadSteps) {
                    let source = String(decoding: line[afterBracket ..< destination.end], as: UTF8.self)
                    var container = AttributeContainer()
                    if kind == .image {
                        container.image = source
                    } else {
                        if let url = URL(string: destination.url) { container.link = url }
                        container[LinkSourceAttribute.self] = source
                    }
                    attributes = container
                    end = destination.end
                }
            case .attributes:
                if let listEnd = attributeListEnds.end(in: line, from: afterBracket + 1, limit: range.upperBound, steps: lookaheadSteps) {
                    let source = String(decoding: line[afterBracket + 1 ..< listEnd], as: UTF8.self)
                    do throws(InlineAttributeList.SyntaxError) {
                        attributes = try reader.attributes(ofList: source)
                        end = listEnd + 1
                    } catch {
                        warnings.append((afterBracket + 1 + error.offset, error.message + "; kept as text"))
                    }
                } else {
                    warnings.append((afterBracket, "attribute list not closed with \")\"; kept as text"))
                }
            }
        } else if kind == .attributes, bracket.active {
            warnings.append((position, "expected \"(attributes)\" after \"]\" of an inline attribute; kept as text"))
        }
        brackets.removeLast()
        guard let attributes else {
            tokens.append(MarkdownInlineToken(kind: .text, source: position ..< position + 1))
            return 1
        }
        tokens[bracket.token].kind = .open(attributes)
        tokens.append(MarkdownInlineToken(kind: .close, source: position ..< end))
        processEmphasis(bottom: bracket.delimiterBottom)
        // No link inside a link: the brackets before it can no longer make one.
        if kind == .link {
            for index in brackets.indices where tokens[brackets[index].token].kind.isLinkBracket { brackets[index].active = false }
        }
        return end - position
    }
}
