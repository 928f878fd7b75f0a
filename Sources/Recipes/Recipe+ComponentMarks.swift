public import Foundation
import RichText

extension Recipe {
    /// In Cooklang a mark is the component itself: `@poitrine de
    /// poulet{500%g}` with a letter changed is still that ingredient with
    /// its quantity and note, not plain text (the mark's invalidation took
    /// the quantity and the note off with it, and the save lost them); the
    /// same for cookware (`#pot{}` typed over is `#pan{}`) and a timer,
    /// whose text is its duration (`~{20%minutes}` typed over is
    /// `~{35%minutes}`). So an
    /// edit inside one mark, reaching neither past its ends nor over all of
    /// it, that took the mark off, puts it back over the edited text with
    /// what it carried; the writer names it by an alias where its text no
    /// longer names the ingredient (`@poitrine de poulet|poitrine de
    /// poule{500%g}`). `before`: the text at `version`, before the edit.
    /// `typingOnAt`: where the last such edit left a component's end (what
    /// it returns): text typed there goes into the component, so the word
    /// typed over `oil` in `@olive oil` is all in it; anywhere else text
    /// typed at a component's end stays outside it. `replacing`: the
    /// range the edit replaced when it was selected (typing over a
    /// selection, a find-and-replace match): one that is a whole mark puts
    /// the mark on its replacement (`flour` replaced by `spelt flour` is
    /// `@spelt flour{500%g}`), where the text alone cannot tell the
    /// replacement from typing at the mark's start.
    @discardableResult
    public mutating func keepComponentMark(editedFrom before: AttributedString, since version: Int, typingOnAt end: Int? = nil,
                                           replacing selected: Range<Int>? = nil) -> Int? {
        guard keepsIngredientsOnMarks, let change = document.change(since: version), change.oldRange.count <= Self.componentEditWindow,
              change.newRange.count <= Self.componentEditWindow,
              change.oldRange.upperBound <= before.utf8.count, change.newRange.upperBound <= document.text.utf8.count,
              let (edited, delta) = Self.textEdit(from: before, to: document.text, within: change) else { return nil }
        let continues = edited.isEmpty && edited.lowerBound == end && edited.lowerBound > 0
        let probe = continues ? edited.lowerBound - 1 : edited.lowerBound
        guard probe < before.utf8.count else { return nil }
        let run = before.runs[before.utf8.index(before.startIndex, offsetBy: probe)]
        guard run.ingredient != nil || run.cookware != nil || run.timer != nil else { return nil }
        let mark = before.utf8Offsets(of: run.range)
        let replacesMark = selected == mark && mark.lowerBound <= edited.lowerBound && edited.upperBound <= mark.upperBound
        let isInside = continues ? mark.upperBound == edited.lowerBound
            : replacesMark || mark.lowerBound <= edited.lowerBound && edited.upperBound <= mark.upperBound
                && edited != mark && !(edited.isEmpty && edited.lowerBound == mark.lowerBound)
        // An edit from inside a mark to past its end may take more than the mark.
        guard isInside, mark.upperBound + delta > mark.lowerBound else { return nil }
        let now = mark.lowerBound ..< mark.upperBound + delta
        let text = document.text
        guard now.upperBound <= text.utf8.count else { return nil }
        let range = text.characterRange(atUTF8Offsets: now)
        let slice = text[range]
        // What is put back under the mark carries no other mark (the mark
        // itself still does where the typing goes on after it).
        let added = continues ? text[text.characterRange(atUTF8Offsets: edited.lowerBound ..< edited.lowerBound + delta)] : slice
        guard !String(slice.characters).contains(where: \.isNewline),
              added.runs.allSatisfy({ $0.ingredient == nil && $0.cookware == nil && $0.timer == nil }) else { return nil }
        let oldText = String(before[before.characterRange(atUTF8Offsets: mark)].characters)
        let attributes = Self.component(run, shownAs: oldText, now: String(slice.characters))
        document.addAttributes(attributes, toUTF8Offsets: [now])
        if let id = run.ingredient, let renamed = attributes.ingredient, renamed != id {
            moveMark(from: id, to: renamed, named: Self.cooklangName(String(slice.characters)))
        }
        // Typing on over a replaced name goes into it (`r`, `ry`, `rye`).
        return replacesMark || edited.upperBound == mark.upperBound ? now.upperBound : nil
    }

    /// What a component whose text was `oldText` says with `newText`.
    /// Text that named it renames it: the component is what the recipe calls
    /// it (`@arborio rice` typed over is `@carnaroli rice`, not an alias of
    /// arborio); a component shown under an alias keeps its name. A timer's
    /// text is its duration, so the new text is its new duration.
    private static func component(_ run: AttributedString.Runs.Run, shownAs oldText: String, now newText: String) -> AttributeContainer {
        let newName = cooklangName(newText)
        var attributes = AttributeContainer()
        var quantity = run[OccurrenceQuantityAttribute.self]
        if let id = run.ingredient {
            let renamed = IngredientID(Slug.make(newName))
            attributes.ingredient = IngredientID(Slug.make(oldText)) == id && !Slug.make(newName).isEmpty ? renamed : id
        } else if let name = run.cookware {
            attributes.cookware = cooklangName(oldText) == name && !newName.isEmpty ? newName : name
        } else if let name = run.timer {
            if let old = quantity {
                quantity = duration(shownAs: newName, was: old)
                attributes.timer = name
            } else {
                // A timer without a duration shows its name.
                attributes.timer = newName.isEmpty ? name : newName
            }
        }
        attributes[OccurrenceQuantityAttribute.self] = quantity
        attributes[OccurrenceNoteAttribute.self] = run[OccurrenceNoteAttribute.self]
        return attributes
    }

    /// A timer's duration read back from its edited text: the unit it had
    /// stays while the text still ends with it (`25 minutes`); else a unit
    /// after the number is the new one (`1 hour`).
    private static func duration(shownAs text: String, was old: Quantity) -> Quantity {
        var result = old
        if let unit = old.unit, text == unit || text.hasSuffix(" " + unit) {
            result.amount = String(text.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
        } else if let (amount, rest) = Quantity.amountPrefix(of: Substring(text)) {
            let unit = rest.trimmingCharacters(in: .whitespaces)
            result.amount = amount
            result.unit = unit.isEmpty ? nil : unit
        } else {
            result.amount = text
            result.unit = nil
        }
        return result
    }

    /// In Cooklang an ingredient's name is the text of its marks: renamed
    /// (the ingredient form), each mark that said the old name says the new
    /// one (`@flour{200%g}` is `@bread flour{200%g}`), with its quantity
    /// and note; a mark shown by another word (an alias: `@white wine|wine`)
    /// keeps its text, now for the new name. The list's entry follows.
    /// Returns the ingredient's new ID.
    mutating func renameMarks(of id: IngredientID, to name: String) -> IngredientID {
        let renamed = IngredientID(Slug.make(name))
        // From the last, so the ranges before stay where they are.
        for range in occurrences(of: id).map({ document.text.utf8Offsets(of: $0) }).reversed() {
            let mark = document.text[document.text.characterRange(atUTF8Offsets: range)]
            var attributes = AttributeContainer()
            attributes.ingredient = renamed
            attributes[OccurrenceQuantityAttribute.self] = mark.runs.first?[OccurrenceQuantityAttribute.self]
            attributes[OccurrenceNoteAttribute.self] = mark.runs.first?[OccurrenceNoteAttribute.self]
            let shown = String(mark.characters)
            var now = range
            if IngredientID(Slug.make(shown)) == id, shown != name {
                try? document.replace(document.text.characterRange(atUTF8Offsets: range), with: name)
                now = range.lowerBound ..< range.lowerBound + name.utf8.count
            }
            document.addAttributes(attributes, toUTF8Offsets: [now])
        }
        if let index = ingredients.firstIndex(where: { $0.id == id }) {
            ingredients[index].id = renamed
            ingredients[index].name = name
        }
        return renamed
    }

    /// A name as Cooklang reads it: trimmed, runs of spaces as one.
    private static func cooklangName(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The list follows a mark moved to another ingredient: the new one is
    /// listed where the old one was (unless listed already), the old one goes
    /// when no mark is left on it, and both totals are the marks' again.
    private mutating func moveMark(from old: IngredientID, to new: IngredientID, named name: String) {
        let place = ingredients.firstIndex { $0.id == old } ?? ingredients.endIndex
        if !ingredients.contains(where: { $0.id == new }) {
            ingredients.insert(Ingredient(id: new, name: name), at: place)
        }
        if occurrences(of: old).isEmpty { ingredients.removeAll { $0.id == old } }
        for index in ingredients.indices where ingredients[index].id == old || ingredients[index].id == new {
            ingredients[index].quantity = nil
            ingredients[index].quantity = Quantity.combinedTotal(quantities(of: ingredients[index]))
        }
    }

    /// Longer changes are no edit inside one component.
    private static let componentEditWindow = 4096

    /// The bytes whose text an edit changed (its change also covers the
    /// attributes it dropped: a whole invalidated mark), and how many bytes
    /// it added: what differs between the two windows' text.
    private static func textEdit(from before: AttributedString, to after: AttributedString,
                                 within change: TextChange) -> (edited: Range<Int>, delta: Int)? {
        let old = Array(String(before[before.characterRange(atUTF8Offsets: change.oldRange)].characters).utf8)
        let new = Array(String(after[after.characterRange(atUTF8Offsets: change.newRange)].characters).utf8)
        guard old.count == change.oldRange.count, new.count == change.newRange.count, old != new else { return nil }
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        return (change.oldRange.lowerBound + prefix ..< change.oldRange.upperBound - suffix, new.count - old.count)
    }
}
