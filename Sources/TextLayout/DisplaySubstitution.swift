/// Text shown in place of a stretch of the document without changing it:
/// a view's rendering (the units view shows `180 °C` where the recipe
/// writes `350°F`). The replaced stretch is laid out as one grapheme, so
/// the caret steps over it whole and a click on any of its cells is before
/// it: every caret and selection still stands on the document's own text.
///
/// Limits: the replacement is drawn one character a cell, so it is shown
/// only when each of its characters takes one cell; it must start and end
/// on grapheme boundaries and hold no tab; a paragraph long enough to be
/// wrapped in pieces (`WrappedParagraph`) shows its own text.
public struct DisplaySubstitution: Equatable, Sendable {
    /// UTF-8 offsets in the document (in `ParagraphLayout.Source`, in the paragraph).
    public var range: Range<Int>
    public var text: String

    public init(range: Range<Int>, text: String) {
        self.range = range
        self.text = text
    }
}

extension ParagraphShaper {
    /// `graphemes` with each substitution's stretch made one grapheme that
    /// draws its text; a substitution that cannot be shown so is left out.
    static func substituting(_ substitutions: [DisplaySubstitution], in graphemes: [ShapedGrapheme]) -> [ShapedGrapheme] {
        guard !substitutions.isEmpty else { return graphemes }
        var result = graphemes
        // From the end, so the indices found stay right.
        for substitution in substitutions.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            guard !substitution.range.isEmpty, !substitution.text.isEmpty,
                  substitution.text.allSatisfy({ CellWidth.display(of: $0).width == 1 && $0 != "\t" }),
                  let first = result.firstIndex(where: { $0.range.lowerBound == substitution.range.lowerBound }),
                  let last = result[first...].firstIndex(where: { $0.range.upperBound == substitution.range.upperBound }),
                  !result[first ... last].contains(where: { $0.isTab || $0.marker != nil || $0.range.count > substitution.range.count })
            else { continue }
            var merged = result[first]
            merged.range = substitution.range
            merged.scalars = result[first].scalars.lowerBound ..< result[last].scalars.upperBound
            merged.display = substitution.text
            merged.width = substitution.text.count
            merged.breakClass = .other
            result.replaceSubrange(first ... last, with: [merged])
        }
        return result
    }
}
