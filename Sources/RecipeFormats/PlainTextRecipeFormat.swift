import Foundation
import RichText
import RecipeStorage
public import Recipes

/// A recipe whose body is the file's text verbatim: `.txt` files, and any
/// file opened as plain text, so it can be opened and nothing is lost.
public enum PlainTextRecipeFormat: RecipeFileFormat {
    static let format = RecipeFormat.plainText
    static let displayName = "plain text"
    static let extensions = ["txt"]
    static let holdsMarkup = false
    static var lineSyntax: PlainTextSyntax { PlainTextSyntax() }
    static let loadsInSlices = true

    public static func parse(_ contents: String) -> Recipe {
        readText(contents, path: "", readFrom: nil)
    }

    /// With `file`, `contents` are exactly that file's bytes: its lines
    /// become the document's source map, so a save copies the lines not edited.
    static func read(_ contents: String, path: String, readFrom file: FileFingerprint?) -> (recipe: Recipe, warnings: [RecipeFileError]) {
        (readText(contents, path: path, readFrom: file), [])
    }

    static func readText(_ contents: String, path: String, readFrom file: FileFingerprint?) -> Recipe {
        var recipe = Recipe(style: Recipe.FileStyle(of: contents))
        let (text, hadMark) = ByteOrderMark.strip(contents)
        recipe.style.hasByteOrderMark = hadMark
        recipe.style.bodyIsEmpty = text.isEmpty
        let crlf = recipe.style.lineEnding == "\r\n"
        let read = BodyReader.readWhole(text.droppingFinalLineEnding(crlf: crlf), syntax: PlainTextSyntax(), path: path,
                                        crlf: crlf, firstLine: 1, sourceStart: hadMark ? 3 : 0, definition: .recipeFile)
        recipe.document = read.document
        if let file {
            recipe.document.sourceMap = TextSourceMap(readFrom: path, stamp: file.stamp, crlf: crlf, blocks: read.blocks)
        }
        recipe.markHeadAsRead()
        return recipe
    }

    /// Starts reading a large file so the first screen can show before the
    /// rest is built: the first `firstSlice` bytes of lines now, the rest
    /// with `loadMore`.
    public static func beginLoading(_ contents: String, firstSlice: Int = 64 << 10) -> ProgressiveRecipeLoad {
        var recipe = Recipe(style: Recipe.FileStyle(of: contents))
        let (text, hadMark) = ByteOrderMark.strip(contents)
        recipe.style.hasByteOrderMark = hadMark
        recipe.style.bodyIsEmpty = text.isEmpty
        let crlf = recipe.style.lineEnding == "\r\n"
        recipe.markHeadAsRead()
        var load = ProgressiveRecipeLoad(recipe: recipe, body: text.droppingFinalLineEnding(crlf: crlf),
                                         nextLine: 1, path: "", format: Self.self, crlf: crlf)
        load.loadMore(maxBytes: firstSlice)
        return load
    }

    /// Starts reading a large plain-text file where it lies (`LargeFileReader`).
    static func beginLoading(file reader: LargeFileReader, style: Recipe.FileStyle, firstSlice: Int,
                             keepingSource: Bool = false) -> ProgressiveRecipeLoad {
        var recipe = Recipe(style: style)
        let mark = (try? reader.read(0 ..< min(3, reader.size))).map { ByteOrderMark.length(atStartOf: $0) } ?? 0
        recipe.style.hasByteOrderMark = mark > 0
        recipe.style.bodyIsEmpty = reader.size == mark
        recipe.markHeadAsRead()
        var load = ProgressiveRecipeLoad(recipe: recipe, file: reader, bodyStart: mark, nextLine: 1, path: reader.path,
                                         format: Self.self, keepingSource: keepingSource)
        load.loadMore(maxBytes: firstSlice)
        return load
    }

    static func loadInSlices(_ reader: LargeFileReader, style: Recipe.FileStyle, path: String,
                             firstSlice: Int) throws(RecipeLoadFailure) -> ProgressiveRecipeLoad? {
        beginLoading(file: reader, style: style, firstSlice: firstSlice, keepingSource: true)
    }

    /// Plain text has no title.
    static func title(ofHead head: String, path: String) -> String? { nil }

    static func contents(of recipe: Recipe, reusingSource: Bool) -> (contents: FileContents, dropped: [String]) {
        (fileContents(recipe, reusingSource: reusingSource), dropped(recipe))
    }

    /// The file's bytes: lines not edited copied from the file.
    static func fileContents(_ recipe: Recipe, reusingSource: Bool = true) -> FileContents {
        RecipeFileAssembly.contents(of: recipe, head: [], syntax: PlainTextSyntax(), reusingSource: reusingSource)
    }

    /// The text; what plain text cannot hold (formatting, ingredients) is
    /// reported in `dropped`.
    public static func serialize(_ recipe: Recipe) -> (text: String, dropped: [String]) {
        let text = String(decoding: fileContents(recipe, reusingSource: false).joined() ?? [], as: UTF8.self)
        return (text, dropped(recipe))
    }

    static func dropped(_ recipe: Recipe) -> [String] {
        var dropped: [String] = []
        if recipe.document.text.runs.contains(where: { $0.attributes != AttributeContainer() }) {
            dropped.append("formatting and ingredient marks")
        }
        if !recipe.ingredients.isEmpty || recipe.metadata.title != nil { dropped.append("the title and ingredient list") }
        return dropped
    }
}
