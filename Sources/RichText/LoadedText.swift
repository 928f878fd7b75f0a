public import Foundation

/// A piece of a document read from a file, built under a definition: plain
/// text plus attribute spans (UTF-8 ranges per set of attributes) made into
/// an `AttributedString` whose attributes already satisfy the definition.
///
/// A file is read in pieces of whole paragraphs that are built on several
/// threads at once and joined in order (`RichTextDocument.loading`): setting
/// one attribute range costs Foundation ≈14 µs in a 5 MB text and ≈8 µs in a
/// small one, and two cores build two pieces at a time.
struct LoadedText: Sendable {
    let text: AttributedString

    /// Each set of attributes is constrained once and merged over all its
    /// ranges (which may overlap only for different sets); the full pass over
    /// the text runs only when a merge could break a constraint.
    init(text plain: String, attributeSpans: [AttributeContainer: [Range<Int>]], definition: FormattingDefinition) {
        var attributed = AttributedString(plain)
        var provedSatisfied = true
        for (attributes, ranges) in attributeSpans {
            let sorted = ranges.mergedRanges()
            guard !sorted.isEmpty else { continue }
            let effective = definition.constrained(attributes)
            let mergedKeys = definition.keyNames(in: effective)
            if definition.constraints.contains(where: { !$0.staysSatisfied(afterMerging: mergedKeys) }) { provedSatisfied = false }
            attributed[RangeSet(attributed.characterRanges(atSortedUTF8Offsets: sorted))].mergeAttributes(effective)
        }
        if !provedSatisfied {
            definition.enforce(on: &attributed, in: [attributed.startIndex ..< attributed.endIndex])
        }
        text = attributed
    }
}

/// What a loader makes of one piece of a file: its text without markup, its
/// attribute spans, and whatever else the loader learns (errors, names).
public struct ParsedPiece<Findings: Sendable>: Sendable {
    public var text: String
    public var attributeSpans: [AttributeContainer: [Range<Int>]]
    public var findings: Findings

    public init(text: String, attributeSpans: [AttributeContainer: [Range<Int>]], findings: Findings) {
        self.text = text
        self.attributeSpans = attributeSpans
        self.findings = findings
    }
}

extension RichTextDocument {
    /// Builds a document from plain text and attribute spans, as a file
    /// loader produces them.
    public init(text: String, attributeSpans: [AttributeContainer: [Range<Int>]], definition: FormattingDefinition = .recipe) {
        self.init(trustedText: LoadedText(text: text, attributeSpans: attributeSpans, definition: definition).text, definition: definition)
    }

    /// Loads a document from `count` pieces of whole paragraphs, in order:
    /// `parse(i)` reads piece `i` (each piece but the last ends with its
    /// newline). Pieces are parsed and built on all cores and joined; what
    /// each parse found is returned in order. Constraints hold within each
    /// piece and look at one run at a time, so the joined text needs no
    /// second pass; Foundation's append mends paragraph attributes at joins.
    public static func loading<Findings: Sendable>(
        pieces count: Int, definition: FormattingDefinition = .recipe,
        parse: @Sendable (Int) -> ParsedPiece<Findings>
    ) -> (document: RichTextDocument, findings: [Findings]) {
        var built = [(LoadedText, Findings)?](repeating: nil, count: count)
        built.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes only its own slot.
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: count) { index in
                let piece = parse(index)
                slots[index] = (LoadedText(text: piece.text, attributeSpans: piece.attributeSpans, definition: definition), piece.findings)
            }
        }
        var joined = AttributedString()
        var findings: [Findings] = []
        findings.reserveCapacity(count)
        for index in built.indices {
            guard let (piece, found) = built[index] else { continue }
            // Each piece goes as soon as it is joined: never two copies of the text.
            built[index] = nil
            joined.append(piece.text)
            findings.append(found)
        }
        return (RichTextDocument(trustedText: joined, definition: definition), findings)
    }
}
