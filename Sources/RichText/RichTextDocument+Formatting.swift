public import Foundation

extension RichTextDocument {
    /// The attributes the next typed character would get at the primary caret:
    /// those chosen at the caret, else what Foundation gives added text (the
    /// previous character's, without keys that are not inherited), constrained.
    public var typingAttributes: AttributeContainer {
        if let pendingTypingAttributes { return pendingTypingAttributes }
        let caret = selection.primary.head
        let source: Index? = caret > text.startIndex ? text.characters.index(before: caret)
            : (caret < text.endIndex ? caret : nil)
        guard let source else { return AttributeContainer() }
        // Right after a link, what is typed is not the link's (as `insert` has it).
        if source < caret, let afterTheEnd = Self.attributesAfterARunsEnd(caret ..< caret, in: text, definition: definition) {
            return definition.constrained(afterTheEnd)
        }
        return definition.constrained(definition.inheritable(text.runs[source].attributes))
    }

    /// Would setting `key` to `value` on the selection survive the definition?
    public func verdict<K: AttributedStringKey>(setting key: K.Type, to value: K.Value?) -> FormattingVerdict where K.Value: Sendable {
        guard definition.accepts(K.name) else {
            return .refused("\(K.name) is not part of \(definition.name) formatting")
        }
        for attributes in attributesUnderSelection() {
            var proposed = attributes
            proposed[K.self] = value
            if let constraint = definition.constraintOverriding(K.name, in: proposed) {
                return .refused(constraint.explanation)
            }
        }
        return .allowed
    }

    /// Would toggling the flag `key` be allowed?
    public func verdict<K: AttributedStringKey>(toggling key: K.Type) -> FormattingVerdict where K.Value == Bool {
        verdict(setting: key, to: isSetThroughoutSelection(key) ? nil : true)
    }

    /// True when every selected character (or the typing attributes at a caret) has `key` set.
    public func isSetThroughoutSelection<K: AttributedStringKey>(_ key: K.Type) -> Bool where K.Value == Bool {
        attributesUnderSelection().allSatisfy { $0[K.self] == true }
    }

    /// Bold, italic and the other flags: on for the whole selection unless it
    /// is on throughout already, then off. At a caret it changes the typing attributes.
    @discardableResult
    public mutating func toggle<K: AttributedStringKey>(_ key: K.Type) -> FormattingVerdict where K.Value == Bool {
        setAttribute(key, to: isSetThroughoutSelection(key) ? nil : true)
    }

    /// Sets (or with nil removes) a character attribute on the selection, if
    /// the definition allows it; at a caret it changes the typing attributes.
    @discardableResult
    public mutating func setAttribute<K: AttributedStringKey>(_ key: K.Type, to value: K.Value?) -> FormattingVerdict where K.Value: Sendable {
        let verdict = verdict(setting: key, to: value)
        guard verdict.isAllowed else { return verdict }
        guard selection.hasSelectedText else {
            var typing = typingAttributes
            typing[K.self] = value
            pendingTypingAttributes = definition.constrained(typing)
            return verdict
        }
        let targets = selection.ranges.filter { !$0.isCaret }.map(\.bounds)
        performEdit(.other, tracking: targets) { text, offsets in
            let ranges = text.characterRanges(atSortedUTF8Offsets: offsets)
            text[RangeSet(ranges)][K.self] = value
        }
        return verdict
    }

    /// Sets a paragraph attribute (alignment, direction, heading) on every
    /// paragraph the selection touches, carets included. Foundation's
    /// `runBoundaries = .paragraph` widens it to whole paragraphs. The
    /// empty last paragraph has no character to hold it: typing there
    /// takes it (as after Enter in a list), and the line shows it.
    @discardableResult
    public mutating func setParagraphAttribute<K: AttributedStringKey>(_ key: K.Type, to value: K.Value?) -> FormattingVerdict where K.Value: Sendable {
        let verdict = verdict(setting: key, to: value)
        guard verdict.isAllowed else { return verdict }
        var atEmptyLastParagraph = false
        let targets = selection.ranges.compactMap { range -> Range<Index>? in
            if !range.isCaret { return range.bounds }
            // A caret's paragraph is reached through one of its characters.
            if range.head < text.endIndex { return range.head ..< text.characters.index(after: range.head) }
            let previous = range.head > text.startIndex ? text.characters.index(before: range.head) : nil
            guard let previous, !text.characters[previous].isNewline else {
                atEmptyLastParagraph = true
                return nil
            }
            return previous ..< range.head
        }
        let pending = pendingTypingAttributes ?? AttributeContainer()
        if !targets.isEmpty {
            performEdit(.other, tracking: targets) { text, offsets in
                let ranges = text.characterRanges(atSortedUTF8Offsets: offsets)
                text[RangeSet(ranges)][K.self] = value
            }
        }
        if atEmptyLastParagraph {
            var typing = pending
            typing[K.self] = value
            pendingTypingAttributes = typing
        }
        return verdict
    }

    /// Merges `attributes` onto every range in one transform; the selection
    /// stays exactly where it was. The definition's constraints are applied to
    /// `attributes` first, so marking 10,000 ingredients sets their colour in
    /// the same pass instead of fixing it run by run afterwards.
    public mutating func addAttributes(_ attributes: AttributeContainer, to ranges: [Range<Index>]) throws(SelectionError) {
        for range in ranges where !range.isValid(within: text) { throw .staleIndex }
        let offsets = ranges.map { text.utf8Offsets(of: $0) }
        addAttributes(attributes, toUTF8Offsets: offsets)
    }

    /// Removes `key` from every range in one transform; the selection stays
    /// where it was (taking an ingredient's marks away).
    public mutating func removeAttribute<K: AttributedStringKey>(_ key: K.Type, from ranges: [Range<Index>]) throws(SelectionError)
    where K.Value: Sendable {
        for range in ranges where !range.isValid(within: text) { throw .staleIndex }
        let sorted = Self.union(of: ranges.map { text.utf8Offsets(of: $0) })
        guard let first = sorted.first, let last = sorted.last else { return }
        performEdit(.other, tracking: [text.characterRange(atUTF8Offsets: first.lowerBound ..< last.upperBound)],
                    constrain: .attributeOnlyRanges(sorted)) { text, _ in
            text[RangeSet(text.characterRanges(atSortedUTF8Offsets: sorted))][K.self] = nil
        }
    }

    /// As `addAttributes(_:to:)`, for ranges found as UTF-8 offsets (a search).
    public mutating func addAttributes(_ attributes: AttributeContainer, toUTF8Offsets offsets: [Range<Int>]) {
        let sorted = Self.union(of: offsets)
        guard let first = sorted.first, let last = sorted.last else { return }
        let effective = definition.constrained(attributes)
        let span = first.lowerBound ..< last.upperBound
        let mergedKeys = definition.keyNames(in: effective)
        let needsCheck = definition.constraints.contains { !$0.staysSatisfied(afterMerging: mergedKeys) }
        if sorted.count >= Self.piecewiseMarkThreshold {
            performAttributeOnlyEdit(.other, span: span, constrain: needsCheck ? sorted : nil) { text in
                text.mergingAttributes(effective, atSortedUTF8Offsets: sorted,
                                       pieces: 16 * ProcessInfo.processInfo.activeProcessorCount)
            }
            return
        }
        performEdit(.other, tracking: [text.characterRange(atUTF8Offsets: span)],
                    constrain: needsCheck ? .attributeOnlyRanges(sorted) : .none) { text, _ in
            let ranges = text.characterRanges(atSortedUTF8Offsets: sorted)
            text[RangeSet(ranges)].mergeAttributes(effective)
        }
    }

    /// From this many ranges on, marking cuts the text in pieces marked on
    /// all cores (`mergingAttributes(_:atSortedUTF8Offsets:pieces:)`).
    static let piecewiseMarkThreshold = 512

    /// The attributes of every run under the selection, or the typing
    /// attributes when it is a caret.
    func attributesUnderSelection() -> [AttributeContainer] {
        guard selection.hasSelectedText else { return [typingAttributes] }
        var result: [AttributeContainer] = []
        for range in selection.ranges where !range.isCaret {
            for run in text[range.bounds].runs { result.append(run.attributes) }
        }
        return result
    }
}
