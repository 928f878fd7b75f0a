package import Foundation
import RichText
public import Recipes

/// One line of a recipe file as a reader makes it: the text the editor
/// shows, its attributes, and what the reader knows for the next line.
struct ReadLine {
    /// The line's text without its markup (UTF-8).
    var text: [UInt8] = []
    /// Inline attributes over `text` (UTF-8 ranges), sorted, never
    /// overlapping; text outside them has only the paragraph's attributes.
    var spans: [(range: Range<Int>, attributes: AttributeContainer)] = []
    /// The paragraph's attributes (heading, list item, quote, verbatim line,
    /// the markup as written).
    var paragraph = AttributeContainer()
    /// The reader's state for the next line (a code block goes on, …).
    var stateAfter: UInt32 = 0
    /// Problems found, kept as text: (1-based column in scalars, message).
    var warnings: [(column: Int, message: String)] = []
    /// Where each text byte came from in the line (byte ranges), when asked
    /// for: a writer patches an edited line there.
    var origins: [Range<Int>] = []
    /// The bytes of the line the text comes from (after a prefix, before a
    /// closing sequence).
    var contentRange: Range<Int> = 0 ..< 0
    /// Raw HTML the line holds, read as text (Markdown's `<b>`), which
    /// other readers render as HTML or drop.
    var rawHTML = 0
}

/// A paragraph of the document as a writer sees it: its text, the runs of
/// inline attributes over it, and its paragraph attributes.
package struct ParagraphContent {
    package var text: [UInt8]
    /// Inline attributes (paragraph keys left out), sorted, covering `text`.
    package var runs: [(range: Range<Int>, attributes: AttributeContainer)]
    package var paragraph: AttributeContainer
    /// Made in the editor (`MadeParagraphAttribute`): kept apart from its
    /// neighbours in the file. Not a paragraph attribute of the file.
    var isMade = false

    /// No attributes at all, on the paragraph or its text.
    var isPlain: Bool {
        paragraph == AttributeContainer() && runs.allSatisfy { $0.attributes == AttributeContainer() }
    }
}

/// How far a writer goes to make a line read back as it is meant; a
/// writer tries them in order and keeps the first that reads back the same.
enum WriteStyle: CaseIterable {
    /// The markup the file used where it still fits, only the escapes that
    /// are always needed.
    case minimal
    /// An escape before every character that could be read as markup there.
    case careful
    /// Every character that could be markup escaped, formatting spelled out.
    case explicit
}

/// How one kind of recipe file reads and writes its body, a line at a time.
/// A reader is a function of the line and the state before it, so any line
/// can be read again where it stands (to check what a writer made of it).
protocol LineSyntax: Sendable {
    /// The state before the body's first line.
    var initialState: UInt32 { get }
    mutating func read(_ line: UnsafeBufferPointer<UInt8>, state: UInt32, origins: Bool) -> ReadLine
    /// The state after a line, quickly: `read(…).stateAfter` without the inline syntax.
    func state(after line: UnsafeBufferPointer<UInt8>, state: UInt32) -> UInt32
    /// The line for a paragraph, to be read in `state`.
    mutating func write(_ paragraph: ParagraphContent, state: UInt32, style: WriteStyle) -> [UInt8]
    /// Text with attributes to put inside a line where `ambient` holds (the
    /// attributes of the text it joins); nil when the syntax cannot say it there.
    func writeFragment(_ runs: [(text: [UInt8], attributes: AttributeContainer)], ambient: AttributeContainer) -> [UInt8]?
    /// Whether `line`, read in `state`, is certainly its own bytes as plain
    /// text: no markup in it, no paragraph attributes. Most lines of a
    /// recipe are; a writer then writes them as they are without reading
    /// them back. False when unsure: a line then takes the long way.
    func isPlainText(_ line: UnsafeBufferPointer<UInt8>, state: UInt32) -> Bool
    /// Whether bytes inside a line hold nothing `isPlainText` refuses
    /// anywhere in a line.
    func isPlainInside(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool
    /// Whether bytes inside a long line (`BodyWriter+LongLines`), `previous`
    /// the byte before them, are read as their own bytes whatever the line
    /// holds further away: a byte that is markup only beside another (`!`
    /// before `[` in Markdown) is inert when its neighbour is. Looser than
    /// `isPlainInside`, which a line judged without reading it needs.
    func isInertInside(_ bytes: UnsafeBufferPointer<UInt8>, after previous: UInt8) -> Bool
    /// Whether a long line's head and tail, joined in its stand-in, read
    /// there as they do with the line's inside between them: no construct
    /// the head opens may depend on what lies between (a Markdown link's
    /// destination, an HTML tag), and the two bytes that meet are not
    /// markup (a delimiter's flanking sees its neighbour).
    func endsJoin(head: [UInt8], tail: [UInt8]) -> Bool
    /// An edited paragraph written with the choices its old line made where
    /// the syntax has several (Markdown's `_` or `*`); nil when those are
    /// the plainest writing's.
    mutating func writeLike(_ old: [UInt8], read: ReadLine, _ content: ParagraphContent, state: UInt32) -> [UInt8]?
    /// A paragraph written with the markup it was typed with where the
    /// syntax has several (Markdown's `_fresh_`); nil when that is the
    /// plainest writing's.
    mutating func writeAsTyped(_ content: ParagraphContent, state: UInt32) -> [UInt8]?
    /// Whether a component (an ingredient, cookware, a timer) whose text
    /// changed must be written whole: in Cooklang its text is its name,
    /// written in its own syntax (`@name|text{…}`), so no patch may cut
    /// into it.
    var writesComponentsWhole: Bool { get }
    /// The line (without line endings) another reader of the format needs
    /// between two paragraphs so that it does not read them as one; nil
    /// when none is needed. Roux reads that line back as an empty paragraph.
    func separator(between previous: ParagraphContent, and next: ParagraphContent) -> [UInt8]?
}

extension LineSyntax {
    func isInertInside(_ bytes: UnsafeBufferPointer<UInt8>, after previous: UInt8) -> Bool { isPlainInside(bytes) }

    func endsJoin(head: [UInt8], tail: [UInt8]) -> Bool {
        guard let last = head.last, let first = tail.first else { return false }
        return [last, first].withUnsafeBufferPointer(isPlainInside)
    }

    mutating func writeLike(_ old: [UInt8], read: ReadLine, _ content: ParagraphContent, state: UInt32) -> [UInt8]? { nil }
    mutating func writeAsTyped(_ content: ParagraphContent, state: UInt32) -> [UInt8]? { nil }
    var writesComponentsWhole: Bool { false }
    func separator(between previous: ParagraphContent, and next: ParagraphContent) -> [UInt8]? { nil }
}

extension LineSyntax {
    mutating func read(_ bytes: [UInt8], state: UInt32, origins: Bool = false, isLast: Bool = false) -> ReadLine {
        bytes.withUnsafeBufferPointer { read($0, state: state, origins: origins, isLast: isLast) }
    }

    /// A line, knowing whether it is the body's last: there, markup with
    /// no text (an empty heading, list item, section) keeps its markup as
    /// its text (`VerbatimLine.markupOnly`), since a last paragraph with no
    /// text cannot hold paragraph attributes.
    mutating func read(_ line: UnsafeBufferPointer<UInt8>, state: UInt32, origins: Bool, isLast: Bool) -> ReadLine {
        var result = read(line, state: state, origins: origins)
        guard isLast, result.text.isEmpty, result.paragraph != AttributeContainer(), !line.isEmpty else { return result }
        result.text = Array(line)
        result.spans = []
        result.paragraph = AttributeContainer()
        result.paragraph.verbatimLine = .markupOnly
        result.contentRange = 0 ..< line.count
        if origins { result.origins = line.indices.map { $0 ..< $0 + 1 } }
        return result
    }
}

/// A line's content for comparing what was meant with what a writer made:
/// markup hints (how a line, a link, emphasis or a component was written) are left
/// out, since they say how, not what.
struct NormalizedLine: Equatable {
    var text: [UInt8]
    var runs: [Run]
    var paragraph: AttributeContainer

    struct Run: Equatable {
        var range: Range<Int>
        var attributes: AttributeContainer
    }

    /// `spans` and `paragraph` with their hints already left out (`withoutHints`).
    init(text: [UInt8], hintlessSpans spans: [(Range<Int>, AttributeContainer)], paragraph: AttributeContainer) {
        self.text = text
        self.paragraph = paragraph
        var runs: [Run] = []
        func add(_ range: Range<Int>, _ attributes: AttributeContainer) {
            guard !range.isEmpty, attributes != AttributeContainer() else { return }
            if let last = runs.last, last.range.upperBound == range.lowerBound, last.attributes == attributes {
                runs[runs.count - 1].range = last.range.lowerBound ..< range.upperBound
            } else {
                runs.append(Run(range: range, attributes: attributes))
            }
        }
        for (range, kept) in spans where !range.isEmpty {
            guard kept.bold == true || kept.italic == true else {
                add(range, kept)
                continue
            }
            // Bold and italic do not show on white space: not part of what it means.
            var plain = kept
            plain.bold = nil
            plain.italic = nil
            var start = range.lowerBound
            while start < range.upperBound {
                let isSpace = text[start] == 0x20 || text[start] == 0x09
                var end = start + 1
                while end < range.upperBound, (text[end] == 0x20 || text[end] == 0x09) == isSpace { end += 1 }
                add(start ..< end, isSpace ? plain : kept)
                start = end
            }
        }
        self.runs = runs
    }

    static func withoutHints(_ attributes: AttributeContainer) -> AttributeContainer {
        var kept = attributes
        kept[LineMarkupAttribute.self] = nil
        kept[LinkSourceAttribute.self] = nil
        kept[CooklangSourceAttribute.self] = nil
        kept[EmphasisMarkupAttribute.self] = nil
        return kept
    }
}

/// Unicode classes the readers need for a scalar next to a delimiter.
enum CharacterClass {
    case whitespace, punctuation, other

    /// The class of the scalar that ends just before `index` in `bytes`
    /// (the line's start counts as white space).
    static func before(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>, lowerLimit: Int = 0) -> CharacterClass {
        guard index > lowerLimit else { return .whitespace }
        var start = index - 1
        while start > lowerLimit, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return of(decode(bytes, at: start))
    }

    /// The class of the scalar that starts at `index` (the line's end counts as white space).
    static func after(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>, upperLimit: Int? = nil) -> CharacterClass {
        guard index < (upperLimit ?? bytes.count) else { return .whitespace }
        return of(decode(bytes, at: index))
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Unicode.Scalar? {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    static func of(_ scalar: Unicode.Scalar?) -> CharacterClass {
        guard let scalar else { return .other }
        if scalar.isASCII {
            switch scalar.value {
            case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return .whitespace
            case 0x21 ... 0x2F, 0x3A ... 0x40, 0x5B ... 0x60, 0x7B ... 0x7E: return .punctuation
            default: return .other
            }
        }
        switch scalar.properties.generalCategory {
        case .spaceSeparator: return .whitespace
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return .punctuation
        default: return .other
        }
    }
}

extension Recipe {
    /// The paragraphs (by number) where two recipes' texts mean different
    /// things: text, inline attributes or paragraph attributes, markup
    /// hints left out, bold and italic on white space ignored (they do not
    /// show). What a save must keep: reading the file back gives none.
    public func paragraphsDiffering(from other: Recipe) -> [Int] {
        var normalizer = LineNormalizer(definition: document.definition)
        let mine = ParagraphReader.paragraphs(of: document.text, in: 0 ..< document.text.utf8.count).map { normalizer.normalized($0) }
        let theirs = ParagraphReader.paragraphs(of: other.document.text, in: 0 ..< other.document.text.utf8.count)
            .map { normalizer.normalized($0) }
        var result: [Int] = []
        for index in 0 ..< max(mine.count, theirs.count) where index >= mine.count || index >= theirs.count || mine[index] != theirs[index] {
            result.append(index)
        }
        return result
    }
}
