public import Foundation
public import RichText

extension Recipe {
    /// Adds the suggested ingredient (or finds the one with that name) and
    /// marks every occurrence of its name in one transform that leaves the
    /// selection where it was: whole words, any case, composed or decomposed
    /// accents, either apostrophe, regular plurals too ("egg" marks "eggs"),
    /// never inside a longer word, never over another ingredient's mark, never
    /// where the file cannot hold a mark (`holdsMarks`). Returns its ID, or
    /// nil, changing nothing, for a new ingredient with nowhere to mark it.
    @discardableResult
    public mutating func apply(_ suggestion: IngredientSuggestion) -> IngredientID? {
        guard var marking = marking(suggestion) else { return nil }
        marking.merge?.mergeAll()
        return apply(marking)
    }

    /// Marks new occurrences of every ingredient's name (typed since it was added).
    public mutating func rescan() {
        let version = document.version
        var added: [IngredientID: Int]? = [:]
        var carriesQuantities = false
        for ingredient in ingredients {
            let plan = markingPlan(for: ingredient.name)
            carriesQuantities = carriesQuantities || holdsQuantities(plan.free)
            let count = mark(ingredient.id, as: plan)
            if let count { added?[ingredient.id, default: 0] += count } else { added = nil }
        }
        lastMarking = added.map {
            MarkingReport(fromVersion: version, toVersion: document.version, added: $0, carriesQuantities: carriesQuantities)
        }
    }

    /// The index of the ingredient a name names (`IngredientName.key`: any
    /// case, plural, accents composed or not, either apostrophe).
    public func ingredient(named name: String) -> Int? {
        let key = IngredientName.key(name)
        return ingredients.firstIndex { IngredientName.key($0.name) == key }
    }

    /// Whether a run of the text can carry an ingredient's mark in the
    /// recipe's file: not in a line kept verbatim (code, HTML, a Cooklang
    /// comment or metadata line), not in an inline comment, and in Cooklang
    /// not in a note or a section heading, which hold no components (a mark
    /// there would change the comment's text or be lost on saving).
    func holdsMarks(_ run: AttributedString.Runs.Run) -> Bool {
        guard run.verbatimLine == nil, run.comment != true else { return false }
        return !keepsIngredientsOnMarks || (run.headingLevel == nil && run.blockQuote == nil)
    }

    /// What marking a name would do now: the occurrences it would mark, and
    /// whether one of them touches or overlaps a mark (new neighbours of the
    /// same ingredient may join into one run, which counts once).
    struct MarkingPlan {
        var free: [Range<Int>]
        var touchesMarks: Bool
    }

    func markingPlan(for name: String) -> MarkingPlan {
        let matches = Self.matches(of: name, inPiecesOf: document.text)
        guard !matches.isEmpty else { return MarkingPlan(free: [], touchesMarks: false) }
        let (marked, closed) = closedRanges(in: document.text)
        let free = Self.outside(closed, matches)
        return MarkingPlan(free: free, touchesMarks: Self.touchesAny(free, marked))
    }

    /// Where the text is marked (any ingredient), and where marking may not
    /// go (marks, and runs that hold none), as sorted UTF-8 ranges, the
    /// second merged. One walk over the runs reading the few keys concerned:
    /// a view of one key walks every run too, and a view of a paragraph key
    /// also scans the text for paragraph ends (each several times this walk
    /// on a long paragraph full of marks).
    private func closedRanges(in text: AttributedString) -> (marked: [Range<Int>], closed: [Range<Int>]) {
        var marked: [Range<Int>] = []
        var closed: [Range<Int>] = []
        for run in text.runs {
            let isMarked = run.ingredient != nil
            guard isMarked || !holdsMarks(run) else { continue }
            let range = text.utf8Offsets(of: run.range)
            if isMarked { marked.append(range) }
            if let last = closed.last, last.upperBound >= range.lowerBound {
                closed[closed.count - 1] = last.lowerBound ..< max(last.upperBound, range.upperBound)
            } else {
                closed.append(range)
            }
        }
        return (marked, closed)
    }

    /// `matches(of:in:)` over the text a piece of about a megabyte at a
    /// time, each cut after a line break (a name is in one line; a longer
    /// paragraph is one piece): the whole text as one String was a copy of
    /// a 20 MB book at the peak of Ctrl-E.
    static func matches(of name: String, inPiecesOf text: AttributedString, pieceBytes: Int = 1 << 20) -> [Range<Int>] {
        var result: [Range<Int>] = []
        let length = text.utf8.count
        var offset = 0
        while offset < length {
            var piece = String(text.characters[text.characterRange(atUTF8Offsets: offset ..< min(length, offset + pieceBytes))])
            var count = piece.utf8.count
            if offset + count < length {
                if let newline = piece.utf8.lastIndex(of: 0x0A) {
                    count = piece.utf8.distance(from: piece.utf8.startIndex, to: newline) + 1
                    piece = String(piece.utf8.prefix(count)) ?? piece
                } else {
                    // No line ends in a megabyte: the rest of the paragraph is read on.
                    piece = String(text.characters[text.characterRange(atUTF8Offsets: offset ..< length)])
                    count = piece.utf8.count
                }
            }
            // Guards against a piece that could not move on (it cannot be empty past the text's start).
            guard count > 0 else { break }
            result += matches(of: name, in: piece).map { $0.lowerBound + offset ..< $0.upperBound + offset }
            offset += count
        }
        return result
    }

    /// Where `name` occurs in `text` as marking sees it: whole words, any
    /// case, composed or decomposed, either apostrophe, and its plurals; a
    /// plural name ("choux", "eggs") finds its singular too.
    static func matches(of name: String, in text: String) -> [Range<Int>] {
        let found = TextSearch(name, caseInsensitive: true, wholeWords: true, plurals: true).matches(in: text)
        let words = name.split(separator: " ")
        guard let last = words.last else { return found }
        let singular = IngredientName.singular(String(last))
        guard singular != last, singular.count >= 2 else { return found }
        let singularName = (words.dropLast().map(String.init) + [singular]).joined(separator: " ")
        let more = TextSearch(singularName, caseInsensitive: true, wholeWords: true).matches(in: text)
        return more.isEmpty ? found : TextSearch.nonOverlapping(found + more)
    }

    /// Whether text in `ranges` (UTF-8 offsets) carries a quantity already.
    /// One walk of a view of the quantities, which yields only where they
    /// change (none in most recipes), not a view of each range: 150,000
    /// occurrences took most of Ctrl-E's search.
    func holdsQuantities(_ ranges: [Range<Int>]) -> Bool {
        let sorted = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        guard !sorted.isEmpty else { return false }
        let text = document.text
        var next = 0
        for (quantity, range) in text.runs[OccurrenceQuantityAttribute.self] where quantity != nil {
            let held = text.utf8Offsets(of: range)
            while next < sorted.count, sorted[next].upperBound <= held.lowerBound { next += 1 }
            if next < sorted.count, sorted[next].lowerBound < held.upperBound { return true }
        }
        return false
    }

    /// Marks the occurrences a plan found free; returns how many marks that
    /// adds, or nil when a new mark touches an old one.
    private mutating func mark(_ id: IngredientID, as plan: MarkingPlan) -> Int? {
        var attributes = AttributeContainer()
        attributes.ingredient = id
        document.addAttributes(attributes, toUTF8Offsets: plan.free)
        return plan.touchesMarks ? nil : plan.free.count
    }

    /// Whether a range of the sorted `ranges` touches or overlaps one of the
    /// sorted `others`, or the next of its own.
    static func touchesAny(_ ranges: [Range<Int>], _ others: [Range<Int>]) -> Bool {
        var next = 0
        for (index, range) in ranges.enumerated() {
            if index > 0, ranges[index - 1].upperBound >= range.lowerBound { return true }
            while next < others.count, others[next].upperBound < range.lowerBound { next += 1 }
            if next < others.count, others[next].lowerBound <= range.upperBound { return true }
        }
        return false
    }

    /// The sorted `matches` that overlap none of the sorted `marked` ranges.
    static func outside(_ marked: [Range<Int>], _ matches: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var next = 0
        for match in matches {
            while next < marked.count, marked[next].upperBound <= match.lowerBound { next += 1 }
            if next < marked.count, marked[next].lowerBound < match.upperBound { continue }
            result.append(match)
        }
        return result
    }

    /// Takes an ingredient out of the list and its marks out of the text.
    public mutating func removeIngredient(_ id: IngredientID) {
        ingredients.removeAll { $0.id == id }
        try? document.removeAttribute(IngredientAttribute.self, from: occurrences(of: id))
    }

    /// Renames an ingredient; its marks keep pointing at it by ID.
    public mutating func renameIngredient(_ id: IngredientID, to name: String) {
        guard let index = ingredients.firstIndex(where: { $0.id == id }) else { return }
        ingredients[index].name = name
    }

    /// Every marked occurrence, in text order, as ranges of the current text:
    /// select them all as one multi-range selection.
    public func occurrences(of id: IngredientID) -> [Range<AttributedString.Index>] {
        document.text.runs[\.ingredient].compactMap { value, range in value == id ? range : nil }
    }

    /// How many marks each ingredient has.
    public var occurrenceCounts: [IngredientID: Int] {
        var counts: [IngredientID: Int] = [:]
        for (value, _) in document.text.runs[\.ingredient] {
            if let value { counts[value, default: 0] += 1 }
        }
        return counts
    }

    /// The quantity to show for an ingredient: its quantities (the marks'
    /// in Cooklang, else the list's) added up (`@oil{1%tbsp}` … `@oil{2%tbsp}`: 3 tbsp).
    public func shownQuantity(of ingredient: Ingredient) -> Quantity? {
        Quantity.combinedTotal(quantities(of: ingredient))
    }

    /// The same from the quantities already read off the ingredient's marks.
    public static func shownQuantity(listed: Quantity?, onMarks: [Quantity]) -> Quantity? {
        onMarks.isEmpty ? listed : Quantity.combinedTotal(onMarks)
    }

    /// The quantities on each ingredient's marks, in text order. A view of
    /// the quantities, not of the marks: most marks carry none, and a view
    /// costs little for each run it passes over but much for each it yields.
    public var markQuantities: [IngredientID: [Quantity]] {
        let text = document.text
        var result: [IngredientID: [Quantity]] = [:]
        for (quantity, range) in text.runs[OccurrenceQuantityAttribute.self] {
            guard let quantity else { continue }
            // Two marks side by side may carry equal quantities in one run.
            for (id, _) in text[range].runs[\.ingredient] {
                if let id { result[id, default: []].append(quantity) }
            }
        }
        return result
    }
}

extension Recipe {
    /// An ingredient's note where `updateIngredient` keeps it: in Cooklang on
    /// its first mark with a quantity (else its first mark), else in the list.
    public func shownNote(of ingredient: Ingredient) -> String? {
        guard keepsIngredientsOnMarks else { return ingredient.note }
        let marks = occurrences(of: ingredient.id)
        guard let first = marks.first(where: { document.text[$0][OccurrenceQuantityAttribute.self] != nil }) ?? marks.first
        else { return ingredient.note }
        return document.text[first][OccurrenceNoteAttribute.self]
    }

    /// Sets an ingredient's name (the marks keep pointing at it by ID; the
    /// text is not renamed), quantity and note. The quantity goes where the
    /// recipe keeps it: the list's entry in Markdown, unless its marks carry
    /// quantities (as a Cooklang recipe's always do). There, a changed total
    /// is shared out as the marks had it (1 1/2 tsp + 1/2 tsp set to 3 tsp:
    /// 2 1/4 tsp + 3/4 tsp); a total in another unit or not a number goes on
    /// the first mark and the others' are taken off. A total left as shown
    /// changes no mark. A Cooklang note goes on that first mark.
    /// Returns the ingredient's ID after it (a Cooklang ingredient renamed is another one).
    @discardableResult
    public mutating func updateIngredient(_ id: IngredientID, name: String, quantity: Quantity?, note: String?) -> IngredientID {
        guard var index = ingredients.firstIndex(where: { $0.id == id }) else { return id }
        var id = id
        if keepsIngredientsOnMarks, ingredients[index].name != name {
            id = renameMarks(of: id, to: name)
            index = ingredients.firstIndex(where: { $0.id == id }) ?? index
        }
        ingredients[index].name = name
        let marks = occurrences(of: id)
        let marked = marks.filter { document.text[$0][OccurrenceQuantityAttribute.self] != nil }
        guard keepsIngredientsOnMarks || !marked.isEmpty else {
            ingredients[index].quantity = quantity
            ingredients[index].note = note
            return id
        }
        let shown = shownQuantity(of: ingredients[index])
        let offsets = marks.map { document.text.utf8Offsets(of: $0) }
        let markedOffsets = marked.map { document.text.utf8Offsets(of: $0) }
        let mark = document.undoGroupMark
        if quantity?.description != shown?.description {
            if markedOffsets.count > 1, let factor = Self.factor(from: shown, to: quantity) {
                for range in markedOffsets {
                    let old = document.text[document.text.characterRange(atUTF8Offsets: range)][OccurrenceQuantityAttribute.self]
                    setMarkAttribute(OccurrenceQuantityAttribute.self, to: old?.scaled(by: factor), at: range)
                }
            } else if let first = markedOffsets.first ?? offsets.first {
                setMarkAttribute(OccurrenceQuantityAttribute.self, to: quantity, at: first)
                for range in markedOffsets.dropFirst() { setMarkAttribute(OccurrenceQuantityAttribute.self, to: nil, at: range) }
            }
        }
        if keepsIngredientsOnMarks, let first = markedOffsets.first ?? offsets.first,
           document.text[document.text.characterRange(atUTF8Offsets: first)][OccurrenceNoteAttribute.self] != note {
            setMarkAttribute(OccurrenceNoteAttribute.self, to: note, at: first)
        }
        document.groupUndo(since: mark)
        if keepsIngredientsOnMarks {
            ingredients[index].quantity = nil
            ingredients[index].quantity = Quantity.combinedTotal(quantities(of: ingredients[index]))
        } else if ingredients[index].quantity != nil {
            // A Markdown list entry that also gives a quantity says the new
            // total, not the old one beside the marks' new ones.
            ingredients[index].quantity = quantity
        }
        ingredients[index].note = note
        return id
    }

    private mutating func setMarkAttribute<Key: AttributedStringKey>(_ key: Key.Type, to value: Key.Value?, at offsets: Range<Int>)
        where Key.Value: Sendable {
        try? document.removeAttribute(key, from: [document.text.characterRange(atUTF8Offsets: offsets)])
        guard let value else { return }
        var attributes = AttributeContainer()
        attributes[key] = value
        document.addAttributes(attributes, toUTF8Offsets: [offsets])
    }

    /// How many times `old` the quantity `new` is, when both are one number
    /// (or range) of one dimension or unit: nil otherwise.
    static func factor(from old: Quantity?, to new: Quantity?, units: UnitTable = .standard) -> Double? {
        guard let old = old?.measured(units: units), let new = new?.measured(units: units),
              let before = old.numbers, let after = new.numbers, before.high > 0,
              Quantity.groupKey(of: old, units: units) == Quantity.groupKey(of: new, units: units) else { return nil }
        let worth = { (quantity: Quantity) in quantity.unit.flatMap(units.unit(named:))?.inBase ?? 1 }
        let factor = after.high * worth(new) / (before.high * worth(old))
        return factor.isFinite && factor > 0 ? factor : nil
    }
}
