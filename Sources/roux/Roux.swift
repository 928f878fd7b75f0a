import ArgumentParser
import Foundation

/// `roux [PATH]` opens recipes; the subcommands work without a terminal.
@main
struct Roux: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roux",
        abstract: "A terminal rich-text recipe editor.",
        discussion: "roux PATH opens a recipe file (\(CommandSupport.extensionList)) or a folder of them; without PATH, the current folder.",
        version: "roux 0.5.0",
        subcommands: [OpenCommand.self, CheckCommand.self, IngredientsCommand.self, ExportCommand.self,
                      ImportCommand.self, ShoppingListCommand.self, PantryCommand.self, TimersCommand.self],
        defaultSubcommand: OpenCommand.self
    )

    /// `roux help NAME` for a NAME that is no command is a usage error
    /// (ArgumentParser printed the general help and exited 0).
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let names = configuration.subcommands.map { $0.configuration.commandName ?? "" }
        if arguments.first == "help", let topic = arguments.dropFirst().first, !topic.hasPrefix("-"), !names.contains(topic) {
            CommandSupport.printError("roux help: no command named \"\(topic)\"; the commands are \(names.joined(separator: ", "))")
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        main(nil)
    }
}
