import Foundation
import Recipes
import RichText

/// An edited line written by changing only what changed: the old line's
/// bytes with the changed stretch of text replaced where it stood, so the
/// rest of the line (its links, its `_emphasis_`, its escapes) stays exactly
/// as the file had it. The caller reads each candidate back and keeps the
/// first that means what the paragraph means.
enum LinePatch {
    /// Longer lines are written anew, not patched: a patch keeps the
    /// attributes and origin of every byte of both lines, about fifty times
    /// the line (a keystroke on a 100 MB line made a save or a recovery
    /// peak at 5.8 GB).
    static let longestLine = 1 << 20

    /// Candidate lines for `new`, from `old` (its bytes, read with origins).
    static func candidates<Syntax: LineSyntax>(old bytes: [UInt8], read old: ReadLine, new: ParagraphContent,
                                               syntax: Syntax, definition: FormattingDefinition) -> [[UInt8]] {
        guard NormalizedLine.withoutHints(old.paragraph) == NormalizedLine.withoutHints(new.paragraph),
              old.origins.count == old.text.count else { return [] }
        let oldAttributes = attributesPerByte(text: old.text, spans: old.spans, definition: definition)
        let newAttributes = attributesPerByte(text: new.text, spans: new.runs, definition: definition)
        // The new text is written with the markup it was typed with (`_fresh_`, a link's `(url)`, `<https://…>`).
        let typedHints = new.runs.contains { $0.attributes[EmphasisMarkupAttribute.self] != nil || $0.attributes[LinkSourceAttribute.self] != nil }
        let newAsTyped = typedHints ? attributesPerByte(text: new.text, spans: new.runs, definition: definition, keepingHowTyped: true)
            : newAttributes
        var hunks = changedStretches(old: old.text, oldAttributes, new: new.text, newAttributes)
        if syntax.writesComponentsWhole {
            hunks = hunks.map { wholeComponents($0, old: old.spans, oldAttributes, newAttributes) }
        }
        guard !hunks.isEmpty else { return [bytes] }
        var results: [[UInt8]] = []
        for placement in Placement.allCases {
            var line = bytes
            var failed = false
            // From the last stretch back, so earlier offsets stay valid.
            for hunk in hunks.reversed() {
                guard let cut = placement.cut(hunk.old, origins: old.origins, content: old.contentRange),
                      let fragment = syntax.writeFragment(runs(of: new.text, newAsTyped, in: hunk.new),
                                                          ambient: placement.ambient(hunk.old, oldAttributes)) else {
                    failed = true
                    break
                }
                line.replaceSubrange(cut, with: fragment)
            }
            if !failed, !results.contains(line) { results.append(line) }
        }
        return results
    }

    /// Where a changed stretch of the old text is cut out of the old line,
    /// and which attributes the new text joins there.
    enum Placement: CaseIterable {
        /// Right after the text before the stretch (inside its markup).
        case withTextBefore
        /// Right before the text after it.
        case withTextAfter
        /// Exactly the old stretch's bytes.
        case inPlace

        func cut(_ stretch: Range<Int>, origins: [Range<Int>], content: Range<Int>) -> Range<Int>? {
            let afterBefore = stretch.lowerBound == 0 ? content.lowerBound : origins[stretch.lowerBound - 1].upperBound
            let beforeAfter = stretch.upperBound == origins.count ? content.upperBound : origins[stretch.upperBound].lowerBound
            switch self {
            case .withTextBefore:
                let end = stretch.isEmpty ? afterBefore : origins[stretch.upperBound - 1].upperBound
                return afterBefore ..< max(afterBefore, end)
            case .withTextAfter:
                let start = stretch.isEmpty ? beforeAfter : origins[stretch.lowerBound].lowerBound
                return min(start, beforeAfter) ..< beforeAfter
            case .inPlace:
                guard !stretch.isEmpty else { return nil }
                return origins[stretch.lowerBound].lowerBound ..< origins[stretch.upperBound - 1].upperBound
            }
        }

        func ambient(_ stretch: Range<Int>, _ attributes: [AttributeContainer]) -> AttributeContainer {
            switch self {
            case .withTextBefore: stretch.lowerBound > 0 ? attributes[stretch.lowerBound - 1] : AttributeContainer()
            case .withTextAfter: stretch.upperBound < attributes.count ? attributes[stretch.upperBound] : AttributeContainer()
            case .inPlace: stretch.lowerBound < attributes.count ? attributes[stretch.lowerBound] : AttributeContainer()
            }
        }
    }

    /// The stretches where old and new differ, as (old range, new range):
    /// one, between the common start and end, when the text changed; where
    /// only attributes changed, each stretch of different attributes.
    static func changedStretches(old: [UInt8], _ oldAttributes: [AttributeContainer], new: [UInt8], _ newAttributes: [AttributeContainer])
        -> [(old: Range<Int>, new: Range<Int>)] {
        if old == new {
            var result: [(old: Range<Int>, new: Range<Int>)] = []
            var index = 0
            while index < old.count {
                guard oldAttributes[index] != newAttributes[index] else { index += 1; continue }
                let start = index
                while index < old.count, oldAttributes[index] != newAttributes[index] { index += 1 }
                // Whole characters: a stretch never ends inside a UTF-8 sequence.
                while index < old.count, old[index] & 0xC0 == 0x80 { index += 1 }
                result.append((start ..< index, start ..< index))
            }
            return result
        }
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix], oldAttributes[prefix] == newAttributes[prefix] {
            prefix += 1
        }
        while prefix > 0, prefix < old.count, old[prefix] & 0xC0 == 0x80 { prefix -= 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix],
              oldAttributes[old.count - 1 - suffix] == newAttributes[new.count - 1 - suffix] {
            suffix += 1
        }
        while suffix > 0, old.count - suffix < old.count, old[old.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        return [(prefix ..< old.count - suffix, prefix ..< new.count - suffix)]
    }

    /// A changed stretch grown over every component it changes: one it
    /// overlaps, one it inserts into, and one whose text it extends (the
    /// inserted bytes at the component's edge are that component's).
    /// Typing beside a component leaves it as the file has it.
    static func wholeComponents(_ hunk: (old: Range<Int>, new: Range<Int>), old spans: [(range: Range<Int>, attributes: AttributeContainer)],
                                _ oldAttributes: [AttributeContainer], _ newAttributes: [AttributeContainer])
        -> (old: Range<Int>, new: Range<Int>) {
        var lower = hunk.old.lowerBound
        var upper = hunk.old.upperBound
        for span in spans where !span.range.isEmpty && span.range.upperBound <= oldAttributes.count {
            let component = oldAttributes[span.range.lowerBound]
            guard component.ingredient != nil || component.cookware != nil || component.timer != nil else { continue }
            let overlaps = span.range.lowerBound < hunk.old.upperBound && hunk.old.lowerBound < span.range.upperBound
            let insertsInto = hunk.old.isEmpty && span.range.lowerBound < hunk.old.lowerBound && hunk.old.lowerBound < span.range.upperBound
            let extendsEnd = span.range.upperBound == hunk.old.lowerBound && !hunk.new.isEmpty && newAttributes[hunk.new.lowerBound] == component
            let extendsStart = span.range.lowerBound == hunk.old.upperBound && !hunk.new.isEmpty
                && newAttributes[hunk.new.upperBound - 1] == component
            if overlaps || insertsInto || extendsEnd || extendsStart {
                lower = min(lower, span.range.lowerBound)
                upper = max(upper, span.range.upperBound)
            }
        }
        return (lower ..< upper, hunk.new.lowerBound - (hunk.old.lowerBound - lower) ..< hunk.new.upperBound + (upper - hunk.old.upperBound))
    }

    /// Each byte's attributes as the definition leaves them, comparable
    /// (hints left out); `keepingHowTyped` keeps the hints that say how
    /// inline markup was typed (an emphasis's `_`, a link's source), for
    /// writing.
    static func attributesPerByte(text: [UInt8], spans: [(range: Range<Int>, attributes: AttributeContainer)],
                                  definition: FormattingDefinition, keepingHowTyped: Bool = false) -> [AttributeContainer] {
        var result = [AttributeContainer](repeating: AttributeContainer(), count: text.count)
        for span in spans {
            let constrained = definition.constrained(span.attributes)
            var kept = NormalizedLine.withoutHints(constrained)
            if keepingHowTyped {
                kept[EmphasisMarkupAttribute.self] = constrained[EmphasisMarkupAttribute.self]
                kept[LinkSourceAttribute.self] = constrained[LinkSourceAttribute.self]
            }
            for index in span.range where index < result.count { result[index] = kept }
        }
        return result
    }

    /// The runs of `range` of a text, by equal attributes.
    static func runs(of text: [UInt8], _ attributes: [AttributeContainer], in range: Range<Int>)
        -> [(text: [UInt8], attributes: AttributeContainer)] {
        var result: [(text: [UInt8], attributes: AttributeContainer)] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            while end < range.upperBound, attributes[end] == attributes[start] { end += 1 }
            result.append((Array(text[start ..< end]), attributes[start]))
            start = end
        }
        return result
    }
}
