public import Foundation
public import RichText

extension Recipe {
    /// Marks the name of each item not marked yet, as Ctrl-E would, with the
    /// item's quantity and note; longer names first, so "brown sugar" is
    /// marked before "sugar" could take its second word. One undo step.
    /// Returns the names of the items that were marked, in list order.
    @discardableResult
    public mutating func markIngredientItems(_ items: [IngredientListItem]) -> [String] {
        let undoMark = document.undoGroupMark
        let listed = ingredients.count
        var marked = Set<String>()
        let unmarked = items.filter { !$0.isMarked }
        for item in unmarked.sorted(by: { $0.line.name.count > $1.line.name.count }) where apply(item.line.suggestion) != nil {
            marked.insert(item.line.name)
        }
        // The new ingredients in the list's order, not the marking's.
        let order = Dictionary(unmarked.enumerated().map { ($1.line.name, $0) }) { first, _ in first }
        ingredients[listed...].sort { order[$0.name, default: .max] < order[$1.name, default: .max] }
        document.groupUndo(since: undoMark)
        return unmarked.map(\.line.name).filter { marked.contains($0) }
    }

    /// The recipe as the command line reads it (`roux ingredients`,
    /// `shopping-list`, `export`, `import`): a recipe with no ingredient,
    /// none listed and none marked, has the items of its ingredient lists
    /// (`ingredientLists`) marked with their quantities and notes, as "Mark
    /// the ingredient list" marks one; any other recipe is read as it is.
    /// With `asComponents`, for a conversion to Cooklang, each item's text
    /// becomes its name alone, the quantity and note going on its mark
    /// (`@flour{200%g}`, not `200 g @flour{200%g}`).
    public func readingIngredientLists(asComponents: Bool = false) -> Recipe {
        guard ingredients.isEmpty else { return self }
        let lists = ingredientLists()
        guard !lists.isEmpty else { return self }
        var recipe = self
        let items = lists.flatMap { $0 }
        if asComponents {
            // From the last item up, so the offsets before stay right; the
            // name's own characters stay, with the paragraph's attributes.
            for item in items.reversed() {
                let line = item.line.text
                let nameStart = item.offsets.lowerBound + line.utf8.distance(from: line.startIndex, to: item.line.nameRange.lowerBound)
                let nameEnd = item.offsets.lowerBound + line.utf8.distance(from: line.startIndex, to: item.line.nameRange.upperBound)
                for cut in [nameEnd ..< item.offsets.upperBound, item.offsets.lowerBound ..< nameStart] where !cut.isEmpty {
                    try? recipe.document.replace(recipe.document.text.characterRange(atUTF8Offsets: cut), with: "")
                }
            }
        }
        recipe.markIngredientItems(items)
        return recipe
    }
}
