import ArgumentParser
import Recipes

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Convert a recipe to another format.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, cooklang, html, json, text
    }

    @Argument(help: "A recipe file.")
    var file: String

    @Option(name: .shortAndLong, help: "markdown, cooklang, html, json or text.")
    var format: Format

    @Option(name: .shortAndLong, help: "Where to write; default: standard output.")
    var output: String?

    func run() throws {
        let recipe = try CommandSupport.open(file).recipe
        let text: String
        switch format {
        case .markdown: text = MarkdownRecipeFormat.serialize(recipe)
        case .cooklang:
            let (cooklang, dropped) = CooklangFormat.serialize(recipe)
            for item in dropped { CommandSupport.printError("warning: Cooklang cannot hold \(item); left out") }
            text = cooklang
        case .html: text = RecipeExport.html(recipe)
        case .json: text = RecipeExport.json(recipe)
        case .text: text = RecipeExport.plainText(recipe)
        }
        try CommandSupport.emit(text, to: output)
    }
}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import", abstract: "Convert a Cooklang recipe to Markdown.")

    @Argument(help: "A .cook file.")
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the .md file; default: standard output.")
    var output: String?

    func run() throws {
        let recipe = try CommandSupport.open(file).recipe
        try CommandSupport.emit(MarkdownRecipeFormat.serialize(recipe), to: output)
    }
}
