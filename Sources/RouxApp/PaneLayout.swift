/// Where every pane is: one value computes each pane's frame from the
/// window's size, what the user chose to show (F2, F4, F7, "Text width")
/// and how much of the room its rule gives it each pane wants
/// (`EditorPane.wantedSize`: the list nothing without a folder, the
/// details the rows of their keys). Each pane's rule is one case of
/// `frame(of:)`; nothing else works out where a pane goes.
struct PaneLayout: Equatable {
    var width: Int
    var height: Int
    var showsInspector = true
    var showsKeyBar = true
    var showsLineNumbers = false
    var showsList = true
    /// The most columns of text a line is laid out in (the "Text width" command changes it).
    var maxTextWidth: Int? = 100
    /// F7 asked for the list on a terminal under 90 columns.
    var listOnNarrowTerminal = false

    /// What the panes' contents tell the layout, asked while it works.
    struct Contents {
        /// How much of `room` (columns or rows, as the pane's rule measures
        /// it) the pane wants, for what it shows now.
        var wanted: (_ pane: EditorController.Pane, _ room: Int) -> Int
    }

    typealias Frame = EditorController.Frame

    /// The status line, and the key bar under it when shown.
    var bottomRows: Int { showsKeyBar ? 2 : 1 }
    /// The line numbers' columns at the text pane's left (F4).
    var gutterWidth: Int { showsLineNumbers ? 6 : 0 }
    /// The rows between the title bar and the bottom rows.
    private var paneHeight: Int { max(1, height - 1 - bottomRows) }

    /// The inspector shows on terminals of 60 columns or more, unless the
    /// recipe list asked for with F7 on a narrow terminal takes its place.
    func inspectorWidth(_ contents: Contents) -> Int {
        let listReplacesInspector = width < 90 && listWidth(contents) > 0
        return showsInspector && width >= 60 && !listReplacesInspector ? min(32, width / 3) : 0
    }

    /// The recipe list shows for a folder on terminals of 90 columns or more;
    /// on narrower ones (40 or more) when F7 asks for it, in place of the inspector.
    func listWidth(_ contents: Contents) -> Int {
        guard showsList else { return 0 }
        let room = width >= 90 ? min(26, width / 5) : listOnNarrowTerminal && width >= 40 ? min(26, width / 3) : 0
        return room > 0 ? contents.wanted(.list, room) : 0
    }

    /// The text column: the room between the list and the inspector, at
    /// most `maxTextWidth` columns of text wide (lines of 240 columns are
    /// hard to read), centred in that room.
    func textColumn(_ contents: Contents) -> Frame {
        let listWidth = listWidth(contents)
        let room = max(4, width - inspectorWidth(contents) - listWidth)
        let used = maxTextWidth.map { min(room, $0 + gutterWidth) } ?? room
        return Frame(x: listWidth + (room - used) / 2, y: 1, width: used, height: paneHeight)
    }

    /// Each pane's rule.
    func frame(of pane: EditorController.Pane, _ contents: Contents) -> Frame {
        switch pane {
        case .details:
            // The recipe's details at the top of the text column, as Obsidian
            // shows a note's properties (`DetailsPane.height` says how many rows).
            let column = textColumn(contents)
            return Frame(x: column.x, y: column.y, width: column.width, height: min(contents.wanted(.details, column.height), column.height - 1))
        case .editor:
            // The text pane: the text column under the details.
            var frame = textColumn(contents)
            let details = self.frame(of: .details, contents).height
            frame.y += details
            frame.height = max(1, frame.height - details)
            return frame
        case .inspector:
            let inspectorWidth = inspectorWidth(contents)
            return Frame(x: width - inspectorWidth, y: 1, width: inspectorWidth, height: paneHeight)
        case .list:
            return Frame(x: 0, y: 1, width: listWidth(contents), height: paneHeight)
        case .cook:
            // Cook mode: the whole window between the bars, while it is on.
            let width = contents.wanted(.cook, width)
            return Frame(x: 0, y: 1, width: width, height: width > 0 ? paneHeight : 0)
        }
    }

    /// The widths "Text width" goes through; nil is the whole pane.
    static let textWidthChoices: [Int?] = [100, 120, nil, 80]

    /// The next text width.
    mutating func cycleTextWidth() {
        let index = Self.textWidthChoices.firstIndex { $0 == maxTextWidth } ?? 0
        maxTextWidth = Self.textWidthChoices[(index + 1) % Self.textWidthChoices.count]
    }
}
