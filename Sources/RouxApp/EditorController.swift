import Foundation
public import Recipes
import RichText
import TerminalUI
import TextLayout

/// The app: one editor session, the panes around it, prompts and messages.
/// Events come in (`handle`), a cell grid goes out (`render`); the run loop
/// and the terminal are elsewhere, so everything here runs in tests.
public final class EditorController {
    public private(set) var session: EditorSession
    /// Where every pane is, and what the user chose to show.
    var layout: PaneLayout
    public var useColor: Bool
    public private(set) var message: String?
    public private(set) var quitRequested = false
    /// The help, the palette, the colour menu, a prompt or a wait, the top one with the keys.
    var overlays = OverlayStack()
    /// The title bar and the key bar, redrawn when what they show changes.
    var memoizedRows = MemoizedRows()
    /// Within Roux, copy keeps attributes (ingredients stay ingredients).
    var clipboard: AttributedString?
    /// Copy also reaches the system clipboard through OSC 52.
    var clipboardSequences: [String] = []
    var lastSearch: String?
    /// The new recipes Ctrl-N made, under a name Roux chose: their first
    /// save asks for a name (`isUnnamed`).
    var unnamedRecipes: Set<String> = []
    /// What a save asked for goes on with once the Save As it needed has
    /// saved (a quit, opening another recipe); dropped when it is cancelled.
    var afterSaveAs: (() -> Void)?
    /// The match the last search selected, while it is still the selection
    /// of an unchanged text: Enter then goes on to the next match rather
    /// than replacing it with a line break.
    var shownMatch: (session: ObjectIdentifier, version: Int, selection: TextSelection)?
    /// Which pane has the keys.
    public internal(set) var focus: Pane = .editor
    /// Whether a run loop reads large files in the background: then commands
    /// that need text not read yet wait for it (Esc cancels) instead of
    /// reading it at once.
    public var loadsInBackground = false

    /// The text, the inspector, the recipe list and the details, each with its own state.
    let panes = PaneComponents()

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

    /// Where unsaved work is kept, written in the background.
    public let recovery: BackgroundRecovery
    /// Where the cook's ticks are kept, beside the recovery files.
    public let ticks: TickStore
    /// Where a recipe deleted from the list goes (the desktop's trash).
    public var trash = Trash.home()

    public init(session: EditorSession, width: Int, height: Int, useColor: Bool = true,
                recovery: BackgroundRecovery = BackgroundRecovery()) {
        self.session = session
        self.recovery = recovery
        ticks = TickStore(directory: recovery.store.directory)
        layout = PaneLayout(width: width, height: height)
        self.useColor = useColor
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
        PaneLayout.Contents(listsRecipes: recipeFolder != nil) { [unowned self] columnHeight in
            detailsPane.height(for: session.recipe, columnHeight: columnHeight, focused: focus == .details)
        }
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

    func say(_ text: String) {
        message = text
    }

    /// Shows a message in the status line (warnings on open).
    public func show(_ text: String) {
        message = text
    }

    /// What the status line says when a file opens: its warnings, and that
    /// it is read-only when it is.
    public func announceOpened(warnings: [String]) {
        var parts = warnings
        if session.isReadOnly { parts.append("read-only: Ctrl-S asks before replacing it") }
        if !parts.isEmpty { show(parts.joined(separator: "; ")) }
        // Bytes that are not UTF-8 are most often Latin-1: offered, never assumed.
        if session.hasInvalidUTF8, !session.isModified, let path = session.path, prompt == nil { prompt = .reopenAsWindows1252(path) }
    }

    func clearMessage() {
        message = nil
    }

    func requestQuit() {
        quitRequested = true
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
