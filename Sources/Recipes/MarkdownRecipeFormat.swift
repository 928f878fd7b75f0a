import Foundation
import RichText

/// Recipes as Markdown files: optional YAML front matter, then one editor
/// paragraph per line (see README "File format").
public enum MarkdownRecipeFormat {
    /// Reads a recipe; every problem is reported with its line and column.
    /// Ingredient marks whose ID is not in the list add it (named after the
    /// marked text), so a hand-edited file loses nothing.
    public static func parse(_ contents: String, path: String = "recipe.md") throws(RecipeLoadFailure) -> Recipe {
        try parse(contents, path: path, readFrom: nil)
    }

    /// With `file`, `contents` are exactly that file's bytes (valid UTF-8)
    /// and its lines become the document's source map.
    static func parse(_ contents: String, path: String, readFrom file: FileFingerprint?,
                      pieceBytes: Int = 64 << 10) throws(RecipeLoadFailure) -> Recipe {
        var (recipe, body, bodyLine) = try prepare(contents, path: path)
        let (document, errors, markedIDs, sourcePieces) = MarkdownBody.parse(body, path: path, firstLine: bodyLine, definition: .recipeFile,
                                                                             pieceBytes: pieceBytes)
        if !errors.isEmpty { throw RecipeLoadFailure(errors: errors) }
        recipe.document = document
        // Offsets in a CRLF file are not those of its "\n" text.
        if let file, recipe.style.lineEnding == "\n" {
            let bodyStart = contents.utf8.distance(from: contents.startIndex, to: body.startIndex)
            recipe.document.sourceMap = TextSourceMap(file: path, stamp: file.stamp, pieces: sourcePieces.map {
                TextSourceMap.Piece(text: $0.text, source: bodyStart + $0.source.lowerBound ..< bodyStart + $0.source.upperBound,
                                    checksum: $0.checksum)
            })
        }
        // Walking the marks costs a `Runs` view; most files list every mark.
        if !markedIDs.isSubset(of: recipe.ingredients.map(\.id)) { recipe.addIngredientsForUnknownMarks() }
        // Ingredients added for marks count as loaded: saving without edits
        // writes the file back as it was.
        recipe.originalFrontMatter = (recipe.originalFrontMatter?.text ?? "", recipe.metadata, recipe.ingredients)
        return recipe
    }

    /// What both ways of loading share: line endings, the front matter, and
    /// where the body starts (without its final newline).
    private static func prepare(_ contents: String, path: String) throws(RecipeLoadFailure)
        -> (recipe: Recipe, body: Substring, bodyLine: Int) {
        let style = Recipe.FileStyle(of: contents)
        var recipe = Recipe(style: style)
        let normalizedText = Substring(normalized(contents, style: style))
        // Read whole, the front matter either ends or is an error: never nil.
        let body = try readFrontMatter(normalizedText, into: &recipe, path: path) ?? (normalizedText, 1)
        return (recipe, body.text.droppingFinalNewline(), body.line)
    }

    /// "\r\n" as "\n" in a CRLF file: as a Character "\r\n" is one grapheme,
    /// which the line-based readers would not see as a line end.
    private static func normalized(_ contents: String, style: Recipe.FileStyle) -> String {
        style.lineEnding == "\r\n" ? contents.replacingOccurrences(of: "\r\n", with: "\n") : contents
    }

    /// Reads the front matter at the start of `text` (newlines already "\n")
    /// into `recipe`, and returns the body after it and its first line. With
    /// `isWholeFile` false, `text` is only the file's head: front matter that
    /// does not end in it gives nil (read the whole file) instead of an error.
    private static func readFrontMatter(_ text: Substring, into recipe: inout Recipe, path: String,
                                        isWholeFile: Bool = true) throws(RecipeLoadFailure) -> (text: Substring, line: Int)? {
        guard let split = FrontMatter.split(text) else { return (text, 1) }
        guard let block = split.block else {
            if !isWholeFile { return nil }
            throw RecipeLoadFailure(errors: [RecipeFileError(path: path, line: 1, column: 1, message: "front matter starts with \"---\" but has no closing \"---\" line")])
        }
        let parsed = try FrontMatter.parse(split.yaml, path: path, firstLine: 2)
        recipe.metadata = parsed.metadata
        recipe.ingredients = parsed.ingredients
        let original = recipe.style.lineEnding == "\r\n" ? block.replacingOccurrences(of: "\n", with: "\r\n") : String(block)
        recipe.originalFrontMatter = (original, parsed.metadata, parsed.ingredients)
        return (split.body, split.bodyLine)
    }

    /// Starts reading a recipe so the first screen can show before the rest is
    /// built: the front matter and the first `firstSlice` bytes of lines now,
    /// the rest with `loadMore`.
    public static func beginLoading(_ contents: String, path: String = "recipe.md",
                                    firstSlice: Int = 64 << 10) throws(RecipeLoadFailure) -> ProgressiveRecipeLoad {
        let (recipe, body, bodyLine) = try prepare(contents, path: path)
        var load = ProgressiveRecipeLoad(recipe: recipe, body: body, nextLine: bodyLine, path: path)
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
        guard let body = try readFrontMatter(Substring(normalized(String(decoding: headBytes, as: UTF8.self), style: style)),
                                             into: &recipe, path: path, isWholeFile: headBytes.count == reader.size) else { return nil }
        // Where the body starts, counted in the file's bytes (U+FFFD in the
        // decoded head may not be one byte): after its first line's newline.
        let bodyStart = body.line == 1 ? 0
            : LargeFileReader.newlineOffsets(in: headBytes).dropFirst(body.line - 2).first.map { $0 + 1 } ?? headBytes.count
        var load = ProgressiveRecipeLoad(recipe: recipe, file: reader, bodyStart: bodyStart, nextLine: body.line,
                                         path: path, syntax: .markdown, keepingSource: keepingSource,
                                         sourcePieceBytes: sourcePieceBytes)
        load.loadMore(maxBytes: firstSlice)
        return load
    }

    /// The file's text. Front matter that was not changed is written back as it was read.
    public static func serialize(_ recipe: Recipe) -> String {
        var bytes: [UInt8] = []
        for chunk in fileContents(recipe, reusingSource: false).chunks {
            guard case .bytes(let written) = chunk else { preconditionFailure("a file written without copies has only bytes") }
            bytes += written
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The file's bytes. With `reusingSource`, lines the document's source
    /// map has in a file that still looks as it did are copied from there
    /// instead of written again (see `TextSourceMap`).
    public static func fileContents(_ recipe: Recipe, reusingSource: Bool = true) -> FileContents {
        var head: [UInt8] = []
        if let original = recipe.originalFrontMatter, original.metadata == recipe.metadata, original.ingredients == recipe.ingredients {
            head = Array(original.text.utf8)
        } else if recipe.metadata.title != nil || !recipe.ingredients.isEmpty || !recipe.metadata.otherEntries.isEmpty {
            head = Array(FrontMatter.serialize(recipe.metadata, ingredients: recipe.ingredients, lineEnding: recipe.style.lineEnding).utf8)
        }
        var source: (path: String, fingerprint: FileFingerprint)?
        if reusingSource, let map = recipe.document.sourceMap, let fingerprint = FileFingerprint.of(path: map.file),
           fingerprint.stamp == map.stamp {
            source = (map.file, fingerprint)
        }
        let lineEnding = Array(recipe.style.lineEnding.utf8)
        let pieces = MarkdownBody.pieces(of: recipe.document.text, reusing: source == nil ? nil : recipe.document.sourceMap,
                                         lineEnding: recipe.style.lineEnding)
        // Each piece its own chunk (the writer gathers small ones).
        var chunks: [FileContents.Chunk] = [.bytes(head)]
        var offset = head.count
        var bodyPieces: [TextSourceMap.Piece] = []
        bodyPieces.reserveCapacity(pieces.count)
        for (index, piece) in pieces.enumerated() {
            let separator = index > 0 ? lineEnding.count : 0
            if separator > 0 { chunks.append(.bytes(lineEnding)) }
            let start = offset + separator
            switch piece.content {
            case .written(let bytes, let checksum):
                chunks.append(.bytes(bytes))
                bodyPieces.append(TextSourceMap.Piece(text: piece.text, source: start ..< start + bytes.count, checksum: checksum))
                offset = start + bytes.count
            case .source(let range, let checksum):
                chunks.append(.copy(range, checksum: checksum))
                bodyPieces.append(TextSourceMap.Piece(text: piece.text, source: start ..< start + range.count, checksum: checksum))
                offset = start + range.count
            }
        }
        if recipe.style.endsWithNewline { chunks.append(.bytes(lineEnding)) }
        return FileContents(chunks: chunks, copySource: source, bodyPieces: bodyPieces)
    }

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

    /// The same for a piece of text about to be added (a slice being loaded).
    mutating func addIngredientsForUnknownMarks(in text: AttributedString) {
        let known = Set(ingredients.map(\.id))
        for (id, range) in text.runs[\.ingredient] {
            guard let id, !known.contains(id), !ingredients.contains(where: { $0.id == id }) else { continue }
            ingredients.append(Ingredient(id: id, name: String(text.characters[range])))
        }
    }
}
