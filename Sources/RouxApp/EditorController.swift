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
    /// The folder whose recipes the list pane shows (nil for a single file).
    public internal(set) var recipeFolder: String?
    /// The files named on the command line (`roux a.md b.md`): the list
    /// shows them instead of a folder's recipes, until a folder is entered.
    var listedFiles: [String]?
    /// The list pane's rows: `allRecipes` as `recipeFilter` lets through.
    var recipeList: [RecipeListEntry] = [] {
        didSet { recipeRows.setCount(recipeList.count) }
    }
    /// Every entry of the folder (or of the files named).
    var allRecipes: [RecipeListEntry] = []
    /// Typed in the recipe list: only the entries with these words show.
    var recipeFilter = LineEditor()
    /// The recipe list's highlighted row and scroll.
    var recipeRows = ScrollingList()
    public var listRow: Int { recipeRows.selected }
    public private(set) var width: Int
    public private(set) var height: Int
    public var useColor: Bool
    public private(set) var message: String?
    public private(set) var quitRequested = false
    public internal(set) var prompt: Prompt?
    public internal(set) var helpVisible = false
    /// The help screen's scroll.
    var helpRows = ScrollingList()
    /// The command palette (Ctrl-P) while it is open.
    public internal(set) var palette: CommandPalette?
    /// The title bar and the key bar, redrawn when what they show changes.
    var memoizedRows = MemoizedRows()
    /// The Alt-C menu while it is open.
    public internal(set) var colorMenu: ColorMenu?
    public internal(set) var showsInspector = true
    public internal(set) var showsKeyBar = true
    public internal(set) var showsLineNumbers = false
    public internal(set) var showsList = true
    /// The most columns of text a line is laid out in (the "Text width" command changes it).
    public internal(set) var maxTextWidth: Int? = 100
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
    /// The last Markdown shortcut typed, for Backspace and Ctrl-Z right after it.
    var typedMarkup = TypedMarkupMemory()
    /// A word typed that spells an ingredient's name is marked once finished.
    public internal(set) var marksAsYouType = true
    /// Earlier answers to each kind of line prompt (Up/Down recall them).
    var promptHistory = PromptHistory()
    /// The last press in the text, to tell a double-click (same cell, soon after).
    var lastPress: (x: Int, y: Int, time: Date)?
    /// Unsaved work found in the recovery file, while the user decides.
    var pendingRecovery: RecoveryStore.Entry?
    /// Which pane has the keys.
    public internal(set) var focus: Pane = .editor
    /// A command waiting for the rest of a large file (`whenLoaded`).
    var loadWait: LoadWait?
    /// Whether a run loop reads large files in the background: then commands
    /// that need text not read yet wait for it (Esc cancels) instead of
    /// reading it at once.
    public var loadsInBackground = false
    /// The inspector's highlighted ingredient and scroll.
    var ingredientRows = ScrollingList()
    public var inspectorRow: Int { ingredientRows.selected }

    /// The panes, in the order F6 goes through them.
    public enum Pane: Equatable, CaseIterable {
        case editor, inspector, list, details
    }

    /// The recipe's details above the text (a component: `EditorPane`).
    let detailsPane = DetailsPane()

    /// A recipe file of the folder, as the list pane shows it.
    typealias RecipeListEntry = RecipeFolder.Entry

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
        self.width = width
        self.height = height
        self.useColor = useColor
        session.setWidth(editorFrame.width - gutterWidth)
        restoreTicks()
    }

    public func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        session.setWidth(editorFrame.width - gutterWidth)
        loadWait?.preview?.setWidth(editorFrame.width - gutterWidth)
        recipeRows.setVisibleRows(max(1, listFrame.height - 1))
    }

    // MARK: Geometry

    public struct Frame: Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
    }

    /// The inspector shows on terminals of 60 columns or more, unless the
    /// recipe list asked for with F7 on a narrow terminal takes its place.
    var inspectorWidth: Int { showsInspector && width >= 60 && !listReplacesInspector ? min(32, width / 3) : 0 }
    var bottomRows: Int { showsKeyBar ? 2 : 1 }
    var gutterWidth: Int { showsLineNumbers ? 6 : 0 }

    /// The recipe list shows for a folder on terminals of 90 columns or more;
    /// on narrower ones (40 or more) when F7 asks for it, in place of the inspector.
    var listWidth: Int {
        guard recipeFolder != nil, showsList else { return 0 }
        if width >= 90 { return min(26, width / 5) }
        return listOnNarrowTerminal && width >= 40 ? min(26, width / 3) : 0
    }

    /// F7 asked for the list on a terminal under 90 columns.
    var listOnNarrowTerminal = false
    private var listReplacesInspector: Bool { width < 90 && listWidth > 0 }

    /// The text column: the room between the list and the inspector, at
    /// most `maxTextWidth` columns of text wide (lines of 240 columns are
    /// hard to read), centred in that room.
    var textColumn: Frame {
        let room = max(4, width - inspectorWidth - listWidth)
        let used = maxTextWidth.map { min(room, $0 + gutterWidth) } ?? room
        return Frame(x: listWidth + (room - used) / 2, y: 1, width: used, height: max(1, height - 1 - bottomRows))
    }

    /// The recipe's details at the top of the text column, as Obsidian shows
    /// a note's properties (`DetailsPane.height` says how many rows).
    public var detailsFrame: Frame {
        let column = textColumn
        let rows = detailsPane.height(for: session.recipe, columnHeight: column.height, focused: focus == .details)
        return Frame(x: column.x, y: column.y, width: column.width, height: min(rows, column.height - 1))
    }

    /// The text pane: the text column under the details.
    public var editorFrame: Frame {
        var frame = textColumn
        let details = detailsFrame.height
        frame.y += details
        frame.height = max(1, frame.height - details)
        return frame
    }

    /// The widths "Text width" goes through; nil is the whole pane.
    static let textWidthChoices: [Int?] = [100, 120, nil, 80]

    /// Goes to the next text width and lays the text out again.
    func cycleTextWidth() {
        let index = Self.textWidthChoices.firstIndex { $0 == maxTextWidth } ?? 0
        maxTextWidth = Self.textWidthChoices[(index + 1) % Self.textWidthChoices.count]
        resize(width: width, height: height)
        say("text width: " + (maxTextWidth.map { "\($0) columns at most" } ?? "the whole pane"))
    }

    public var listFrame: Frame {
        Frame(x: 0, y: 1, width: listWidth, height: max(1, height - 1 - bottomRows))
    }

    public var inspectorFrame: Frame {
        Frame(x: width - inspectorWidth, y: 1, width: inspectorWidth, height: max(1, height - 1 - bottomRows))
    }

    /// Shows a message in the status line (what a command did, warnings on open).
    public func say(_ text: String) {
        message = text
    }

    /// What the status line says when a file opens: its warnings, and that
    /// it is read-only when it is.
    public func announceOpened(warnings: [String]) {
        var parts = warnings
        if session.isReadOnly { parts.append("read-only: Ctrl-S asks before replacing it") }
        if !parts.isEmpty { say(parts.joined(separator: "; ")) }
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
        ingredientRows = ScrollingList()
        detailsPane.rows = ScrollingList()
        session.setWidth(editorFrame.width - gutterWidth)
        restoreTicks()
    }
}
