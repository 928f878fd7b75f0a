import Foundation
import RecipeStorage
@testable import RouxApp
import Testing

/// The timers' model, on times given by the test (never the clock).
@Suite("Kitchen timers")
struct CookTimerTests {
    static let start = Date(timeIntervalSince1970: 1_000_000)
    static func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }
    static let origin = CookTimer.Origin(recipePath: "/r/bread.cook", recipeTitle: "Bread", step: 2, stepText: "Let it rise 1 hour.")

    @Test func aTimerCountsDownInWholeSecondsRoundedUp() {
        var timers = CookTimers()
        timers.start("rise", seconds: 600, origin: Self.origin, at: Self.start)
        #expect(timers.statusText(at: Self.at(0)) == "⏲ 10:00 rise")
        #expect(timers.statusText(at: Self.at(0.5)) == "⏲ 10:00 rise")
        #expect(timers.statusText(at: Self.at(1)) == "⏲ 9:59 rise")
        #expect(timers.statusText(at: Self.at(599.5)) == "⏲ 0:01 rise")
        #expect(CookTimer.countdown(5_400) == "1:30:00")
        #expect(CookTimer.countdown(3_605) == "1:00:05")
    }

    @Test func aPausedTimerKeepsWhatItHadLeftUntilResumed() throws {
        var timers = CookTimers()
        let id = timers.start("rise", seconds: 600, origin: Self.origin, at: Self.start).id
        let paused = timers.pause(id, at: Self.at(60))
        let pausedTwice = timers.pause(id, at: Self.at(61))
        #expect(paused)
        #expect(!pausedTwice, "a paused timer is not paused twice")
        #expect(timers.statusText(at: Self.at(5_000)) == "⏲ ⏸ 9:00 rise")
        let whilePaused = timers.finish(at: Self.at(5_000))
        #expect(whilePaused.isEmpty, "a paused timer does not ring")
        let resumed = timers.resume(id, at: Self.at(1_000))
        #expect(resumed)
        #expect(timers.statusText(at: Self.at(1_000)) == "⏲ 9:00 rise")
        let early = timers.finish(at: Self.at(1_539))
        let rang = timers.finish(at: Self.at(1_540))
        let again = timers.finish(at: Self.at(1_541))
        #expect(early.isEmpty)
        #expect(rang.map(\.name) == ["rise"])
        #expect(again.isEmpty, "a timer rings once")
        #expect(timers.statusText(at: Self.at(1_541)) == "⏲ rise done")
        let dismissed = timers.dismissFinished()
        #expect(dismissed)
        #expect(timers.statusText(at: Self.at(1_541)) == nil)
    }

    @Test func severalRunAtOnceTheOnesThatRangFirstThenTheSoonest() {
        var timers = CookTimers()
        timers.start("bake", seconds: 1_500, origin: Self.origin, at: Self.start)
        let rest = timers.start("rest", seconds: 300, origin: Self.origin, at: Self.start).id
        let pasta = timers.start("pasta", seconds: 60, origin: Self.origin, at: Self.start).id
        timers.pause(rest, at: Self.at(10))
        #expect(timers.statusText(at: Self.at(10)) == "⏲ 0:50 pasta · 24:50 bake · ⏸ 4:50 rest")
        let rang = timers.finish(at: Self.at(60))
        #expect(rang.map(\.id) == [pasta])
        #expect(timers.statusText(at: Self.at(61)) == "⏲ pasta done · 23:59 bake · ⏸ 4:50 rest")
        let cancelled = timers.cancel(rest)
        let cancelledTwice = timers.cancel(rest)
        #expect(cancelled)
        #expect(!cancelledTwice)
        #expect(timers.active.map(\.name) == ["bake"])
    }

    /// A name another timer has takes a number: the one that rings is known.
    @Test func twoTimersOfOneNameAreNumbered() {
        var timers = CookTimers()
        timers.start("bake", seconds: 600, origin: Self.origin, at: Self.start)
        timers.start("bake", seconds: 300, origin: Self.origin, at: Self.start)
        timers.start("bake", seconds: 60, origin: Self.origin, at: Self.start)
        #expect(timers.all.map(\.name) == ["bake", "bake 2", "bake 3"])
        #expect(timers.statusText(at: Self.start) == "⏲ 1:00 bake 3 · 5:00 bake 2 · 10:00 bake")
    }

    @Test func theAlertIsTheBellAndTheTerminalsNotification() {
        let timer = CookTimer(id: 1, name: "rise", seconds: 60, state: .finished, origin: Self.origin)
        #expect(TimerAlert.sequences(for: timer, notification: .none) == ["\u{07}"])
        #expect(TimerAlert.sequences(for: timer, notification: .osc9) == ["\u{07}", "\u{1B}]9;Roux: rise is done (Bread)\u{07}"])
        #expect(TimerAlert.sequences(for: timer, notification: .osc777) == ["\u{07}", "\u{1B}]777;notify;Roux;rise is done (Bread)\u{07}"])
    }

    /// A name from a hostile file: an OSC of its own, a BEL ending ours
    /// early, a `;` starting a field, a line end, a C1 control.
    @Test(arguments: [TimerAlert.Notification.osc9, .osc777])
    func aHostileNameSendsNoControl(_ notification: TimerAlert.Notification) throws {
        let name = "x\u{1B}]0;owned\u{07};title\nnext\u{9B}2J\u{202E}"
        let timer = CookTimer(id: 1, name: name, seconds: 60, state: .finished, origin: .init(recipeTitle: "a\u{1B}[31m", stepText: ""))
        let sequences = TimerAlert.sequences(for: timer, notification: notification)
        let osc = try #require(sequences.last)
        let scalars = Array(osc.unicodeScalars)
        let controls = scalars.indices.filter { OutgoingTextCheck.isControl(scalars[$0]) }
        // Ours alone: the ESC that opens the OSC and the BEL that ends it.
        #expect(controls == [0, scalars.count - 1], "\(osc.debugDescription)")
        let fields = osc.dropFirst(2).dropLast().split(separator: ";", omittingEmptySubsequences: false)
        #expect(fields.count == (notification == .osc9 ? 2 : 4), "the name opens no field of its own: \(osc.debugDescription)")
    }

    @Test func rouxTimersPrintsEachWithItsTimeLeft() {
        let entries: [TimerStateFile.Entry] = [
            .init(name: "rise", endsAt: Self.at(3_599.5), recipe: "Bread", step: "step 1"),
            .init(name: "bake", remaining: 1_500, recipe: "Bread", step: "step 2"),
            .init(name: "pasta", endsAt: Self.at(-3)),
        ]
        #expect(TimersReport.lines([(pid: 42, timers: entries)], at: Self.start) == [
            "1:00:00  rise — Bread, step 1",
            "  25:00  bake (paused) — Bread, step 2",
            "   0:00  pasta (done)",
        ])
    }

    @Test(arguments: [
        (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], TimerAlert.Notification.osc9),
        (["TERM": "xterm-kitty"], .osc9),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .osc9),
        (["TERM": "xterm-256color", "VTE_VERSION": "7600"], .osc777),
        (["TERM": "foot"], .osc777),
        (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux"], .none),
        (["TERM": "xterm-256color", "VTE_VERSION": "7600", "TMUX": "/tmp/tmux"], .none),
        (["TERM": "xterm-256color"], .none),
        (["TERM": "linux"], .none),
    ])
    func theNotificationFollowsTheTerminal(_ environment: [String: String], _ expected: TimerAlert.Notification) {
        #expect(TimerAlert.Notification(environment: environment) == expected)
    }
}

/// The controls the notification must not carry from a name.
enum OutgoingTextCheck {
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F ..< 0xA0).contains(scalar.value) || (0x202A ... 0x202E).contains(scalar.value)
            || (0x2066 ... 0x2069).contains(scalar.value)
    }
}
