import Foundation
import Recipes
import TerminalUI
import TextLayout

/// Cook mode (F9): the window shows one step at a time, large and centred,
/// with that step's ingredients (scaled and converted as the view shows
/// them) and cookware beside it, its timers under it and the next step
/// announced below; arrows or Space go from step to step, Enter ticks a
/// step done, `t` starts its timers, Esc goes back to the text at that step.
/// The pane is shown while it has the keys: any command that gives them to
/// another pane leaves cook mode.
final class CookPane: EditorPane {
    let focus = EditorController.Pane.cook
    var focusHint: String? {
        "→/Space next · ← back · Enter done · t timer · Esc text"
    }

    /// The step shown.
    private(set) var step = 0
    /// The steps ticked done, per recipe file, for as long as the app runs
    /// (a new cooking session starts with none: they are not the recipe's).
    private var ticked: [String: Set<Int>] = [:]
    /// The steps as shown, worked out again when the text, the scale or the units change.
    private var cache: (key: CacheKey, steps: [CookStep])?

    private struct CacheKey: Equatable {
        var session: ObjectIdentifier
        var version: Int
        var scale: Double
        var system: UnitSystem?
    }

    func recipeReplaced() {
        step = 0
        cache = nil
    }

    /// Letters typed together come as one piece of text: each is a key
    /// here (`t`, Space), and nothing is typed into the hidden text.
    func handleInput(_ event: InputEvent, controller: EditorController) -> Bool {
        guard case .text(let text) = event else { return false }
        for character in text { _ = controller.handleKey(Key(.character(character))) }
        return true
    }

    /// The wheel goes from step to step.
    func handleMouse(_ mouse: MouseEvent, frame: EditorController.Frame, controller: EditorController) {
        switch mouse.action {
        case .scrollUp: controller.moveStep(by: -1)
        case .scrollDown: controller.moveStep(by: 1)
        default: break
        }
    }

    /// The whole window while it has the keys; nothing otherwise.
    func wantedSize(of room: Int, controller: EditorController) -> Int {
        controller.focus == .cook ? room : 0
    }

    func steps(_ session: EditorSession) -> [CookStep] {
        let key = CacheKey(session: ObjectIdentifier(session), version: session.document.version, scale: session.viewScale,
                           system: session.units.system)
        if let cache, cache.key == key { return cache.steps }
        let steps = session.cookSteps()
        cache = (key, steps)
        return steps
    }

    private static func ticksKey(_ session: EditorSession) -> String { session.path ?? "" }

    func isTicked(_ index: Int, in session: EditorSession) -> Bool {
        ticked[Self.ticksKey(session)]?.contains(index) ?? false
    }

    func tickCount(in session: EditorSession) -> Int {
        ticked[Self.ticksKey(session)]?.count ?? 0
    }

    /// Shows step `index` (kept within the steps).
    func show(_ index: Int, of count: Int) {
        step = max(0, min(index, count - 1))
    }

    /// Enter: an unticked step is ticked done and the next one shown; a ticked one is unticked.
    func toggleTick(_ controller: EditorController) {
        let session = controller.session
        let count = steps(session).count
        guard count > 0 else { return }
        let key = Self.ticksKey(session)
        if ticked[key, default: []].remove(step) == nil {
            ticked[key, default: []].insert(step)
            show(step + 1, of: count)
        }
    }

    /// The status line's words in cook mode (the pane shows the step's number).
    func status(_ controller: EditorController) -> String {
        "cook mode"
    }
}

extension EditorController {
    var cookPane: CookPane { panes.cook }

    /// F9: cook mode, at the step the caret is in (the first when it is in none).
    func startCooking() {
        let steps = cookPane.steps(session)
        guard !steps.isEmpty else {
            say("no steps to cook: cook mode shows the recipe's method a step at a time")
            return
        }
        let caret = session.caret.offset
        let current = steps.firstIndex { $0.offsets.contains(caret) || $0.offsets.upperBound == caret }
            ?? steps.firstIndex { $0.offsets.lowerBound >= caret } ?? 0
        cookPane.show(current, of: steps.count)
        focus = .cook
        if let hint = cookPane.focusHint { say(hint) }
    }

    /// Esc: back to the text, the caret at the start of the step shown.
    func stopCooking() {
        let steps = cookPane.steps(session)
        focus = .editor
        if steps.indices.contains(cookPane.step) {
            session.moveCaret(to: CaretPosition(offset: steps[cookPane.step].offsets.lowerBound), extending: false)
            scrollToCaret()
        }
    }

    /// A move between steps, by `delta`.
    func moveStep(by delta: Int) {
        let count = cookPane.steps(session).count
        cookPane.show(cookPane.step + delta, of: count)
    }
}

extension EditorCommand {
    /// Cook mode's keys.
    static let cookPane: [EditorCommand] = [
        EditorCommand(name: "Next step", summary: "the next step", scope: .pane(.cook),
                      keys: [Key(.right), Key(.down), Key(.pageDown), Key(.character(" "))], keyLabel: "Right, Down, PgDn, Space",
                      inPalette: false) { controller, _ in controller.moveStep(by: 1) },
        EditorCommand(name: "Previous step", summary: "the step before", scope: .pane(.cook),
                      keys: [Key(.left), Key(.up), Key(.pageUp), Key(.backspace)], keyLabel: "Left, Up, PgUp, Backspace",
                      inPalette: false) { controller, _ in controller.moveStep(by: -1) },
        EditorCommand(name: "First or last step", summary: "the first step, the last step", scope: .pane(.cook),
                      keys: [Key(.home), Key(.end)], keyLabel: "Home, End", inPalette: false) { controller, key in
            controller.cookPane.show(key.code == .home ? 0 : controller.cookPane.steps(controller.session).count - 1,
                                     of: controller.cookPane.steps(controller.session).count)
        },
        EditorCommand(name: "Step done", summary: "tick the step done and show the next (on a ticked step: untick it); ✓ marks the steps done",
                      scope: .pane(.cook), keys: [Key(.enter)], inPalette: false) { controller, _ in controller.cookPane.toggleTick(controller) },
        EditorCommand(name: "Start the step's timer", summary: "start the step's timers (its ~{…}, or the durations its words write), counting down in the status line",
                      scope: .pane(.cook), keys: [Key(.character("t"))], keyLabel: "t", inPalette: false) { controller, _ in controller.startStepTimers() },
        EditorCommand(name: "Leave cook mode", summary: "back to the text, the caret at the step shown (F9 too)", scope: .pane(.cook),
                      keys: [Key(.escape)], inPalette: false) { controller, _ in controller.stopCooking() },
    ]
}
