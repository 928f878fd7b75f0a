import Foundation
import RichText
public import RecipeStorage
public import Recipes

/// One kind of recipe file: its name in messages, its extensions, how its
/// files are read (whole, or a slice at a time) and written. Each format is
/// one type conforming to this, listed once in `RecipeFormat.registered`;
/// opening, saving, listing and exporting ask that table, never switch on
/// the format.
protocol RecipeFileFormat: Sendable {
    /// How a line of its body is read and written.
    associatedtype Syntax: LineSyntax
    /// The name the rest of Roux knows it by (a session's, a save's).
    static var format: RecipeFormat { get }
    /// The format's name in a message.
    static var displayName: String { get }
    /// Its files' extensions, lowercase and without the dot, the one a new
    /// file is given first.
    static var extensions: [String] { get }
    /// Whether its files hold markup (formatting, blocks, ingredients); plain
    /// text holds none: a file's bytes are its text.
    static var holdsMarkup: Bool { get }
    /// The syntax a slice of a large file is read with.
    static var lineSyntax: Syntax { get }
    /// Reads a whole file. Nothing stops a file from opening: what cannot be
    /// read as meant is kept as text, with located warnings. With `file`,
    /// `contents` are exactly that file's bytes (valid UTF-8): its lines
    /// become the document's source map.
    static func read(_ contents: String, path: String, readFrom file: FileFingerprint?) -> (recipe: Recipe, warnings: [RecipeFileError])
    /// The file's bytes (with `reusingSource`, the lines the source map still
    /// has in the file are copied) and what the format could not hold.
    static func contents(of recipe: Recipe, reusingSource: Bool) -> (contents: FileContents, dropped: [String])
    /// The bytes a save writes before the text's first line (front matter,
    /// `>>` lines), as `contents` writes them.
    static func head(of recipe: Recipe) -> [UInt8]
    /// A recipe's title for a list, from the head of its file only; nil
    /// when the format has none to give.
    static func title(ofHead head: String, path: String) -> String?
    /// Whether a file too large to read at once is read where it lies, a
    /// slice at a time (`loadInSlices`); else it is read whole.
    static var loadsInSlices: Bool { get }
    /// A large file read where it lies, its first slice read; nil when it
    /// must be read whole after all.
    static func loadInSlices(_ reader: LargeFileReader, style: Recipe.FileStyle, path: String,
                             firstSlice: Int) throws(RecipeLoadFailure) -> ProgressiveRecipeLoad?
    /// A large text already in memory read a slice at a time, so an editor
    /// can show its first screen at once; nil to read it whole.
    static func loadInSlices(_ contents: String, path: String, firstSlice: Int) -> ProgressiveRecipeLoad?
    /// The paragraph's block keys once `markup` typed at its start is taken
    /// as the format's markup (see `RecipeFormat.block(typing:on:between:)`);
    /// nil when the format has no such markup.
    static func block(typing markup: String, on paragraph: AttributeContainer) -> AttributeContainer?
    /// Whether paragraphs between `neighbours` can be quoted and read back so.
    static func canQuote(between neighbours: ParagraphNeighbours) -> Bool
    /// Reads the next slice of a load with `lineSyntax` (a requirement, so
    /// each format's reading is compiled for its own syntax).
    static func read(slice bytes: [UInt8], of load: inout ProgressiveRecipeLoad) -> ProgressiveRecipeLoad.ReadSlice
}

extension RecipeFileFormat {
    static var holdsMarkup: Bool { true }

    static var loadsInSlices: Bool { false }

    static func loadInSlices(_ reader: LargeFileReader, style: Recipe.FileStyle, path: String,
                             firstSlice: Int) throws(RecipeLoadFailure) -> ProgressiveRecipeLoad? { nil }

    static func loadInSlices(_ contents: String, path: String, firstSlice: Int) -> ProgressiveRecipeLoad? { nil }

    static func block(typing markup: String, on paragraph: AttributeContainer) -> AttributeContainer? { nil }

    static func canQuote(between neighbours: ParagraphNeighbours) -> Bool { false }

    static func head(of recipe: Recipe) -> [UInt8] { [] }

    static func read(slice bytes: [UInt8], of load: inout ProgressiveRecipeLoad) -> ProgressiveRecipeLoad.ReadSlice {
        load.read(bytes, with: lineSyntax)
    }
}

extension RecipeFormat {
    /// Every format, the one table: a file is read in the first whose
    /// extensions name it, and a file no format names in the first.
    static let registered: [any RecipeFileFormat.Type] = [MarkdownRecipeFormat.self, CooklangFormat.self, PlainTextRecipeFormat.self]

    /// The format's reader and writer.
    var file: any RecipeFileFormat.Type {
        Self.registered.first { $0.format == self } ?? Self.registered[0]
    }

    /// By extension, in any case (`.cook` and `.menu` are Cooklang, `.txt`
    /// plain text); a name no format's extensions end is the table's first
    /// format's (Markdown).
    public init(path: String) {
        let lowercased = path.lowercased()
        let named = Self.registered.first { format in format.extensions.contains { lowercased.hasSuffix("." + $0) } }
        self = (named ?? Self.registered[0]).format
    }

    /// The format's name in a message.
    public var displayName: String { file.displayName }

    /// The extension a new file of the format is given (`md`, `cook`, `txt`).
    public var newFileExtension: String { file.extensions.first ?? rawValue }

    /// The extensions of recipe files, the one list: a folder's recipes are
    /// listed and read by them, and a name typed without one finds its file
    /// through them, in this order: a recipe file before a text file (the
    /// formats that hold markup first), and among those each format's first
    /// extension (in the table's order), then each one's second, and so on.
    public static let extensions: [String] = {
        func inTurn(_ lists: [[String]]) -> [String] {
            let longest = lists.map(\.count).max() ?? 0
            return (0 ..< longest).flatMap { rank in lists.compactMap { rank < $0.count ? $0[rank] : nil } }
        }
        return inTurn(registered.filter { $0.holdsMarkup }.map { $0.extensions })
            + inTurn(registered.filter { !$0.holdsMarkup }.map { $0.extensions })
    }()

    /// Whether a file name has a recipe extension (`extensions`), in any case.
    public static func isRecipeFileName(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return extensions.contains { lowercased.hasSuffix("." + $0) }
    }

    /// Reads a recipe in this format (see `RecipeFileFormat.read`); `path`
    /// names it in warnings.
    public func read(_ contents: String, path: String? = nil) -> (recipe: Recipe, warnings: [RecipeFileError]) {
        file.read(contents, path: path ?? "recipe" + (file.extensions.first.map { "." + $0 } ?? ""), readFrom: nil)
    }

    /// The recipe, warnings left aside.
    public func parse(_ contents: String, path: String? = nil) -> Recipe {
        read(contents, path: path).recipe
    }
}
