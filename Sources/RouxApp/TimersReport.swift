public import Foundation
public import RecipeStorage

/// What `roux timers` prints of the editors' timers (`TimerStateFile`): a
/// line each, the time left first (as the status line counts it), then
/// the name and where it belongs: `9:59  rise — Bread, step 3`.
public enum TimersReport {
    public static func lines(_ running: [(pid: Int32, timers: [TimerStateFile.Entry])], at now: Date) -> [String] {
        let timers = running.flatMap(\.timers)
        let left = timers.map { entry -> String in
            if let remaining = entry.remaining { return CookTimer.countdown(remaining) }
            return CookTimer.countdown(max(0, entry.endsAt?.timeIntervalSince(now) ?? 0))
        }
        let width = left.map(\.count).max() ?? 0
        return zip(timers, left).map { entry, left in
            let state = entry.remaining != nil ? " (paused)" : (entry.endsAt.map { $0 <= now } ?? true) ? " (done)" : ""
            let place = [entry.recipe, entry.step].compactMap { $0 }.joined(separator: ", ")
            return String(repeating: " ", count: width - left.count) + left + "  " + entry.name + state + (place.isEmpty ? "" : " — " + place)
        }
    }
}
