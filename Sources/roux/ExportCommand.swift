import ArgumentParser
import Recipes
import RecipeFormats
import RecipeExport

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Convert a recipe to another format.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, cooklang, html, json, text
        case cooklangJSON = "cooklang-json"
    }

    @Argument(help: "A recipe file.")
    var file: String

    @Option(name: .shortAndLong, help: "markdown, cooklang, html, json, cooklang-json (the Cooklang spec's data model) or text.")
    var format: Format

    @Option(name: .shortAndLong, help: "Where to write; default: standard output.")
    var output: String?

    @Flag(help: "With -f html: copy the recipe's HTML blocks into the page as they are, scripts included (only for recipes you trust). By default they are shown as text.")
    var rawHtml = false

    @OptionGroup var scaling: ScaleOptions

    func validate() throws {
        if rawHtml, format != .html { throw ValidationError("--raw-html is for -f html") }
    }

    func run() throws {
        let opened = try CommandSupport.open(file)
        // An unmarked recipe's ingredient lists are read, except into its own
        // format (a Markdown file exported to Markdown is its bytes).
        let read = format == .markdown && opened.format == .markdown ? opened.recipe
            : opened.recipe.readingIngredientLists(asComponents: format == .cooklang || format == .cooklangJSON)
        let recipe = read.scaled(by: scaling.factor(for: read, file: file))
        let text: String
        // A recipe file in its own format is its bytes; anything else leaves with stand-ins or escapes.
        var kind = OutgoingText.Kind.text
        switch format {
        case .markdown, .cooklang:
            let target: RecipeFormat = format == .markdown ? .markdown : .cooklang
            // In the file's own format, its lines are copied: byte for byte the file.
            let (contents, dropped) = RecipeFiles.fileContents(recipe, as: target, reusingSource: target == opened.format)
            for item in dropped { CommandSupport.printError("warning: \(target == .cooklang ? "Cooklang" : "Markdown") cannot hold \(item); left out") }
            guard let bytes = contents.joined() ?? RecipeFiles.fileContents(recipe, as: target, reusingSource: false).contents.joined() else {
                throw ExitCode.failure
            }
            text = String(decoding: bytes, as: UTF8.self)
            if target == opened.format { kind = .recipeFile }
        case .html:
            if rawHtml {
                CommandSupport.printError("warning: --raw-html: the recipe's HTML blocks are copied as they are; their scripts run when the page is opened")
            }
            text = RecipeExport.html(recipe, htmlBlocks: rawHtml ? .raw : .escaped)
        case .json:
            text = RecipeExport.json(recipe)
            kind = .json
        case .cooklangJSON:
            text = RecipeExport.cooklangJSON(recipe)
            kind = .json
        case .text: text = RecipeExport.plainText(recipe)
        }
        try CommandSupport.emit(text, as: kind, to: output, from: file)
    }
}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Convert a Cooklang recipe to Markdown, or a Markdown or text recipe to Cooklang.",
        discussion: "A Markdown recipe with no marked ingredient has the items of its ingredient lists read: \"- 200 g flour\" becomes @flour{200%g}.")

    @Argument(help: "A .cook file, or a .md or .txt file.")
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the .md (or .cook) file; default: standard output.")
    var output: String?

    func run() throws {
        let opened = try CommandSupport.open(file)
        guard opened.format != .cooklang else {
            // A conversion, not the file's own bytes: control characters as stand-ins.
            return try CommandSupport.emit(MarkdownRecipeFormat.serialize(opened.recipe), as: .text, to: output, from: file)
        }
        let recipe = opened.recipe.readingIngredientLists(asComponents: true)
        let (contents, dropped) = RecipeFiles.fileContents(recipe, as: .cooklang, reusingSource: false)
        for item in dropped { CommandSupport.printError("warning: Cooklang cannot hold \(item); left out") }
        guard let bytes = contents.joined() else { throw ExitCode.failure }
        try CommandSupport.emit(String(decoding: bytes, as: UTF8.self), as: .text, to: output, from: file)
    }
}
