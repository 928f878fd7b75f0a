import Foundation
import CFriBidi
public import RichText

/// UAX #9 for one paragraph, through GNU FriBidi: embedding levels per
/// Unicode scalar, and per line the levels after rule L1 and the visual order
/// (L2). Mirroring (L4) and Arabic shaping are in `BidiParagraph+Shaping`.
///
/// Reorder flags are 0: FriBidi's default includes `REORDER_NSM`, which moves
/// combining marks after their base in RTL runs; a terminal draws a grapheme
/// as a unit, so that would be wrong here (and fails 14 conformance cases).
///
/// Limitation: FriBidi 1.0.8's character tables are Unicode 10; characters
/// added since may get the wrong bidi class.
public struct BidiParagraph: Sendable {
    public let scalars: [UInt32]
    /// Embedding levels before L1 (which depends on where lines break).
    public let levels: [UInt8]
    /// 0 for a left-to-right paragraph, 1 for right-to-left.
    public let baseLevel: UInt8
    let types: [FriBidiCharType]

    public var isRightToLeft: Bool { baseLevel & 1 == 1 }

    /// Resolves levels for `scalars`; `direction` nil means auto (P2–P3:
    /// the first strong character decides, left-to-right when there is none).
    public init(scalars: [UInt32], direction: ParagraphDirection?) {
        self.scalars = scalars
        let count = scalars.count
        // Most paragraphs have nothing right-to-left, no Arabic numbers, no
        // embeddings or isolates: every level is 0 and FriBidi is not asked.
        if direction != .rightToLeft, scalars.allSatisfy({ $0 < 0x80 || roux_fribidi_is_plain_left_to_right($0) != 0 }) {
            types = []
            levels = Array(repeating: 0, count: count)
            baseLevel = 0
            return
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var base: FriBidiParType
        switch direction {
        case .leftToRight: base = roux_fribidi_paragraph_ltr()
        case .rightToLeft: base = roux_fribidi_paragraph_rtl()
        case nil: base = roux_fribidi_paragraph_auto()
        }
        if count > 0 {
            scalars.withUnsafeBufferPointer { text in
                fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(count), &types)
                fribidi_get_bracket_types(text.baseAddress, FriBidiStrIndex(count), types, &brackets)
            }
            let pairable = brackets.count { $0 != 0 }
            let result = Self.onLargeEnoughStack(brackets: pairable) {
                fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &base, &levels)
            }
            if result == 0 { levels = Array(repeating: 0, count: count) } // allocation failure: show logical order
        } else if direction == nil {
            base = roux_fribidi_paragraph_ltr()
        }
        self.types = types
        self.levels = levels.map { UInt8(bitPattern: $0) }
        self.baseLevel = base == roux_fribidi_paragraph_rtl() ? 1 : 0
    }

    /// FriBidi 1.0.8 sorts bracket pairs with a merge that recurses once per
    /// pair: a paragraph with half a million pairs overflows an 8 MB stack
    /// (a segfault, found on a 5 MB paragraph of "(א) "). Beyond 50,000
    /// brackets the call runs on a thread with a stack sized for them.
    private static func onLargeEnoughStack(brackets: Int, _ body: () -> FriBidiLevel) -> FriBidiLevel {
        guard brackets > 50_000 else { return body() }
        return withoutActuallyEscaping(body) { body in
            // The caller waits for the thread: nothing runs concurrently.
            final class Call: @unchecked Sendable {
                var body: (() -> FriBidiLevel)?
                var result: FriBidiLevel = 0
                let done = DispatchSemaphore(value: 0)
                init(_ body: @escaping () -> FriBidiLevel) { self.body = body }
            }
            let call = Call(body)
            let thread = Thread {
                call.result = call.body?() ?? 0
                call.body = nil // must not outlive withoutActuallyEscaping, though the thread may
                call.done.signal()
            }
            thread.stackSize = (16 << 20) + brackets * 128
            thread.start()
            call.done.wait()
            return call.result
        }
    }

    public init(_ text: String, direction: ParagraphDirection?) {
        self.init(scalars: text.unicodeScalars.map(\.value), direction: direction)
    }

    /// Whether rule X9 removes the scalar (embedding controls, boundary neutrals);
    /// such scalars have no level of their own in UAX #9's tests.
    public func isRemovedByX9(_ index: Int) -> Bool {
        roux_fribidi_is_removed_by_x9(types.isEmpty ? fribidi_get_bidi_type(scalars[index]) : types[index]) != 0
    }

    /// The levels of the scalars in `line` after rule L1: trailing white space,
    /// and white space before tabs, goes back to the paragraph level.
    public func lineLevels(_ line: Range<Int>) -> [UInt8] {
        reorder(line).levels
    }

    /// The scalars of `line` in visual order, left to right (rules L1–L2).
    public func visualOrder(_ line: Range<Int>) -> [Int] {
        reorder(line).map
    }

    /// FriBidi only reads and writes the line's part of its arrays, so it gets
    /// slices: a paragraph of many lines costs O(line), not O(paragraph), per line.
    private func reorder(_ line: Range<Int>) -> (levels: [UInt8], map: [Int]) {
        guard !line.isEmpty, line.upperBound <= scalars.count else { return ([], []) }
        // Plain left-to-right: level 0 throughout, in logical order.
        if types.isEmpty { return (Array(levels[line]), Array(line)) }
        var lineLevels = levels[line].map { FriBidiLevel(bitPattern: $0) }
        var map = line.map { FriBidiStrIndex($0) }
        let base = baseLevel == 1 ? roux_fribidi_paragraph_rtl() : roux_fribidi_paragraph_ltr()
        let result = types.withUnsafeBufferPointer { allTypes in
            fribidi_reorder_line(0, allTypes.baseAddress.map { $0 + line.lowerBound }, FriBidiStrIndex(line.count), 0,
                                 base, &lineLevels, nil, &map)
        }
        if result == 0 { return (Array(levels[line]), Array(line)) }
        return (lineLevels.map { UInt8(bitPattern: $0) }, map.map { Int($0) })
    }
}
