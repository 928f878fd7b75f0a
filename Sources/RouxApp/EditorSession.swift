import Foundation
public import RecipeStorage
public import Recipes
public import RecipeFormats
public import RichText
public import TextLayout

/// One open recipe in the editor: the recipe and its file, the layout of its
/// text for the editor pane, and the caret state the document does not hold
/// (affinity at a wrap point, the goal column of vertical moves, the visual
/// anchor of a Shift selection, the scroll position).
public final class EditorSession {
    public internal(set) var recipe: Recipe
    public internal(set) var path: String?
    public internal(set) var format: RecipeFormat
    public let layout: TextLayoutManager
    /// The text pane's state for this recipe: its scroll, goal column, anchor and rows.
    public var pane = TextPane()
    /// Ingredients ticked off while cooking (kept per recipe in the state
    /// folder by the controller; part of the undo snapshot).
    public internal(set) var checked: Set<IngredientID> = []
    /// The quantities on screen are the recipe's times this (cooking for
    /// more or fewer); the file keeps its own until the scale is applied.
    public var viewScale: Double = 1
    /// The system the quantities on screen are shown in (`UnitView`).
    public var units = UnitView()

    /// The file as it was read or last saved: a save that finds it otherwise asks.
    public internal(set) var fingerprint: FileFingerprint?
    var savingIsLossy: Bool
    private var layoutVersion: Int
    /// The document's `editState` when last saved (or opened).
    var savedEditState: Int
    var savedIngredients: [Ingredient]
    var savedMetadata: RecipeMetadata

    /// The file may not be written by this user, or has no write permission
    /// at all (root can write it, but the file says it is not to be):
    /// saving asks first.
    public internal(set) var isReadOnly = false

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
        index = RecipeIndex(recipe)
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
    public internal(set) var convertsOnSave = false

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
    var componentEnd: (offset: Int, version: Int)?

    /// Changes the recipe, then brings the layout up to date with what changed.
    public func edit(_ change: (inout Recipe) -> Void) {
        let stateBefore = recipe.document.editState
        let (textBefore, versionBefore, undoMark) = (recipe.document.text, recipe.document.version, recipe.document.undoGroupMark)
        let selectionBefore = recipe.document.selection
        let headBefore = (recipe.ingredients, recipe.metadata, recipe.unreadFrontMatterText)
        change(&recipe)
        var state = recipe.document.editState
        // A new edit inside a Cooklang component keeps it a component (not an
        // undo or redo; a keystroke that joins the word's undo step keeps its state).
        let isNewEdit = state != stateBefore ? listsAtState[state] == nil : recipe.document.version != versionBefore
        if isNewEdit {
            // Typing on after the mark is put back still joins the word's undo step.
            let continuation = recipe.document.undoContinuation
            let typingOnAt = componentEnd.flatMap { $0.version == versionBefore ? $0.offset : nil }
            // One range selected: what the edit replaced when it typed over it.
            let selected = selectionBefore.ranges.count == 1 && !selectionBefore.isCaret
                ? textBefore.utf8Offsets(of: selectionBefore.primary.bounds) : nil
            componentEnd = recipe.keepComponentMark(editedFrom: textBefore, since: versionBefore, typingOnAt: typingOnAt,
                                                    replacing: selected)
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
            reportMarkingUndone(from: stateBefore, to: state, since: versionBefore)
        }
        let content = listsAtState[state]?.content ?? state
        var marking = listsAtState[state]?.marking
        if isNewEdit, let report = recipe.lastMarking, report.fromVersion == versionBefore, report.toVersion == recipe.document.version {
            marking = (report.added, report.carriesQuantities, stateBefore)
        }
        listsAtState[state] = Snapshot(ingredients: recipe.ingredients, metadata: recipe.metadata, head: recipe.readHead,
                                       checked: checked, content: content, marking: marking)
        // The front matter a save writes holds the list and the metadata: the
        // text's line numbers move with it (an undo of Alt-E takes its lines off).
        if recipe.ingredients != headBefore.0 || recipe.metadata != headBefore.1 || recipe.unreadFrontMatterText != headBefore.2 {
            recipe.firstBodyLine = RecipeFiles.firstBodyLine(of: recipe, as: format)
        }
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
    struct Snapshot {
        var ingredients: [Ingredient]
        var metadata: RecipeMetadata
        /// The head as read (a front matter fixed in the editor is read anew).
        var head: Recipe.ReadHead
        var checked: Set<IngredientID>
        /// The state whose file contents this one has (itself, or the
        /// state before a step that only ticked).
        var content: Int
        /// A step that only marked (Ctrl-E) made this state from `from`: the marks it added.
        var marking: (added: [IngredientID: Int], carriesQuantities: Bool, from: Int)? = nil
    }

    /// Undoing or redoing a marking step changed marks only: said as a
    /// marking (its marks taken off, or put back), so the layout keeps its
    /// paragraphs and the counts move by the marks instead of both reading
    /// the whole text again.
    private func reportMarkingUndone(from before: Int, to after: Int, since version: Int) {
        let now = recipe.document.version
        if let undone = listsAtState[before]?.marking, undone.from == after {
            recipe.lastMarking = MarkingReport(fromVersion: version, toVersion: now, added: undone.added.mapValues { -$0 },
                                               carriesQuantities: undone.carriesQuantities)
        } else if let redone = listsAtState[after]?.marking, redone.from == before {
            recipe.lastMarking = MarkingReport(fromVersion: version, toVersion: now, added: redone.added,
                                               carriesQuantities: redone.carriesQuantities)
        }
    }

    /// The ingredient list, metadata and ticks as they were at each undo
    /// state (the document's own history holds only the text).
    var listsAtState: [Int: Snapshot] = [:]

    func syncLayout() {
        let version = recipe.document.version
        if version != layoutVersion {
            let change = recipe.document.change(since: layoutVersion)
            if let marking = recipe.lastMarking, marking.fromVersion == layoutVersion, marking.toVersion == version, let change {
                // Marks only: no paragraph moved.
                layout.applyAttributes(recipe.document.text, changedIn: change.newRange)
            } else {
                layout.apply(recipe.document.text, change: change)
            }
            layoutVersion = version
        }
        // Typing attributes come and go without an edit (Enter on an empty last item).
        layout.setFinalParagraphAttributes(recipe.document.finalParagraphAttributes)
        showUnitsInText()
    }

    public func setWidth(_ width: Int) {
        layout.setConfiguration(LayoutConfiguration(width: width, wraps: layout.configuration.wraps,
                                                    tabWidth: layout.configuration.tabWidth))
        pane.top = layout.clamped(pane.top)
    }

    // MARK: State the extensions keep

    /// What the panes show worked out from the text, kept up to date per edit.
    var index: RecipeIndex

    /// Whether the front matter's title and the first heading were the same
    /// when the recipe was read: then renaming the heading renames the
    /// front matter's title when saving (a different title on purpose is
    /// left as it is, as is a title set in the details pane).
    lazy var titleFollowsHeading: Bool = recipe.metadata.title == nil || recipe.metadata.title == heading

    /// The rest of a large file, read in slices between keystrokes.
    var pendingLoad: ProgressiveRecipeLoad?

    /// Where the caret is drawn while a visual selection is shown.
    var caretHead: CaretPosition?

    var diskChangeReported = false
}
