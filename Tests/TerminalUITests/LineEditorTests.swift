import TerminalUI
import Testing

/// The one line editor every prompt uses.
@Suite("The line editor of prompts")
struct LineEditorTests {
    /// Feeds events; returns the line with the cursor as "|", and the last outcome.
    /// (The line starts unselected unless `selected`: most cases here edit a line already typed.)
    static func run(_ start: String, _ events: [InputEvent], history: [String] = [], selected: Bool = false)
        -> (line: String, outcome: LineEditor.Outcome?) {
        var editor = LineEditor(start, history: history, selected: selected)
        var outcome: LineEditor.Outcome?
        for event in events { outcome = editor.handle(event) }
        var shown = editor.text
        shown.insert("|", at: shown.index(shown.startIndex, offsetBy: editor.cursor))
        return (shown, outcome)
    }

    static func key(_ code: Key.Code, _ modifiers: Key.Modifiers = []) -> InputEvent { .key(Key(code, modifiers)) }

    @Test func typingGoesInAtTheCursorAndNothingIsDropped() {
        // "12:5" arrives as one chunk of text: all of it is kept.
        #expect(Self.run("", [.text("12:5")]).line == "12:5|")
        #expect(Self.run("tarte.md", [Self.key(.home), .text("ma-")]).line == "ma-|tarte.md")
        #expect(Self.run("abc", [Self.key(.left), Self.key(.left), .text("X")]).line == "aX|bc")
        #expect(Self.run("abc", [.paste("un\ndeux")]).line == "abcun deux|")
        #expect(Self.run("שלום", [Self.key(.left), .text("x")]).line == "שלוx|ם")
    }

    @Test func deletingByCharacterWordAndLine() {
        #expect(Self.run("abc", [Self.key(.backspace)]).line == "ab|")
        #expect(Self.run("abc", [Self.key(.home), Self.key(.delete)]).line == "|bc")
        #expect(Self.run("pâte feuilletée", [.key(Key.control("w"))]).line == "pâte |")
        #expect(Self.run("pâte feuilletée", [Self.key(.left), Self.key(.left), .key(Key.control("u"))]).line == "|ée")
        #expect(Self.run("", [Self.key(.backspace)]).line == "|")
    }

    @Test func moves() {
        #expect(Self.run("un deux trois", [Self.key(.left, .control)]).line == "un deux |trois")
        #expect(Self.run("un deux trois", [Self.key(.home), Self.key(.right, .control)]).line == "un| deux trois")
        #expect(Self.run("abc", [Self.key(.home), Self.key(.end)]).line == "abc|")
        #expect(Self.run("abc", [Self.key(.right)]).line == "abc|")
    }

    @Test func upAndDownRecallEarlierAnswersAndTheDraft() {
        let history = ["beurre", "sucre"]
        #expect(Self.run("sel", [Self.key(.up)], history: history).line == "sucre|")
        #expect(Self.run("sel", [Self.key(.up), Self.key(.up)], history: history).line == "beurre|")
        #expect(Self.run("sel", [Self.key(.up), Self.key(.up), Self.key(.up)], history: history).line == "beurre|")
        #expect(Self.run("sel", [Self.key(.up), Self.key(.down)], history: history).line == "sel|")
    }

    @Test func aPreFilledAnswerIsReplacedByTypingAndKeptByMoving() {
        #expect(Self.run("beurre", [.text("sel")], selected: true).line == "sel|")
        #expect(Self.run("2", [.text("3")], selected: true).line == "3|")
        #expect(Self.run("2", [.paste("12")], selected: true).line == "12|")
        #expect(Self.run("beurre", [Self.key(.enter)], selected: true).outcome == .submitted("beurre"))
        #expect(Self.run("beurre", [Self.key(.escape)], selected: true).outcome == .cancelled)
        // A move deselects it, from its edge; what is typed then goes in.
        #expect(Self.run("beurre", [Self.key(.end), .text("s")], selected: true).line == "beurres|")
        #expect(Self.run("beurre", [Self.key(.right), .text("s")], selected: true).line == "beurres|")
        #expect(Self.run("beurre", [Self.key(.left), .text("du ")], selected: true).line == "du |beurre")
        #expect(Self.run("beurre", [Self.key(.home), .text("du ")], selected: true).line == "du |beurre")
        #expect(Self.run("beurre", [.key(Key.control("a")), Self.key(.right), .text("x")], selected: true).line == "bx|eurre")
        // A deletion clears it.
        for deletion in [Self.key(.backspace), Self.key(.delete), .key(Key.control("w")), .key(Key.control("u")), .key(Key.control("k"))] {
            #expect(Self.run("beurre doux", [deletion, .text("sel")], selected: true).line == "sel|")
        }
        // Once deselected it is a line like another.
        #expect(Self.run("beurre", [Self.key(.end), Self.key(.backspace)], selected: true).line == "beurr|")
    }

    @Test func aPreFilledAnswerStartsSelectedUnlessSaidOtherwise() {
        #expect(LineEditor("2").isSelected)
        #expect(!LineEditor("2", selected: false).isSelected)
        #expect(!LineEditor("").isSelected)
    }

    @Test func enterSubmitsEscCancelsOtherKeysAreLeftToThePrompt() {
        #expect(Self.run("12", [Self.key(.enter)]).outcome == .submitted("12"))
        #expect(Self.run("12", [Self.key(.escape)]).outcome == .cancelled)
        #expect(Self.run("12", [Self.key(.tab)]).outcome == .ignored)
        #expect(Self.run("12", [Self.key(.function(5))]).outcome == .ignored)
    }

    @Test func historyKeepsEachAnswerOnceNewestLast() {
        var history = PromptHistory()
        for answer in ["a", "b", "a", ""] { history.record(answer, for: "find") }
        #expect(history.entries(for: "find") == ["b", "a"])
        #expect(history.entries(for: "line").isEmpty)
    }
}
