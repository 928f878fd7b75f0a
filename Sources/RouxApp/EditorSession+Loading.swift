import Foundation
import RecipeStorage
import Recipes
import RecipeFormats

/// A large file read a slice at a time between keystrokes.
extension EditorSession {
    public var isLoading: Bool { pendingLoad != nil }
    public var loadedFraction: Double { pendingLoad?.fractionLoaded ?? 1 }
    /// How much is loaded, as the status line says it.
    public var loadedPercent: Int { Int(loadedFraction * 100) }

    /// Reads the next slice (about `bytes`) and appends it. Loading is not an
    /// edit: an unchanged document stays unmodified. Returns problems found.
    @discardableResult
    public func loadMore(bytes: Int = 128 << 10) -> [String] {
        guard var load = pendingLoad else { return [] }
        let wasModified = isModified
        let listsBefore = recipe.ingredients
        let warningCount = load.warnings.count
        let hadFailed = load.failure != nil
        load.loadMore(maxBytes: bytes, into: &recipe)
        syncLayout()
        // What the panes show follows each slice while it is the last change:
        // otherwise the change since it was worked out would run from the
        // user's last keystroke to the end of the file, and the next
        // keystroke would re-read everything loaded since, a pause that grows with the file.
        index.update(to: recipe)
        pendingLoad = load.isComplete ? nil : load
        // Ingredients found at the end of a load (marks with no list entry)
        // belong to every state: undo must not take them off.
        let found = recipe.ingredients.filter { ingredient in !listsBefore.contains { $0.id == ingredient.id } }
        if !found.isEmpty {
            for (state, lists) in listsAtState {
                let missing = found.filter { ingredient in !lists.ingredients.contains { $0.id == ingredient.id } }
                listsAtState[state]?.ingredients = lists.ingredients + missing
            }
        }
        if !wasModified {
            savedIngredients = recipe.ingredients
            savedMetadata = recipe.metadata
        }
        var problems = load.warnings.dropFirst(warningCount).map(\.description)
        if !hadFailed, let failure = load.failure { problems.append(failure.description) }
        return problems
    }

    /// Whole-document commands (save) wait for the whole document.
    public func finishLoading() {
        while isLoading { loadMore(bytes: 4 << 20) }
    }

    /// Loads until the document has `paragraphs` paragraphs (or all there are).
    public func loadParagraphs(_ paragraphs: Int) {
        while isLoading, layout.paragraphCount < paragraphs { loadMore(bytes: 4 << 20) }
    }

    /// The lines around document paragraph `paragraph` (from 1; nil: the
    /// last), not read yet, as a session of their own to show while the
    /// text before them loads. Nil when that paragraph is read already.
    func preview(ofParagraph paragraph: Int?, linesBefore: Int, linesAfter: Int) -> (session: EditorSession, paragraph: Int)? {
        guard let load = pendingLoad else { return nil }
        // Paragraphs the user added (or removed) in what is loaded shift the
        // file's lines after it.
        let loaded = layout.paragraphCount
        let added = loaded - (load.nextLine - recipe.firstBodyLine)
        let line = paragraph.map { load.nextLine + ($0 - loaded - 1) }
        guard let preview = load.preview(ofLine: line, linesBefore: linesBefore, linesAfter: linesAfter, for: recipe) else { return nil }
        var shown = preview.recipe
        shown.firstBodyLine = preview.firstLine + added
        let session = EditorSession(recipe: shown, path: path, format: format, width: layout.configuration.width)
        return (session, preview.targetParagraph)
    }
}
