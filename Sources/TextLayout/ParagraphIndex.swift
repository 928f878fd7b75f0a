#if canImport(Glibc)
import Glibc
#endif

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
    /// One node per paragraph, 32 bytes, in one array for locality.
    private struct Node {
        var left: Int32 = -1
        var right: Int32 = -1
        var priority: UInt32
        var size: Int32 = 1
        var length: Int
        var totalLength: Int
    }

    private var nodes: [Node] = []
    private var freeNodes: [Int32] = []
    private var root: Int32 = -1
    private var random = SplitMix64(seed: 0x5EED_0F_ACE)

    /// Builds from the lengths of consecutive paragraphs, in O(n).
    public init(lengths: [Int]) {
        root = build(lengths)
    }

    /// Builds by scanning `text` for newlines with `memchr` (memory speed).
    public init(text: String) {
        var text = text
        var lengths: [Int] = []
        text.withUTF8 { bytes in
            var start = 0
            if let base = bytes.baseAddress {
                while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
                    let newline = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                    lengths.append(newline + 1 - start)
                    start = newline + 1
                }
            }
            lengths.append(bytes.count - start)
        }
        self.init(lengths: lengths)
    }

    public var count: Int { root < 0 ? 0 : Int(nodes[Int(root)].size) }
    public var utf8Count: Int { root < 0 ? 0 : nodes[Int(root)].totalLength }

    private func size(_ node: Int32) -> Int { node < 0 ? 0 : Int(nodes[Int(node)].size) }
    private func total(_ node: Int32) -> Int { node < 0 ? 0 : nodes[Int(node)].totalLength }

    /// The paragraph containing `offset` and where it starts; the end of the
    /// text belongs to the last paragraph.
    public func paragraph(containing offset: Int) -> (index: Int, start: Int) {
        guard offset < utf8Count else { return (max(0, count - 1), utf8Count - lengthOfLast()) }
        var node = root
        var index = 0
        var start = 0
        var remaining = max(0, offset)
        while node >= 0 {
            let current = nodes[Int(node)]
            let leftLength = total(current.left)
            let leftSize = size(current.left)
            if remaining < leftLength {
                node = current.left
            } else if remaining < leftLength + current.length {
                return (index + leftSize, start + leftLength)
            } else {
                remaining -= leftLength + current.length
                index += leftSize + 1
                start += leftLength + current.length
                node = current.right
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
            let current = nodes[Int(node)]
            let leftSize = size(current.left)
            let leftLength = total(current.left)
            if remaining < leftSize {
                node = current.left
            } else if remaining == leftSize {
                return start + leftLength
            } else {
                remaining -= leftSize + 1
                start += leftLength + current.length
                node = current.right
            }
        }
        return utf8Count
    }

    /// The length of paragraph `index`, its newline included.
    public func length(ofParagraph index: Int) -> Int {
        var node = root
        var remaining = index
        while node >= 0 {
            let current = nodes[Int(node)]
            let leftSize = size(current.left)
            if remaining < leftSize {
                node = current.left
            } else if remaining == leftSize {
                return current.length
            } else {
                remaining -= leftSize + 1
                node = current.right
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
        let node = Node(priority: random.next32(), length: value, totalLength: value)
        if let reused = freeNodes.popLast() {
            nodes[Int(reused)] = node
            return reused
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    private mutating func update(_ node: Int32) {
        let current = nodes[Int(node)]
        nodes[Int(node)].totalLength = current.length + total(current.left) + total(current.right)
        nodes[Int(node)].size = Int32(1 + size(current.left) + size(current.right))
    }

    /// A treap of `lengths` in O(m): a Cartesian tree built along its right
    /// spine with a stack. A node's subtree is complete when it leaves the
    /// stack, so its sums are computed then.
    private mutating func build(_ lengths: [Int]) -> Int32 {
        nodes.reserveCapacity(nodes.count + max(0, lengths.count - freeNodes.count))
        var stack: [Int32] = []
        for value in lengths {
            let node = newNode(value)
            var last: Int32 = -1
            while let top = stack.last, nodes[Int(top)].priority < nodes[Int(node)].priority {
                update(top)
                last = top
                stack.removeLast()
            }
            nodes[Int(node)].left = last
            if let top = stack.last { nodes[Int(top)].right = node }
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
            if nodes[Int(next)].left >= 0 { pending.append(nodes[Int(next)].left) }
            if nodes[Int(next)].right >= 0 { pending.append(nodes[Int(next)].right) }
        }
    }

    private mutating func split(_ node: Int32, at position: Int) -> (Int32, Int32) {
        guard node >= 0 else { return (-1, -1) }
        let leftSize = size(nodes[Int(node)].left)
        if position <= leftSize {
            let (a, b) = split(nodes[Int(node)].left, at: position)
            nodes[Int(node)].left = b
            update(node)
            return (a, node)
        } else {
            let (a, b) = split(nodes[Int(node)].right, at: position - leftSize - 1)
            nodes[Int(node)].right = a
            update(node)
            return (node, b)
        }
    }

    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        if nodes[Int(a)].priority > nodes[Int(b)].priority {
            nodes[Int(a)].right = merge(nodes[Int(a)].right, b)
            update(a)
            return a
        } else {
            nodes[Int(b)].left = merge(a, nodes[Int(b)].left)
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
