import Foundation
public import RecipeStorage
public import Recipes

/// A recipe's ingredients with each recipe it references read in the
/// reference's place, scaled as the reference says, recursively: what
/// `shopping-list`, `ingredients` and the exports list. A reference path is
/// relative to the file that writes it (then to the folder of the recipe
/// the expansion started from, then to each folder above the file: a
/// collection's root, where CookCLI looks). A reference that leads
/// back up its own chain is not followed (a warning names the chain); a
/// recipe two others reference is counted for each.
public struct ReferenceExpansion: Sendable {
    /// One entry of the recipe's list; a reference read carries the
    /// referenced recipe's own entries.
    public struct Entry: Sendable {
        public var ingredient: Ingredient
        /// Each mark's (or the list's) quantity, scaled.
        public var quantities: [Quantity]
        /// How many marks name it (1 for each reference).
        public var occurrences: Int
        /// Set for a reference whose recipe was read.
        public var recipe: ReferencedRecipe?

        /// The quantities added where they can be, as the inspector shows them.
        public var shownQuantity: Quantity? { Quantity.combinedTotal(quantities) }
    }

    public struct ReferencedRecipe: Sendable {
        /// The file read.
        public var path: String
        /// Times the referenced recipe's own quantities.
        public var factor: Double
        public var entries: [Entry]
    }

    public var entries: [Entry]
    /// A reference that could not be followed (no such file, a file that
    /// cannot be read, a quantity that cannot scale it), located at the mark.
    public var errors: [RecipeFileError] = []
    /// A reference that leads back to a recipe being expanded.
    public var warnings: [RecipeFileError] = []
    /// What a selection names under a recipe that the recipe does not
    /// reference (a list written before the recipe changed): not counted.
    public var unmatched: [(listed: String, recipe: String)] = []

    /// The leaves as a shopping list takes them.
    public var shoppingLines: [ShoppingList.Line] {
        leaves.map { ShoppingList.Line(name: $0.ingredient.name, quantities: $0.quantities) }
    }

    /// Every ingredient that is not itself an expanded reference, with
    /// the chain of references it came through (`["sauce"]`).
    public var leaves: [(ingredient: Ingredient, quantities: [Quantity], via: [String])] {
        var result: [(Ingredient, [Quantity], [String])] = []
        func walk(_ entries: [Entry], _ via: [String]) {
            for entry in entries {
                if let recipe = entry.recipe {
                    walk(recipe.entries, via + [entry.ingredient.name])
                } else {
                    result.append((entry.ingredient, entry.quantities, via))
                }
            }
        }
        walk(entries, [])
        return result
    }

    /// Opens a referenced file; the default reads it as `roux` does.
    public typealias Opener = @Sendable (String) throws(RecipeLoadFailure) -> Recipe

    public static let openFile: Opener = { path throws(RecipeLoadFailure) in
        try RecipeFiles.open(path: path).recipe.readingIngredientLists()
    }

    /// No expansion reads more recipes than this (each reference of each
    /// referenced recipe counts): a collection of recipes each referencing
    /// the next twice would otherwise double the work at every level.
    public static let recipeLimit = 5000

    /// `recipe`, read from `path`, times `factor`, following the references
    /// `selection` names.
    public init(of recipe: Recipe, at path: String, factor: Double = 1, following selection: ReferenceSelection = .all,
                units: UnitTable = .standard, open: @escaping Opener = openFile) {
        var walker = Walker(root: (path as NSString).deletingLastPathComponent, units: units, open: open)
        entries = walker.entries(of: recipe, at: path, factor: factor, selection: selection, chain: [Walker.identity(of: path)])
        errors = walker.errors
        warnings = walker.warnings
        unmatched = walker.unmatched
    }

    /// The files of the recipes read for the references, each once (by
    /// `identity`), in the order they were first read.
    public var referencedFiles: [String] {
        var seen = Set<String>()
        var files: [String] = []
        func walk(_ entries: [Entry]) {
            for case let recipe? in entries.map(\.recipe) {
                if seen.insert(Self.identity(of: recipe.path)).inserted { files.append(recipe.path) }
                walk(recipe.entries)
            }
        }
        walk(entries)
        return files
    }

    /// A file as one name, links and `..` resolved: `./pasta.cook` and
    /// `pasta.cook` are one file.
    public static func identity(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    private struct Walker {
        let root: String
        let units: UnitTable
        let open: Opener
        var cache: [String: Result<Recipe, RecipeLoadFailure>] = [:]
        var read = 0
        var errors: [RecipeFileError] = []
        var warnings: [RecipeFileError] = []
        var unmatched: [(listed: String, recipe: String)] = []

        init(root: String, units: UnitTable, open: @escaping Opener) {
            self.root = root
            self.units = units
            self.open = open
        }

        /// A file as one name, to recognise a chain.
        static func identity(of path: String) -> String { ReferenceExpansion.identity(of: path) }

        mutating func entries(of recipe: Recipe, at path: String, factor: Double, selection: ReferenceSelection,
                              chain: [String]) -> [Entry] {
            // Not followed, a reference is an item of its own, as any ingredient.
            let references = selection == .none ? [:] : Dictionary(grouping: recipe.references, by: \.ingredientID)
            var entries: [Entry] = []
            let counts = recipe.occurrenceCounts
            var matched: Set<Int> = []
            for (ingredient, given) in zip(recipe.ingredients, recipe.quantitiesOfEachIngredient) {
                guard let marks = references[ingredient.id] else {
                    entries.append(Entry(ingredient: ingredient, quantities: given.map { $0.scaled(by: factor, units: units) },
                                         occurrences: counts[ingredient.id] ?? 0))
                    continue
                }
                for reference in marks {
                    let quantities = reference.quantity.map { [$0.scaled(by: factor, units: units)] } ?? []
                    var then = ReferenceSelection.all
                    if case let .only(followed) = selection {
                        let file = self.file(for: reference, at: path)
                        // A reference the selection leaves out is not on the list at all.
                        guard let index = followed.firstIndex(where: { $0.names(reference, file: file) }) else { continue }
                        matched.insert(index)
                        then = followed[index].then
                    }
                    // A reference back up the chain is left out: its recipe is already counted.
                    guard let read = referenced(reference, from: recipe, at: path, factor: factor, selection: then, chain: chain) else {
                        continue
                    }
                    entries.append(Entry(ingredient: ingredient, quantities: quantities, occurrences: 1, recipe: read))
                }
            }
            if case let .only(followed) = selection {
                for (index, listed) in followed.enumerated() where !matched.contains(index) {
                    unmatched.append((listed.path, path))
                }
            }
            return entries
        }

        /// The file a reference names: beside the recipe that writes it, else
        /// in the folder the expansion started from, else in a folder above
        /// the recipe that writes it (the collection's root).
        private func file(for reference: RecipeReference, at path: String) -> String? {
            RecipeReference.file(for: reference.path, from: (path as NSString).deletingLastPathComponent, then: [root])
        }

        /// The referenced recipe, `.some(nil)` when it cannot be read (the
        /// reference then stays an item, as written), nil for a cycle.
        private mutating func referenced(_ reference: RecipeReference, from recipe: Recipe, at path: String, factor: Double,
                                         selection: ReferenceSelection, chain: [String]) -> ReferencedRecipe?? {
            guard let file = file(for: reference, at: path) else {
                errors.append(problem(reference, in: recipe, at: path, "\(reference.source): no recipe \(reference.path) "
                    + "(looked for \(RecipeReference.lookedFor(reference.path)) beside \(PathText.shown(path)) and in the folders above it)"))
                return .some(nil)
            }
            let identity = Self.identity(of: file)
            if let start = chain.firstIndex(of: identity) {
                let names = (chain[start...] + [identity]).map { ($0 as NSString).lastPathComponent }
                warnings.append(problem(reference, in: recipe, at: path, "\(reference.source): a circular reference ("
                    + names.joined(separator: " → ") + "); not followed, its ingredients are counted once"))
                return .none
            }
            read += 1
            guard read <= ReferenceExpansion.recipeLimit else {
                if read == ReferenceExpansion.recipeLimit + 1 {
                    errors.append(problem(reference, in: recipe, at: path, "more than \(ReferenceExpansion.recipeLimit) "
                        + "referenced recipes to read; the rest are not followed"))
                }
                return .some(nil)
            }
            let result = cache[identity] ?? Result { () throws(RecipeLoadFailure) in try open(file) }
            cache[identity] = result
            let opened: Recipe
            switch result {
            case .success(let recipe): opened = recipe
            case .failure(let failure):
                errors.append(problem(reference, in: recipe, at: path, "\(reference.source): \(PathText.shown(file)) cannot be read"))
                // The file's own problems once, however many recipes reference it.
                if !errors.contains(where: { failure.errors.contains($0) }) { errors += failure.errors }
                return .some(nil)
            }
            switch ReferenceScale.factor(of: reference.quantity, parentFactor: factor, for: opened, units: units) {
            case .success(let own):
                return ReferencedRecipe(path: file, factor: own,
                                        entries: entries(of: opened, at: file, factor: own, selection: selection,
                                                                 chain: chain + [identity]))
            case .failure(let why):
                errors.append(problem(reference, in: recipe, at: path, "\(reference.source): \(why); "
                    + "its quantities are taken as written"))
                return ReferencedRecipe(path: file, factor: factor,
                                        entries: entries(of: opened, at: file, factor: factor, selection: selection,
                                                                 chain: chain + [identity]))
            }
        }

        private func problem(_ reference: RecipeReference, in recipe: Recipe, at path: String, _ message: String) -> RecipeFileError {
            let (line, column) = ReferenceScale.location(of: reference, in: recipe, at: path)
            return RecipeFileError(path: path, line: line, column: column, message: message)
        }
    }
}
