public import Foundation
public import RichText

/// Ctrl-E on a word found 150,000 times, done a part at a time: what
/// `Recipe.apply(_:)` marks, found first (`Recipe.marking(_:)`), merged in
/// parts between keystrokes (`merge`), and made one edit, one undo step, by
/// `Recipe.apply(_:)` with the ingredient added to the list. Until then
/// the recipe is untouched: dropping a marking cancels it.
public struct IngredientMarking: Sendable {
    public let suggestion: IngredientSuggestion
    /// The ingredient the marks point at (a new one is added on applying).
    public let id: IngredientID
    /// The occurrences' marks, merged into a copy of the text; nil when
    /// every occurrence is already marked or has nowhere to be.
    public var merge: AttributeMerge?
    /// The document version it was found in.
    public let version: Int
    /// The ingredients the list had then (an ID is made unique among them).
    public let ingredients: [Ingredient]
    let touchesMarks: Bool
    let carriesQuantities: Bool
    /// In Cooklang, the quantity written in the selection before the name
    /// ("300 ml milk"): it moves into the selected occurrence's braces.
    let writtenQuantity: WrittenQuantity?

    /// How much of the merge is done, from 0 to 1.
    public var fraction: Double {
        guard let merge, merge.count > 0 else { return 1 }
        return Double(merge.merged) / Double(merge.count)
    }

    public var isComplete: Bool { merge?.isComplete ?? true }
}

extension Recipe {
    /// What marking the suggested ingredient would mark (see `apply(_:)`),
    /// nothing marked yet; nil for a new ingredient with nowhere to mark.
    public func marking(_ suggestion: IngredientSuggestion) -> IngredientMarking? {
        let plan = markingPlan(for: suggestion.name)
        let id: IngredientID
        if let existing = ingredient(named: suggestion.name) {
            id = ingredients[existing].id
        } else {
            guard !plan.free.isEmpty else { return nil }
            id = IngredientID(Slug.unique(suggestion.name, taken: Set(ingredients.map(\.id.rawValue))))
        }
        var attributes = AttributeContainer()
        attributes.ingredient = id
        return IngredientMarking(suggestion: suggestion, id: id,
                                 merge: document.attributeMerge(attributes, toUTF8Offsets: plan.free),
                                 version: document.version, ingredients: ingredients, touchesMarks: plan.touchesMarks,
                                 carriesQuantities: holdsQuantities(plan.free),
                                 writtenQuantity: writtenQuantity(of: suggestion, among: plan.free))
    }

    /// Applies a complete marking found in the text as it is: the
    /// ingredient added to the list (or given the suggestion's quantity and
    /// note where it had none) and every occurrence marked, as one edit.
    /// Returns the ingredient's ID, or nil, changing nothing, when the text
    /// or the list changed since the marking was found, or it is not complete.
    @discardableResult
    public mutating func apply(_ marking: IngredientMarking) -> IngredientID? {
        guard marking.version == document.version, marking.ingredients == ingredients, marking.isComplete else { return nil }
        let suggestion = marking.suggestion
        let id = marking.id
        if let existing = ingredient(named: suggestion.name) {
            if ingredients[existing].quantity == nil { ingredients[existing].quantity = suggestion.quantity }
            if ingredients[existing].note == nil { ingredients[existing].note = suggestion.note }
        } else {
            ingredients.append(Ingredient(id: id, name: suggestion.name, quantity: suggestion.quantity, note: suggestion.note))
        }
        let version = document.version
        let stateBefore = document.editState
        let undoMark = document.undoGroupMark
        var carriesQuantities = marking.carriesQuantities
        if let merge = marking.merge { document.finish(merge) }
        // Cooklang keeps quantities on the marks: the selected occurrence
        // takes the quantity written before it, which leaves the text
        // (`300 ml milk` is `@milk{300%ml}`); else the first takes the suggestion's.
        if keepsIngredientsOnMarks, document.editState != stateBefore, let written = marking.writtenQuantity {
            moveWrittenQuantity(written, of: suggestion)
            document.groupUndo(since: undoMark)
            // Text left the line: no report of marks alone (the layout and counts follow the whole change).
            lastMarking = nil
            return id
        }
        if keepsIngredientsOnMarks, document.editState != stateBefore, suggestion.quantity != nil || suggestion.note != nil,
           let first = occurrences(of: id).first, document.text[first][OccurrenceQuantityAttribute.self] == nil {
            var attributes = AttributeContainer()
            attributes[OccurrenceQuantityAttribute.self] = suggestion.quantity
            attributes[OccurrenceNoteAttribute.self] = suggestion.note
            try? document.addAttributes(attributes, to: [first])
            document.groupUndo(since: undoMark)
            carriesQuantities = carriesQuantities || suggestion.quantity != nil
        }
        let added = marking.touchesMarks ? nil : marking.merge?.count ?? 0
        lastMarking = added.map {
            MarkingReport(fromVersion: version, toVersion: document.version, added: [id: $0], carriesQuantities: carriesQuantities)
        }
        return id
    }
}
