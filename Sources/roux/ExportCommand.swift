import ArgumentParser
import Foundation
import Recipes
import RecipeFormats
import RecipeExport

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Convert a recipe to another format.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, cooklang, html, json, text
        case cooklangJSON = "cooklang-json"
        case schema
    }

    @Argument(help: "A recipe file.")
    var file: String

    @Option(name: .shortAndLong, help: "markdown, cooklang, html, json, cooklang-json (the Cooklang spec's data model), schema (schema.org Recipe JSON-LD) or text.")
    var format: Format

    @Option(name: .shortAndLong, help: "Where to write; default: standard output.")
    var output: String?

    @Flag(help: "With -f html: copy the recipe's HTML blocks into the page as they are, scripts included (only for recipes you trust). By default they are shown as text.")
    var rawHtml = false

    @OptionGroup var scaling: ScaleOptions

    @OptionGroup var unitOptions: UnitOptions

    @OptionGroup var referenceOptions: ReferenceOptions

    func validate() throws {
        if rawHtml, format != .html { throw ValidationError("--raw-html is for -f html") }
    }

    func run() throws {
        let opened = try CommandSupport.open(file)
        // An unmarked recipe's ingredient lists are read, except into its own
        // format (a Markdown file exported to Markdown is its bytes); into
        // Cooklang, a recipe of another format is converted as `import` does.
        let intoCooklang = format == .cooklang || format == .cooklangJSON
        let ownFormat = (format == .markdown && opened.format == .markdown) || (format == .cooklang && opened.format == .cooklang)
        var read = format == .markdown && opened.format == .markdown ? opened.recipe
            : intoCooklang && opened.format != .cooklang ? opened.recipe.convertedToCooklang()
            : opened.recipe.readingIngredientLists(asComponents: intoCooklang)
        // Without a title, the file's name is the recipe's everywhere (the
        // title bar, the list): the export says it too, but a file exported
        // as itself, which stays its bytes, and Cooklang read out as the
        // reference parser's JSON, which says what the file says.
        if !ownFormat, !(format == .cooklangJSON && opened.format == .cooklang) { read = read.titled(orFileName: file) }
        let factor = try scaling.factor(for: read, file: file)
        let scaled = read.scaled(by: factor)
        let conversion = unitOptions.conversion()
        let recipe = conversion.map(scaled.converted(with:)) ?? scaled
        // The recipes it references, read into the exports that list
        // ingredients, in the same units as the recipe's own.
        var references: ReferenceExpansion?
        if [.html, .json, .text].contains(format), !read.references.isEmpty, !referenceOptions.ignoreReferences {
            var failed = false
            let expansion = CommandSupport.expandedReferences(of: read, at: file, factor: factor, failed: &failed)
            references = conversion.map(expansion.converted(with:)) ?? expansion
        }
        let text: String
        // A recipe file in its own format is its bytes; anything else leaves with stand-ins or escapes.
        var kind = OutgoingText.Kind.text
        switch format {
        case .markdown, .cooklang:
            let target: RecipeFormat = format == .markdown ? .markdown : .cooklang
            // In the file's own format, its lines are copied: byte for byte the file.
            let (contents, dropped) = RecipeFiles.fileContents(recipe, as: target, reusingSource: target == opened.format)
            for item in dropped { CommandSupport.printError("warning: \(target.displayName) cannot hold \(item); left out") }
            guard let bytes = contents.joined() ?? RecipeFiles.fileContents(recipe, as: target, reusingSource: false).contents.joined() else {
                throw ExitCode.failure
            }
            text = String(decoding: bytes, as: UTF8.self)
            if target == opened.format { kind = .recipeFile }
        case .html:
            if rawHtml {
                CommandSupport.printError("warning: --raw-html: the recipe's HTML blocks are copied as they are; their scripts run when the page is opened")
            }
            text = RecipeExport.html(recipe, htmlBlocks: rawHtml ? .raw : .escaped, images: RecipeImage.all(for: recipe, at: file),
                                     references: references)
        case .json:
            text = RecipeExport.json(recipe, images: RecipeImage.all(for: recipe, at: file), references: references,
                                     folder: (file as NSString).deletingLastPathComponent)
            kind = .json
        case .cooklangJSON:
            text = RecipeExport.cooklangJSON(recipe, images: RecipeImage.all(for: recipe, at: file))
            kind = .json
        case .schema:
            text = RecipeExport.schemaOrg(recipe, images: RecipeImage.all(for: recipe, at: file))
            kind = .json
        case .text: text = RecipeExport.plainText(recipe, references: references)
        }
        try CommandSupport.emit(text, as: kind, to: output, from: file)
        // Written all the same: a reference that could not be read stays an item.
        if !(references?.errors.isEmpty ?? true) { throw ExitCode.failure }
    }
}
