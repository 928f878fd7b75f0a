/// One line of text being typed — every prompt's answer (go to line, find,
/// open, save as, rename, replace) — edited the way a shell line is: text
/// goes in at the cursor; Left/Right/Home/End move it (Ctrl-A/Ctrl-E too);
/// Backspace, Delete, Ctrl-W and Ctrl-U delete; a paste goes in whole;
/// Up/Down recall earlier answers; Enter submits, Esc cancels. Nothing typed
/// is ever dropped: what the answer must look like is checked when it is
/// submitted, by whoever asked.
///
/// A pre-filled answer (the servings, a file name, the last search) starts
/// selected, as in every dialog: the first text typed or pasted replaces
/// it, a deletion clears it, a move deselects it and moves from its edge
/// (Left and Home to its start, Right and End to its end), Enter takes it.
public struct LineEditor: Equatable, Sendable {
    public private(set) var text: String
    /// The cursor, in characters from the start.
    public private(set) var cursor: Int
    /// Earlier answers, oldest first; Up goes back through them.
    private var history: [String]
    /// Where Up/Down are in `history` (its count: the line being typed).
    private var historyIndex: Int
    /// The line being typed, kept while Up/Down show earlier answers.
    private var draft = ""
    /// The whole line is selected (a pre-filled answer): drawn reversed.
    public private(set) var isSelected: Bool

    /// `text` pre-filled, selected unless `selected` is false (a line given
    /// back to go on typing), the cursor at its end.
    public init(_ text: String = "", history: [String] = [], selected: Bool = true) {
        self.text = text
        cursor = text.count
        self.history = history
        historyIndex = history.count
        isSelected = selected && !text.isEmpty
    }

    public enum Outcome: Equatable, Sendable {
        /// The line changed, or the cursor moved.
        case edited
        case submitted(String)
        case cancelled
        /// Not a key for a line (the prompt may use it: Tab to complete).
        case ignored
    }

    public mutating func handle(_ event: InputEvent) -> Outcome {
        switch event {
        case .text(let typed), .paste(let typed):
            if isSelected { setText("") }
            isSelected = false
            // A paste of several lines is one line here.
            insert(typed.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " "))
            return .edited
        case .key(let key):
            if isSelected, let outcome = handleSelected(key) { return outcome }
            let outcome = handle(key)
            if outcome == .edited { isSelected = false }
            return outcome
        case .mouse, .resize, .modeReport, .deviceAttributes, .graphicsReply:
            return .ignored
        }
    }

    /// A key on the selected line that acts on the selection: a deletion
    /// clears it; Left and Home go to its start (Right and End, already at
    /// its end, just deselect). Nil: the key does what it does on any line.
    private mutating func handleSelected(_ key: Key) -> Outcome? {
        switch (key.code, key.modifiers) {
        case (.backspace, _), (.delete, []), (.character("d"), .control), (.character("w"), .control),
             (.character("u"), .control), (.character("k"), .control):
            setText("")
        case (.left, []), (.home, []), (.character("a"), .control):
            cursor = 0
        default:
            return nil
        }
        isSelected = false
        return .edited
    }

    private mutating func handle(_ key: Key) -> Outcome {
        switch (key.code, key.modifiers) {
        case (.enter, _): return .submitted(text)
        case (.escape, []), (.character("c"), .control), (.character("g"), .control): return .cancelled
        case (.left, []): cursor = max(0, cursor - 1)
        case (.right, []): cursor = min(text.count, cursor + 1)
        case (.left, .control): cursor = wordStart(before: cursor)
        case (.right, .control): cursor = wordEnd(after: cursor)
        case (.home, []), (.character("a"), .control): cursor = 0
        case (.end, []), (.character("e"), .control): cursor = text.count
        case (.backspace, []):
            guard cursor > 0 else { return .edited }
            remove(cursor - 1 ..< cursor)
        case (.delete, []), (.character("d"), .control):
            guard cursor < text.count else { return .edited }
            remove(cursor ..< cursor + 1)
        case (.backspace, _), (.character("w"), .control): remove(wordStart(before: cursor) ..< cursor)
        case (.character("u"), .control): remove(0 ..< cursor)
        case (.character("k"), .control): remove(cursor ..< text.count)
        case (.up, []): recall(by: -1)
        case (.down, []): recall(by: 1)
        default: return .ignored
        }
        return .edited
    }

    /// Replaces the whole line (a completion), the cursor at its end.
    public mutating func setText(_ newText: String) {
        text = newText
        cursor = newText.count
        isSelected = false
    }

    public mutating func insert(_ typed: String) {
        let before = text.count
        text.insert(contentsOf: typed, at: text.index(text.startIndex, offsetBy: cursor))
        // Counted after inserting: a combining mark joins the character before it.
        cursor = min(text.count, cursor + text.count - before)
    }

    private mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.index(text.startIndex, offsetBy: range.upperBound)
        text.removeSubrange(lower ..< upper)
        cursor = range.lowerBound
    }

    private mutating func recall(by step: Int) {
        let target = historyIndex + step
        guard target >= 0, target <= history.count else { return }
        if historyIndex == history.count { draft = text }
        historyIndex = target
        setText(target == history.count ? draft : history[target])
    }

    private func wordStart(before position: Int) -> Int {
        let characters = Array(text)
        var index = position
        while index > 0, characters[index - 1].isWhitespace || characters[index - 1].isPunctuation { index -= 1 }
        while index > 0, !(characters[index - 1].isWhitespace || characters[index - 1].isPunctuation) { index -= 1 }
        return index
    }

    private func wordEnd(after position: Int) -> Int {
        let characters = Array(text)
        var index = position
        while index < characters.count, characters[index].isWhitespace || characters[index].isPunctuation { index += 1 }
        while index < characters.count, !(characters[index].isWhitespace || characters[index].isPunctuation) { index += 1 }
        return index
    }
}

/// The answers given to each kind of prompt, for Up/Down.
public struct PromptHistory: Sendable {
    private var entries: [String: [String]] = [:]
    /// As many as `HistoryStore` keeps between sessions.
    private static let limit = 100

    public init() {}

    /// Earlier sessions' answers, oldest first.
    public init(entries: [String: [String]]) {
        self.entries = entries.mapValues { Array($0.suffix(Self.limit)) }
    }

    public func entries(for kind: String) -> [String] { entries[kind] ?? [] }

    public mutating func record(_ answer: String, for kind: String) {
        guard !answer.isEmpty else { return }
        var list = entries[kind] ?? []
        list.removeAll { $0 == answer }
        list.append(answer)
        if list.count > Self.limit { list.removeFirst(list.count - Self.limit) }
        entries[kind] = list
    }
}
