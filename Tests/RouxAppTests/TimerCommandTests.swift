import Foundation
import RecipeFormats
import RecipeStorage
@testable import RouxApp
import TerminalUI
import Testing

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    var now = Date(timeIntervalSince1970: 2_000_000)
    func advance(_ seconds: TimeInterval) { now = now.addingTimeInterval(seconds) }
}

extension EditorController {
    /// The timers on a clock of the test's.
    func useClock(_ clock: TestClock) {
        kitchen.clock = { clock.now }
    }

    /// The status line's row.
    var statusRow: String { screen.line(height - bottomRows) }
}

/// Alt-T, the palette's timer commands, and what happens when one ends.
@Suite("Timers in the editor")
struct TimerCommandTests {
    static let bread = """
        >> title: Bread

        Knead the dough 10 minutes, then let it rise ~rise{1%hour}.

        Bake 20 à 25 min at 220 °C.

        """
    static let altT: [UInt8] = [0x1B, 0x74]

    static func open(_ contents: String = bread, name: String = "bread.cook") throws -> (EditorController, TestClock, URL) {
        let (app, _, folder) = try RecipeDataTests.open(contents, name: name)
        let clock = TestClock()
        app.useClock(clock)
        return (app, clock, folder)
    }

    /// Puts the caret before the first `needle` of the text.
    static func caret(_ app: EditorController, before needle: String) throws {
        let range = try #require(app.text.range(of: needle))
        let offset = app.text.utf8.distance(from: app.text.startIndex, to: range.lowerBound)
        app.session.moveCaret(to: .init(offset: offset), extending: false)
    }

    @Test func altTStartsTheTimerMarkedOrWrittenAtTheCaret() throws {
        let (app, clock, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.caret(app, before: "1 hour")
        app.type(Self.altT)
        #expect(app.message == "timer \"rise\" started: 1:00:00 (Ctrl-P: pause, resume or cancel it)")
        try Self.caret(app, before: "minutes")
        app.type(Self.altT)
        #expect(app.message == "timer \"Knead\" started: 10:00 (Ctrl-P: pause, resume or cancel it)")
        try Self.caret(app, before: "Bake")
        app.type(Self.altT)
        #expect(app.message == "timer \"Bake\" started: 20:00 (Ctrl-P: pause, resume or cancel it)",
                "a range counts its shorter time")
        clock.advance(1)
        #expect(app.timers.statusText(at: clock.now) == "⏲ 9:59 Knead · 19:59 Bake · 59:59 rise")
        #expect(app.statusRow.hasSuffix(" ⏲ 9:59 Knead · 19:59 Bake · 59:59 rise"), "\(app.statusRow)")
    }

    /// A Hebrew recipe's times are timers: a Cooklang `~{1%שעה}` and a
    /// written `10 דקות` (they said "no time at the caret").
    @Test func hebrewTimesAreTimers() throws {
        let (app, clock, folder) = try Self.open("לשים 10 דקות, מוסיפים @סוכר{300%גרם} ומתפיחים ~{1%שעה}.\n", name: "חלה.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.caret(app, before: "10 דקות")
        app.type(Self.altT)
        #expect(app.message == "timer \"לשים\" started: 10:00 (Ctrl-P: pause, resume or cancel it)")
        try Self.caret(app, before: "1 שעה")
        app.type(Self.altT)
        #expect(app.message?.hasSuffix("started: 1:00:00 (Ctrl-P: pause, resume or cancel it)") == true, "\(app.message ?? "")")
        clock.advance(1)
        #expect(app.timers.active.map(\.seconds) == [600, 3_600])
    }

    /// Two timers at 120 columns: each named by a word (not its sentence),
    /// the time first, both visible (the second one's time was cut off).
    @Test func twoTimersShowBothTimesOnTheStatusLine() throws {
        let (app, clock, folder) = try Self.open(
            "# Pancakes\n\n1. Fry in a hot pan for 2 minutes per side.\n\n> Tip: let the batter rest 10 minutes.\n", name: "pancakes.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(app.width == 120)
        try Self.caret(app, before: "2 minutes")
        app.type(Self.altT)
        try Self.caret(app, before: "10 minutes")
        app.type(Self.altT)
        clock.advance(6)
        #expect(app.timers.all.map(\.name) == ["Fry", "batter"])
        #expect(app.statusRow.hasSuffix(" ⏲ 1:54 Fry · 9:54 batter"), "\(app.statusRow)")
    }

    /// Two timers of one line have names of their own; two of one name are numbered.
    @Test func timersOfOneLineAreToldApart() throws {
        let (app, clock, folder) = try Self.open("# Bread\n\nBake 1 h 30 then rest 20 à 25 min.\n", name: "bread.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.caret(app, before: "min.")
        app.type(Self.altT)
        try Self.caret(app, before: "Bake")
        app.type(Self.altT)
        app.type(Self.altT)
        #expect(app.timers.all.map(\.name) == ["rest", "Bake", "Bake 2"])
        #expect(app.timers.statusText(at: clock.now) == "⏲ 20:00 rest · 1:30:00 Bake · 1:30:00 Bake 2")
    }

    @Test func altTWithNoTimeSaysSoAndStartsNone() throws {
        let (app, _, folder) = try Self.open(">> title: Salad\n\nToss the leaves.\n", name: "salad.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.altT)
        #expect(app.message == "no time at the caret: Alt-T starts a timer on a ~{…} timer or on a written time (\"bake 25 minutes\")")
        #expect(app.timers.isEmpty)
    }

    @Test func aTimerThatEndsRingsAndNamesItsStep() throws {
        let (app, clock, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        app.kitchen.notification = .osc777
        try Self.caret(app, before: "1 hour")
        app.type(Self.altT)
        #expect(app.advanceTimers(), "the status line shows the new timer")
        #expect(!app.advanceTimers(), "nothing moved: nothing to draw")
        clock.advance(3_599)
        #expect(app.advanceTimers())
        #expect(app.takeTerminalSequences().isEmpty)
        clock.advance(1)
        #expect(app.advanceTimers())
        #expect(app.takeTerminalSequences() == ["\u{07}", "\u{1B}]777;notify;Roux;rise is done (Bread)\u{07}"])
        #expect(app.message == "⏲ rise is done (step 1: Knead the dough 10 minutes, then let it rise 1 hour.)")
        #expect(app.statusRow.hasSuffix(" ⏲ rise done"))
        #expect(app.takeTerminalSequences().isEmpty, "it rings once")
        app.type("x")
        #expect(!app.statusRow.contains("⏲"), "a key takes the timer that rang away")
    }

    @Test func timersRunOnWhileAnotherRecipeIsOpen() throws {
        let (app, clock, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.caret(app, before: "1 hour")
        app.type(Self.altT)
        let other = folder.appendingPathComponent("salad.cook").path
        try ">> title: Salad\n\nToss the leaves.\n".write(toFile: other, atomically: true, encoding: .utf8)
        app.replaceSession(EditorSession(opened: try RecipeFiles.open(path: other)))
        clock.advance(60)
        #expect(app.advanceTimers())
        #expect(app.statusRow.hasSuffix(" ⏲ 59:00 rise"))
        clock.advance(3_540)
        #expect(app.advanceTimers())
        #expect(app.message == "⏲ rise is done (step 1 in Bread: Knead the dough 10 minutes, then let it rise 1 hour.)")
    }

    @Test func thePaletteListsEachTimerToPauseResumeOrCancel() throws {
        let (app, clock, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.caret(app, before: "1 hour")
        app.type(Self.altT)
        try Self.caret(app, before: "Bake")
        app.type(Self.altT)
        app.type(Keys.control("p") + Array("timer rise".utf8))
        #expect(app.palette?.names == ["Pause the timer rise", "Cancel the timer rise"])
        app.type("\r")
        #expect(app.message == "paused: rise")
        clock.advance(120)
        #expect(app.statusRow.hasSuffix(" ⏲ 18:00 Bake · ⏸ 1:00:00 rise"), "\(app.statusRow)")
        app.type(Keys.control("p") + Array("resume the timer rise\r".utf8))
        #expect(app.message == "resumed: rise")
        app.type(Keys.control("p") + Array("pause the timers\r".utf8))
        #expect(app.message == "paused: rise, Bake")
        app.type(Keys.control("p") + Array("cancel the timers\r".utf8))
        #expect(app.message == "cancelled: rise, Bake")
        #expect(app.timers.isEmpty)
        app.type(Keys.control("p") + Array("cancel the timers\r".utf8))
        #expect(app.message == "no timer to have cancelled")
    }

    @Test func theTimersAreSharedInAPrivateFileGoneWithTheLast() throws {
        let (app, _, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = TimerStateFile(stateDirectory: folder.appendingPathComponent("state"))
        app.shareTimers(in: file)
        try Self.caret(app, before: "1 hour")
        app.type(Self.altT)
        let path = file.directory.appendingPathComponent("\(getpid()).json").path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let running = file.running()
        #expect(running.map(\.pid) == [getpid()])
        #expect(running.first?.timers.map(\.name) == ["rise"])
        #expect(running.first?.timers.first?.recipe == "Bread")
        app.type(Keys.control("p") + Array("cancel the timers\r".utf8))
        #expect(!FileManager.default.fileExists(atPath: path), "no timer, no file")
    }

    @Test func quittingWithATimerRunningAsksFirst() throws {
        let (app, clock, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.caret(app, before: "1 hour")
        app.type(Self.altT)
        clock.advance(2)
        app.type(Keys.control("q"))
        #expect(!app.quitRequested)
        #expect(app.screen.allText.contains("1 timer runs (59:58 rise); they end with Roux. Quit anyway? y quit · Esc stay"))
        app.type(Keys.escape)
        #expect(!app.quitRequested && app.prompt == nil)
        app.type(Keys.control("q") + Array("y".utf8))
        #expect(app.quitRequested, "nothing unsaved: y quits")
    }

    @Test func quittingWithATimerAndUnsavedWorkAsksBoth() throws {
        let (app, _, folder) = try Self.open()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.caret(app, before: "1 hour")
        app.type(Self.altT)
        app.type("x")
        app.type(Keys.control("q") + Array("y".utf8))
        #expect(!app.quitRequested)
        #expect(app.screen.allText.contains("Save changes before quitting?"))
        app.type("n")
        #expect(app.quitRequested)
    }
}
