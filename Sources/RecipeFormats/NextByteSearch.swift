/// Finds the next occurrence of a byte in a line, remembering the last
/// answer for each byte: searches that move forward along the line (a
/// step's components, left to right) look at each byte at most once per
/// byte searched for. Without it each "{" of a line of `@a{` repeated
/// looked for its "}" to the line's end.
struct NextByteSearch {
    private var last: [UInt8: (from: Int, found: Int?)] = [:]
    /// Bytes looked at, for the tests that hold the scan linear.
    private(set) var steps = 0

    /// The first `byte` at or after `start`, or nil.
    mutating func first(_ byte: UInt8, in line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        // The last search's answer holds from where it started to where it found the byte.
        if let known = last[byte], known.from <= start, start <= known.found ?? Int.max {
            return known.found
        }
        var position = start
        while position < line.count, line[position] != byte { position += 1 }
        steps += position - start + 1
        let found = position < line.count ? position : nil
        last[byte] = (start, found)
        return found
    }
}
