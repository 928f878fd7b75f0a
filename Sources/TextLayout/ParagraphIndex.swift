/// The document's paragraphs as a balanced tree of their UTF-8 lengths, so
/// that the paragraph containing an offset, and the offset of paragraph N, are
/// found in O(log n), and an edit that splits, joins or resizes paragraphs
/// updates it in O(log n + paragraphs changed), never by rescanning the text.
///
/// A paragraph's length includes its "\n"; the last paragraph has none (an
/// empty last paragraph after a final newline counts as one).
///
/// Implementation: an implicit treap (a binary tree ordered by position,
/// heap-ordered by random priorities, so expected depth O(log n)), stored in
/// flat arrays with subtree sums of lengths and counts.
public struct ParagraphIndex: Sendable {
    private var left: [Int32] = []
    private var right: [Int32] = []
    private var priority: [UInt32] = []
    private var length: [Int] = []
    private var totalLength: [Int] = []
    private var size: [Int32] = []
    private var freeNodes: [Int32] = []
    private var root: Int32 = -1
    private var random = SplitMix64(seed: 0x5EED_0F_ACE)

    /// Builds from the lengths of consecutive paragraphs, in O(n).
    public init(lengths: [Int]) {
        root = build(lengths)
    }

    /// Builds by scanning `text` for newlines.
    public init(text: String) {
        var lengths: [Int] = []
        var start = 0
        var offset = 0
        for byte in text.utf8 {
            offset += 1
            if byte == 0x0A {
                lengths.append(offset - start)
                start = offset
            }
        }
        lengths.append(offset - start)
        self.init(lengths: lengths)
    }

    public var count: Int { root < 0 ? 0 : Int(size[Int(root)]) }
    public var utf8Count: Int { root < 0 ? 0 : totalLength[Int(root)] }

    /// The paragraph containing `offset` and where it starts; the end of the
    /// text belongs to the last paragraph.
    public func paragraph(containing offset: Int) -> (index: Int, start: Int) {
        guard offset < utf8Count else { return (max(0, count - 1), utf8Count - lengthOfLast()) }
        var node = root
        var index = 0
        var start = 0
        var remaining = max(0, offset)
        while node >= 0 {
            let n = Int(node)
            let leftLength = left[n] >= 0 ? totalLength[Int(left[n])] : 0
            let leftSize = left[n] >= 0 ? Int(size[Int(left[n])]) : 0
            if remaining < leftLength {
                node = left[n]
            } else if remaining < leftLength + length[n] {
                return (index + leftSize, start + leftLength)
            } else {
                remaining -= leftLength + length[n]
                index += leftSize + 1
                start += leftLength + length[n]
                node = right[n]
            }
        }
        return (max(0, count - 1), max(0, utf8Count - lengthOfLast()))
    }

    /// Where paragraph `index` starts.
    public func start(ofParagraph index: Int) -> Int {
        var node = root
        var remaining = index
        var start = 0
        while node >= 0 {
            let n = Int(node)
            let leftSize = left[n] >= 0 ? Int(size[Int(left[n])]) : 0
            let leftLength = left[n] >= 0 ? totalLength[Int(left[n])] : 0
            if remaining < leftSize {
                node = left[n]
            } else if remaining == leftSize {
                return start + leftLength
            } else {
                remaining -= leftSize + 1
                start += leftLength + length[n]
                node = right[n]
            }
        }
        return utf8Count
    }

    /// The length of paragraph `index`, its newline included.
    public func length(ofParagraph index: Int) -> Int {
        var node = root
        var remaining = index
        while node >= 0 {
            let n = Int(node)
            let leftSize = left[n] >= 0 ? Int(size[Int(left[n])]) : 0
            if remaining < leftSize {
                node = left[n]
            } else if remaining == leftSize {
                return length[n]
            } else {
                remaining -= leftSize + 1
                node = right[n]
            }
        }
        return 0
    }

    /// Replaces paragraphs `range` with paragraphs of `lengths`.
    public mutating func replace(_ range: Range<Int>, with lengths: [Int]) {
        let (before, rest) = split(root, at: range.lowerBound)
        let (removed, after) = split(rest, at: range.count)
        free(removed)
        root = merge(merge(before, build(lengths)), after)
    }

    private func lengthOfLast() -> Int { count > 0 ? length(ofParagraph: count - 1) : 0 }

    // MARK: Treap mechanics

    private mutating func newNode(_ value: Int) -> Int32 {
        let node: Int32
        if let reused = freeNodes.popLast() {
            node = reused
            left[Int(node)] = -1
            right[Int(node)] = -1
            priority[Int(node)] = random.next32()
            length[Int(node)] = value
            totalLength[Int(node)] = value
            size[Int(node)] = 1
        } else {
            node = Int32(left.count)
            left.append(-1)
            right.append(-1)
            priority.append(random.next32())
            length.append(value)
            totalLength.append(value)
            size.append(1)
        }
        return node
    }

    private mutating func update(_ node: Int32) {
        let n = Int(node)
        var total = length[n]
        var nodes: Int32 = 1
        if left[n] >= 0 { total += totalLength[Int(left[n])]; nodes += size[Int(left[n])] }
        if right[n] >= 0 { total += totalLength[Int(right[n])]; nodes += size[Int(right[n])] }
        totalLength[n] = total
        size[n] = nodes
    }

    /// A treap of `lengths` in O(m): a Cartesian tree built along its right
    /// spine with a stack. A node's subtree is complete when it leaves the
    /// stack, so its sums are computed then.
    private mutating func build(_ lengths: [Int]) -> Int32 {
        var stack: [Int32] = []
        for value in lengths {
            let node = newNode(value)
            var last: Int32 = -1
            while let top = stack.last, priority[Int(top)] < priority[Int(node)] {
                update(top)
                last = top
                stack.removeLast()
            }
            left[Int(node)] = last
            if let top = stack.last { right[Int(top)] = node }
            stack.append(node)
        }
        let root = stack.first ?? -1
        while let top = stack.popLast() { update(top) }
        return root
    }

    /// Returns a removed subtree's nodes for reuse.
    private mutating func free(_ node: Int32) {
        var pending = node >= 0 ? [node] : []
        while let next = pending.popLast() {
            freeNodes.append(next)
            if left[Int(next)] >= 0 { pending.append(left[Int(next)]) }
            if right[Int(next)] >= 0 { pending.append(right[Int(next)]) }
        }
    }

    private mutating func split(_ node: Int32, at position: Int) -> (Int32, Int32) {
        guard node >= 0 else { return (-1, -1) }
        let n = Int(node)
        let leftSize = left[n] >= 0 ? Int(size[Int(left[n])]) : 0
        if position <= leftSize {
            let (a, b) = split(left[n], at: position)
            left[n] = b
            update(node)
            return (a, node)
        } else {
            let (a, b) = split(right[n], at: position - leftSize - 1)
            right[n] = a
            update(node)
            return (node, b)
        }
    }

    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        if priority[Int(a)] > priority[Int(b)] {
            right[Int(a)] = merge(right[Int(a)], b)
            update(a)
            return a
        } else {
            left[Int(b)] = merge(a, left[Int(b)])
            update(b)
            return b
        }
    }
}

/// A small, fast, seedable generator: treap priorities need no cryptographic
/// randomness, and a fixed seed makes the tree shape reproducible.
struct SplitMix64: Sendable {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next32() -> UInt32 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt32(truncatingIfNeeded: z ^ (z >> 31))
    }
}
