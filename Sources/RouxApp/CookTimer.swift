public import Foundation

/// A kitchen timer: a name, a length, and where it is in its countdown.
/// Time comes from outside (`now`), never from the clock itself, so a test
/// moves it by hand and the state file can say when it ends.
public struct CookTimer: Equatable, Sendable, Identifiable {
    public enum State: Equatable, Sendable {
        case running(endsAt: Date)
        case paused(remaining: TimeInterval)
        /// It rang; it stays listed until a key is pressed.
        case finished
    }

    /// Where a timer was started: the recipe and the step it belongs to,
    /// shown when it ends.
    public struct Origin: Equatable, Sendable {
        public var recipePath: String?
        public var recipeTitle: String?
        /// The step's index in `RecipeExport.steps`, when it was started from one.
        public var step: Int?
        /// The step's words (or the paragraph's), as read.
        public var stepText: String

        public init(recipePath: String? = nil, recipeTitle: String? = nil, step: Int? = nil, stepText: String) {
            self.recipePath = recipePath
            self.recipeTitle = recipeTitle
            self.step = step
            self.stepText = stepText
        }
    }

    public let id: Int
    /// The timer's name (`~rise{1%hour}`), or a word of the step near the
    /// duration (`WrittenDuration.name`), told apart from the other timers' (`bake 2`).
    public var name: String
    /// Its whole length.
    public var seconds: Int
    public var state: State
    public var origin: Origin

    /// The time left at `now` (zero once it has ended).
    public func remaining(at now: Date) -> TimeInterval {
        switch state {
        case .running(let end): max(0, end.timeIntervalSince(now))
        case .paused(let remaining): remaining
        case .finished: 0
        }
    }

    public var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    public var isPaused: Bool {
        if case .paused = state { return true }
        return false
    }

    /// The time left as a kitchen timer shows it, in whole seconds rounded
    /// up (a timer of 10 minutes shows 10:00 when it starts, 0:01 in its
    /// last second): `9:59`, `1:05:00`.
    public static func countdown(_ remaining: TimeInterval) -> String {
        let total = Int(remaining.rounded(.up))
        let (hours, minutes, seconds) = (total / 3_600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" : "\(minutes):\(twoDigits(seconds))"
    }

    /// How the status line shows it, the time first (a long name cut at
    /// the line's end never takes the time with it): `9:59 rise`,
    /// `⏸ 25:00 bake`, `pasta done`.
    public func shown(at now: Date) -> String {
        switch state {
        case .running: "\(Self.countdown(remaining(at: now))) \(name)"
        case .paused(let remaining): "⏸ \(Self.countdown(remaining)) \(name)"
        case .finished: "\(name) done"
        }
    }
}
