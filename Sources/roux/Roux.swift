import ArgumentParser

/// `roux [PATH]` opens recipes; the subcommands work without a terminal.
@main
struct Roux: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roux",
        abstract: "A terminal rich-text recipe editor.",
        discussion: "roux PATH opens a recipe file (.md, .cook, .txt) or a folder of them; without PATH, the current folder.",
        version: "roux 0.5.0",
        subcommands: [OpenCommand.self, CheckCommand.self, IngredientsCommand.self, ExportCommand.self,
                      ImportCommand.self, ShoppingListCommand.self],
        defaultSubcommand: OpenCommand.self
    )
}
