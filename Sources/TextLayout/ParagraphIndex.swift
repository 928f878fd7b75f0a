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
/// heap-ordered by random priorities, so expected depth O(log n)) whose nodes
/// are blocks of up to `blockSize` consecutive paragraphs, with subtree sums
/// of lengths and counts. Blocks keep a 700,000-line file's index at a few
/// megabytes (a node per paragraph took 32 bytes each, and twice that while
/// its array grew). Typing changes a length in place; splitting or joining
/// paragraphs splits a block where the edit is.
public struct ParagraphIndex: Sendable {
    /// A block of paragraphs; its lengths are in `blocks`, at the same number.
    private struct Node {
        var left: Int32 = -1
        var right: Int32 = -1
        var priority: UInt32
        /// Paragraphs in the subtree.
        var size: Int32 = 0
        /// Paragraphs in this node's block.
        var count: Int32 = 0
        /// Bytes of this node's block.
        var length = 0
        /// Bytes of the subtree.
        var totalLength = 0
    }

    private var nodes: [Node] = []
    private var blocks: [[Int]] = []
    private var freeNodes: [Int32] = []
    private var root: Int32 = -1
    private var random = SplitMix64(seed: 0x5EED_0F_ACE)
    private let blockSize: Int

    /// Builds from the lengths of consecutive paragraphs, in O(n).
    /// `blockSize` is for tests, which want blocks to split and join often.
    public init(lengths: [Int], blockSize: Int = 64) {
        self.blockSize = max(1, blockSize)
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

    public var count: Int { size(root) }
    public var utf8Count: Int { total(root) }

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
                // Inside this block: a short walk over its lengths.
                remaining -= leftLength
                index += leftSize
                start += leftLength
                for length in blocks[Int(node)] {
                    if remaining < length { return (index, start) }
                    remaining -= length
                    index += 1
                    start += length
                }
                return (index - 1, start - (blocks[Int(node)].last ?? 0))
            } else {
                remaining -= leftLength + current.length
                index += leftSize + Int(current.count)
                start += leftLength + current.length
                node = current.right
            }
        }
        return (max(0, count - 1), max(0, utf8Count - lengthOfLast()))
    }

    /// The block holding paragraph `index`, the paragraph's place in it, and
    /// where the block starts.
    private func locate(_ index: Int) -> (node: Int32, within: Int, blockStart: Int)? {
        var node = root
        var remaining = index
        var start = 0
        while node >= 0 {
            let current = nodes[Int(node)]
            let leftSize = size(current.left)
            if remaining < leftSize {
                node = current.left
            } else if remaining < leftSize + Int(current.count) {
                return (node, remaining - leftSize, start + total(current.left))
            } else {
                remaining -= leftSize + Int(current.count)
                start += total(current.left) + current.length
                node = current.right
            }
        }
        return nil
    }

    /// Where paragraph `index` starts.
    public func start(ofParagraph index: Int) -> Int {
        guard let (node, within, blockStart) = locate(index) else { return utf8Count }
        return blockStart + blocks[Int(node)][..<within].reduce(0, +)
    }

    /// The length of paragraph `index`, its newline included.
    public func length(ofParagraph index: Int) -> Int {
        guard let (node, within, _) = locate(index) else { return 0 }
        return blocks[Int(node)][within]
    }

    /// Replaces paragraphs `range` with paragraphs of `lengths`.
    public mutating func replace(_ range: Range<Int>, with lengths: [Int]) {
        if range.count == lengths.count {
            // The same paragraphs, other lengths (typing): changed in place.
            for (number, length) in lengths.enumerated() { root = setLength(root, at: range.lowerBound + number, to: length) }
            return
        }
        let (before, rest) = split(root, at: range.lowerBound)
        let (removed, after) = split(rest, at: range.count)
        free(removed)
        root = merge(merge(before, build(lengths)), after)
    }

    private func lengthOfLast() -> Int { count > 0 ? length(ofParagraph: count - 1) : 0 }

    // MARK: Treap mechanics

    private mutating func newNode(_ lengths: ArraySlice<Int>) -> Int32 {
        let node = Node(priority: random.next32(), size: Int32(lengths.count), count: Int32(lengths.count),
                        length: lengths.reduce(0, +), totalLength: lengths.reduce(0, +))
        if let reused = freeNodes.popLast() {
            nodes[Int(reused)] = node
            blocks[Int(reused)] = Array(lengths)
            return reused
        }
        nodes.append(node)
        blocks.append(Array(lengths))
        return Int32(nodes.count - 1)
    }

    /// Recomputes a node's sums from its block and children.
    private mutating func update(_ node: Int32) {
        let current = nodes[Int(node)]
        nodes[Int(node)].totalLength = current.length + total(current.left) + total(current.right)
        nodes[Int(node)].size = current.count + Int32(size(current.left) + size(current.right))
    }

    /// Sets paragraph `index`'s length and the sums on the way back up.
    private mutating func setLength(_ node: Int32, at index: Int, to length: Int) -> Int32 {
        let leftSize = size(nodes[Int(node)].left)
        if index < leftSize {
            nodes[Int(node)].left = setLength(nodes[Int(node)].left, at: index, to: length)
        } else if index < leftSize + Int(nodes[Int(node)].count) {
            let within = index - leftSize
            nodes[Int(node)].length += length - blocks[Int(node)][within]
            blocks[Int(node)][within] = length
        } else {
            nodes[Int(node)].right = setLength(nodes[Int(node)].right, at: index - leftSize - Int(nodes[Int(node)].count), to: length)
        }
        update(node)
        return node
    }

    /// A treap of `lengths` in blocks, in O(m): a Cartesian tree built along
    /// its right spine with a stack. A node's subtree is complete when it
    /// leaves the stack, so its sums are computed then.
    private mutating func build(_ lengths: [Int]) -> Int32 {
        var stack: [Int32] = []
        var start = 0
        while start < lengths.count {
            let node = newNode(lengths[start ..< min(lengths.count, start + blockSize)])
            start += blockSize
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
            blocks[Int(next)] = []
            if nodes[Int(next)].left >= 0 { pending.append(nodes[Int(next)].left) }
            if nodes[Int(next)].right >= 0 { pending.append(nodes[Int(next)].right) }
        }
    }

    /// The first `position` paragraphs and the rest; a block the cut falls
    /// inside becomes two.
    private mutating func split(_ node: Int32, at position: Int) -> (Int32, Int32) {
        guard node >= 0 else { return (-1, -1) }
        let leftSize = size(nodes[Int(node)].left)
        let count = Int(nodes[Int(node)].count)
        if position <= leftSize {
            let (a, b) = split(nodes[Int(node)].left, at: position)
            nodes[Int(node)].left = b
            update(node)
            return (a, node)
        } else if position >= leftSize + count {
            let (a, b) = split(nodes[Int(node)].right, at: position - leftSize - count)
            nodes[Int(node)].right = a
            update(node)
            return (node, b)
        } else {
            // Inside the block: it keeps its head; the tail becomes a node of its own.
            let within = position - leftSize
            let block = blocks[Int(node)]
            let tail = newNode(block[within...])
            blocks[Int(node)] = Array(block[..<within])
            nodes[Int(node)].count = Int32(within)
            nodes[Int(node)].length = block[..<within].reduce(0, +)
            let right = nodes[Int(node)].right
            nodes[Int(node)].right = -1
            update(node)
            return (node, merge(tail, right))
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
