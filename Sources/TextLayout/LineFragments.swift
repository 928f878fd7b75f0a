/// A paragraph's visual lines: built all at once for an ordinary paragraph,
/// built when asked for in a long one (`WrappedParagraph`).
public struct LineFragments: RandomAccessCollection, Equatable, Sendable {
    enum Storage: Sendable {
        case built([LineFragment])
        case wrapped(WrappedParagraph)
    }

    var storage: Storage

    init(_ lines: [LineFragment]) { storage = .built(lines) }
    init(_ wrapped: WrappedParagraph) { storage = .wrapped(wrapped) }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .built(let lines): lines.count
        case .wrapped(let wrapped): wrapped.lineCount
        }
    }

    public subscript(position: Int) -> LineFragment {
        switch storage {
        case .built(let lines): lines[position]
        case .wrapped(let wrapped): wrapped.line(position)
        }
    }

    var wrapped: WrappedParagraph? {
        if case .wrapped(let wrapped) = storage { return wrapped }
        return nil
    }

    public static func == (lhs: LineFragments, rhs: LineFragments) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
