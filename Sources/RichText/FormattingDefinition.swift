public import Foundation

/// Which attributes an editor accepts and how their values are constrained:
/// the analogue of SwiftUI's `AttributedTextFormattingDefinition`.
///
/// Applying a definition to attributes (`constrained(_:)`) keeps only the keys
/// in its scope, drops values that mean "the default" (`bold: false`,
/// `foregroundColor: .default`), then runs every constraint in order. The
/// document applies it after every mutation, on paste and on load, so the text
/// never holds attributes the definition would not produce.
public struct FormattingDefinition: Sendable {
    public let name: String
    public let attributes: [ScopedAttribute]
    public let constraints: [AttributeConstraint]

    public init(name: String, attributes: [ScopedAttribute], constraints: [AttributeConstraint] = []) {
        self.name = name
        self.attributes = attributes
        self.constraints = constraints
    }

    public func accepts(_ keyName: String) -> Bool {
        attributes.contains { $0.name == keyName }
    }

    /// The attributes the definition would leave on text that had `container`.
    public func constrained(_ container: AttributeContainer) -> AttributeContainer {
        var result = AttributeContainer()
        for attribute in attributes {
            attribute.copyIfMeaningful(container, &result)
        }
        for constraint in constraints {
            constraint.apply(&result)
        }
        return result
    }

    /// What the definition would not keep of `container`: the explanation of
    /// each constraint that changes a value the container has (a text
    /// colour outside an ingredient). Values a constraint only adds (an
    /// ingredient's green) are not refusals.
    public func refusals(in container: AttributeContainer) -> [String] {
        let kept = constrained(container)
        var result: [String] = []
        var keys: Set<String> = []
        for constraint in constraints where !keys.contains(constraint.constrainedKey) {
            guard let attribute = attributes.first(where: { $0.name == constraint.constrainedKey }),
                  attribute.isPresent(container), !attribute.isEqual(container, kept) else { continue }
            keys.insert(constraint.constrainedKey)
            result.append(constraint.explanation)
        }
        return result
    }

    /// `range` grown to cover the runs of keys Foundation invalidates on a
    /// text change (the ingredient) that touch its ends.
    func coveringInvalidationRuns(_ range: Range<AttributedString.Index>, in text: AttributedString) -> Range<AttributedString.Index> {
        var lower = range.lowerBound
        var upper = range.upperBound
        for attribute in attributes {
            guard let run = attribute.invalidationRun else { continue }
            if lower < text.endIndex, let extent = run(text, lower) { lower = min(lower, extent.lowerBound) }
            if upper > text.startIndex, let extent = run(text, text.characters.index(before: upper)) {
                upper = max(upper, extent.upperBound)
            }
        }
        return lower ..< upper
    }

    /// What text typed beside text with `container` takes: the keys that are
    /// inherited by added text (not an ingredient's mark).
    public func inheritable(_ container: AttributeContainer) -> AttributeContainer {
        var result = container
        for attribute in attributes where !attribute.isInheritedByAddedText { attribute.remove?(&result) }
        return result
    }

    /// What text typed after `before` and before `after` (the attributes of
    /// the characters on each side) takes, when a key of `before` ends
    /// there (`ScopedAttribute.endsWhereItsTextEnds`); nil when none does.
    func typedAfterTheEnd(of before: AttributeContainer, before after: AttributeContainer) -> AttributeContainer? {
        let ending = attributes.filter { $0.endsWhereItsTextEnds && $0.isPresent(before) && !$0.isEqual(before, after) }
        guard !ending.isEmpty else { return nil }
        var result = inheritable(before)
        for attribute in ending { attribute.remove?(&result) }
        return result
    }

    /// Whether `container` holds a key Foundation keeps the same over a paragraph.
    func hasParagraphBoundKey(_ container: AttributeContainer) -> Bool {
        attributes.contains { $0.isParagraphBound && $0.isPresent(container) }
    }

    /// The names of the in-scope keys `container` holds.
    func keyNames(in container: AttributeContainer) -> Set<String> {
        Set(attributes.filter { $0.isPresent(container) }.map(\.name))
    }

    /// The first constraint that would change `keyName` in `container`, if any.
    func constraintOverriding(_ keyName: String, in container: AttributeContainer) -> AttributeConstraint? {
        var scoped = AttributeContainer()
        for attribute in attributes {
            attribute.copyIfMeaningful(container, &scoped)
        }
        let scopedAttribute = attributes.first { $0.name == keyName }
        for constraint in constraints where constraint.constrainedKey == keyName {
            var after = scoped
            constraint.apply(&after)
            if let scopedAttribute, !scopedAttribute.isEqual(scoped, after) { return constraint }
            scoped = after
        }
        return nil
    }
}

/// One attribute key in a definition's scope.
public struct ScopedAttribute: Sendable {
    public let name: String
    /// Copies the key from one container to another unless its value means "the default".
    let copyIfMeaningful: @Sendable (AttributeContainer, inout AttributeContainer) -> Void
    let isEqual: @Sendable (AttributeContainer, AttributeContainer) -> Bool
    let isPresent: @Sendable (AttributeContainer) -> Bool
    /// For a key Foundation removes from a whole run when its text changes
    /// (`invalidationConditions`), the extent of that run at an index: an edit
    /// there can change text that far away.
    let invalidationRun: (@Sendable (AttributedString, AttributedString.Index) -> Range<AttributedString.Index>?)?
    /// Foundation keeps it the same over a whole paragraph (`runBoundaries`).
    let isParagraphBound: Bool
    /// Text typed next to it takes it (`inheritedByAddedText`).
    var isInheritedByAddedText = true
    /// Text typed right after its run is not part of it, text typed inside
    /// it is (a link: `endingWhereItsTextEnds()`).
    var endsWhereItsTextEnds = false
    /// Removes the key from a container.
    var remove: (@Sendable (inout AttributeContainer) -> Void)?

    /// Any value is kept as it is.
    public static func value<K: AttributedStringKey>(_ key: K.Type) -> ScopedAttribute where K.Value: Equatable & Sendable {
        var invalidationRun: (@Sendable (AttributedString, AttributedString.Index) -> Range<AttributedString.Index>?)?
        if K.invalidationConditions != nil {
            invalidationRun = { text, index in invalidatedRun(of: K.self, in: text, at: index) }
        }
        return ScopedAttribute(
            name: K.name,
            copyIfMeaningful: { source, target in
                if let value = source[K.self] { target[K.self] = value }
            },
            isEqual: { $0[K.self] == $1[K.self] },
            isPresent: { $0[K.self] != nil },
            invalidationRun: invalidationRun,
            isParagraphBound: K.runBoundaries == .paragraph,
            isInheritedByAddedText: K.inheritedByAddedText,
            remove: { $0[K.self] = nil }
        )
    }

    /// The same key, ending where its text ends: what is typed at the end
    /// of a link is not part of the link, as in every rich-text editor
    /// (Foundation's `link` is inherited by added text, and is not ours to change).
    public func endingWhereItsTextEnds() -> ScopedAttribute {
        var copy = self
        copy.endsWhereItsTextEnds = true
        return copy
    }

    private static func invalidatedRun<K: AttributedStringKey>(
        of key: K.Type, in text: AttributedString, at index: AttributedString.Index
    ) -> Range<AttributedString.Index>? where K.Value: Equatable & Sendable {
        // Building a `Runs` view costs more than the rest of a keystroke; ask
        // the one character first, and build it only inside a marked run.
        guard index < text.endIndex, text[index ..< text.characters.index(after: index)][K.self] != nil else { return nil }
        let slice: AttributedString.Runs.AttributesSlice1<K> = text.runs[K.self]
        let run: (K.Value?, Range<AttributedString.Index>) = slice[index]
        return run.1
    }

    /// A flag: `false` is the default and is not stored.
    public static func flag<K: AttributedStringKey>(_ key: K.Type) -> ScopedAttribute where K.Value == Bool {
        ScopedAttribute(
            name: K.name,
            copyIfMeaningful: { source, target in
                if source[K.self] == true { target[K.self] = true }
            },
            isEqual: { ($0[K.self] ?? false) == ($1[K.self] ?? false) },
            isPresent: { $0[K.self] != nil },
            invalidationRun: nil,
            isParagraphBound: K.runBoundaries == .paragraph
        )
    }

    /// A colour: `.default` is the default and is not stored.
    public static func color<K: AttributedStringKey>(_ key: K.Type) -> ScopedAttribute where K.Value == TerminalColor {
        ScopedAttribute(
            name: K.name,
            copyIfMeaningful: { source, target in
                if let color = source[K.self], color != .default { target[K.self] = color }
            },
            isEqual: { ($0[K.self] ?? .default) == ($1[K.self] ?? .default) },
            isPresent: { $0[K.self] != nil },
            invalidationRun: nil,
            isParagraphBound: K.runBoundaries == .paragraph
        )
    }
}

/// A rule that may rewrite one key from the others: the analogue of SwiftUI's
/// `AttributedTextValueConstraint`.
public struct AttributeConstraint: Sendable {
    public let name: String
    /// The only key `apply` may change.
    public let constrainedKey: String
    /// Why a change to `constrainedKey` is refused, in words for the status bar.
    public let explanation: String
    /// The keys `apply` reads, so the document can tell when a change cannot
    /// affect the constraint's outcome and skip re-checking it.
    public let dependencies: Set<String>
    /// Keys whose presence settles the constraint: with any of them set,
    /// `apply` leaves a container as it is (cookware is not coloured cyan
    /// when it is also an ingredient). Lets a merge that sets one skip the
    /// re-check: marking 10,000 words need not walk their runs again.
    public let settledBy: Set<String>
    let apply: @Sendable (inout AttributeContainer) -> Void

    public init(
        name: String,
        constrainedKey: String,
        dependencies: Set<String>,
        settledBy: Set<String> = [],
        explanation: String,
        apply: @escaping @Sendable (inout AttributeContainer) -> Void
    ) {
        self.name = name
        self.constrainedKey = constrainedKey
        self.dependencies = dependencies
        self.settledBy = settledBy
        self.explanation = explanation
        self.apply = apply
    }

    /// Whether merging a container with exactly `mergedKeys` (already
    /// constrained) onto text that satisfied this constraint leaves it satisfied:
    /// true when the merge touches nothing the constraint reads or writes,
    /// when it sets every key the constraint reads and the one it writes, or
    /// when it sets a key that settles the constraint.
    func staysSatisfied(afterMerging mergedKeys: Set<String>) -> Bool {
        let touched = dependencies.union([constrainedKey])
        return touched.isDisjoint(with: mergedKeys)
            || (dependencies.isSubset(of: mergedKeys) && mergedKeys.contains(constrainedKey))
            || !settledBy.isDisjoint(with: mergedKeys)
    }
}
