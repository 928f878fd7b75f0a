public import Recipes

/// What the formats keep of the file a recipe was read from, to write it
/// back byte for byte: the recipe holds it as its `origin`, which nothing
/// outside the formats reads.
struct FileOrigin: RecipeOrigin {
    var style = Recipe.FileStyle()
    var firstBodyLine = 1
    var originalFrontMatter: (text: String, metadata: RecipeMetadata, ingredients: [Ingredient])?
    var headIsVerbatim = false
    var headFormat = RecipeFormat.markdown
}

extension Recipe {
    /// How the file was written, so saving gives the same bytes back.
    public struct FileStyle: Equatable, Sendable {
        public var lineEnding: String
        public var endsWithNewline: Bool
        /// The file has nothing after its front matter: while the text stays
        /// empty, nothing (not even a line ending) is written there.
        var bodyIsEmpty = false
        /// The file starts with a UTF-8 byte-order mark, written back first.
        public var hasByteOrderMark = false

        public init(lineEnding: String = "\n", endsWithNewline: Bool = true) {
            self.lineEnding = lineEnding
            self.endsWithNewline = endsWithNewline
        }
    }

    /// An empty recipe about to be read from a file written so.
    init(style: FileStyle) {
        self.init()
        origin = FileOrigin(style: style)
    }

    /// A new recipe, no file yet, as an empty file of `format` reads: a
    /// `>>` line typed in a new Cooklang recipe is its head's, written once
    /// where it stands (as a Markdown head it was written again on top),
    /// and its ingredients are kept on their marks as in any `.cook` file.
    public init(newFileOf format: RecipeFormat) {
        self.init()
        headFormat = format
        keepsIngredientsOnMarks = format == .cooklang
    }

    /// The recipe's origin as the formats keep it; a recipe made here has
    /// the defaults of a new file.
    private var fileOrigin: FileOrigin {
        get { origin as? FileOrigin ?? FileOrigin() }
        set { origin = newValue }
    }

    /// How the file was written, so saving gives the same bytes back.
    public var style: FileStyle {
        get { fileOrigin.style }
        set { fileOrigin.style = newValue }
    }

    /// The file line (from 1) of the text's first paragraph: the lines
    /// before are the front matter. Each paragraph is a line of the file, so
    /// paragraph `n` (from 0) is line `firstBodyLine + n`.
    public var firstBodyLine: Int {
        get { fileOrigin.firstBodyLine }
        set { fileOrigin.firstBodyLine = newValue }
    }

    /// The front matter exactly as read, reused on save while the metadata
    /// and ingredients are as they were.
    var originalFrontMatter: (text: String, metadata: RecipeMetadata, ingredients: [Ingredient])? {
        get { fileOrigin.originalFrontMatter }
        set { fileOrigin.originalFrontMatter = newValue }
    }

    /// The front matter did not parse: it is written back as read, whatever
    /// the list and metadata become (marks keep the ingredients), so the
    /// servings and the list's quantities cannot be saved in it.
    public internal(set) var headIsVerbatim: Bool {
        get { fileOrigin.headIsVerbatim }
        set { fileOrigin.headIsVerbatim = newValue }
    }

    /// The format the head was read in: its text is written back as it was
    /// only in that format (YAML front matter fits both).
    package internal(set) var headFormat: RecipeFormat {
        get { fileOrigin.headFormat }
        set { fileOrigin.headFormat = newValue }
    }
}
