public import Foundation
import RichText
public import RecipeStorage
public import Recipes

/// Recipes as Markdown files: optional YAML front matter, then one editor
/// paragraph per line (see README "File format", and `MarkdownSyntax`).
public enum MarkdownRecipeFormat: RecipeFileFormat {
    static let format = RecipeFormat.markdown
    static let displayName = "Markdown"
    static let extensions = ["md", "markdown"]
    static var lineSyntax: MarkdownSyntax { MarkdownSyntax() }
    static let loadsInSlices = true

    /// Reads a recipe. Nothing stops a file from opening: what cannot be
    /// read as meant is kept as text, and `warnings` say where
    /// (`file:line:column`). Ingredient marks whose ID is not in the list
    /// add it (named after the marked text), so a hand-edited file loses nothing.
    public static func read(_ contents: String, path: String = "recipe.md") -> (recipe: Recipe, warnings: [RecipeFileError]) {
        read(contents, path: path, readFrom: nil)
    }

    /// The recipe, warnings left aside.
    public static func parse(_ contents: String, path: String = "recipe.md") -> Recipe {
        read(contents, path: path).recipe
    }

    /// With `file`, `contents` are exactly that file's bytes (valid UTF-8):
    /// its lines become the document's source map.
    static func read(_ contents: String, path: String, readFrom file: FileFingerprint?) -> (recipe: Recipe, warnings: [RecipeFileError]) {
        read(contents, path: path, readFrom: file, pieceBytes: 64 << 10)
    }

    static func read(_ contents: String, path: String, readFrom file: FileFingerprint?,
                     pieceBytes: Int) -> (recipe: Recipe, warnings: [RecipeFileError]) {
        var (recipe, body, warnings) = prepare(contents, path: path)
        let crlf = recipe.style.lineEnding == "\r\n"
        let read = BodyReader.readWhole(body.text.droppingFinalLineEnding(crlf: crlf), syntax: MarkdownSyntax(), path: path,
                                        crlf: crlf, firstLine: body.line, sourceStart: body.offset, definition: .recipeFile,
                                        pieceBytes: pieceBytes)
        recipe.document = read.document
        warnings += read.warnings
        if let file {
            recipe.document.sourceMap = TextSourceMap(readFrom: path, stamp: file.stamp, crlf: crlf, blocks: read.blocks)
        }
        // Walking the marks costs a `Runs` view; most files list every mark.
        if !read.ingredientIDs.isSubset(of: recipe.ingredients.map(\.id)) { recipe.addIngredientsForUnknownMarks() }
        // Ingredients added for marks count as loaded: saving without edits
        // writes the file back as it was.
        recipe.markHeadAsRead()
        return (recipe, warnings)
    }

    /// What every way of loading shares: line endings, the front matter, and
    /// where the body starts (its text, first line and byte offset).
    private static func prepare(_ contents: String, path: String)
        -> (recipe: Recipe, body: (text: Substring, line: Int, offset: Int), warnings: [RecipeFileError]) {
        var recipe = Recipe(style: Recipe.FileStyle(of: contents))
        var warnings: [RecipeFileError] = []
        let (whole, hadMark) = ByteOrderMark.strip(contents)
        recipe.style.hasByteOrderMark = hadMark
        let body = readFrontMatter(whole, into: &recipe, path: path, isWholeFile: true, warnings: &warnings) ?? (whole, 1)
        let offset = contents.utf8.distance(from: contents.startIndex, to: body.text.startIndex)
        recipe.style.bodyIsEmpty = body.text.isEmpty
        recipe.firstBodyLine = body.line
        return (recipe, (body.text, body.line, offset), warnings)
    }

    /// Reads the front matter at the start of `text` into `recipe`, and
    /// returns the body after it and its first line. Front matter that does
    /// not parse is kept as it is, with a warning. With `isWholeFile` false,
    /// `text` is only the file's head: front matter that does not end in it
    /// gives nil (read the whole file).
    private static func readFrontMatter(_ text: Substring, into recipe: inout Recipe, path: String, isWholeFile: Bool,
                                        warnings: inout [RecipeFileError]) -> (text: Substring, line: Int)? {
        guard let split = FrontMatter.split(text) else { return (text, 1) }
        guard let block = split.block else {
            if !isWholeFile { return nil }
            // No closing line: not front matter but a body that starts with "---".
            return (text, 1)
        }
        do throws(RecipeLoadFailure) {
            let parsed = try FrontMatter.parse(split.yaml, path: path, firstLine: 2)
            recipe.metadata = parsed.metadata
            recipe.ingredients = parsed.ingredients
        } catch {
            warnings += error.errors.map {
                RecipeFileError(path: $0.path, line: $0.line, column: $0.column, message: $0.message + "; the front matter is kept as it is")
            }
            recipe.headIsVerbatim = true
        }
        recipe.originalFrontMatter = (String(block), recipe.metadata, recipe.ingredients)
        return (split.body, split.bodyLine)
    }

    /// Starts reading a recipe so the first screen can show before the rest is
    /// built: the front matter and the first `firstSlice` bytes of lines now,
    /// the rest with `loadMore`.
    public static func beginLoading(_ contents: String, path: String = "recipe.md", firstSlice: Int = 64 << 10) -> ProgressiveRecipeLoad {
        let (recipe, body, warnings) = prepare(contents, path: path)
        let crlf = recipe.style.lineEnding == "\r\n"
        var load = ProgressiveRecipeLoad(recipe: recipe, body: body.text.droppingFinalLineEnding(crlf: crlf), nextLine: body.line,
                                         path: path, format: Self.self, crlf: crlf)
        load.warnings = warnings
        load.loadMore(maxBytes: firstSlice)
        return load
    }

    /// Starts reading a large file where it lies (`LargeFileReader`): the
    /// front matter from its first megabyte, then the body a slice at a time.
    /// Nil when the front matter does not end within that megabyte: such a
    /// file is read whole instead.
    static func beginLoading(file reader: LargeFileReader, style: Recipe.FileStyle, path: String,
                             firstSlice: Int, keepingSource: Bool = false,
                             sourcePieceBytes: Int = 64 << 10) throws(RecipeLoadFailure) -> ProgressiveRecipeLoad? {
        let headBytes: [UInt8]
        do {
            headBytes = try reader.read(0 ..< min(reader.size, 1 << 20))
        } catch {
            throw RecipeLoadFailure(errors: [error])
        }
        var recipe = Recipe(style: style)
        var warnings: [RecipeFileError] = []
        let mark = ByteOrderMark.length(atStartOf: headBytes)
        recipe.style.hasByteOrderMark = mark > 0
        let head = String(decoding: headBytes[mark...], as: UTF8.self)
        guard let body = readFrontMatter(Substring(head), into: &recipe, path: path, isWholeFile: headBytes.count == reader.size,
                                         warnings: &warnings) else { return nil }
        // Where the body starts, counted in the file's bytes (U+FFFD in the
        // decoded head may not be one byte): after its first line's newline.
        let bodyStart = body.line == 1 ? mark
            : LargeFileReader.newlineOffsets(in: headBytes).dropFirst(body.line - 2).first.map { $0 + 1 } ?? headBytes.count
        recipe.style.bodyIsEmpty = bodyStart == reader.size
        recipe.firstBodyLine = body.line
        var load = ProgressiveRecipeLoad(recipe: recipe, file: reader, bodyStart: bodyStart, nextLine: body.line,
                                         path: path, format: Self.self, keepingSource: keepingSource,
                                         sourcePieceBytes: sourcePieceBytes)
        load.warnings = warnings
        load.loadMore(maxBytes: firstSlice)
        return load
    }

    static func loadInSlices(_ reader: LargeFileReader, style: Recipe.FileStyle, path: String,
                             firstSlice: Int) throws(RecipeLoadFailure) -> ProgressiveRecipeLoad? {
        try beginLoading(file: reader, style: style, path: path, firstSlice: firstSlice, keepingSource: true)
    }

    static func loadInSlices(_ contents: String, path: String, firstSlice: Int) -> ProgressiveRecipeLoad? {
        beginLoading(contents, path: path, firstSlice: firstSlice)
    }

    /// The front matter's title or the first heading, read from the head of
    /// the file the way a large file's first screen is.
    static func title(ofHead head: String, path: String) -> String? {
        beginLoading(head, path: path, firstSlice: 16 << 10).recipe.title
    }

    /// The file's text, every line written from the document.
    public static func serialize(_ recipe: Recipe) -> String {
        String(decoding: fileContents(recipe, reusingSource: false).joined() ?? [], as: UTF8.self)
    }

    /// The file's bytes. With `reusingSource`, lines the document's source
    /// map has in a file that still looks as it did are copied from there
    /// instead of written again (see `TextSourceMap`).
    static func contents(of recipe: Recipe, reusingSource: Bool) -> (contents: FileContents, dropped: [String]) {
        (fileContents(recipe, reusingSource: reusingSource), [])
    }

    public static func fileContents(_ recipe: Recipe, reusingSource: Bool = true) -> FileContents {
        let recipe = recipe.withoutBodyMetadataLines
        return RecipeFileAssembly.contents(of: recipe, head: head(of: recipe), syntax: MarkdownSyntax(), reusingSource: reusingSource)
    }

    static func head(of recipe: Recipe) -> [UInt8] { recipe.frontMatterBytes }

    /// CRLF when every line break is one; a file that mixes keeps its "\r"s
    /// as text. Line breaks are found with `memchr`, at memory speed.
    static func usesCRLF(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            var position = 0
            var sawBreak = false
            while position < bytes.count, let found = memchr(base + position, 0x0A, bytes.count - position) {
                let newline = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                if newline == 0 || bytes[newline - 1] != 0x0D { return false }
                sawBreak = true
                position = newline + 1
            }
            return sawBreak
        }
    }
}

extension Recipe {
    /// Marks in the text whose ingredient is not in the list: add them.
    mutating func addIngredientsForUnknownMarks() {
        addIngredientsForUnknownMarks(in: document.text)
    }

    /// The same for a piece of text about to be added (a slice being
    /// loaded, text pasted from another recipe).
    public mutating func addIngredientsForUnknownMarks(in text: AttributedString) {
        let known = Set(ingredients.map(\.id))
        for (id, range) in text.runs[\.ingredient] {
            guard let id, !known.contains(id), !ingredients.contains(where: { $0.id == id }) else { continue }
            ingredients.append(Ingredient(id: id, name: String(text.characters[range])))
        }
    }

    /// What was read counts as the file's: an unedited save writes the
    /// front matter back as it was.
    mutating func markHeadAsRead() {
        originalFrontMatter = (originalFrontMatter?.text ?? "", metadata, ingredients)
    }

    /// The front matter as the file will have it: as read while nothing in
    /// it changed (or when it could not be read), else written anew.
    var frontMatterBytes: [UInt8] {
        // A Cooklang head with `>>` lines after its front matter: one front matter with every key.
        if headFormat == .cooklang, let original = originalFrontMatter, !headIsVerbatim,
           let front = CooklangFormat.frontMatterForMarkdown(original.text, metadata: metadata, lineEnding: style.lineEnding) {
            return Array(front.utf8)
        }
        var originalFrontMatter = originalFrontMatter
        // A Cooklang front matter lists no ingredients: in Markdown the list
        // is written, as for a Cooklang recipe without one, so the names the
        // marks' text does not say (an alias: `@white wine|wine`) read back.
        if headFormat == .cooklang { originalFrontMatter?.ingredients = [] }
        if let original = originalFrontMatter, headFormat == .markdown || original.text.hasPrefix("---"),
           headIsVerbatim || (original.metadata == metadata && original.ingredients == ingredients) {
            return Array(original.text.utf8)
        }
        // Only the entries that changed are written anew.
        if let original = originalFrontMatter, original.text.hasPrefix("---"), !headIsVerbatim,
           let patched = HeadPatch.frontMatter(original.text, from: (original.metadata, original.ingredients),
                                               to: (metadata, ingredients), lineEnding: style.lineEnding) {
            return Array(patched.utf8)
        }
        guard metadata.title != nil || !ingredients.isEmpty || !metadata.otherEntries.isEmpty else { return [] }
        return Array(FrontMatter.serialize(metadata, ingredients: ingredients, lineEnding: style.lineEnding).utf8)
    }
}

extension Recipe.FileStyle {
    /// The style `contents` is written in. The final newline is looked for
    /// in UTF-8: as a Character, "\r\n" is one grapheme that
    /// `hasSuffix("\n")` does not match.
    init(of contents: String) {
        self.init(lineEnding: MarkdownRecipeFormat.usesCRLF(contents) ? "\r\n" : "\n",
                  endsWithNewline: contents.utf8.last == 0x0A)
    }
}

extension LargeFileReader.Scan {
    /// The style the scanned file is written in.
    var style: Recipe.FileStyle { Recipe.FileStyle(lineEnding: lineEnding, endsWithNewline: endsWithNewline) }
}
