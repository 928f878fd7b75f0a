import Foundation
import RecipeExport
public import RecipeStorage
import Recipes
import RichText
import TerminalUI
import TextLayout

/// Kitchen timers: started from the `~{…}` or the duration written at the
/// caret (Alt-T) or from cook mode's step (`t`); several at once, counting
/// down in the status line; paused, resumed and cancelled from the palette.
/// They are the app's, not the open recipe's: they run on while another
/// recipe is open. When one ends the terminal gets the bell and a desktop
/// notification (`TimerAlert`), and the status line names the step it
/// belongs to (cook mode on that recipe shows it).
extension EditorController {
    /// What the timers need: the clock (a test's own), how the terminal
    /// notifies, what is still to send to it, what the status line showed
    /// last, and the file `roux timers` reads.
    struct Kitchen {
        var timers = CookTimers()
        var clock: @Sendable () -> Date = { Date() }
        var notification = TimerAlert.Notification(environment: ProcessInfo.processInfo.environment)
        var outgoing: [String] = []
        var shownStatus: String?
        var stateFile: TimerStateFile?
    }

    public var timers: CookTimers { kitchen.timers }

    /// The editor's timers go to `file` for `roux timers` (the launcher's
    /// choice; tests keep theirs in memory or in a folder of their own).
    public func shareTimers(in file: TimerStateFile) {
        kitchen.stateFile = file
        shareTimers()
    }

    /// Quitting: the file of this editor's timers goes with it.
    public func stopSharingTimers() {
        kitchen.stateFile?.remove()
    }

    private func shareTimers() {
        guard let file = kitchen.stateFile else { return }
        let entries = kitchen.timers.active.map { timer in
            let paused: TimeInterval? = if case .paused(let remaining) = timer.state { remaining } else { nil }
            let endsAt: Date? = if case .running(let end) = timer.state { end } else { nil }
            let recipe = timer.origin.recipeTitle ?? timer.origin.recipePath.map { ($0 as NSString).lastPathComponent }
            return TimerStateFile.Entry(name: timer.name, endsAt: endsAt, remaining: paused, recipe: recipe,
                                        step: timer.origin.step.map { "step \($0 + 1)" })
        }
        if let problem = file.save(entries) { say(problem) }
    }

    /// Between keys: the timers whose time has come ring; true when the
    /// status line must be drawn again (a second went by, one rang).
    public func advanceTimers() -> Bool {
        let now = kitchen.clock()
        let ended = kitchen.timers.finish(at: now)
        for timer in ended { ring(timer) }
        if !ended.isEmpty { shareTimers() }
        let status = kitchen.timers.statusText(at: now)
        defer { kitchen.shownStatus = status }
        return !ended.isEmpty || status != kitchen.shownStatus
    }

    /// The sequences for the terminal not sent yet: OSC 52 copies, timers' bells and notifications.
    func takeTerminalSequences() -> [String] {
        defer { kitchen.outgoing.removeAll() }
        return clipboard.takeSequences() + kitchen.outgoing
    }

    private func ring(_ timer: CookTimer) {
        kitchen.outgoing += TimerAlert.sequences(for: timer, notification: kitchen.notification)
        let isOpenRecipe = timer.origin.recipePath == session.path
        let recipe = isOpenRecipe ? "" : (timer.origin.recipeTitle ?? timer.origin.recipePath.map { ($0 as NSString).lastPathComponent })
            .map { " in \($0)" } ?? ""
        let step = timer.origin.step.map { "step \($0 + 1)" } ?? "its step"
        say("⏲ \(timer.name) is done (\(step)\(recipe): \(timer.origin.stepText))")
        if isOpenRecipe, focus == .cook, let index = timer.origin.step {
            cookPane.show(index, of: cookPane.steps(session).count)
        }
    }

    /// A key after a timer rang takes the finished ones off the status line.
    func dismissFinishedTimers(after event: InputEvent) {
        switch event {
        case .key, .text, .paste: kitchen.timers.dismissFinished()
        case .mouse, .resize, .modeReport, .deviceAttributes, .graphicsReply: break
        }
    }

    /// The timers at the status line's right end (half of it at most), the
    /// ones that rang in reverse; returns the column they start at.
    func drawTimers(into grid: inout CellGrid, y: Int) -> Int {
        guard let status = kitchen.timers.statusText(at: kitchen.clock()) else { return width }
        let shown = " " + Self.label(Self.fitted(status, columns: max(10, width / 2))) + " "
        let rang = kitchen.timers.all.contains { $0.state == .finished }
        let start = max(0, width - CellGrid.columns(of: shown))
        grid.write(shown, x: start, y: y, style: CellStyle(bold: true, reverse: rang))
        return start
    }

    // MARK: Starting

    @discardableResult
    func startTimer(_ name: String, seconds: Int, step: Int?, stepText: String) -> CookTimer {
        let origin = CookTimer.Origin(recipePath: session.path, recipeTitle: session.title, step: step, stepText: stepText)
        let timer = kitchen.timers.start(name, seconds: seconds, origin: origin, at: kitchen.clock())
        shareTimers()
        return timer
    }

    /// Alt-T: the timer marked at the caret, or the duration written there
    /// (or, with the caret elsewhere in the paragraph, the nearest one).
    func startTimerAtCaret() {
        let caret = session.caret.offset
        let layout = session.layout
        let paragraph = layout.range(ofParagraph: layout.paragraph(containing: caret))
        let text = session.document.text
        let slice = text[text.characterRange(atUTF8Offsets: paragraph)]
        let words = String(slice.characters)
        let local = caret - paragraph.lowerBound
        var candidates = markedTimers(in: slice, from: paragraph.lowerBound)
        let marked = candidates.map(\.offsets)
        for written in WrittenDuration.all(in: words) where !marked.contains(where: { $0.overlaps(written.range) }) {
            candidates.append((WrittenDuration.name(around: written.range, in: words), written.seconds, written.range))
        }
        let distance = { (range: Range<Int>) in range.contains(local) || range.upperBound == local ? 0
            : min(abs(range.lowerBound - local), abs(range.upperBound - local)) }
        guard let chosen = candidates.min(by: { distance($0.offsets) < distance($1.offsets) }) else {
            say("no time at the caret: \(keyHint("Start a timer")) starts a timer on a ~{…} timer or on a written time (\"bake 25 minutes\")")
            return
        }
        let steps = RecipeExport.placedSteps(of: session.recipe)
        let step = steps.firstIndex { $0.offsets.contains(caret) || $0.offsets.upperBound == caret }
        let timer = startTimer(chosen.name, seconds: chosen.seconds, step: step, stepText: step.map { steps[$0].step.text } ?? words)
        say("timer \"\(timer.name)\" started: \(CookTimer.countdown(TimeInterval(timer.seconds))) (\(keyHint("Commands")): pause, resume or cancel it)")
    }

    /// The timers marked in a paragraph (a timer split into runs is one),
    /// with their offsets in it; those whose duration cannot be read are left out.
    private func markedTimers(in slice: AttributedSubstring, from start: Int) -> [(name: String, seconds: Int, offsets: Range<Int>)] {
        let text = session.document.text
        let words = String(slice.characters)
        var pieces: [(name: String, shown: String, offsets: Range<Int>)] = []
        for run in slice.runs {
            guard let name = run.timer else { continue }
            let offsets = text.utf8Offsets(of: run.range)
            let local = offsets.lowerBound - start ..< offsets.upperBound - start
            if let last = pieces.last, last.name == name, last.offsets.upperBound == local.lowerBound {
                pieces[pieces.count - 1].shown += String(slice.characters[run.range])
                pieces[pieces.count - 1].offsets = last.offsets.lowerBound ..< local.upperBound
            } else {
                pieces.append((name, String(slice.characters[run.range]), local))
            }
        }
        return pieces.compactMap { piece in
            guard let duration = WrittenDuration.first(in: piece.shown) else { return nil }
            let name = piece.name.isEmpty ? WrittenDuration.name(around: piece.offsets, in: words) : piece.name
            return (name, duration.seconds, piece.offsets)
        }
    }

    /// Cook mode's `t`: the shown step's timers that do not run yet.
    func startStepTimers() {
        let steps = cookPane.steps(session)
        guard steps.indices.contains(cookPane.step) else { return }
        let step = steps[cookPane.step]
        guard !step.timers.isEmpty else {
            say("this step writes no time to count down")
            return
        }
        let running = kitchen.timers.active.filter { $0.origin.recipePath == session.path && $0.origin.step == cookPane.step }.map(\.name)
        let started = step.timers.filter { !running.contains($0.name) }
        for timer in started { startTimer(timer.name, seconds: timer.seconds, step: cookPane.step, stepText: step.text) }
        say(started.isEmpty ? "the step's timers already run (\(keyHint("Commands")): pause, resume or cancel them)"
            : "started: " + started.map { "\($0.name) \(CookTimer.countdown(TimeInterval($0.seconds)))" }.joined(separator: ", "))
    }

    // MARK: Pausing, resuming, cancelling

    enum TimerAction { case pause, resume, cancel }

    /// Acts on the timers `ids` (every one it applies to when nil).
    func act(_ action: TimerAction, on ids: [Int]? = nil) {
        let now = kitchen.clock()
        let chosen = kitchen.timers.active.filter { ids?.contains($0.id) ?? true }
        var names: [String] = []
        for timer in chosen {
            let done = switch action {
            case .pause: kitchen.timers.pause(timer.id, at: now)
            case .resume: kitchen.timers.resume(timer.id, at: now)
            case .cancel: kitchen.timers.cancel(timer.id)
            }
            if done { names.append(timer.name) }
        }
        shareTimers()
        let verb = switch action {
        case .pause: "paused"
        case .resume: "resumed"
        case .cancel: "cancelled"
        }
        say(names.isEmpty ? "no timer to have \(verb)" : "\(verb): " + names.joined(separator: ", "))
    }

    /// The palette's entries for each timer: pause or resume it, cancel it.
    var timerPaletteCommands: [EditorCommand] {
        kitchen.timers.active.flatMap { timer -> [EditorCommand] in
            let id = timer.id
            let toggle = timer.isPaused
                ? EditorCommand(name: "Resume the timer \(timer.name)", summary: "count down again from where it was paused",
                                scope: .everywhere, keys: []) { controller, _ in controller.act(.resume, on: [id]) }
                : EditorCommand(name: "Pause the timer \(timer.name)", summary: "stop its countdown where it is",
                                scope: .everywhere, keys: []) { controller, _ in controller.act(.pause, on: [id]) }
            return [toggle, EditorCommand(name: "Cancel the timer \(timer.name)", summary: "take it away", scope: .everywhere,
                                          keys: []) { controller, _ in controller.act(.cancel, on: [id]) }]
        }
    }
}

extension EditorCommand {
    /// Cook mode and the timers, everywhere.
    static let kitchen: [EditorCommand] = [
        EditorCommand(name: "Cook mode", summary: "cook mode: the recipe a step at a time, large, with its ingredients, cookware and timers (F9 again or Esc: back)",
                      scope: .everywhere, keys: [Key(.function(9))]) { controller, _ in
            if controller.focus == .cook { controller.stopCooking() } else { controller.startCooking() }
        },
        EditorCommand(name: "Start a timer", summary: "a timer from the ~{…} or the time written at the caret (\"bake 25 minutes\", \"1 h 30\"; \"20 à 25 min\": the shorter); several run at once in the status line",
                      scope: .everywhere, keys: [.alt("t")]) { controller, _ in controller.startTimerAtCaret() },
        EditorCommand(name: "Pause the timers", summary: "pause every running timer (the palette also lists each timer to pause or cancel)",
                      scope: .everywhere, keys: []) { controller, _ in controller.act(.pause) },
        EditorCommand(name: "Resume the timers", summary: "start every paused timer again", scope: .everywhere, keys: []) { controller, _ in
            controller.act(.resume)
        },
        EditorCommand(name: "Cancel the timers", summary: "take every timer away", scope: .everywhere, keys: []) { controller, _ in
            controller.act(.cancel)
        },
    ]
}
