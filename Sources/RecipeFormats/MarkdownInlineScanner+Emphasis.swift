import Foundation
import RichText
import Recipes

/// Emphasis: delimiter runs and how they pair (CommonMark's "process emphasis").
extension MarkdownInlineScanner {
    /// A run of `*`, `_` or `~~` at `start`, with CommonMark's flanking rules.
    mutating func delimiterRun(at start: Int) -> Int {
        let character = line[start]
        var end = start
        while end < range.upperBound, line[end] == character { end += 1 }
        let before = CharacterClass.before(start, in: line, lowerLimit: range.lowerBound)
        let after = CharacterClass.after(end, in: line, upperLimit: range.upperBound)
        let leftFlanking = after != .whitespace && (after != .punctuation || before != .other)
        let rightFlanking = before != .whitespace && (before != .punctuation || after != .other)
        var token = MarkdownInlineToken(kind: .delimiter, source: start ..< end)
        token.character = character
        if character == 0x5F {
            token.canOpen = leftFlanking && (!rightFlanking || before == .punctuation)
            token.canClose = rightFlanking && (!leftFlanking || after == .punctuation)
        } else {
            token.canOpen = leftFlanking
            token.canClose = rightFlanking
        }
        tokens.append(token)
        delimiters.append(tokens.count - 1)
        return end - start
    }

    /// CommonMark's "process emphasis" over the delimiters above `bottom`
    /// (an index into `delimiters`), which are then all taken off.
    mutating func processEmphasis(bottom: Int) {
        var openersBottom: [Int: Int] = [:]
        var closerPosition = bottom
        while closerPosition < delimiters.count {
            let closer = delimiters[closerPosition]
            guard tokens[closer].canClose else {
                closerPosition += 1
                continue
            }
            let character = tokens[closer].character
            let key = Int(character) << 4 | (tokens[closer].source.count % 3) << 1 | (tokens[closer].canOpen ? 1 : 0)
            var openerPosition = closerPosition - 1
            var found: Int?
            while openerPosition >= max(bottom, openersBottom[key] ?? bottom) {
                let opener = delimiters[openerPosition]
                if tokens[opener].canOpen, tokens[opener].character == character, isAllowedPair(opener, closer) {
                    found = openerPosition
                    break
                }
                openerPosition -= 1
            }
            guard let openerFound = found else {
                openersBottom[key] = closerPosition
                if !tokens[closer].canOpen {
                    delimiters.remove(at: closerPosition)
                } else {
                    closerPosition += 1
                }
                continue
            }
            let opener = delimiters[openerFound]
            let flag: MarkdownEmphasisFlag
            let used: Int
            if character == 0x7E {
                flag = .strikethrough
                used = 2
            } else if tokens[opener].remaining >= 2, tokens[closer].remaining >= 2 {
                flag = .bold
                used = 2
            } else {
                flag = .italic
                used = 1
            }
            tokens[opener].openerUsed += used
            tokens[opener].opens.append(flag)
            tokens[closer].closerUsed += used
            tokens[closer].closes.append(flag)
            // Delimiters between them can no longer pair.
            delimiters.removeSubrange(openerFound + 1 ..< closerPosition)
            closerPosition = openerFound + 1
            if tokens[opener].remaining == 0 {
                delimiters.remove(at: openerFound)
                closerPosition -= 1
            }
            if tokens[closer].remaining == 0 {
                delimiters.remove(at: closerPosition)
            }
        }
        delimiters.removeSubrange(min(bottom, delimiters.count)...)
    }

    /// The rule of three: a run that can both open and close pairs with
    /// another only when their lengths do not add up to a multiple of 3,
    /// unless both are multiples of 3. `~~` pairs only with `~~`.
    func isAllowedPair(_ opener: Int, _ closer: Int) -> Bool {
        let first = tokens[opener]
        let second = tokens[closer]
        if first.character == 0x7E { return first.remaining == 2 && second.remaining == 2 }
        guard first.canClose || second.canOpen else { return true }
        let lengths = (first.source.count, second.source.count)
        return (lengths.0 + lengths.1) % 3 != 0 || (lengths.0 % 3 == 0 && lengths.1 % 3 == 0)
    }
}
