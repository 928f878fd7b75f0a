import CFriBidi
import Foundation
import RichText

/// What a long paragraph that needs bidi keeps so that each line can be
/// resolved from a window of text around it exactly as FriBidi resolves the
/// whole paragraph (UAX #9, then mirroring and Arabic joining).
///
/// With no embeddings, overrides or isolates (such paragraphs are laid out
/// whole), three things reach beyond a line: the paragraph's direction (P2–P3,
/// from its first strong letter, resolved once here); paired brackets (N0: a
/// pair's direction depends on all the text between its brackets and the strong
/// type before it), kept here as BD16 pairs them; and rules W1–W7, N1–N2 and
/// cursive joining, which never look past the nearest anchor, a strong letter
/// joining does not skip. So a line resolves exactly in a window that starts
/// at an anchor before it (and before the character its first one joins to),
/// ends at one after it, and holds both brackets of every pair it touches
/// (`window(around:in:limit:)`): then FriBidi pairs in the window exactly the
/// brackets the paragraph pairs there. Stretches without an anchor and pairs
/// are at most `reach` bytes long, and BD16's stack never fills, or the
/// paragraph is laid out whole; a line whose window would still be long
/// (chained pairs, a pair grown by typing) is taken from a layout of the
/// whole paragraph (`WrappedParagraph`).
struct ParagraphBidiIndex: Sendable {
    let direction: ParagraphDirection
    let isDirectionSet: Bool
    /// Where the first strong letter ends (auto direction): an edit before it
    /// may change the direction. Nil when there is none.
    private(set) var firstStrongEnd: Int?
    /// Brackets BD16 considers, in order: where each is, its FriBidi bracket
    /// type (id and open bit), and the index of its partner (-1 for none).
    private(set) var offsets: [Int]
    private(set) var kinds: [UInt32]
    private(set) var partners: [Int]
    let reach: Int

    enum Assessment {
        /// Every character leaves a left-to-right paragraph at level 0.
        case plain
        case bidi(ParagraphBidiIndex)
        /// Explicit embeddings or isolates, or too far between anchors or paired brackets.
        case whole
    }

    static func assess(_ paragraph: ParagraphText, direction: ParagraphDirection?, reach: Int) -> Assessment {
        if direction != .rightToLeft, !needsBidi(paragraph) { return .plain }
        var scan = BidiScan()
        var offset = 0
        while offset < paragraph.length {
            let piece = paragraph.graphemeAligned(offset ..< min(paragraph.length, offset + (64 << 10)))
            var string = paragraph.string(piece)
            scan.read(&string, at: piece.lowerBound)
            if scan.hasExplicit { return .whole }
            offset = piece.upperBound
        }
        guard scan.gapsFit(reach, from: 0, to: paragraph.length) else { return .whole }
        var index = ParagraphBidiIndex(direction: direction ?? (scan.firstStrong?.isRightToLeft == true ? .rightToLeft : .leftToRight),
                                       isDirectionSet: direction != nil, firstStrongEnd: scan.firstStrong?.end,
                                       offsets: scan.offsets, kinds: scan.kinds, partners: [], reach: reach)
        return index.pair() && index.pairsFit ? .bidi(index) : .whole
    }

    /// Whether any character needs bidi; stops at the first.
    private static func needsBidi(_ paragraph: ParagraphText) -> Bool {
        var offset = 0
        while offset < paragraph.length {
            let piece = paragraph.graphemeAligned(offset ..< min(paragraph.length, offset + (64 << 10)))
            var string = paragraph.string(piece)
            if !string.withUTF8({ WrapGrapheme.isPlainLeftToRight($0) }) { return true }
            offset = piece.upperBound
        }
        return false
    }

    // MARK: Brackets

    /// BD16 as FriBidi 1.0 does it: a closer pairs with the nearest opener
    /// of its kind, dropping the openers above it. False when the stack of
    /// 63 openers fills: FriBidi then pairs no more brackets in the
    /// paragraph, which a window cannot tell FriBidi.
    private mutating func pair() -> Bool {
        partners = Array(repeating: -1, count: offsets.count)
        var stack: [Int] = []
        let limit = Int(roux_fribidi_max_nested_brackets())
        for index in kinds.indices {
            let kind = kinds[index]
            if kind & 0x8000_0000 != 0 {
                if stack.count == limit { return false }
                stack.append(index)
            } else if let depth = stack.lastIndex(where: { kinds[$0] & 0x7FFF_FFFF == kind & 0x7FFF_FFFF }) {
                partners[index] = stack[depth]
                partners[stack[depth]] = index
                stack.removeSubrange(depth...)
            }
        }
        return true
    }

    private var pairsFit: Bool {
        partners.indices.allSatisfy { partners[$0] < $0 || offsets[partners[$0]] - offsets[$0] <= reach }
    }

    /// The first bracket at or after `offset`.
    private func firstBracket(from offset: Int) -> Int {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Windows

    /// The stretch of the paragraph that, resolved alone with the
    /// paragraph's direction and pairs, gives every character of `need`
    /// (grapheme-aligned) its level and shape in the paragraph. Nil when it
    /// would be more than `4 × limit` bytes longer than `need`: pairs can
    /// chain ("(א) (א) (א)…": a pair's direction may depend on the strong type
    /// before it, which is the pair before it), and such a line is laid out
    /// with the whole paragraph.
    func window(around need: Range<Int>, in paragraph: ParagraphText, limit: Int) -> Range<Int>? {
        let asked = need.count
        var need = need
        var pairEnd = need.upperBound
        // Brackets already looked at lie in `scanned`; the window only grows.
        var scanned = need.upperBound ..< need.upperBound
        while true {
            guard let lower = paragraph.anchor(before: need.lowerBound, pastOne: true, limit: limit),
                  let anchorEnd = paragraph.anchorEnd(from: need.upperBound, pastOne: true, limit: limit)
            else { return nil }
            let window = paragraph.graphemeAligned(lower ..< max(anchorEnd, pairEnd))
            if window.count - asked > 4 * limit { return nil }
            var extended = false
            for stretch in [window.lowerBound ..< scanned.lowerBound, scanned.upperBound ..< window.upperBound] {
                var index = firstBracket(from: stretch.lowerBound)
                while index < offsets.count, offsets[index] < stretch.upperBound {
                    if partners[index] >= 0 {
                        let partner = offsets[partners[index]]
                        if partner < window.lowerBound {
                            need = paragraph.graphemeAligned(partner ..< partner).lowerBound ..< need.upperBound
                            extended = true
                        } else if partner >= window.upperBound {
                            pairEnd = max(pairEnd, partner + 1)
                            extended = true
                        }
                    }
                    index += 1
                }
            }
            scanned = window
            if !extended { return window }
        }
    }

    // MARK: Edits

    enum Edited {
        /// The paragraph is to be assessed anew: the edit is large, brought
        /// explicit formatting, changed the direction, or made a stretch
        /// without anchors or a pair too long.
        case reassess
        /// The brackets BD16 sees are the same kinds in the same order: the
        /// same pairs, only moved.
        case samePairs
        case newPairs
    }

    /// Follows an edit of the paragraph's bytes `old` into `new`, the
    /// paragraph now being `paragraph`.
    mutating func edit(_ old: Range<Int>, becoming new: Range<Int>, in paragraph: ParagraphText) -> Edited {
        guard new.count <= 64 << 10 else { return .reassess }
        let delta = new.count - old.count
        // From the anchor before the edit to the one after it: the
        // stretches without anchors that meet the edit, and the brackets
        // whose kind for BD16 the edit may change (one right after marks
        // that follow an ON character is none), are in it.
        let edited = paragraph.graphemeAligned(new)
        guard let before = paragraph.anchor(before: edited.lowerBound, pastOne: false, limit: reach),
              let after = paragraph.anchorEnd(from: edited.upperBound, pastOne: false, limit: reach)
        else { return .reassess }
        // An anchor is a scalar, and may be the second of a grapheme (the
        // 🇷 of 🇫🇷): the scan reads whole graphemes, so it starts where the
        // grapheme does, or every bracket after it would be misplaced.
        let scanned = paragraph.graphemeAligned(before ..< after)
        let replaced = scanned.lowerBound ..< scanned.upperBound - delta
        var scan = BidiScan()
        var string = paragraph.string(scanned)
        scan.read(&string, at: scanned.lowerBound)
        guard !scan.hasExplicit, scan.gapsFit(reach, from: scanned.lowerBound, to: scanned.upperBound) else { return .reassess }

        let first = firstBracket(from: replaced.lowerBound)
        var last = first
        while last < offsets.count, offsets[last] < replaced.upperBound { last += 1 }
        // Typing that adds or removes no bracket leaves BD16's pairs as they
        // are (they depend only on the kinds in order): no O(brackets) pairing.
        let samePairs = kinds[first ..< last].elementsEqual(scan.kinds)
        offsets.replaceSubrange(first ..< last, with: scan.offsets)
        if !samePairs { kinds.replaceSubrange(first ..< last, with: scan.kinds) }
        for index in (first + scan.offsets.count) ..< offsets.count { offsets[index] += delta }
        if !samePairs {
            guard pair(), pairsFit else { return .reassess }
        }

        if !isDirectionSet, firstStrongEnd.map({ replaced.lowerBound < $0 }) ?? true {
            let firstStrong = paragraph.firstStrong()
            let isRightToLeft = firstStrong?.isRightToLeft ?? false
            guard isRightToLeft == (direction == .rightToLeft) else { return .reassess }
            firstStrongEnd = firstStrong?.end
        }
        return samePairs ? .samePairs : .newPairs
    }
}

/// What a scan of part of a paragraph found, offsets from the paragraph's start.
struct BidiScan {
    var hasExplicit = false
    var offsets: [Int] = []
    var kinds: [UInt32] = []
    var firstStrong: (end: Int, isRightToLeft: Bool)?
    var firstAnchor: Int?
    var lastAnchorEnd: Int?
    var longestGap = 0
    /// FriBidi's run list before W1 (`roux_fribidi_run_class`) at the last
    /// character X9 keeps, and at the last before a run of marks: W1 merges
    /// marks into the run before them and, when that run and the one after
    /// the marks are both ON, the one after too, so a bracket there is no
    /// longer a bracket for BD16.
    private var lastClass: Int32 = 0
    private var classBeforeMarks: Int32 = 0

    mutating func read(_ string: inout String, at base: Int) {
        string.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    if UTF8Scalar.isASCIILetter(byte) {
                        if firstStrong == nil { firstStrong = (base + index + 1, false) }
                        anchor(base + index, base + index + 1)
                        lastClass = 0
                    } else {
                        classify(UInt32(byte), at: base + index)
                    }
                    index += 1
                    continue
                }
                let (value, length) = UTF8Scalar.decode(bytes, at: index)
                let role = roux_fribidi_role(value)
                if role == 2 { hasExplicit = true }
                if firstStrong == nil, roux_fribidi_is_strong_letter(value) != 0 {
                    firstStrong = (base + index + length, role == 1)
                }
                if roux_fribidi_is_anchor(value) != 0 { anchor(base + index, base + index + length) }
                classify(value, at: base + index)
                index += length
            }
        }
    }

    /// Keeps the run classes, and the brackets BD16 will see.
    private mutating func classify(_ scalar: UInt32, at offset: Int) {
        let runClass = roux_fribidi_run_class(scalar)
        switch runClass {
        case 3: return
        case 2:
            if lastClass != 2 { classBeforeMarks = lastClass }
        case 1:
            let kind = roux_fribidi_paired_bracket(scalar)
            if kind != 0, !(lastClass == 2 && classBeforeMarks == 1) {
                offsets.append(offset)
                kinds.append(kind)
            }
        default: break
        }
        lastClass = runClass
    }

    private mutating func anchor(_ start: Int, _ end: Int) {
        if let last = lastAnchorEnd { longestGap = max(longestGap, start - last) } else { firstAnchor = start }
        lastAnchorEnd = end
    }

    /// Whether no stretch without an anchor is longer than `reach`, the
    /// scanned text lying between anchors (or edges) ending at `lower` and
    /// starting at `upper`.
    func gapsFit(_ reach: Int, from lower: Int, to upper: Int) -> Bool {
        guard let firstAnchor, let lastAnchorEnd else { return upper - lower <= reach }
        return longestGap <= reach && firstAnchor - lower <= reach && upper - lastAnchorEnd <= reach
    }
}
