// How the inline reader looks ahead for where a construct ends without
// searching the same bytes again and again: a line of openers nothing
// closes is read in time proportional to its length.
extension MarkdownInlineReader {
    /// Counts bytes looked at ahead, for the tests that hold the scan linear.
    package final class Steps {
        var count = 0
    }

    /// The ")" ending an attribute list, skipping quoted strings, found
    /// once for each byte and state (in a string or not) of a line: a
    /// search that comes to a byte an earlier search passed in the same
    /// state ends where that one ended. Without it, each "(" of a line of
    /// `^[a](` repeated searched to the line's end.
    struct ClosingParentheses {
        /// The end found from a byte and state (`2 × byte + 1` in a
        /// string), -1 when there is none.
        private var known: [Int: Int] = [:]

        mutating func end(in line: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, steps: Steps? = nil) -> Int? {
            var passed: [Int] = []
            var position = start
            var inString = false
            var end = -1
            search: while position < limit {
                let state = 2 * position + (inString ? 1 : 0)
                if let found = known[state] {
                    end = found
                    break
                }
                passed.append(state)
                steps?.count += 1
                switch line[position] {
                case 0x5C where inString: position += 1
                case 0x22: inString.toggle()
                case 0x29 where !inString:
                    end = position
                    break search
                default: break
                }
                position += 1
            }
            for state in passed { known[state] = end }
            return end < 0 ? nil : end
        }
    }
}
