import Foundation
public import RecipeStorage
import RecipeFormats
import RichText
import TerminalUI
import TextLayout

/// The app: one editor session, the panes around it, prompts and messages.
/// Events come in (`handle`), a cell grid goes out (`render`); the run loop
/// and the terminal are elsewhere, so everything here runs in tests.
public final class EditorController {
    // What the controller holds itself: it routes events between these.
    // Everything else is a pane's, an overlay's or the session's own state.

    /// The open recipe.
    public private(set) var session: EditorSession
    /// Which pane has the keys.
    public internal(set) var focus: Pane = .editor
    /// The help, the palette, the colour menu, a prompt or a wait: the top one has the keys.
    var overlays = OverlayStack()
    /// What the status line says after the last key.
    public private(set) var message: String?
    /// What copy and cut kept.
    var clipboard = Clipboard()
    /// Where every pane is, and what the user chose to show.
    var layout: PaneLayout
    /// The text, the inspector, the recipe list, the details, cook mode and
    /// the window's bars, each with its own state.
    let panes = PaneComponents()
    /// Where unsaved work, ticks, deleted recipes, answers and new recipes' names go.
    var storage: Storage
    /// Colours, keys, and how large files load and marks are made.
    var options: Options
    /// The run: what runs beside the keys, and whether it is to end.
    var run = Run()

    /// What the run loop drives between keys, each the app's (it outlives
    /// the session), and whether it stops.
    struct Run {
        /// The kitchen timers.
        var kitchen = Kitchen()
        /// Ctrl-E on a word found many times, marked between keystrokes.
        var marking: MarkingJob?
        /// The recipes' pictures, decoded and drawn in the background.
        var pictures = PictureCache()
        /// The frame's pictures in the terminal's pixels, and which it has.
        let pixels = PixelPictures()
        /// Spell checking: the dictionaries, the user's words, what was found.
        var spelling = EditorSpelling()
        /// Set by a quit the user confirmed: the run loop ends.
        var quitRequested = false
    }

    /// Whether the user quit: the run loop ends after this key.
    public var quitRequested: Bool { run.quitRequested }

    var kitchen: Kitchen {
        get { run.kitchen }
        set { run.kitchen = newValue }
    }
    var markingJob: MarkingJob? {
        get { run.marking }
        set { run.marking = newValue }
    }
    public var pictures: PictureCache {
        get { run.pictures }
        set { run.pictures = newValue }
    }
    public var spelling: EditorSpelling {
        get { run.spelling }
        set { run.spelling = newValue }
    }
    /// The commands with the keys bound to them (the configuration's `[keys]`).
    var commands: CommandTable {
        get { options.commands }
        set { options.commands = newValue }
    }
    /// The colours of marks and highlights (the configuration's `[theme]`).
    public internal(set) var theme: Theme {
        get { options.theme }
        set { options.theme = newValue }
    }

    /// Where the controller keeps what outlives a session.
    struct Storage {
        /// Where unsaved work is kept, written in the background.
        let recovery: BackgroundRecovery
        /// Where the cook's ticks are kept, beside the recovery files.
        let ticks: TickStore
        /// Where a recipe deleted from the list goes (the desktop's trash).
        var trash = Trash.home()
        /// Where prompt answers are kept between sessions (none: this session only).
        var history: HistoryStore?
        /// The new recipes Ctrl-N made, under a name Roux chose: their first
        /// save asks for a name (`isUnnamed`).
        var provisionalNames: Set<String> = []
    }

    /// How the editor draws, loads and takes keys (the configuration's settings among them).
    struct Options {
        var useColor: Bool
        /// The commands with the keys bound to them (the configuration's `[keys]`).
        var commands = CommandTable.standard
        /// The colours of marks and highlights (the configuration's `[theme]`).
        var theme = Theme.standard
        /// Whether a run loop reads large files in the background: then commands
        /// that need text not read yet wait for it (Esc cancels) instead of
        /// reading it at once.
        var loadsInBackground = false
        /// Marking fewer occurrences than this is done at once, even with a run
        /// loop: it takes less than a keystroke's time, and a progress that
        /// flashes by is noise.
        var marksAtOnce = 4000
        /// From this many bytes of text on, what a marking marks is found on
        /// another thread (a key typed meanwhile is handled at once).
        var searchesAtOnce = 1 << 20
        /// Whether pictures are drawn (Alt-P), or their alternative text shown.
        var showsPictures = true
        /// Whether the status line says how much of a large file is loaded;
        /// a run loop says it only once a load lasts (`EditorRunLoop.loadingSaidAfter`).
        var saysLoadingProgress = true
    }

    public var recovery: BackgroundRecovery { storage.recovery }
    public var ticks: TickStore { storage.ticks }
    public var trash: Trash {
        get { storage.trash }
        set { storage.trash = newValue }
    }
    public var useColor: Bool {
        get { options.useColor }
        set { options.useColor = newValue }
    }
    public var loadsInBackground: Bool {
        get { options.loadsInBackground }
        set { options.loadsInBackground = newValue }
    }
    /// The folder whose recipes the list pane shows (nil for a single file).
    public var recipeFolder: String? { panes.list.folder }
    public var listRow: Int { panes.list.rows.selected }
    public var inspectorRow: Int { panes.inspector.rows.selected }
    var detailsPane: DetailsPane { panes.details }
    /// A word typed that spells an ingredient's name is marked once finished.
    public internal(set) var marksAsYouType: Bool {
        get { panes.editor.marksAsYouType }
        set { panes.editor.marksAsYouType = newValue }
    }
    /// The last search, and the match it selected.
    var search: EditorTextPane.Search {
        get { panes.editor.search }
        set { panes.editor.search = newValue }
    }

    public init(session: EditorSession, width: Int, height: Int, useColor: Bool = true,
                recovery: BackgroundRecovery = BackgroundRecovery()) {
        self.session = session
        storage = Storage(recovery: recovery, ticks: TickStore(directory: recovery.store.directory))
        layout = PaneLayout(width: width, height: height)
        options = Options(useColor: useColor)
        session.setWidth(editorFrame.width - gutterWidth)
        restoreTicks()
    }

    public func resize(width: Int, height: Int) {
        layout.width = width
        layout.height = height
        session.setWidth(editorFrame.width - gutterWidth)
        loadWait?.preview?.setWidth(editorFrame.width - gutterWidth)
        panes.list.rows.setVisibleRows(max(1, listFrame.height - 1))
    }

    // MARK: Geometry

    public struct Frame: Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
    }

    public var width: Int { layout.width }
    public var height: Int { layout.height }
    public var showsInspector: Bool { layout.showsInspector }
    public var showsKeyBar: Bool { layout.showsKeyBar }
    public var showsLineNumbers: Bool { layout.showsLineNumbers }
    public var showsList: Bool { layout.showsList }
    public var maxTextWidth: Int? { layout.maxTextWidth }
    var bottomRows: Int { layout.bottomRows }
    var gutterWidth: Int { layout.gutterWidth }

    /// What the panes' contents tell the layout now.
    var layoutContents: PaneLayout.Contents {
        PaneLayout.Contents { [unowned self] pane, room in panes[pane].wantedSize(of: room, controller: self) }
    }

    /// Where each pane is: the layout's rule for it.
    func frame(of pane: Pane) -> Frame {
        layout.frame(of: pane, layoutContents)
    }

    var inspectorWidth: Int { layout.inspectorWidth(layoutContents) }
    var listWidth: Int { layout.listWidth(layoutContents) }
    public var detailsFrame: Frame { frame(of: .details) }
    public var editorFrame: Frame { frame(of: .editor) }
    public var listFrame: Frame { frame(of: .list) }
    public var inspectorFrame: Frame { frame(of: .inspector) }

    /// Goes to the next text width and lays the text out again.
    func cycleTextWidth() {
        layout.cycleTextWidth()
        resize(width: width, height: height)
        say("text width: " + (maxTextWidth.map { "\($0) columns at most" } ?? "the whole pane"))
    }

    /// Shows a message in the status line (what a command did, warnings on open).
    public func say(_ text: String) {
        message = text
    }

    /// What the status line says when a file opens: its warnings, and that
    /// it is read-only when it is.
    public func announceOpened(warnings: [String]) {
        var parts = warnings
        if session.isReadOnly { parts.append("read-only: \(keyHint("Save")) asks before replacing it") }
        if !parts.isEmpty { say(parts.joined(separator: "; ")) }
        // Bytes that are not UTF-8 are most often Latin-1, Hebrew or Cyrillic: offered, never assumed.
        if session.hasInvalidUTF8, !session.isModified, let path = session.path, prompt == nil {
            prompt = .question(ReopenInLegacyEncodingQuestion(path: path))
        }
    }

    func clearMessage() {
        message = nil
    }

    func requestQuit() {
        run.quitRequested = true
    }

    /// The next frame draws every editor row afresh (tests compare the two ways).
    public func forgetDrawnRows() {
        shownSession.pane.rows = EditorRowCache()
    }

    /// Replaces the open recipe (the caller has dealt with unsaved work).
    func replaceSession(_ newSession: EditorSession) {
        session = newSession
        focus = .editor
        for pane in panes.all { pane.recipeReplaced() }
        session.setWidth(editorFrame.width - gutterWidth)
        restoreTicks()
    }
}
