import Foundation
import RichText
import TerminalUI
import TextLayout

extension EditorController {
    /// A replacement under way (Ctrl-R): the matches still to visit, in the
    /// order they are offered (from the caret to the end, then from the top),
    /// as UTF-8 offsets of the text as it is now.
    public struct ReplaceRun: Equatable {
        var needle: String
        var replacement: String
        var remaining: [Range<Int>]
        var total: Int
        var replaced = 0
        /// Where the last replacement was made, to leave it selected.
        var lastReplaced: Range<Int>?
        /// The undo mark taken before the first replacement: all of them undo as one step.
        var undoMark: Int

        var current: Range<Int>? { remaining.first }
        /// Which match of how many is offered now, counted from the first offered.
        var number: Int { total - remaining.count + 1 }

        /// Drops the current match; when it was replaced by text `delta`
        /// bytes longer, moves the matches after it.
        mutating func advance(replacedWithDelta delta: Int?) {
            guard let current = remaining.first else { return }
            remaining.removeFirst()
            guard let delta else { return }
            replaced += 1
            lastReplaced = current.lowerBound ..< current.upperBound + delta
            remaining = remaining.map { $0.lowerBound >= current.upperBound ? $0.lowerBound + delta ..< $0.upperBound + delta : $0 }
        }
    }

    func askReplace() {
        ask(ReplaceFindQuestion(), search.needle ?? "")
    }

    /// The matches of `needle` (case-insensitive, as find), the first the
    /// one at or after the caret, wrapping round to the top.
    func startReplacing(_ needle: String, with replacement: String) {
        prompt = nil
        whenLoaded("finding \"\(needle)\" to replace") { [unowned self] in replace(needle, with: replacement) }
    }

    private func replace(_ needle: String, with replacement: String) {
        let text = session.document.text
        let matches = TextSearch(needle, caseInsensitive: true).matches(in: session.document.plainText)
        guard !matches.isEmpty else {
            prompt = nil
            say("\"\(needle)\" not found")
            return
        }
        let caret = text.utf8Offset(of: session.document.selection.primary.lowerBound)
        let split = matches.firstIndex { $0.lowerBound >= caret } ?? matches.count
        let ordered = Array(matches[split...] + matches[..<split])
        offer(ReplaceRun(needle: needle, replacement: replacement, remaining: ordered, total: ordered.count,
                         undoMark: session.document.undoGroupMark))
    }

    /// Selects the run's current match and asks about it; says how it went when none is left.
    private func offer(_ run: ReplaceRun) {
        guard let match = run.current else {
            finishReplacing(run)
            return
        }
        let range = session.document.text.characterRange(atUTF8Offsets: match)
        session.edit { try? $0.document.selectForFind(range) }
        session.pane.visualAnchor = nil
        scrollToCaret()
        prompt = .question(ReplaceMatchQuestion(run: run))
    }

    private func finishReplacing(_ run: ReplaceRun, stopped: Bool = false) {
        prompt = nil
        if let last = run.lastReplaced {
            let range = session.document.text.characterRange(atUTF8Offsets: last)
            session.edit { try? $0.document.selectForFind(range) }
            scrollToCaret()
        }
        let count = run.replaced == 1 ? "1 replacement" : "\(run.replaced) replacements"
        let matches = run.total == 1 ? "1 match" : "\(run.total) matches"
        say(stopped ? "stopped: \(count) of \(matches)" : "\(count) of \(matches)"
            + (run.replaced > 0 ? " · \(keyHint("Undo")) undoes them at once" : ""))
    }

    /// A key while a match is offered: replace it, skip it, all the rest, or stop.
    func handleReplaceAnswer(_ run: ReplaceRun, _ event: InputEvent) {
        var run = run
        switch event {
        case .text("y"), .text("Y"), .key(Key(.enter)):
            replaceCurrent(&run)
            offer(run)
        case .text("n"), .text("N"), .text(" "):
            run.advance(replacedWithDelta: nil)
            offer(run)
        case .text("a"), .text("A"):
            while run.current != nil { replaceCurrent(&run) }
            finishReplacing(run)
        case .key(Key(.escape, [])), .key(Key(.character("c"), .control)), .key(Key(.character("q"), .control)):
            finishReplacing(run, stopped: true)
        default:
            break
        }
    }

    /// Replaces the current match, as one undo step with the ones before.
    private func replaceCurrent(_ run: inout ReplaceRun) {
        guard let match = run.current else { return }
        let replacement = run.replacement
        let mark = run.undoMark
        // The match selected, as the edit replaces it: a whole Cooklang
        // component replaced stays the component (`Recipe.keepComponentMark`).
        session.edit { try? $0.document.selectForFind($0.document.text.characterRange(atUTF8Offsets: match)) }
        session.edit { recipe in
            let range = recipe.document.text.characterRange(atUTF8Offsets: match)
            try? recipe.document.replace(range, with: replacement)
            recipe.document.groupUndo(since: mark)
        }
        run.advance(replacedWithDelta: replacement.utf8.count - match.count)
    }
}

/// Replace (Ctrl-R): what to look for.
struct ReplaceFindQuestion: LineQuestion {
    var label: String { "Replace: " }
    var historyKey: String { "find" }

    func submit(_ answer: String, controller: EditorController) -> String? {
        guard !answer.isEmpty else { return "type the text to replace" }
        controller.search.needle = answer
        controller.ask(ReplaceWithQuestion(needle: answer))
        return nil
    }
}

/// Replace: what to put instead of `needle`.
struct ReplaceWithQuestion: LineQuestion {
    var needle: String
    var label: String { "Replace \"\(VisualLabel.isolated(needle))\" with: " }
    var historyKey: String { "replacement" }

    func submit(_ answer: String, controller: EditorController) -> String? {
        controller.startReplacing(needle, with: answer)
        return nil
    }
}

/// Replace offers a match: y, n, a or Esc (which stops, saying how it went).
struct ReplaceMatchQuestion: KeyQuestion {
    var run: EditorController.ReplaceRun

    func text(controller: EditorController) -> String {
        "Replace this one (\(run.number) of \(run.total))? y replace · n skip · a all the rest · Esc stop"
    }

    func handle(_ event: InputEvent, controller: EditorController) -> Bool {
        controller.handleReplaceAnswer(run, event)
        return true
    }
}
