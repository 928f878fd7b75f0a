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
    /// The text pane's state for this recipe: its scroll, goal column, anchor and rows.
    public var pane = TextPane()
    /// Ingredients ticked off while cooking (kept per recipe in the state
    /// folder by the controller; part of the undo snapshot).
    public internal(set) var checked: Set<IngredientID> = []
    /// The quantities on screen are the recipe's times this (cooking for
    /// more or fewer); the file keeps its own until the scale is applied.
    public var viewScale: Double = 1

    /// The file as it was read or last saved: a save that finds it otherwise asks.
    public private(set) var fingerprint: FileFingerprint?
    private var savingIsLossy: Bool
    private var layoutVersion: Int
    /// The document's `editState` when last saved (or opened).
    private var savedEditState: Int
    private var savedIngredients: [Ingredient]
    private var savedMetadata: RecipeMetadata

    /// The file may not be written by this user, or has no write permission
    /// at all (root can write it, but the file says it is not to be):
    /// saving asks first.
    public private(set) var isReadOnly = false

    /// The file line of the text's first paragraph (front matter before it).
    public var firstBodyLine: Int { recipe.firstBodyLine }

    public init(recipe: Recipe, path: String?, format: RecipeFormat = .markdown, fingerprint: FileFingerprint? = nil,
                savingIsLossy: Bool = false, width: Int = 80) {
        self.recipe = recipe
        self.path = path
        isReadOnly = path.map(Self.isReadOnly) ?? false
        self.format = format
        self.fingerprint = fingerprint
        self.savingIsLossy = savingIsLossy
        layout = TextLayoutManager(text: recipe.document.text, configuration: LayoutConfiguration(width: width))
        layoutVersion = recipe.document.version
        savedEditState = self.recipe.document.markSaved()
        savedIngredients = recipe.ingredients
        savedMetadata = recipe.metadata
        // Whether the title follows the heading is decided as the recipe is read.
        _ = titleFollowsHeading
        listsAtState[savedEditState] = Snapshot(ingredients: recipe.ingredients, metadata: recipe.metadata, head: recipe.readHead,
                                                checked: [], content: savedEditState)
    }

    public convenience init(opened: RecipeFiles.Opened, width: Int = 80) {
        self.init(recipe: opened.recipe, path: opened.path, format: opened.format, fingerprint: opened.fingerprint,
                  savingIsLossy: opened.savingIsLossy, width: width)
        pendingLoad = opened.pendingLoad
        convertsOnSave = opened.convertsOnSave
    }

    /// The file has bytes that are not UTF-8 (shown as U+FFFD): it may be
    /// Windows-1252, which the user can choose to read it as.
    public var hasInvalidUTF8: Bool { savingIsLossy }

    /// Read as Windows-1252 at the user's word: until a save writes it as
    /// UTF-8, the file is not what a save would write.
    public private(set) var convertsOnSave = false

    // MARK: Loading a large file

    /// The rest of a large file, read in slices between keystrokes.
    private var pendingLoad: ProgressiveRecipeLoad?

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
        // The title and the counts follow each slice while it is the last
        // change: otherwise the change since they were computed would run
        // from the user's last keystroke to the end of the file, and the next
        // keystroke would re-read everything loaded since, a pause that grows with the file.
        if cachedTitle != nil { _ = title }
        if cachedCounts != nil { _ = occurrenceCounts }
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

    public var document: RichTextDocument { recipe.document }

    /// Whether what a save writes differs from the file: ticks are not
    /// written, so a state reached by ticking alone is as saved as the one before it.
    public var isModified: Bool {
        convertsOnSave || content(of: recipe.document.editState) != content(of: savedEditState)
            || recipe.ingredients != savedIngredients || recipe.metadata != savedMetadata
    }

    private func content(of state: Int) -> Int { listsAtState[state]?.content ?? state }

    /// Where the last edit inside a Cooklang component left its end, and the
    /// text's version then: typing on there goes into the component.
    private var componentEnd: (offset: Int, version: Int)?

    /// Changes the recipe, then brings the layout up to date with what changed.
    public func edit(_ change: (inout Recipe) -> Void) {
        let stateBefore = recipe.document.editState
        let (textBefore, versionBefore, undoMark) = (recipe.document.text, recipe.document.version, recipe.document.undoGroupMark)
        change(&recipe)
        var state = recipe.document.editState
        // A new edit inside a Cooklang component keeps it a component (not an
        // undo or redo; a keystroke that joins the word's undo step keeps its state).
        let isNewEdit = state != stateBefore ? listsAtState[state] == nil : recipe.document.version != versionBefore
        if isNewEdit {
            // Typing on after the mark is put back still joins the word's undo step.
            let continuation = recipe.document.undoContinuation
            let typingOnAt = componentEnd.flatMap { $0.version == versionBefore ? $0.offset : nil }
            componentEnd = recipe.keepComponentMark(editedFrom: textBefore, since: versionBefore, typingOnAt: typingOnAt)
                .map { ($0, recipe.document.version) }
            if recipe.document.editState != state {
                // A keystroke that joined the step before groups with that step.
                let first = state == stateBefore ? undoMark - 1 : undoMark
                recipe.document.groupUndo(since: first, continuing: continuation)
                state = recipe.document.editState
            }
        }
        // A state seen before is an undo or redo: the list, the metadata and
        // the ticks come back with the text, so undoing Ctrl-E also takes
        // the ingredient off.
        if state != stateBefore, let kept = listsAtState[state] {
            recipe.ingredients = kept.ingredients
            recipe.metadata = kept.metadata
            recipe.readHead = kept.head
            checked = kept.checked
        }
        let content = listsAtState[state]?.content ?? state
        listsAtState[state] = Snapshot(ingredients: recipe.ingredients, metadata: recipe.metadata, head: recipe.readHead,
                                       checked: checked, content: content)
        syncLayout()
    }

    /// Changes the ingredient list, the metadata or the ticks as an undo
    /// step of its own (text changes made inside join it): undo after
    /// editing a quantity, the servings or a tick restores exactly the
    /// state before. `ticksOnly` steps leave the recipe as saved.
    public func editData(ticksOnly: Bool = false, _ change: (inout Recipe, inout Set<IngredientID>) -> Void) {
        let contentBefore = content(of: recipe.document.editState)
        edit { recipe in
            let mark = recipe.document.undoGroupMark
            recipe.document.recordStep()
            change(&recipe, &checked)
            recipe.document.groupUndo(since: mark)
        }
        if ticksOnly { listsAtState[recipe.document.editState]?.content = contentBefore }
    }

    /// Ticks read back from the state folder when the recipe opens: not an edit.
    public func restoreTicks(_ ticks: Set<IngredientID>) {
        checked = ticks.filter { id in recipe.ingredients.contains { $0.id == id } }
        listsAtState[recipe.document.editState]?.checked = checked
    }

    /// What the document's own history does not hold, at one undo state.
    private struct Snapshot {
        var ingredients: [Ingredient]
        var metadata: RecipeMetadata
        /// The head as read (a front matter fixed in the editor is read anew).
        var head: Recipe.ReadHead
        var checked: Set<IngredientID>
        /// The state whose file contents this one has (itself, or the
        /// state before a step that only ticked).
        var content: Int
    }

    /// The ingredient list, metadata and ticks as they were at each undo
    /// state (the document's own history holds only the text).
    private var listsAtState: [Int: Snapshot] = [:]

    func syncLayout() {
        let version = recipe.document.version
        if version != layoutVersion {
            layout.apply(recipe.document.text, change: recipe.document.change(since: layoutVersion))
            layoutVersion = version
        }
        // Typing attributes come and go without an edit (Enter on an empty last item).
        layout.setFinalParagraphAttributes(recipe.document.finalParagraphAttributes)
    }

    public func setWidth(_ width: Int) {
        layout.setConfiguration(LayoutConfiguration(width: width, wraps: layout.configuration.wraps,
                                                    tabWidth: layout.configuration.tabWidth))
        pane.top = layout.clamped(pane.top)
    }

    // MARK: What the panes show, kept up to date per edit

    private var cachedTitle: (version: Int, text: AttributedString, title: String?, headingEnd: Int?)?
    private var cachedCounts: (version: Int, text: AttributedString, counts: [IngredientID: Int])?
    /// The last change's windows as scanned, before and after it: the
    /// title, the counts and the equipment all ask about the same ones.
    private var lastWindowScans: (from: Int, to: Int, old: WindowContents?, new: WindowContents?)?

    /// The title, by the recipe's one rule (`Recipe.title(frontMatter:heading:)`):
    /// the front matter's title as a save would write it, else the first
    /// heading. Finding the first heading walks the runs, so it is redone
    /// only when an edit reaches that heading or adds one where there was
    /// none: a keystroke costs O(the edit).
    public var title: String? {
        Recipe.title(frontMatter: frontMatterTitle, heading: heading)
    }

    /// The front matter's title as the next save writes it: while it follows
    /// the heading, the heading as it is now.
    private var frontMatterTitle: String? {
        guard titleFollowsHeading, recipe.metadata.title != nil, let heading else { return recipe.metadata.title }
        return heading
    }

    /// Whether the front matter's title and the first heading were the same
    /// when the recipe was read: then renaming the heading renames the
    /// front matter's title when saving (a different title on purpose is
    /// left as it is, as is a title set in the details pane).
    lazy var titleFollowsHeading: Bool = recipe.metadata.title == nil || recipe.metadata.title == heading

    /// Before a save: the front matter's title follows the heading.
    private func syncTitleWithHeading() {
        let title = frontMatterTitle
        if title != recipe.metadata.title { recipe.metadata.title = title }
    }

    /// The first level-1 heading: the recipe's title.
    public var heading: String? {
        let text = recipe.document.text
        let version = recipe.document.version
        if let cached = cachedTitle {
            if cached.version == version { return cached.title }
            if onlyMarked(since: cached.version) {
                cachedTitle = (version, text, cached.title, cached.headingEnd)
                return cached.title
            }
            if let change = recipe.document.change(since: cached.version) {
                // At the heading's end is in it when it is the last paragraph (no newline ends it).
                let untouched = cached.headingEnd.map { change.prefix > $0 }
                    ?? !changedWindow(since: cached.version, change: change).hasHeading
                if untouched {
                    cachedTitle = (version, text, cached.title, cached.headingEnd)
                    return cached.title
                }
            }
        }
        let heading = Recipe.firstHeading(in: text)
        cachedTitle = (version, text, heading?.text, heading?.end)
        return heading?.text
    }

    /// Marks per ingredient, kept up to date from what each edit changed: the
    /// marks in the old changed window are taken off, those in the new one
    /// added (the windows reach one character past the change, so unchanged
    /// marks at their edges cancel out). A full count only on the first call.
    /// The recipe's cookware and timers, worked out again only when an edit
    /// touched one (or could have: a change too old to know).
    public var equipment: Recipe.Equipment {
        let version = recipe.document.version
        if let cached = cachedEquipment {
            if cached.version == version { return cached.equipment }
            if onlyMarked(since: cached.version) {
                cachedEquipment = (version, recipe.document.text, cached.equipment)
                return cached.equipment
            }
            if let change = recipe.document.change(since: cached.version),
               !changedWindow(since: cached.version, change: change, before: cached.text).namesEquipment,
               !changedWindow(since: cached.version, change: change).namesEquipment {
                cachedEquipment = (version, recipe.document.text, cached.equipment)
                return cached.equipment
            }
        }
        let equipment = recipe.equipment
        cachedEquipment = (version, recipe.document.text, equipment)
        return equipment
    }

    private var cachedEquipment: (version: Int, text: AttributedString, equipment: Recipe.Equipment)?

    /// The inspector's suggestion row, drawn every frame: what Ctrl-E would
    /// add, and which ingredient (its index) it already is. Worked out again
    /// when the text, the selection or the list changed; the list's name
    /// keys only when the list did.
    public var shownSuggestion: (suggestion: IngredientSuggestion, existing: Int?)? {
        let document = recipe.document
        if let memo = suggestionMemo, memo.version == document.version, memo.selection == document.selection,
           memo.ingredients == recipe.ingredients {
            return memo.shown
        }
        let keys = suggestionMemo.flatMap { $0.ingredients == recipe.ingredients ? $0.keys : nil }
            ?? recipe.ingredients.map { IngredientName.key($0.name) }
        let shown = recipe.suggestion.map { suggestion in
            (suggestion, keys.firstIndex(of: IngredientName.key(suggestion.name)))
        }
        suggestionMemo = (document.version, document.selection, recipe.ingredients, keys, shown)
        return shown
    }

    private var suggestionMemo: (version: Int, selection: TextSelection, ingredients: [Ingredient], keys: [String],
                                 shown: (suggestion: IngredientSuggestion, existing: Int?)?)?

    public var occurrenceCounts: [IngredientID: Int] {
        let text = recipe.document.text
        let version = recipe.document.version
        if let cached = cachedCounts {
            if cached.version == version { return cached.counts }
            // Marking every occurrence of a word: the recipe says what it added.
            if onlyMarked(since: cached.version), let marking = recipe.lastMarking {
                let counts = cached.counts.merging(marking.added, uniquingKeysWith: +).filter { $0.value > 0 }
                cachedCounts = (version, text, counts)
                return counts
            }
            // Another edit over most of the text is counted afresh: one walk
            // instead of two windows as large.
            if let change = recipe.document.change(since: cached.version),
               change.oldRange.count + change.newRange.count < text.utf8.count {
                var counts = cached.counts
                // With no marks before the edit, the old window had none either.
                if !counts.isEmpty {
                    for (id, count) in changedWindow(since: cached.version, change: change, before: cached.text).marks {
                        counts[id, default: 0] -= count
                    }
                }
                for (id, count) in changedWindow(since: cached.version, change: change).marks { counts[id, default: 0] += count }
                counts = counts.filter { $0.value > 0 }
                cachedCounts = (version, text, counts)
                return counts
            }
        }
        let counts = recipe.occurrenceCounts
        cachedCounts = (version, text, counts)
        return counts
    }

    /// An ingredient's quantity as the inspector shows it: its marks' added
    /// up (Cooklang's, or a Markdown file's `quantity:` on marks), else the list's.
    /// With `scale`, each quantity scaled before they are added up, so a
    /// fixed one (`@salt{=1%tsp}`) stays as it is.
    public func shownQuantity(of ingredient: Ingredient, scaledBy scale: Double = 1) -> Quantity? {
        let onMarks = markQuantities[ingredient.id] ?? []
        guard scale != 1 else { return Recipe.shownQuantity(listed: ingredient.quantity, onMarks: onMarks) }
        return Recipe.shownQuantity(listed: ingredient.quantity?.scaled(by: scale), onMarks: onMarks.map { $0.scaled(by: scale) })
    }

    /// The quantities on the marks, kept from frame to frame: read again only
    /// after an edit whose window held or holds a mark with a quantity (a
    /// keystroke in a large recipe does not walk its marks).
    private var markQuantities: [IngredientID: [Quantity]] {
        let version = recipe.document.version
        if let cached = cachedMarkQuantities {
            if cached.version == version { return cached.quantities }
            // Ctrl-E's marks carry no quantity.
            if onlyMarked(since: cached.version)
                || recipe.document.change(since: cached.version).map({ change in
                    !changedWindow(since: cached.version, change: change, before: cached.text).hasQuantities
                        && !changedWindow(since: cached.version, change: change).hasQuantities
                }) == true {
                cachedMarkQuantities = (version, recipe.document.text, cached.quantities)
                return cached.quantities
            }
        }
        let quantities = recipe.markQuantities
        cachedMarkQuantities = (version, recipe.document.text, quantities)
        return quantities
    }

    private var cachedMarkQuantities: (version: Int, text: AttributedString, quantities: [IngredientID: [Quantity]])?

    /// Whether the only edit since `version` marked every occurrence of a word
    /// (Ctrl-E): it set ingredient marks and nothing else, so the title and
    /// the equipment stand, and the recipe says which marks it added. Saves
    /// scanning a window that is the whole of a long marked paragraph.
    private func onlyMarked(since version: Int) -> Bool {
        guard let marking = recipe.lastMarking else { return false }
        return marking.fromVersion == version && marking.toVersion == recipe.document.version
    }

    /// What the changed window of the text holds now, read once per edit for
    /// both the title and the counts (a keystroke's frame reads it twice).
    /// What the window of the change since `version` holds: in the text as
    /// it is now, or in the text `before` it (that version's).
    private func changedWindow(since version: Int, change: TextChange, before: AttributedString? = nil) -> WindowContents {
        let now = recipe.document.version
        if lastWindowScans.map({ $0.from != version || $0.to != now }) ?? true { lastWindowScans = (version, now, nil, nil) }
        if let before {
            if let old = lastWindowScans?.old { return old }
            let old = Self.scan(before, window: change.oldRange)
            lastWindowScans?.old = old
            return old
        }
        if let new = lastWindowScans?.new { return new }
        let new = Self.scan(recipe.document.text, window: change.newRange)
        lastWindowScans?.new = new
        return new
    }

    /// What a window of the text holds: a level-1 heading, marks per ingredient, cookware or timers.
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

    /// Whether a window of the text holds a heading, and its marks per
    /// ingredient. Plain runs, with neighbours of the same ingredient counted
    /// once (what `runs[\.ingredient]` would merge): building that view cost
    /// more than the keystroke's edit.
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

    // MARK: Caret

    /// The primary caret (the head of the primary range) as the layout sees it.
    public var caret: CaretPosition {
        let text = recipe.document.text
        return CaretPosition(offset: text.utf8Offset(of: recipe.document.selection.primary.head), isUpstream: pane.caretIsUpstream)
    }

    /// Moves the caret; with `extending`, the selection grows from its anchor
    /// to the new place, visually (in bidi text that may be several ranges).
    func moveCaret(to target: CaretPosition, extending: Bool, keepGoalColumn: Bool = false) {
        if !keepGoalColumn { pane.goalColumn = nil }
        componentEnd = nil
        let text = recipe.document.text
        if extending {
            let anchor = pane.visualAnchor ?? caret
            pane.visualAnchor = anchor
            pane.caretIsUpstream = target.isUpstream
            select(from: anchor, to: target)
        } else {
            pane.visualAnchor = nil
            pane.caretIsUpstream = target.isUpstream
            try? recipe.document.select(TextSelection(caret: text.characterIndex(atUTF8Offset: target.offset)))
        }
        layout.setFinalParagraphAttributes(recipe.document.finalParagraphAttributes)
    }

    /// Selects what looks contiguous between two carets on screen.
    func select(from anchor: CaretPosition, to head: CaretPosition) {
        let text = recipe.document.text
        let start = (line: layout.linePosition(of: anchor), column: layout.boundaryColumn(of: anchor))
        let end = (line: layout.linePosition(of: head), column: layout.boundaryColumn(of: head))
        // No cell between the two places is no selection, even where the
        // offsets differ (the caret going on to the next line may skip text
        // drawn further along it).
        let ranges = layout.logicalRanges(from: start, to: end)
        // The primary range is the one the head is in (or touches).
        let primary = ranges.firstIndex { $0.lowerBound <= head.offset && head.offset <= $0.upperBound } ?? ranges.count - 1
        // Each range's head is on its logical side of the anchor (going right
        // in Hebrew goes back in the text); the primary's is the head's own
        // place, which the status line's column reads.
        let backward = head.offset < anchor.offset
        var selectionRanges = ranges.enumerated().map { index, range in
            let headAtLower = index == primary && range.lowerBound == head.offset ? true
                : index == primary && range.upperBound == head.offset ? false : backward
            return TextSelection.Range(anchor: text.characterIndex(atUTF8Offset: headAtLower ? range.upperBound : range.lowerBound),
                                       head: text.characterIndex(atUTF8Offset: headAtLower ? range.lowerBound : range.upperBound))
        }
        if selectionRanges.isEmpty { selectionRanges = [.caret(text.characterIndex(atUTF8Offset: head.offset))] }
        try? recipe.document.select(TextSelection(ranges: selectionRanges, primary: max(0, primary)))
        // Keep the drawn caret where the head is.
        caretHead = head
    }

    /// Where the caret is drawn while a visual selection is shown.
    var caretHead: CaretPosition?

    /// The caret to draw: the visual head during a Shift selection.
    public var drawnCaret: CaretPosition {
        if pane.visualAnchor != nil, let caretHead { return caretHead }
        return caret
    }

    // MARK: Saving

    public enum SaveOutcome: Equatable {
        case saved(dropped: [String])
        case conflict
        case needsConsent
        /// Edited lines would lose formatting Roux does not show (file lines).
        case dropsFormatting([Int])
        case failed(String)
        case noPath
    }

    /// A file this user cannot write, or that no one is meant to (no write
    /// bit: root could write it anyway, as vim warns).
    static func isReadOnly(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return access(path, W_OK) != 0 || status.st_mode & 0o222 == 0
    }

    /// Saves to the file it came from, atomically; refuses on conflict or
    /// when invalid UTF-8 would be replaced, unless `force`.
    public func save(force: Bool = false, droppingFormatting: Bool = false) -> SaveOutcome {
        guard let path else { return .noPath }
        return write(to: path, format: format, expected: fingerprint, checkConflicts: !force, force: force,
                     droppingFormatting: force || droppingFormatting)
    }

    /// Saves under a new name (in the format its extension names), which
    /// becomes the open file. `replacing`: the user agreed to replace a file there.
    public func saveAs(_ newPath: String, replacing: Bool) -> SaveOutcome {
        let newFormat = RecipeFormat(path: newPath)
        // Under the open file's own name, the file must still be as it was
        // read or saved: another program's save there is a conflict.
        let onDisk = FileFingerprint.of(path: newPath)
        let expected = onDisk != nil && isOpenFile(newPath) ? fingerprint : onDisk
        let outcome = write(to: newPath, format: newFormat, expected: expected,
                            checkConflicts: !replacing, force: true, droppingFormatting: true)
        if case .saved = outcome {
            path = newPath
            format = newFormat
            isReadOnly = Self.isReadOnly(newPath)
        }
        return outcome
    }

    private func write(to target: String, format targetFormat: RecipeFormat, expected: FileFingerprint?,
                       checkConflicts: Bool, force: Bool, droppingFormatting: Bool) -> SaveOutcome {
        finishLoading()
        syncTitleWithHeading()
        do {
            let saved = try RecipeFiles.save(
                recipe, as: targetFormat, to: target, expected: expected, checkConflicts: checkConflicts,
                allowLossy: force, lossy: savingIsLossy, allowDroppingFormatting: droppingFormatting)
            fingerprint = saved.fingerprint
            // The next save copies the lines it has just written.
            recipe.document.sourceMap = saved.sourceMap
            recipe.firstBodyLine = saved.firstBodyLine
            // Invalid UTF-8 copied with the lines not edited is still in the file.
            savingIsLossy = savingIsLossy && saved.copiedLines
            convertsOnSave = false
            savedEditState = recipe.document.markSaved()
            savedIngredients = recipe.ingredients
            savedMetadata = recipe.metadata
            diskChangeReported = false
            return .saved(dropped: saved.dropped)
        } catch {
            switch error {
            case .conflict: return .conflict
            case .needsConsent: return .needsConsent
            case .dropsFormatting(_, let lines): return .dropsFormatting(lines)
            case .failed(let failure): return .failed(failure.description)
            }
        }
    }

    /// Whether `other` names the open file (its path, or another name of
    /// the same file: a link, `./`).
    public func isOpenFile(_ other: String) -> Bool {
        guard let path else { return false }
        if other == path { return true }
        var mine = stat()
        var theirs = stat()
        guard stat(path, &mine) == 0, stat(other, &theirs) == 0 else { return false }
        return mine.st_dev == theirs.st_dev && mine.st_ino == theirs.st_ino
    }

    /// Whether the open file is on disk as it was read or last saved.
    public var fileIsAsRead: Bool {
        guard let path, let fingerprint else { return false }
        return fingerprint.matches(path: path)
    }

    /// Whether the file changed on disk since it was read or saved, as a
    /// `stat` sees it: checked every few seconds while the editor is idle.
    /// True once per change (the caller says so to the user).
    public func noticeDiskChange() -> Bool {
        guard let path, let fingerprint, !diskChangeReported, fingerprint.statChanged(path: path) else { return false }
        diskChangeReported = true
        return true
    }

    private var diskChangeReported = false

    /// Work restored from a recovery file was based on the file as
    /// `fingerprint` says: if another program changed it since, the next
    /// save asks instead of overwriting that change.
    public func restoredWork(basedOn fingerprint: FileFingerprint) {
        self.fingerprint = fingerprint
        diskChangeReported = false
    }

    /// The file was renamed on disk (from the recipe list).
    func fileMoved(to newPath: String) {
        path = newPath
        fingerprint = FileFingerprint.of(path: newPath)
        isReadOnly = Self.isReadOnly(newPath)
        // A rename keeps the file's bytes: its lines can still be copied.
        recipe.document.sourceMap?.file = newPath
    }
}
