import ArgumentParser
import Foundation
import Recipes
import RecipeFormats
import RecipeExport

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert a Cooklang recipe to Markdown, a Markdown or text recipe to Cooklang, or a web page's recipe to either.",
        discussion: """
        A Markdown recipe with no marked ingredient has the items of its ingredient lists read: "- 200 g flour" becomes @flour{200%g}.
        A web page (a saved .html file, or an http or https address) gives the schema.org Recipe it describes in JSON-LD, \
        as Markdown unless -o names a .cook file or -f says cooklang. Roux goes online for nothing else.
        -f names the format to write: a recipe file's is the other one by default (a .cook file's Markdown,         a .md or .txt file's Cooklang); a text recipe can also be written as Markdown.
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, cooklang
    }

    @Argument(help: "A .cook file, a .md or .txt file, a saved web page (.html, .htm), or an http(s) address of one.")
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the .md (or .cook) file; default: standard output.")
    var output: String?

    @Option(name: .shortAndLong, help: """
        The format to write: markdown or cooklang (default: a recipe file's other format; for a web page, by -o's extension, else markdown).
        """)
    var format: Format?

    func validate() throws {
        guard let format, !isWebPage else { return }
        // Import converts: a file is not "imported" into the format it is in
        // (`export -f` writes it again, with its options).
        let source = RecipeFormat(path: file)
        if source.rawValue == format.rawValue {
            let other: RecipeFormat = source == .cooklang ? .markdown : .cooklang
            throw ValidationError("\(file) is already \(source.displayName); import writes it as \(other.displayName) (-f \(other.rawValue))")
        }
    }

    /// A web page: an http(s) address, or a file named as one.
    private var isWebPage: Bool {
        WebPageImport.isAddress(file) || [".html", ".htm", ".xhtml"].contains { file.lowercased().hasSuffix($0) }
    }

    func run() throws {
        if isWebPage { return try importPage() }
        let opened = try CommandSupport.open(file)
        guard opened.format != .cooklang, format != .markdown else {
            // A conversion, not the file's own bytes: control characters as stand-ins.
            return try CommandSupport.emit(MarkdownRecipeFormat.serialize(opened.recipe.titled(orFileName: file)), as: .text, to: output, from: file)
        }
        let recipe = opened.recipe.convertedToCooklang().titled(orFileName: file)
        try emit(recipe, as: .cooklang)
    }

    private func importPage() throws {
        let target: RecipeFormat = switch format {
        case .cooklang?: .cooklang
        case .markdown?: .markdown
        case nil: output.map(RecipeFormat.init(path:)) == .cooklang ? .cooklang : .markdown
        }
        let recipes: [SchemaOrgRecipe]
        do {
            recipes = try WebPageRecipe.recipes(inPage: WebPageImport.page(file))
        } catch let failure as WebPageImport.Failure {
            CommandSupport.printError("\(file): \(failure.description)")
            throw ExitCode.failure
        } catch let failure as WebPageRecipe.Failure {
            CommandSupport.printError("\(file): \(failure.description)")
            throw ExitCode.failure
        }
        if recipes.count > 1 {
            CommandSupport.printError("warning: \(file): the page describes \(recipes.count) recipes; the first, \"\(recipes[0].name ?? "untitled")\", is imported")
        }
        let recipe = recipes[0].recipe(as: target, source: WebPageImport.isAddress(file) ? file : nil)
        try emit(recipe, as: target)
    }

    private func emit(_ recipe: Recipe, as target: RecipeFormat) throws {
        let (contents, dropped) = RecipeFiles.fileContents(recipe, as: target, reusingSource: false)
        for item in dropped { CommandSupport.printError("warning: \(target.displayName) cannot hold \(item); left out") }
        guard let bytes = contents.joined() else { throw ExitCode.failure }
        try CommandSupport.emit(String(decoding: bytes, as: UTF8.self), as: .text, to: output, from: file)
    }
}
