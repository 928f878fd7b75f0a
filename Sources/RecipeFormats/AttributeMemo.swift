import Foundation
import RichText

/// One derivation of attribute containers, remembered. A document has few
/// distinct containers (plain text, each ingredient, bold, …) and deriving
/// one (dropping or adding a dozen keys) costs far more than looking it up,
/// so writers and checkers that see every run of a large file keep one.
/// A value: each thread works on its own copy.
struct AttributeMemo<Value> {
    private var table: [AttributeContainer: Value] = [:]
    /// The last few containers seen, tried with `==` before hashing: runs of
    /// one set of attributes share their storage, which `==` recognises at
    /// once, and sets of different sizes differ at once; hashing walks every
    /// key and value.
    private var recent: [(container: AttributeContainer, value: Value)] = []
    /// A pathological file could have a distinct container per run: the
    /// table starts over rather than growing without end.
    private static var limit: Int { 4096 }

    mutating func value(for container: AttributeContainer, _ derive: (AttributeContainer) -> Value) -> Value {
        for index in recent.indices where recent[index].container == container {
            // The most used stay in front.
            if index > 0 { recent.swapAt(index, index - 1) }
            return recent[max(0, index - 1)].value
        }
        let value: Value
        if let known = table[container] {
            value = known
        } else {
            value = derive(container)
            if table.count >= Self.limit { table.removeAll(keepingCapacity: true) }
            table[container] = value
        }
        if recent.count == 4 { recent.removeLast() }
        recent.append((container, value))
        return value
    }
}

extension AttributeMemo: Sendable where Value: Sendable {}

/// Makes `NormalizedLine`s of what a writer meant and of what a reader
/// read, remembering each container's normalization.
struct LineNormalizer {
    let definition: FormattingDefinition
    private var meant = AttributeMemo<AttributeContainer>()
    private var read = AttributeMemo<AttributeContainer>()

    init(definition: FormattingDefinition) {
        self.definition = definition
    }

    /// A paragraph of the document (its attributes are already as the definition keeps them).
    mutating func normalized(_ content: ParagraphContent) -> NormalizedLine {
        let spans = content.runs.map { ($0.range, meant.value(for: $0.attributes, NormalizedLine.withoutHints)) }
        return NormalizedLine(text: content.text, hintlessSpans: spans,
                              paragraph: meant.value(for: content.paragraph, NormalizedLine.withoutHints))
    }

    /// A line as read: its attributes as the definition would leave them in the document.
    mutating func normalized(_ line: ReadLine) -> NormalizedLine {
        let definition = definition
        let constrained = { (container: AttributeContainer) in NormalizedLine.withoutHints(definition.constrained(container)) }
        let spans = line.spans.map { ($0.range, read.value(for: $0.attributes, constrained)) }
        return NormalizedLine(text: line.text, hintlessSpans: spans, paragraph: read.value(for: line.paragraph, constrained))
    }
}
