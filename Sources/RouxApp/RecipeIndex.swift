import Foundation
import Recipes
import RichText

/// What the panes show that is worked out from the open recipe's text, drawn
/// every frame: the first heading (the title's), the marks per ingredient,
/// the quantities on marks, the cookware and timers, the inspector's
/// suggestion. Worked out from scratch each walks the whole text, so a
/// keystroke in a large recipe would cost as much as the recipe.
///
/// One rule keeps every fact: each is kept for the document version the
/// index was last brought to, and when the text changes it is brought
/// forward by that change (`TextChange`), through one scan of the changed
/// window as it was and as it is (one character more on each side, so marks
/// at its edges cancel out). A fact whose part of the text the window did not
/// touch stands; the counts are adjusted by the marks that left and came; any
/// other fact is dropped and worked out again when next asked. A fact never
/// asked for is not kept. Marking every occurrence of a word (Ctrl-E) says
/// itself what it added, so nothing is scanned. The suggestion also depends
/// on the selection and the list: it stands while they and the text do.
struct RecipeIndex {
    /// The document version the kept facts are true of, and its text (the
    /// changed window is scanned in it as it was).
    private var version: Int
    private var text: AttributedString

    /// The first heading with text and where its paragraph ends (nil inside: none).
    private var heading: (text: String, end: Int)??
    private var counts: [IngredientID: Int]?
    private var markQuantities: [IngredientID: [Quantity]]?
    private var equipment: Recipe.Equipment?
    private var suggestion: SuggestionMemo?

    private struct SuggestionMemo {
        var version: Int
        var selection: TextSelection
        var ingredients: [Ingredient]
        /// The list's names as keys, worked out again only when the list changes.
        var keys: [String]
        var shown: (suggestion: IngredientSuggestion, existing: Int?)?
    }

    init(_ recipe: Recipe) {
        version = recipe.document.version
        text = recipe.document.text
    }

    // MARK: The facts

    /// The first level-1 heading's text (`Recipe.firstHeading`).
    mutating func firstHeading(of recipe: Recipe) -> String? {
        update(to: recipe)
        if let heading { return heading?.text }
        let found = Recipe.firstHeading(in: recipe.document.text)
        heading = .some(found)
        return found?.text
    }

    mutating func occurrenceCounts(of recipe: Recipe) -> [IngredientID: Int] {
        update(to: recipe)
        if let counts { return counts }
        let found = recipe.occurrenceCounts
        counts = found
        return found
    }

    mutating func markQuantities(of recipe: Recipe) -> [IngredientID: [Quantity]] {
        update(to: recipe)
        if let markQuantities { return markQuantities }
        let found = recipe.markQuantities
        markQuantities = found
        return found
    }

    mutating func equipment(of recipe: Recipe) -> Recipe.Equipment {
        update(to: recipe)
        if let equipment { return equipment }
        let found = recipe.equipment
        equipment = found
        return found
    }

    /// What Ctrl-E would add at the selection, and which ingredient (its
    /// index in the list) it already is.
    mutating func suggestion(of recipe: Recipe) -> (suggestion: IngredientSuggestion, existing: Int?)? {
        let document = recipe.document
        if let memo = suggestion, memo.version == document.version, memo.selection == document.selection,
           memo.ingredients == recipe.ingredients {
            return memo.shown
        }
        let keys = suggestion.flatMap { $0.ingredients == recipe.ingredients ? $0.keys : nil }
            ?? recipe.ingredients.map { IngredientName.key($0.name) }
        let shown = recipe.suggestion.map { suggestion in
            (suggestion, keys.firstIndex(of: IngredientName.key(suggestion.name)))
        }
        suggestion = SuggestionMemo(version: document.version, selection: document.selection, ingredients: recipe.ingredients,
                                    keys: keys, shown: shown)
        return shown
    }

    // MARK: The one rule

    /// Brings the kept facts forward to the recipe's text.
    mutating func update(to recipe: Recipe) {
        let now = recipe.document.version
        guard now != version else { return }
        defer {
            version = now
            text = recipe.document.text
        }
        guard heading != nil || counts != nil || markQuantities != nil || equipment != nil else { return }
        // Ctrl-E set ingredient marks and nothing else: the heading, the
        // equipment stand, the quantities too unless the marked text carried
        // some, and the recipe says which marks it added.
        if let marking = recipe.lastMarking, marking.fromVersion == version, marking.toVersion == now {
            counts = counts.map { $0.merging(marking.added, uniquingKeysWith: +).filter { $0.value > 0 } }
            if marking.carriesQuantities { markQuantities = nil }
            return
        }
        guard let change = recipe.document.change(since: version) else {
            (heading, counts, markQuantities, equipment) = (nil, nil, nil, nil)
            return
        }
        let before = text
        let after = recipe.document.text
        var scanned: (old: WindowContents?, new: WindowContents?)
        func old() -> WindowContents {
            if let old = scanned.old { return old }
            let old = Self.scan(before, window: change.oldRange)
            scanned.old = old
            return old
        }
        func new() -> WindowContents {
            if let new = scanned.new { return new }
            let new = Self.scan(after, window: change.newRange)
            scanned.new = new
            return new
        }
        if let known = heading {
            // At the heading's end is in it when it is the last paragraph (no newline ends it).
            // With none known, a heading may come in, or an empty one that
            // stood first may go and leave the next one first.
            let touched = known.map { change.prefix <= $0.end } ?? (new().hasHeading || old().hasHeading)
            if touched { heading = nil }
        }
        if let known = counts {
            // An edit over most of the text is counted afresh: one walk
            // instead of two windows as large.
            if change.oldRange.count + change.newRange.count >= after.utf8.count {
                counts = nil
            } else {
                var adjusted = known
                // With no marks before the edit, the old window had none either.
                if !adjusted.isEmpty {
                    for (id, count) in old().marks { adjusted[id, default: 0] -= count }
                }
                for (id, count) in new().marks { adjusted[id, default: 0] += count }
                counts = adjusted.filter { $0.value > 0 }
            }
        }
        if markQuantities != nil, old().hasQuantities || new().hasQuantities { markQuantities = nil }
        if equipment != nil, old().namesEquipment || new().namesEquipment { equipment = nil }
    }

    /// What a window of the text holds.
    private struct WindowContents {
        var hasHeading = false
        var marks: [IngredientID: Int] = [:]
        var namesEquipment = false
        /// A mark in it carries a quantity.
        var hasQuantities = false
    }

    /// The text window around a changed range: one character more on each side.
    private static func window(_ range: Range<Int>, in text: AttributedString) -> Range<AttributedString.Index> {
        let lower = text.characterIndex(atUTF8Offset: range.lowerBound)
        let upper = text.characterIndex(atUTF8Offset: range.upperBound)
        return (lower > text.startIndex ? text.characters.index(before: lower) : lower)
            ..< (upper < text.endIndex ? text.characters.index(after: upper) : upper)
    }

    /// Whether a window of the text holds a heading, cookware or a timer, a
    /// quantity on a mark, and its marks per ingredient. Plain runs, with
    /// neighbours of the same ingredient counted once (what
    /// `runs[\.ingredient]` would merge): building that view cost more than
    /// the keystroke's edit.
    private static func scan(_ text: AttributedString, window range: Range<Int>) -> WindowContents {
        var contents = WindowContents()
        var previous: IngredientID?
        for run in text[window(range, in: text)].runs {
            if run.headingLevel == 1 { contents.hasHeading = true }
            if run.cookware != nil || run.timer != nil { contents.namesEquipment = true }
            if run[OccurrenceQuantityAttribute.self] != nil { contents.hasQuantities = true }
            let id = run.ingredient
            if let id, id != previous { contents.marks[id, default: 0] += 1 }
            previous = id
        }
        return contents
    }
}
