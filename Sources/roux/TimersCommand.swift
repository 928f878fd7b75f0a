import ArgumentParser
import Foundation
import RecipeStorage
import RouxApp

/// `roux timers`: the timers the editors running now count down, read from
/// their files in the state folder (`TimerStateFile`).
struct TimersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timers",
        abstract: "Print the kitchen timers running in Roux's editors.",
        discussion: "A line per timer: the time left, its name, its recipe and step; \"(paused)\" for a paused one. Prints \"no timers running\" when there are none.")

    func run() throws {
        let lines = TimersReport.lines(TimerStateFile().running(), at: Date())
        CommandSupport.printOutput(lines.isEmpty ? "no timers running" : lines.joined(separator: "\n"))
    }
}
