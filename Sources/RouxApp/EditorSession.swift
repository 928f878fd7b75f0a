import Foundation
public import Recipes
public import RichText
public import TextLayout

/// One open recipe in the editor: the recipe and its file, the layout of its
/// text for the editor pane, and the caret state the document does not hold
/// (affinity at a wrap point, the goal column of vertical moves, the visual
/// anchor of a Shift selection, the scroll position).
public final class EditorSession {
    public private(set) var recipe: Recipe
    public private(set) var path: String?
    public private(set) var format: RecipeFormat
    public let layout: TextLayoutManager
    public var top = LinePosition(paragraph: 0, line: 0)
    /// Ingredients ticked off while cooking.
    public var checked: Set<IngredientID> = []

    private var fingerprint: FileFingerprint?
    private var savingIsLossy: Bool
    private var layoutVersion: Int
    private var savedVersion: Int
    private var savedIngredients: [Ingredient]
    private var savedMetadata: RecipeMetadata
    var caretIsUpstream = false
    var goalColumn: Int?
    /// Where a Shift selection started, as a caret, so it can be re-found on screen.
    var visualAnchor: CaretPosition?

    public init(recipe: Recipe, path: String?, format: RecipeFormat = .markdown, fingerprint: FileFingerprint? = nil,
                savingIsLossy: Bool = false, width: Int = 80) {
        self.recipe = recipe
        self.path = path
        self.format = format
        self.fingerprint = fingerprint
        self.savingIsLossy = savingIsLossy
        layout = TextLayoutManager(text: recipe.document.text, configuration: LayoutConfiguration(width: width))
        layoutVersion = recipe.document.version
        savedVersion = recipe.document.version
        savedIngredients = recipe.ingredients
        savedMetadata = recipe.metadata
    }

    public convenience init(opened: RecipeFiles.Opened, width: Int = 80) {
        self.init(recipe: opened.recipe, path: opened.path, format: opened.format, fingerprint: opened.fingerprint,
                  savingIsLossy: opened.savingIsLossy, width: width)
        pendingLoad = opened.pendingLoad
    }

    // MARK: Loading a large file

    /// The rest of a large file, read in slices between keystrokes.
    private var pendingLoad: ProgressiveRecipeLoad?

    public var isLoading: Bool { pendingLoad != nil }
    public var loadedFraction: Double { pendingLoad?.fractionLoaded ?? 1 }

    /// Reads the next slice (about `bytes`) and appends it. Loading is not an
    /// edit: an unchanged document stays unmodified. Returns problems found.
    @discardableResult
    public func loadMore(bytes: Int = 128 << 10) -> [String] {
        guard var load = pendingLoad else { return [] }
        let wasModified = isModified
        let errorCount = load.errors.count
        load.loadMore(maxBytes: bytes, into: &recipe)
        syncLayout()
        pendingLoad = load.isComplete ? nil : load
        if !wasModified {
            savedVersion = recipe.document.version
            savedIngredients = recipe.ingredients
            savedMetadata = recipe.metadata
        }
        return load.errors.dropFirst(errorCount).map { $0.description + " (kept as plain text)" }
    }

    /// Whole-document commands (save) wait for the whole document.
    public func finishLoading() {
        while isLoading { loadMore(bytes: 4 << 20) }
    }

    public var document: RichTextDocument { recipe.document }

    public var isModified: Bool {
        recipe.document.version != savedVersion || recipe.ingredients != savedIngredients || recipe.metadata != savedMetadata
    }

    /// Changes the recipe, then brings the layout up to date with what changed.
    public func edit(_ change: (inout Recipe) -> Void) {
        change(&recipe)
        syncLayout()
    }

    func syncLayout() {
        let version = recipe.document.version
        guard version != layoutVersion else { return }
        layout.apply(recipe.document.text, change: recipe.document.change(since: layoutVersion))
        layoutVersion = version
    }

    public func setWidth(_ width: Int) {
        layout.setConfiguration(LayoutConfiguration(width: width, wraps: layout.configuration.wraps,
                                                    tabWidth: layout.configuration.tabWidth))
        top = layout.clamped(top)
    }

    // MARK: Caret

    /// The primary caret (the head of the primary range) as the layout sees it.
    public var caret: CaretPosition {
        let text = recipe.document.text
        return CaretPosition(offset: text.utf8Offset(of: recipe.document.selection.primary.head), isUpstream: caretIsUpstream)
    }

    /// Moves the caret; with `extending`, the selection grows from its anchor
    /// to the new place, visually (in bidi text that may be several ranges).
    func moveCaret(to target: CaretPosition, extending: Bool, keepGoalColumn: Bool = false) {
        if !keepGoalColumn { goalColumn = nil }
        let text = recipe.document.text
        if extending {
            let anchor = visualAnchor ?? caret
            visualAnchor = anchor
            caretIsUpstream = target.isUpstream
            select(from: anchor, to: target)
        } else {
            visualAnchor = nil
            caretIsUpstream = target.isUpstream
            try? recipe.document.select(TextSelection(caret: text.characterIndex(atUTF8Offset: target.offset)))
        }
    }

    /// Selects what looks contiguous between two carets on screen.
    func select(from anchor: CaretPosition, to head: CaretPosition) {
        let text = recipe.document.text
        let start = (line: layout.linePosition(of: anchor), column: layout.column(of: anchor))
        let end = (line: layout.linePosition(of: head), column: layout.column(of: head))
        var ranges = layout.logicalRanges(from: start, to: end)
        if ranges.isEmpty { ranges = [min(anchor.offset, head.offset) ..< max(anchor.offset, head.offset)] }
        let backward = (end.line, end.column) < (start.line, start.column)
        var selectionRanges = ranges.map { range in
            TextSelection.Range(anchor: text.characterIndex(atUTF8Offset: backward ? range.upperBound : range.lowerBound),
                                head: text.characterIndex(atUTF8Offset: backward ? range.lowerBound : range.upperBound))
        }
        if selectionRanges.isEmpty { selectionRanges = [.caret(text.characterIndex(atUTF8Offset: head.offset))] }
        // The primary range is the one the head is in (or touches).
        let primary = ranges.firstIndex { $0.lowerBound <= head.offset && head.offset <= $0.upperBound } ?? ranges.count - 1
        try? recipe.document.select(TextSelection(ranges: selectionRanges, primary: max(0, primary)))
        // Keep the drawn caret where the head is.
        caretHead = head
    }

    /// Where the caret is drawn while a visual selection is shown.
    var caretHead: CaretPosition?

    /// The caret to draw: the visual head during a Shift selection.
    public var drawnCaret: CaretPosition {
        if visualAnchor != nil, let caretHead { return caretHead }
        return caret
    }

    // MARK: Saving

    public enum SaveOutcome: Equatable {
        case saved(dropped: [String])
        case conflict
        case needsConsent
        case failed(String)
        case noPath
    }

    /// Saves to the file it came from, atomically; refuses on conflict or
    /// when invalid UTF-8 would be replaced, unless `force`.
    public func save(force: Bool = false) -> SaveOutcome {
        guard let path else { return .noPath }
        finishLoading()
        do {
            let (newFingerprint, dropped) = try RecipeFiles.save(
                recipe, as: format, to: path, expected: fingerprint, checkConflicts: !force,
                allowLossy: force, lossy: savingIsLossy)
            fingerprint = newFingerprint
            savingIsLossy = false
            savedVersion = recipe.document.version
            savedIngredients = recipe.ingredients
            savedMetadata = recipe.metadata
            return .saved(dropped: dropped)
        } catch {
            switch error {
            case .conflict: return .conflict
            case .needsConsent: return .needsConsent
            case .failed(let failure): return .failed(failure.description)
            }
        }
    }

    /// The file's text as it would be saved now, for the recovery file.
    public var unsavedContents: String {
        finishLoading()
        return RecipeFiles.serialize(recipe, as: format).text
    }
}
