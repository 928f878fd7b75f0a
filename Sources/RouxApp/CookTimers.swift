public import Foundation

/// The timers running in the app, several at once: they belong to the
/// app, not to the recipe open, so they keep counting while another one
/// is. Every change takes the time it happens at (`now`); `finish(at:)`,
/// asked between keys, says which have just ended.
public struct CookTimers: Equatable, Sendable {
    public private(set) var all: [CookTimer] = []
    private var lastID = 0

    public init() {}

    public var isEmpty: Bool { all.isEmpty }

    /// The timers that count or wait: those not finished.
    public var active: [CookTimer] { all.filter { $0.state != .finished } }

    /// Starts a timer of `seconds` at `now`. A name another timer has
    /// takes a number (`bake 2`), so that the one that rings is known.
    @discardableResult
    public mutating func start(_ name: String, seconds: Int, origin: CookTimer.Origin, at now: Date) -> CookTimer {
        lastID += 1
        let taken = Set(all.map(\.name))
        let distinct = taken.contains(name) ? (2...).lazy.map { "\(name) \($0)" }.first { !taken.contains($0) } ?? name : name
        let timer = CookTimer(id: lastID, name: distinct, seconds: seconds,
                              state: .running(endsAt: now.addingTimeInterval(TimeInterval(seconds))), origin: origin)
        all.append(timer)
        return timer
    }

    /// Pauses a running timer where it is; false when it was not running.
    @discardableResult
    public mutating func pause(_ id: Int, at now: Date) -> Bool {
        guard let index = all.firstIndex(where: { $0.id == id }), all[index].isRunning else { return false }
        all[index].state = .paused(remaining: all[index].remaining(at: now))
        return true
    }

    /// Starts a paused timer again from what it had left; false when it was not paused.
    @discardableResult
    public mutating func resume(_ id: Int, at now: Date) -> Bool {
        guard let index = all.firstIndex(where: { $0.id == id }), case .paused(let remaining) = all[index].state else { return false }
        all[index].state = .running(endsAt: now.addingTimeInterval(remaining))
        return true
    }

    /// Takes a timer away, whatever its state; false when there was none.
    @discardableResult
    public mutating func cancel(_ id: Int) -> Bool {
        guard let index = all.firstIndex(where: { $0.id == id }) else { return false }
        all.remove(at: index)
        return true
    }

    /// The running timers whose end has come at `now`: they are finished,
    /// and returned (each once) for the bell and the notification.
    public mutating func finish(at now: Date) -> [CookTimer] {
        var ended: [CookTimer] = []
        for index in all.indices where all[index].isRunning && all[index].remaining(at: now) <= 0 {
            all[index].state = .finished
            ended.append(all[index])
        }
        return ended
    }

    /// A key after a timer rang: the finished ones leave the status line.
    /// True when one did.
    @discardableResult
    public mutating func dismissFinished() -> Bool {
        let count = all.count
        all.removeAll { $0.state == .finished }
        return all.count != count
    }

    /// The status line's text at `now`: the timers that rang, then the
    /// running ones soonest first, then the paused ones:
    /// `⏲ pasta done · 9:59 rise · ⏸ 25:00 bake`; nil with none.
    public func statusText(at now: Date) -> String? {
        guard !all.isEmpty else { return nil }
        let order = all.enumerated().sorted { left, right in
            let rank = { (timer: CookTimer) in timer.state == .finished ? 0 : timer.isRunning ? 1 : 2 }
            if rank(left.element) != rank(right.element) { return rank(left.element) < rank(right.element) }
            if left.element.isRunning { return left.element.remaining(at: now) < right.element.remaining(at: now) }
            return left.offset < right.offset
        }
        return "⏲ " + order.map { $0.element.shown(at: now) }.joined(separator: " · ")
    }
}
